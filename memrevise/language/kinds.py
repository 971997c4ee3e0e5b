"""What kind of thing a name is, whether it is a person, and an answer's facts."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from memrevise.language import cues
from memrevise.language.entities import STOPWORDS
from memrevise.text import ANSWER_CUT, cut, qualifier, strip_qualifier

# A sentence ends at a stop before a capital, not at an initial ("F. Scott Fitzgerald") nor
# after a title or other short form ("The Anatomy Lesson of Dr. Nicolaes Tulp", "St. Louis",
# "c. 1599", "Op. 314").
_SHORT_FORMS = (
    "Dr Mr Mrs Ms Mt St Jr Sr Prof Gen Col Capt Lt Sgt Rev Fr vs c ca Op op approx".split()
)
_SENTENCE = re.compile(
    r"(?<=[.!?])(?<!\b[A-Z]\.)"
    + "".join(rf"(?<!\b{short}\.)" for short in _SHORT_FORMS)
    + r"\s+(?=[A-Z0-9\"'(])"
)
_UNANSWERABLE = {"unanswerable", "cannotanswer", "cannot answer", "i don't know"}
_KIND_AFTER = (
    r"(?:'s)?\s*(?:\([^)]*\))?,?\s+(?:is|was|are|were)\s+(?:a|an|the|one\s+of\s+the)\s+"
    r"(?:[\w-]+\s+){0,4}?(?P<kind>[a-z][a-z-]+)"
    r"(?=\s+(?:who|that|which|from|of|in|for|by|and|based|born|directed|written|released|"
    r"founded|located|known|created|produced|on|with|[a-z]+ed)\b|\s*[,.;]|\s*$)"
)
_KIND_TAIL = re.compile(_KIND_AFTER, re.IGNORECASE)


# Words that end "X was one of the most ..." and similar: never a kind.
_NOT_KINDS = frozenset(
    "most more first second third last largest best only main other same many few number part "
    "member one type kind form sort variety set lot".split()
)


def facts_of(answer: str | None, limit: int = ANSWER_CUT) -> tuple[str, ...]:
    """The answer's sentences, cut at ``limit`` characters; nothing for an unanswerable turn."""
    if not answer or answer.strip().casefold().rstrip(".") in _UNANSWERABLE:
        return ()
    return tuple(s.strip() for s in _SENTENCE.split(cut(answer, limit)) if s.strip())


def infer_kind(name: str, texts: Iterable[str]) -> str:
    """What kind of thing ``name`` is: its qualifier's last word ("2009 film" -> "film"), or
    the head noun in "<name> was an American astronaut ..." -> "astronaut"."""
    if qualifier(name):
        return qualifier(name).split()[-1].casefold()
    start, aliases = _name_patterns(strip_qualifier(name))
    for text in texts:
        kind = _kind_after(text, start, aliases)
        if kind and kind.casefold() not in STOPWORDS | _NOT_KINDS:
            return kind.casefold()
    return ""


def _kind_after(text: str, start: re.Pattern[str], aliases: tuple[re.Pattern[str], ...]) -> str:
    """The kind in the first "<alias> was a/an/the ... <kind>" of ``text`` (each alias tried
    in turn at each place one is said), as the single pattern ``\\b(?:aliases)<the rest>``
    finds it, with the rest (:data:`_KIND_TAIL`) compiled once rather than for every name."""
    position = 0
    while (said := start.search(text, position)) is not None:
        for alias in aliases:
            name = alias.match(text, said.start())
            rest = _KIND_TAIL.match(text, name.end()) if name else None
            if rest:
                return rest["kind"]
        position = said.start() + 1
    return ""


# First words of place names, never of a person's ("New Jersey", "Los Angeles", "Mount Fuji").
_PLACE_OPENERS = frozenset("new las san santa são upper lower mount port fort cape united".split())
_NOT_PERSON_HEADS = frozenset(
    "war battle river lake mountain park university college school company corporation inc "
    "band records airport station street bridge church island islands ocean sea bay city county "
    "state states republic kingdom empire award awards prize cup league championship festival "
    "museum hotel center centre hospital club team party army navy force act treaty revolution "
    "series season show film album song game games program programme project mission "
    "province district valley desert forest castle palace tower building".split()
)
# Lower-case words inside a person's name, before the last name ("Guido van Rossum").
PARTICLES = frozenset("van von der den de da di du del della la le ter ten bin ibn".split())
_PERSON_FACT = re.compile(r"\b(?:he|she|his|her|him|born)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _name_patterns(base: str) -> tuple[re.Pattern[str], tuple[re.Pattern[str], ...]]:
    """Where a name or its last word is said, and each of them on its own."""
    aliases = [re.escape(base)] + ([re.escape(base.split()[-1])] if len(base.split()) > 1 else [])
    start = re.compile(rf"\b(?:{'|'.join(aliases)})", re.IGNORECASE)
    return start, tuple(re.compile(alias, re.IGNORECASE) for alias in aliases)


def looks_like_person(name: str, kind: str = "", facts: Iterable[str] = ()) -> bool:
    """A person: a person's kind, facts that say "he", "she" or "born", or (without a kind)
    a name of two or three capitalised words that do not end like a place or a thing."""
    if kind in cues.THING_KINDS:  # "Oasis (band)", whatever "his" its page says
        return False
    if kind in cues.PERSON_KINDS or any(_PERSON_FACT.search(f) for f in facts):
        return True
    if kind:
        return False
    parts = strip_qualifier(name).split()
    named = [p for i, p in enumerate(parts) if not (0 < i < len(parts) - 1 and p in PARTICLES)]
    return (
        2 <= len(named) <= 3
        and all(p[:1].isupper() and p.isalpha() for p in named)
        and parts[-1].casefold() not in _NOT_PERSON_HEADS
        and parts[0].casefold() not in _PLACE_OPENERS
    )

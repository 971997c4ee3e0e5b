"""Writing the search query: the user's question with only its references resolved.

A pronoun becomes the topic's name ("his" -> "Name's"); a definite description whose noun
fits the topic, or a role, keeps its noun ("the band" -> "the band Queen", "the drummer" ->
"the drummer Roger Taylor", "the director" of a film -> "the director of Amadeus"); a list
position becomes the
listed name; a corrected name or value is swapped for the one meant. Every other word of the
question stays, in order. A question that already names its subject is left as typed, and one
that names something else is not given the topic. The name is the one a person would type:
the title without its bracketed qualifier, unless another page of that name is in play.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from memrevise.language import cues
from memrevise.language.entities import (
    STOPWORDS,
    acronyms_of,
    after_noun_phrase,
    name_key,
    name_keys,
    short_form_of,
    word_spans,
)
from memrevise.language.kinds import looks_like_person
from memrevise.memory import Topic
from memrevise.text import POSSESSIVES, qualifier, strip_qualifier
from memrevise.writer.context import description_score, topic_is_thing

# Heads that say nothing of their own ("the guy who ..."): the name takes their place.
GENERIC_HEADS = frozenset("one guy person man woman lady thing".split())
_SHORT_NAME_WORD = 3  # name words this short ("of", "the", "xi") do not say a name alone
# Words before a noun that make it a description ("the lighthouse", "that desert")
_DETERMINERS = frozenset("the that this these those same its their his her our".split())


def display_name(name: str, in_play: Iterable[str]) -> str:
    """``name`` as a person would type it: without its bracketed qualifier unless another
    name in play shares the rest ("Avatar (2009 film)" beside "Avatar (2004 film)")."""
    base = strip_qualifier(name)
    if not qualifier(name):
        return name
    others = [n for n in in_play if n.casefold() != name.casefold()]
    return name if any(name_key(n) == name_key(base) for n in others) else base


def names_subject(question: str, name: str, thing: bool = False) -> bool:
    """Whether ``question`` already names ``name``: its words in order (or another key of it,
    "rem" for R.E.M., its short forms, "man utd", or its initials and number, "gta 3"), or a
    distinctive word of it ("orwell's" for "George Orwell", "bulls" for "Chicago Bulls"), also
    in the plural where the name is known to be a ``thing``'s ("how many theremins were
    sold"; a person's name with an "s" is theirs: "morrisseys birthday"); a thing's head noun
    after "the" only describes it (see :func:`_says_name`)."""
    key = name_key(name)
    said = [w.removesuffix("'s") for w, _, _ in word_spans(question)]
    if len(key) > 1 and any(short_form_of(said[i:], key) for i in range(len(said))):
        return True  # word for word or in short forms ("man utd")
    for spelt in name_keys(name):  # and as its other keys ("rem" for R.E.M.)
        if any(tuple(said[i : i + len(spelt)]) == spelt for i in range(len(said))):
            return True
    typed = {*said, *(a + b for a, b in itertools.pairwise(said))}  # "gta 3"
    if typed & {a for a in acronyms_of(name) if a[-1].isdigit()}:  # not "in" for Isaac Newton
        return True
    distinctive = [
        w for w in key if len(w) > _SHORT_NAME_WORD and w not in STOPWORDS and not w.isdigit()
    ]
    if any(_says_name(said, i, key, name, thing) for i, w in enumerate(said) if w in distinctive):
        return True
    # In the plural, a thing's word but its kind's ("penguins" are no Emperor penguin)
    plural = [w for w in distinctive if w != key[-1] or len(key) == 1] if thing else []
    return any(w in said for word in plural for w in (f"{word}s", f"{word}es"))


def _says_name(said: list[str], i: int, key: tuple[str, ...], name: str, thing: bool) -> bool:
    """Whether the word at ``i`` of ``said``, a word of the name ``key``, says the name, not
    the kind of thing it is: not the capitalised head noun of a ``thing``'s title after a
    determiner, ending its noun phrase ("the lighthouse" of Cordouan Lighthouse and of
    Lighthouse of Alexandria; a plural head names a team or a band, "the bulls"; "the crocodile
    hunter" is no crocodile; "the lyrebird" names Superb lyrebird)."""
    word = said[i]
    head = key[0] if len(key) > 2 and key[1] == "of" else key[-1]
    if len(key) < 2 or word != head or not thing:  # "the cruyff turn" of a person
        return True
    if not any(w.casefold() == word for w in strip_qualifier(name).split() if w[:1].isupper()):
        return True  # a head in lower case is the thing's common name ("Superb lyrebird")
    plural = word.endswith("s") and not word.endswith("ss")
    described = i > 0 and said[i - 1] in _DETERMINERS
    ends = i + 1 == len(said) or after_noun_phrase(said[i + 1])  # not "the crocodile hunter"
    return not (described and ends and not plural)


def _fits(phrase: str, topic: Topic | None, name: str) -> bool:
    """Whether a description's words fit the topic: its kind, qualifier, name or facts."""
    wanted = set(cues.words_of(phrase)) - STOPWORDS - {"the", "that", "this", "these", "those"}
    wanted |= set().union(*(kind for kind in cues.KIND_WORDS if kind & wanted))
    if not wanted:
        return False
    if topic is not None:
        return description_score(topic, wanted) >= 1.0
    return bool(wanted & set(cues.words_of(qualifier(name))))


def _thing(topic: Topic | None, name: str) -> bool:
    """Whether the topic is known not to be a person: by the kind the memory holds, else as
    its name reads."""
    return topic_is_thing(topic) if topic is not None else not looks_like_person(name)


def _is_role(phrase: str) -> bool:
    """Whether a description names a role ("the drummer")."""
    return bool(set(cues.words_of(phrase)[-1:]) & cues.ROLE_NOUNS)


def as_name(text: str, pronoun: str, name: str) -> str:
    """``text`` with ``pronoun`` (its first use that stands for something: not the "it" of
    "is it true") replaced by ``name``, "his" by "Name's" ("who taught her" by "Name": "her"
    is possessive only before what it owns)."""
    owned = possessive_use(text, pronoun)
    shown = f"{name}'s" if owned else name
    dummies = cues.dummy_its(text) if pronoun.casefold() == "it" else set()
    for found in _phrase_pattern(pronoun).finditer(text):
        if found.start() not in dummies:
            return f"{text[: found.start()]}{shown}{text[found.end() :]}"
    return text


def possessive_use(text: str, pronoun: str) -> bool:
    """Whether the first use of ``pronoun`` in ``text`` owns what follows it: "his", "their";
    "her" before a word that is no small word of a clause ("her husband", not "who taught
    her", "with her and him")."""
    said = pronoun.casefold()
    if said not in POSSESSIVES:
        return False
    if said != "her":
        return True
    found = _phrase_pattern(pronoun).search(text)
    return found is not None and _OWNED_AFTER.match(text, found.end()) is not None


# a word after "her" that it may own: not the end of a clause, nor a small word ("to her and")
_OWNED_AFTER = re.compile(
    r"\s+(?!(?:and|or|but|to|in|at|on|for|with|from|about|after|before|when|if|too|again|then|"
    r"now|so|as|is|was|be|do|did|does|lol|tho|though)\b)[a-z0-9]",
    re.IGNORECASE,
)


def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    # whole words, not a part of a compound ("she" in "the she-wolf")
    return re.compile(rf"(?<![\w'])(?<!\w-){re.escape(phrase)}(?![\w'])(?!-\w)", re.IGNORECASE)


def replace_phrase(text: str, phrase: str, replacement: str) -> str:
    """``text`` with the first ``phrase`` (whole words, any case) replaced."""
    return _phrase_pattern(phrase).sub(lambda _: replacement, text, count=1)


def write_query(
    question: str,
    name: str,
    phrase: str | None,
    topic: Topic | None,
    listed: bool,
    other_names: Iterable[str],
    in_play: Iterable[str] = (),
    person: bool | None = None,
) -> str:
    """The query for ``question`` about ``name``. ``phrase``: the words that referred to it
    (a pronoun, a description, a list position); ``listed``: whether the name came from a
    list an answer gave; ``other_names``: names the question says that are not the topic;
    ``person``: whether the topic is a person, where the caller knows (its page says)."""
    shown = display_name(name, in_play)
    thing = _thing(topic, name) if person is None else not person
    if names_subject(question, shown, thing):
        return question
    if phrase and not _phrase_pattern(phrase).search(question):
        phrase = None  # said in another sentence of the turn ("i meant daniel... their religion")
    if _scoped(question) and (not phrase or phrase.casefold() not in cues.PRONOUNS):
        return question  # "who was the first woman in space" names what it asks about
    if phrase:
        said = phrase.casefold()
        if said in cues.PRONOUNS:
            return as_name(question, phrase, shown)
        if cues.positions(phrase):
            if listed:
                return replace_phrase(question, phrase, shown)
        elif _fits(phrase, topic, name) or (_is_role(phrase) and not cues.pronouns(question)):
            head = cues.words_of(phrase)[-1:]
            if bool(head) and head[0] in GENERIC_HEADS:
                return replace_phrase(question, phrase, shown)
            of_work = _is_role(phrase) and thing  # a person of a work
            joined = f"{phrase} of {shown}" if of_work else f"{phrase} {shown}"
            return replace_phrase(question, phrase, joined)  # "the director of Amadeus"
    if any(True for _ in other_names):
        return question
    said = cues.pronouns(question)
    if person is False:  # "what happens to her in the end" of a novel: her is no novel
        said = [p for p in said if p not in cues.PERSON_PRONOUNS]
    if said:
        return as_name(question, said[0], shown)
    end = "?" if question.rstrip().endswith("?") else ""
    return f"{question.rstrip(' ?.')} {shown}{end}"


# "the first human in space", "the largest lake in africa": a description that ranks things in
# a scope it names asks about no topic of the conversation.
_RANKED_IN = re.compile(
    r"\bthe\s+(?:first|second|third|last|only|(?:most|least)\s+[a-z]+|[a-z]+est)\s+"
    r"(?:[a-z]+\s+){0,2}?(?:in|on|of|to|at|from)\s+(?:the\s+)?(?P<scope>[a-z]+)",
    re.IGNORECASE,
)
_REFERENCE_NOUNS = frozenset().union(*cues.KIND_WORDS, cues.PERSON_NOUNS) | frozenset(
    "country state city band company group show series team place world".split()
)


def _scoped(question: str) -> bool:
    """Whether the question ranks things in a scope it names itself ("the second man on the
    moon"), not in one it refers back to ("the largest city in the state")."""
    return any(m["scope"].casefold() not in _REFERENCE_NOUNS for m in _RANKED_IN.finditer(question))

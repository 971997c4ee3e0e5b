"""Revision turns as people type them: a seeded, compositional generator for ConvRevise.

A revision turn is composed of a cue wording (how the act is said: "nope, ...", "i was asking
about ...", "X... no wait, Y", "7 not 6"), a reference to the intended topic (its name, a
description from its own page, an earlier answer's fact, a place in a list an answer gave,
the order of the conversation, a relation an answer states, or the other of two), optionally a
new question, and noise (case, one typo, punctuation). Every choice comes from the random
generator it is given, so a seed reproduces the turns. The wordings are written from how
people talk and are independent of any writer.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from memrevise.language.entities import STOPWORDS
from memrevise.numbers import roman, roman_value
from memrevise.text import qualifier, strip_qualifier, words

# How a correction of the last answer is said, by wording family. ``{ref}`` points to the
# intended topic, ``{kind}`` is its kind and ``{wrong}`` names the rejected one.
CORRECTIONS: dict[str, tuple[str, ...]] = {
    "no": ("no, {ref}", "no {ref}", "no, i meant {ref}", "no no, {ref}"),
    "nope": ("nope, {ref}", "nope - {ref}", "nope. {ref}"),
    "wrong-one": ("wrong one, {ref}", "wrong one. i meant {ref}",
                  "that's the wrong one, i wanted {ref}"),
    "asking-about": ("i was asking about {ref}", "i was asking about {ref}, not that",
                     "my question was about {ref}", "i was talking about {ref}"),
    "not-what-i-meant": ("that's not what i meant, {ref}", "thats not what i meant - i meant {ref}",
                         "not what i meant. {ref}"),
    "not-that-one": ("not that one - {ref}", "not that one, {ref}", "not that one... {ref}"),
    "wrong-kind": ("you answered for the wrong {kind}, i meant {ref}", "wrong {kind}. {ref}",
                   "that's the wrong {kind} - {ref}"),
    "hmm-no": ("hmm no. {ref}", "hmm, no. i meant {ref}", "hm no, {ref}"),
    "sorry": ("sorry, {ref}", "sorry, i meant {ref}", "sorry i should have said {ref}",
              "my bad, {ref}", "oops, i meant {ref}"),
    "instead-of": ("i meant {ref}, not {wrong}", "{ref}, not {wrong}", "not {wrong}, {ref}"),
    "several-sentences": ("that's not right. i was asking about {ref}.",
                          "no no. {ref}. sorry if that was unclear",
                          "hmm, that doesn't sound right. i meant {ref}",
                          "that isn't the one i wanted. {ref} please"),
}  # fmt: skip
# How a turn takes back what it just said, before the reference that wins.
REPAIR_MARKERS: dict[str, tuple[str, ...]] = {
    "no-wait": ("... no wait, ", "... wait, no, ", " - no wait, "),
    "actually": (", actually ", ". actually, ", " - actually "),
    "hang-on": (" - hang on, ", "... hang on, ", ". hang on. "),
    "i-mean": (", i mean ", " - i mean ", ", i mean, "),
    "or-rather": (" - or rather ", ", or rather "),
    "scratch-that": (" - scratch that, ", ". scratch that. "),
    "no-sorry": (" - no, sorry, ", "... no, sorry, ", ". no sorry, "),
}  # fmt: skip
REPAIR_LEADS = ("", "no, ", "no, i meant ", "sorry, ", "i was asking about ", "wrong one - ")
BACK_TAILS = (" after all", " after all, sorry", ", that one after all")
# The shapes of a self-repair: the last reference wins.
FORWARD, BACK, KEPT, ONWARD = "forward", "back", "kept", "onward"
# How a value revision is said; ``{new}``, ``{old}`` are the values as the user writes them.
VALUE_CUES: dict[str, tuple[str, ...]] = {
    "new-not-old": ("{new} not {old}", "sorry, i meant {new}, not {old}", "oops, {new} not {old}",
                    "{new}, not {old} - sorry", "i meant {new} not {old}"),
    "new-only": ("sorry, {new}", "no, {new}", "i meant {new}", "{new} actually"),
    "the-new-one": ("the {new} one", "no, the {new} one", "i meant the {new} one",
                    "sorry - the {new} one"),
}  # fmt: skip
ORDINALS = ("zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
            "twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth "
            "nineteenth twentieth").split()  # fmt: skip
STEPS = {1: ("the next one", "the one after", "the one after that"),
         -1: ("the one before", "the previous one", "the one before that")}  # fmt: skip
# Relations an answer may state between two pages ("his brother Ringo").
RELATIONS = frozenset(
    "brother sister son daughter father mother wife husband partner bandmate cousin nephew "
    "niece uncle aunt grandson granddaughter grandfather grandmother successor predecessor "
    "sequel prequel twin stepfather stepmother girlfriend boyfriend fiancee fiance".split()
)
LISTING_SHARE = 0.3  # of built revisions whose wrong answer first lists both candidates
NEW_QUESTION_SHARE = 0.4  # of corrections, self-repairs and value revisions that ask anew
QUESTION_JOINS = (". ", "? ", " - ", "... ", ", ")  # between a revision and a new question
NOISES = ("clean", "clean", "lower-case", "random-case", "typo", "punctuation")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'-]*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_CONTENT_MIN = 5  # letters of a word that can describe a page


@dataclass(frozen=True)
class Reference:
    """How a turn points to a topic: the words said and the reference type."""

    text: str
    type: str


@dataclass(frozen=True)
class Revision:
    """A built turn: its text, the variant it was composed from and the references said in
    it (which noise leaves as they are)."""

    text: str
    variant: dict[str, str]
    said: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scene:
    """What a reference to ``intended`` (rather than ``other``) can draw on.

    ``pages`` hold each topic's page text (its answers over every section); ``earlier`` the
    answers that the conversation gave about each topic before the revision; ``order`` the
    topics of the conversation in the order first discussed; ``listed`` the two topics in the
    order that an answer listed them, if one did; ``kinds`` each topic's kind.
    """

    intended: str
    other: str
    kinds: dict[str, str]
    pages: dict[str, Sequence[str]]
    earlier: dict[str, Sequence[str]] = field(default_factory=dict)
    order: Sequence[str] = ()
    listed: tuple[str, str] | None = None

    @property
    def kind(self) -> str:
        return self.kinds.get(self.intended, "")

    def toward(self, topic: str, other: str) -> Scene:
        """The same scene, pointing to ``topic`` rather than ``other``."""
        return Scene(topic, other, self.kinds, self.pages, self.earlier, self.order, self.listed)


# -- references --------------------------------------------------------------------------------


def references(scene: Scene) -> dict[str, list[str]]:
    """Every way to point to ``scene.intended`` that tells it from ``scene.other``, by type.
    A type the data does not support (no distinctive word, no relation stated) is absent."""
    found = {
        "name": _names(scene),
        "qualifier": _qualifier_references(scene),
        "description": _descriptions(scene),
        "earlier-fact": _earlier_facts(scene),
        "list-position": _list_positions(scene),
        "order": _orders(scene),
        "relation": _relations(scene),
        "other": _others(scene),
    }
    return {kind: texts for kind, texts in found.items() if texts}


def pick_reference(scene: Scene, rng: random.Random, types: Iterable[str] = ()) -> Reference:
    """One reference, its type drawn evenly from those available (``types`` to restrict)."""
    available = references(scene)
    allowed = [t for t in available if not types or t in set(types)] or list(available)
    # A list that the last answer gave is what people point into most often after it.
    weights = [max(len(allowed) - 1, 1) if t == "list-position" else 1 for t in allowed]
    chosen = rng.choices(allowed, weights)[0]
    text = rng.choice(available[chosen])
    if chosen == "name":
        return _name_variant(scene, text, rng)
    return Reference(text, chosen)


def _names(scene: Scene) -> list[str]:
    name = strip_qualifier(scene.intended)
    return [] if name.casefold() == strip_qualifier(scene.other).casefold() else [name]


def _name_variant(scene: Scene, name: str, rng: random.Random) -> Reference:
    """The name as typed: full, lower case, one distinctive word of it, or misspelt once."""
    other_words = set(words(scene.other))
    partial = [w for w in words(name) if len(w) > 3 and w not in other_words | STOPWORDS]
    long = [w for w in name.split() if len(w) >= _CONTENT_MIN and w.isalpha()]
    options = ["name-full", "name-lower-case"]
    options += ["name-partial"] * bool(partial and len(name.split()) > 1)
    options += ["name-misspelt"] * bool(long)
    choice = rng.choice(options)
    if choice == "name-lower-case":
        return Reference(name.casefold(), choice)
    if choice == "name-partial":
        return Reference(rng.choice(partial), choice)
    if choice == "name-misspelt":
        word = max(long, key=len)
        return Reference(name.replace(word, misspell(word, rng), 1), choice)
    return Reference(name, choice)


def _qualifier_references(scene: Scene) -> list[str]:
    """ "the 2009 one" for "Avatar (2009 film)" against "Avatar (2004 film)"."""
    other = set(words(qualifier(scene.other)))
    own = [w for w in words(qualifier(scene.intended)) if w not in other and w != scene.kind]
    if not own:
        return []
    said = " ".join(own)
    kind = scene.kind or "one"
    return [f"the {said} one", f"the {said} {kind}", f"the one from {said}"]


def _descriptions(scene: Scene) -> list[str]:
    """A word or phrase of the intended page's own text that the other page lacks."""
    phrases = distinctive(scene.pages.get(scene.intended, ()), _said_about(scene, scene.other))
    return _worded(scene, phrases[:6], ("the one with {phrase}", "the {kind} about {phrase}",
                                        "the one that has to do with {phrase}",
                                        "the {kind} with {phrase} in it"))  # fmt: skip


def _earlier_facts(scene: Scene) -> list[str]:
    """Something an earlier answer said about the intended topic, and not about the other."""
    phrases = distinctive(scene.earlier.get(scene.intended, ()), _said_about(scene, scene.other))
    return _worded(scene, phrases[:4], ("the one where you mentioned {phrase}",
                                        "the {kind} you said had {phrase}",
                                        "the one you told me about earlier, with {phrase}",
                                        "the {kind} from before, the {phrase} one"))  # fmt: skip


def _worded(scene: Scene, phrases: Sequence[str], templates: Sequence[str]) -> list[str]:
    """Every template said with every phrase (phrase by phrase) and the scene's kind."""
    kind = scene.kind or "one"
    return [t.format(phrase=phrase, kind=kind) for phrase in phrases for t in templates]


def _list_positions(scene: Scene) -> list[str]:
    if scene.listed is None or scene.intended not in scene.listed:
        return []
    if scene.listed.index(scene.intended) == 0:
        return ["the first one", "the first one you listed", "the former", "the first of those",
                "the one you named first"]  # fmt: skip
    return ["the second one", "the latter", "the second of those", "the last one you listed",
            "the second of those two"]  # fmt: skip


def _orders(scene: Scene) -> list[str]:
    """The intended topic's place among the conversation's topics of its kind."""
    kind = scene.kind
    same = [t for t in scene.order if scene.kinds.get(t, "") == kind]
    if scene.intended not in same or scene.other not in same:
        return []
    place = same.index(scene.intended) + 1
    if place >= len(ORDINALS):
        return []
    ordinal = ORDINALS[place]
    noun = kind or "one"
    found = [f"the {ordinal} {noun} we talked about", f"the {noun} we discussed {ordinal}"]
    if scene.order and scene.order[0] == scene.intended:
        found += ["the first one we talked about", "the one we started with"]
    if same.index(scene.intended) < same.index(scene.other):
        found.append(f"the earlier {noun}")
    return found


def _relations(scene: Scene) -> list[str]:
    """ "his brother" where an answer about another topic calls the intended one so."""
    name = re.escape(strip_qualifier(scene.intended))
    pattern = re.compile(
        rf"\b(?P<pronoun>his|her|their)\s+(?:\w+\s+)?(?P<relation>\w+),?\s+{name}\b",
        re.IGNORECASE,
    )
    found = []
    for holder, texts in scene.earlier.items():
        if holder == scene.intended or scene.kinds.get(holder) != "person":
            continue  # "his wife" in an answer about a magazine is its founder's wife
        for text in texts:
            for match in pattern.finditer(text):
                relation = match["relation"].casefold()
                if relation not in RELATIONS:
                    continue
                owner = strip_qualifier(holder).casefold()
                found.append(f"{owner}'s {relation}")
                if holder == scene.other:
                    found.append(f"{match['pronoun'].casefold()} {relation}")
    return list(dict.fromkeys(found))


def _others(scene: Scene) -> list[str]:
    kind = scene.kind
    return ["the other one", "the other", *([f"the other {kind}"] if kind else [])]


def _said_about(scene: Scene, topic: str) -> list[str]:
    """What a description must avoid: the other topic's texts and both names."""
    return [*scene.pages.get(topic, ()), *scene.earlier.get(topic, ()), topic, scene.intended]


def distinctive(texts: Iterable[str], against: Iterable[str]) -> list[str]:
    """Phrases of ``texts`` that ``against`` never uses: runs of capitalised words inside a
    sentence first, then content words of five or more letters, lower case, in order."""
    taken = set(words(" ".join(against)))
    phrases: list[str] = []
    for sentence in (s for text in texts for s in _SENTENCE_END.split(text)):
        runs: list[list[str]] = [[]]
        for token in _TOKEN.findall(sentence):
            if token[:1].isupper():
                runs[-1].append(token)
            elif runs[-1]:
                runs.append([])
        for position, run in enumerate(runs):
            starts = position == 0 and sentence[:1].isupper()
            known = set(words(" ".join(run))) & (taken | STOPWORDS)
            if run and (len(run) > 1 or not starts) and not known:
                phrases.append(" ".join(run).casefold())
    for text in texts:
        for word in words(text):
            if len(word) >= _CONTENT_MIN and word.isalpha() and word not in taken | STOPWORDS:
                phrases.append(word)
    return list(dict.fromkeys(phrases))


# -- turns -------------------------------------------------------------------------------------


def correction(scene: Scene, rng: random.Random, families: Sequence[str] = ()) -> Revision:
    """A correction of the last answer (about ``scene.other``) toward ``scene.intended``."""
    reference = pick_reference(scene, rng)
    options = [f for f in families or CORRECTIONS if f in CORRECTIONS]
    if not _names(scene):
        options = [f for f in options if f != "instead-of"] or ["no"]
    family = rng.choice(options)
    wrong = rng.choice([strip_qualifier(scene.other), strip_qualifier(scene.other).casefold()])
    text = rng.choice(CORRECTIONS[family]).format(
        ref=reference.text, kind=scene.kind or "one", wrong=wrong
    )
    variant = {"act": "correction", "cue": family, "reference": reference.type}
    return Revision(text, variant, (reference.text, wrong))


def self_repair(scene: Scene, shape: str, said: str, rng: random.Random) -> Revision:
    """A turn that takes back what it just said; the last reference, to ``scene.intended``,
    wins. ``said`` is the topic named first. The shapes: forward ("paul... no wait, john"),
    back to the first-said topic past a detour to ``said`` ("john - no, paul... no, sorry,
    john after all"), kept (the last answer's topic after all: "the other one - no, sorry,
    paul after all") and onward to a third topic of the kind."""
    marker_family = rng.choice(sorted(REPAIR_MARKERS))
    marker = rng.choice(REPAIR_MARKERS[marker_family])
    lead = rng.choice(REPAIR_LEADS)
    types = ("name", "qualifier", "order") if shape == ONWARD else ()
    final = pick_reference(scene, rng, types)
    first_types = ("name", "other") if shape == KEPT else ("name",)
    first = pick_reference(scene.toward(said, scene.intended), rng, first_types)
    said_texts = (first.text, final.text)
    if shape == BACK:
        same_type = "name" if final.type.startswith("name") else final.type
        opening = pick_reference(scene, rng, (same_type,))
        detour = rng.choice(REPAIR_MARKERS["no-wait"])
        text = f"{lead}{opening.text}{detour}{first.text}{marker}{final.text}"
        said_texts += (opening.text,)
    else:
        text = f"{lead}{first.text}{marker}{final.text}"
    if shape in {BACK, KEPT}:
        text += rng.choice(BACK_TAILS)
    variant = {"act": "self-repair", "cue": marker_family, "reference": final.type}
    return Revision(text, {**variant, "shape": shape}, said_texts)


def value_revision(old: str, new: str, rng: random.Random) -> Revision:
    """A switch from one title's number to a sibling's ("sorry, 12 not 11", "the 1990 one",
    "the third one", "the next one"): ``old`` and ``new`` are the values in the titles."""
    ways = _value_ways(old, new)
    way = rng.choice(sorted(ways))
    said_new, said_old = rng.choice(ways[way])
    if way == "step":
        return Revision(said_new, {"act": "value", "cue": "step", "reference": "value-step"})
    family = rng.choice(sorted(VALUE_CUES))
    template = rng.choice(VALUE_CUES[family])
    text = template.format(new=said_new, old=said_old)
    variant = {"act": "value", "cue": family, "reference": f"value-{way}"}
    return Revision(text, variant, (said_new, said_old))


def _value_ways(old: str, new: str) -> dict[str, list[tuple[str, str]]]:
    """The forms a value can be said in: as written, as a number for a Roman numeral and a
    numeral for a number, as an ordinal, and as a step ("the next one") between neighbours."""
    ways = {"as-written": [(new.casefold(), old.casefold())]}
    old_value, new_value = _value(old), _value(new)
    if old_value is None or new_value is None:
        return ways
    if new.isupper():
        ways["arabic"] = [(str(new_value), str(old_value))]
    elif new.isdigit() and 0 < new_value < 40 and 0 < old_value < 40:
        ways["roman"] = [(roman(new_value), roman(old_value))]
    if 0 < new_value < len(ORDINALS) and 0 < old_value < len(ORDINALS):
        ways["ordinal"] = [(ORDINALS[new_value], ORDINALS[old_value])]
    step = new_value - old_value
    if step in STEPS:
        ways["step"] = [(said, "") for said in STEPS[step]]
    return ways


def _value(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if text.isupper() and text.isalpha():
        return roman_value(text)
    return None


def listing_answer(listed: tuple[str, str], answered: str, answer: str, rng: random.Random) -> str:
    """An answer that names both candidates, then answers for ``answered``."""
    first, second = listed
    opening = rng.choice(
        [f"There are two: {first} and {second}.", f"Two come to mind, {first} and {second}.",
         f"That could be {first} or {second}."]
    )  # fmt: skip
    return f"{opening} For {answered}: {answer}"


# -- noise -------------------------------------------------------------------------------------


def add_noise(text: str, kept: Iterable[str], rng: random.Random) -> tuple[str, str]:
    """``text`` as typed in a hurry, with the kind of noise: case, one typo in a word that is
    not among ``kept`` (names and references stay as they are), or changed punctuation."""
    noise = rng.choice(NOISES)
    if noise == "lower-case":
        return text.casefold(), noise
    if noise == "random-case":
        return _random_case(text, rng), noise
    if noise == "typo":
        spared = set(words(" ".join(kept)))
        candidates = [
            m for m in _TOKEN.finditer(text) if len(m.group()) >= 4 and m.group().isalpha()
            and m.group().casefold() not in spared
        ]  # fmt: skip
        if candidates:
            match = rng.choice(candidates)
            typed = misspell(match.group(), rng)
            return text[: match.start()] + typed + text[match.end() :], noise
        return text, "clean"
    if noise == "punctuation":
        return _punctuation(text, rng), noise
    return text, "clean"


def _random_case(text: str, rng: random.Random) -> str:
    choice = rng.randrange(3)
    if choice == 0:
        return text[:1].upper() + text[1:]
    if choice == 1:
        return " ".join(w.capitalize() if rng.random() < 0.3 else w for w in text.split(" "))
    shouted = text.split(" ")
    at = rng.randrange(len(shouted))
    return " ".join([*shouted[:at], shouted[at].upper(), *shouted[at + 1 :]])


def _punctuation(text: str, rng: random.Random) -> str:
    choice = rng.randrange(4)
    if choice == 0:
        return text.rstrip(".!?").rstrip()
    if choice == 1:
        return re.sub(r"\s*[,.]\s+", " - ", text, count=1)
    if choice == 2:
        return re.sub(r"\s*[,.]\s+", "... ", text, count=1)
    return re.sub(r"[,.]\s+", " ", text).rstrip(".") + rng.choice(["", "?", "!!", "."])


def misspell(word: str, rng: random.Random) -> str:
    """``word`` with one edit inside it (two letters swapped, one dropped, one doubled or one
    vowel changed); the first letter stays, and the result always differs."""
    for _ in range(8):
        at = rng.randrange(1, len(word) - 1) if len(word) > 2 else 1
        edit = rng.randrange(4)
        if edit == 0 and at + 1 < len(word):
            typed = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
        elif edit == 1:
            typed = word[:at] + word[at + 1 :]
        elif edit == 2:
            typed = word[:at] + word[at] + word[at:]
        else:
            vowels = [v for v in "aeiou" if v != word[at : at + 1].casefold()]
            typed = word[:at] + rng.choice(vowels) + word[at + 1 :]
        if typed != word:
            return typed
    return word + word[-1]

"""What a page says, for writers that look a candidate topic up in the corpus."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import numpy as np

from memrevise.language import cues
from memrevise.language.entities import name_key
from memrevise.language.kinds import infer_kind, looks_like_person
from memrevise.retrieval import token_set
from memrevise.text import ANSWER_CUT, qualifier, strip_qualifier


class Pages(Protocol):
    """A titled collection (a :class:`~memrevise.retrieval.BM25Index` is one)."""

    def pages(self, name: str) -> np.ndarray:
        """The passages of the page titled ``name``."""
        ...

    def text(self, i: int) -> str: ...


class PageWords:
    """The stemmed words of a page's first passages (their opening characters, as much as of
    an answer), cached; empty for a name with no page."""

    def __init__(
        self, corpus: Pages, passages: int = 5, chars: int = ANSWER_CUT, cache: int = 65536
    ):
        self.corpus = corpus
        self.passages = passages
        self.chars = chars
        self._words = lru_cache(maxsize=cache)(self._read)

    def __call__(self, title: str) -> frozenset[str]:
        return self._words(title)

    def _read(self, title: str) -> frozenset[str]:
        docs = self.corpus.pages(title)[: self.passages].tolist()
        # One call for every passage: no word runs across the space that joins them.
        return token_set(" ".join(self.corpus.text(d)[: self.chars] for d in docs))


OPENING_CHARS = 250  # where a page's opening says when it dates from ("is a 1979 film")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_KINDS = frozenset().union(*cues.KIND_WORDS)
_MALE = re.compile(r"\b(?:he|his|him|himself)\b", re.IGNORECASE)
_FEMALE = re.compile(r"\b(?:she|her|hers|herself)\b", re.IGNORECASE)
SEX_MARGIN = 2  # one sex's pronouns more than this many times the other's say the sex
SEX_EVIDENCE = 2  # ... and at least this many of them
SEX_PASSAGES = 3  # the first passages of a page read for its subject's sex
_FIRST_SENTENCE = re.compile(r".*?[.!?](?=\s+[A-Z]|$)", re.DOTALL)
# Who made a thing, as its first sentence says: "... by the Anglo-Irish writer Jonathan Swift"
_MADE_BY = re.compile(r"\bby\s+(?P<by>[^.;:()]{3,120})", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Opening:
    """What a page's first passage says it is: a kind ("film", "novel"), the year of its
    title's qualifier, else the first year the passage names ("Mad Max is a 1979 Australian
    action film" -> 1979), and whether it is about a person."""

    kind: str
    year: int | None
    person: bool = False  # a person's kind, or "he", "she", "born" in the opening
    years: tuple[int, ...] = ()  # every year the opening names ("launched 2003 ... 2004")
    stated: bool = False  # the kind is stated ("<name> is a ... band"), not a word it has
    roles: frozenset[str] = frozenset()  # what its first sentence calls it ("... and drummer")
    by: str = ""  # its first sentence after "by" ("a 1726 satire by ... Jonathan Swift")
    sex: str = ""  # "male" or "female" where a person's first passages say so by their pronouns


class PageOpenings:
    """The :class:`Opening` of each page, read from its first passage, cached; None for a
    name with no page."""

    def __init__(self, corpus: Pages, chars: int = OPENING_CHARS, cache: int = 65536):
        self.corpus = corpus
        self.chars = chars
        self._openings = lru_cache(maxsize=cache)(self._read)

    def __call__(self, title: str) -> Opening | None:
        return self._openings(title)

    def _read(self, title: str) -> Opening | None:
        docs = self.corpus.pages(title)[:SEX_PASSAGES].tolist()
        if not docs:
            return None
        passage = self.corpus.text(docs[0])
        text = passage[: self.chars]
        year = _YEAR.search(qualifier(title)) or _YEAR.search(text)  # "Hamlet (1948 film)"
        # "Mad Max 2, released in the United States as The Road Warrior, is a 1981 ... film"
        stated = infer_kind(title, [text])
        kind = stated or next((w for w in cues.words_of(text) if w in _KINDS), "")
        # "The Cordouan Lighthouse stands ...": no person's page opens with "the" and its name
        person = looks_like_person(title, kind, [text]) and not text.casefold().startswith(
            f"the {strip_qualifier(title).casefold()}"
        )
        years = tuple(dict.fromkeys(int(y) for y in _YEAR.findall(text)))
        first = _FIRST_SENTENCE.match(text)
        said = set(cues.words_of(first.group() if first else text))
        own = name_key(strip_qualifier(title))
        roles = frozenset(said & cues.ROLE_NOUNS if own and own[-1] in said else ())
        made = _MADE_BY.search(first.group() if first else text)
        return Opening(
            kind,
            int(year.group()) if year else None,
            person,
            years,
            bool(stated),
            roles,
            made["by"] if made else "",
            # read beyond the first passage only for a person
            sex_of(" ".join([passage, *map(self.corpus.text, docs[1:])])) if person else "",
        )


def sex_of(text: str) -> str:
    """ "male" or "female" where a text's pronouns are of one sex, a few times at least and
    many times more than of the other ("She married the Dauphin ... her son ... he died in
    1560": female), else ""."""
    male, female = len(_MALE.findall(text)), len(_FEMALE.findall(text))
    if male >= SEX_EVIDENCE and male > SEX_MARGIN * female:
        return "male"
    if female >= SEX_EVIDENCE and female > SEX_MARGIN * male:
        return "female"
    return ""


def year_of(opening: Opening | None) -> int | None:
    """The year a page's opening names, if it has a page and names one."""
    return opening.year if opening is not None else None


def same_kind(a: str, b: str) -> bool:
    """Whether two kinds are one ("film" and "movie")."""
    return a == b or any(a in group and b in group for group in cues.KIND_WORDS)


def is_kind(stated: str, word: str) -> bool:
    """Whether a page that states its kind as ``stated`` is a ``word``: the same kind, a
    compound of it ("monoplane" is a plane, "steamship" a ship), or a kind the word is
    the general name of ("astronomer" is a scientist)."""
    if same_kind(stated, word):
        return True
    if len(word) >= _SHORTEST_HEAD and stated.endswith(word):
        return True
    return stated in _GENERAL_KINDS.get(word, ())


_SHORTEST_HEAD = 4  # "ship" of "steamship"; not "ax" of "relax"
# General kind words and the kinds a page states that they name.
_GENERAL_KINDS = {
    "scientist": frozenset(
        "astronomer physicist chemist biologist mathematician naturalist geologist botanist "
        "zoologist geneticist physician inventor engineer".split()
    ),
    "aircraft": frozenset("plane monoplane biplane airliner jet fighter bomber glider".split()),
    "plane": frozenset("aircraft monoplane biplane airliner jet fighter bomber glider".split()),
    "book": frozenset("novel novella memoir poem treatise".split()),
    "record": frozenset("album soundtrack".split()),
    "album": frozenset("soundtrack".split()),
    "story": frozenset("novel novella tale".split()),
    "ruler": frozenset("king queen emperor empress monarch pharaoh tsar sultan".split()),
    "musician": frozenset("composer pianist violinist guitarist drummer singer".split()),
    "doctor": frozenset(
        "physician surgeon psychiatrist neurologist pathologist neuropathologist".split()
    ),
    "illness": frozenset("disease disorder syndrome infection".split()),
    "disease": frozenset("disorder syndrome infection illness".split()),
}


def similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity of two word sets (0 when either is empty)."""
    return len(a & b) / len(a | b) if a and b else 0.0

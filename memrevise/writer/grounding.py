"""What a writer learns from the index it writes for: page titles, common words, page words.

Every writer built for an index, at run time and in training alike, is grounded the same way,
so that a trained model meets at run time the candidates it was trained on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Protocol

from memrevise.language import cues
from memrevise.language.entities import FUNCTION_WORDS, name_key, name_keys
from memrevise.retrieval import unaccented
from memrevise.retrieval.ranking import Ranking
from memrevise.text import strip_qualifier
from memrevise.writer.pages import PageOpenings, Pages, PageWords

COMMON_SHARE = 1 / 300  # a word in more passages than this share is no name in lower case
COMMON_FLOOR = 20  # ... and in more than this many passages, however small the collection
RARE_SHARE = 1 / 3000  # a word in at most this share of passages may switch the topic alone
SEARCH_DEPTH = 20  # passages that vote when a description is searched in the collection
SEARCH_PAGES = 5  # pages a described correction may mean, from that search
NAME_DEPTH = 30  # passages read to tell whether the corpus writes some words as a name
NAME_SHARE = 0.9  # ... the share of their uses (sentence openings aside) written in capitals
NICK_DEPTH = 10  # passages read for a page that states a nickname
NICK_REACH = 60  # characters after "nicknamed" where the nicknames are written
KIN_PASSAGES = 5  # a person's first passages, where a page names its subject's family
KIN_DEPTH = 10  # passages found by a search for the person and the relation
# A name written after a relation ("his older brother Noel Gallagher", "his brother John F.
# Kennedy"): capitalised words and initials, a possessive ending dropped.
_EPITHET = r"(?:\s+the\s+[A-Z][a-z]+)?"  # "Agrippina the Younger", "Alfred the Great"
_NAME_AFTER = re.compile(
    r",?\s+(?P<name>[A-Z](?:\.|[\w-]*)(?:\s+(?:[A-Z](?:\.|[\w-]*)|de|van|von))*" + _EPITHET + ")"
)
_SENTENCE_END = re.compile(r"[.!?;]\s")
_NAME_RUN = re.compile(r"[A-Z][\w-]*(?:\s+[A-Z](?:\.|[\w-]*))*" + _EPITHET)
# The relation a page states the other way round: "her husband Pierre Curie" on Marie Curie's
# page says that Pierre Curie's wife is Marie Curie.
_INVERSE = {
    "husband": ("wife", "spouse"), "wife": ("husband", "spouse"), "spouse": ("husband", "wife"),
    "brother": ("brother", "sister", "sibling"), "sister": ("brother", "sister", "sibling"),
    "sibling": ("brother", "sister", "sibling"),
    "father": ("son", "daughter", "child"), "mother": ("son", "daughter", "child"),
    "parent": ("son", "daughter", "child"), "son": ("father", "mother", "parent"),
    "daughter": ("father", "mother", "parent"), "child": ("father", "mother", "parent"),
    "grandfather": ("grandson", "granddaughter", "grandchild"),
    "grandmother": ("grandson", "granddaughter", "grandchild"),
    "grandson": ("grandfather", "grandmother"), "granddaughter": ("grandfather", "grandmother"),
    "grandchild": ("grandfather", "grandmother"),
}  # fmt: skip
# The relations a word for either sex stands for ("her kid": her son or her daughter)
_EITHER_SEX = {
    "child": ("son", "daughter"), "sibling": ("brother", "sister"),
    "parent": ("father", "mother"), "spouse": ("husband", "wife"),
    "grandchild": ("grandson", "granddaughter"),
}  # fmt: skip
_OTHER_AGE = {"older": "younger", "younger": "older", "": ""}
# A relation stated before "of" and a name ("the second son of Henry VII": Henry VII is the
# subject's father or mother), and a marriage ("he married the painter Frida Kahlo").
_RELATIVE_OF = re.compile(
    r"\b(?P<relation>son|daughter|child|wife|husband|widow|father|mother|brother|sister)\s+of\b"
)
_MARRIED = re.compile(r"\b(?:married|marrying|marries)(?:\s+(?:the|a|an)\s+[a-z]+)?\b")
_STATED_AS = {"widow": "wife"}
_SPOUSES = ("husband", "wife", "spouse")
_CHILDREN = ("son", "daughter", "child")  # "the son of A and B" names both parents
_AND = re.compile(r",?\s+and\b")
_TITLE_NAME = re.compile(r",?\s+(?P<name>.+)", re.DOTALL)  # a whole title, up to where it ends


class Index(Pages, Protocol):
    """What grounding reads from an index (a :class:`~memrevise.retrieval.BM25Index` is one)."""

    @property
    def num_docs(self) -> int: ...

    @property
    def titled(self) -> bool: ...

    @property
    def titles(self) -> Sequence[str]: ...

    def document_frequency(self, word: str) -> int: ...

    def vote_pages(self, query: str, depth: int = 20) -> list[tuple[str, float]]: ...

    def search(self, query: str, k: int = 100) -> Ranking: ...

    def title(self, i: int) -> str: ...


@dataclass(frozen=True)
class CommonWords:
    """Whether a word is in more than ``limit`` passages: too common to be a name in lower case."""

    index: Index
    limit: int

    def __call__(self, word: str) -> bool:
        return self.index.document_frequency(word) > self.limit


@dataclass(frozen=True)
class RareWords:
    """Whether a word is rare enough in the corpus to name something on its own ("avatar",
    not "something")."""

    common: CommonWords

    def __call__(self, word: str) -> bool:
        return not self.common(word)


@dataclass(frozen=True)
class UnseenWords:
    """Whether the corpus never has a word ("conery", a misspelt name)."""

    index: Index

    def __call__(self, word: str) -> bool:
        return self.index.document_frequency(word) == 0


@dataclass(frozen=True)
class PageSearch:
    """The titles of the pages whose passages best match a text ("the one who stayed up in
    orbit" -> "Michael Collins (astronaut)"), best first."""

    index: Index
    depth: int = SEARCH_DEPTH
    pages: int = SEARCH_PAGES

    def __call__(self, text: str) -> list[str]:
        return [title for title, _ in self.index.vote_pages(text, self.depth)[: self.pages]]


class CorpusNames:
    """The pages that write some words as a name: "lennon" is "Lennon" wherever the corpus
    has it, "cn tower" is "CN Tower" (on the page "Toronto"), "jobs" is mostly a common noun.

    Reads the ``depth`` passages that match the words best; a use that opens a sentence says
    nothing by its first word. Memoised: a conversation asks again for the names it said."""

    def __init__(self, index: Index, depth: int = NAME_DEPTH, cache: int = 65536):
        self.index = index
        self.depth = depth
        self._pages = lru_cache(maxsize=cache)(self._read)

    def __call__(self, words: str) -> tuple[str, ...]:
        """The titles of the pages that write ``words`` as a name, most uses first; none when
        the corpus writes them otherwise or not at all."""
        return self._pages(" ".join(words.casefold().split()))

    def _read(self, words: str) -> tuple[str, ...]:
        pattern = re.compile(
            r"(?<![\w'’])" + r"\s+".join(map(_as_written, words.split())) + r"(?![\w'’])",
            re.IGNORECASE,
        )
        named: Counter[str] = Counter()
        uses = 0
        for doc in self.index.search(words, self.depth).docs:
            text = unaccented(self.index.text(int(doc)))  # "galapagos" as "Galápagos"
            for match in pattern.finditer(text):
                before = text[: match.start()].rstrip()
                written = match.group().split()
                if not before or before[-1] in ".!?:":
                    written = written[1:]  # a sentence's first word is written in capitals anyway
                    if not written:  # its later ones are not ("Lonesome George, the last ...")
                        continue
                uses += 1
                if all(w[0].isupper() for w in written):
                    named[self.index.title(int(doc))] += 1
        if not uses or named.total() < NAME_SHARE * uses:
            return ()
        return tuple(title for title, _ in named.most_common() if title)


def _as_written(word: str) -> str:
    """A pattern for a word as the corpus may write it: a possessive "s" typed without its
    apostrophe ("hells" for "Hell's") either way, not a function word's ("whats")."""
    if len(word) > 2 and word.endswith("s") and "'" not in word and word[:-1] not in FUNCTION_WORDS:
        return f"{re.escape(word[:-1])}['’]?s"
    return re.escape(word)


class Nicknames:
    """The pages that state a nickname ("He is nicknamed Dubya", "known as the King of Pop",
    "fans called him Schumi and the Red Baron", "often simply called the Pharos", "known on
    Tyneside as Wor Jackie"): "dubya" is George W. Bush. A nickname counts where it is
    written whole, with a capital, in the list right after the statement ("known as the
    Joker Stairs" is no nickname "joker"). A name given at birth counts too, said whole or in
    part with its last word ("Pope John XXIII (born Angelo Giuseppe Roncalli; ...)": "angelo
    roncalli", "roncalli"). Memoised."""

    def __init__(self, index: Index, depth: int = NICK_DEPTH, cache: int = 65536):
        self.index = index
        self.depth = depth
        self._pages = lru_cache(maxsize=cache)(self._read)

    def __call__(self, words: str) -> tuple[str, ...]:
        """The titles of the pages that give ``words`` as a nickname, most statements first."""
        return self._pages(" ".join(cues.words_of(words)))

    def _read(self, words: str) -> tuple[str, ...]:
        if not words:
            return ()
        named: Counter[str] = Counter()
        for doc in self.index.search(words, self.depth).docs:
            text = self.index.text(int(doc))
            for stated in _NICKNAMING.finditer(text):
                reach = _CLAUSE_END.split(text[stated.end() : stated.end() + NICK_REACH], 1)[0]
                items = (_NICK_OPENING.sub("", item) for item in _LIST_SPLIT.split(reach))
                if any(i[:1].isupper() and " ".join(cues.words_of(i)) == words for i in items):
                    named[self.index.title(int(doc))] += 1
            typed = words.split()
            for born in _BORN_AS.finditer(text):
                given = cues.words_of(born["name"])
                if given[-1] == typed[-1] and set(typed) <= set(given):
                    named[self.index.title(int(doc))] += 1
        return tuple(title for title, _ in named.most_common() if title)


_NICKNAMING = re.compile(
    r"\b(?:nicknamed|known\s+(?:(?:on|in|to|among)\s+(?:[\w'-]+\s+){1,3}?)?as|dubbed|"
    r"called\s+(?:him|her|it|them)|"
    r"(?:also|often|simply|commonly|usually|popularly|sometimes)\s+(?:simply\s+)?called|"
    r"nickname(?:s)?(?:\s+(?:is|was|were))?)\s+",
    re.IGNORECASE,
)
# "(born Angelo Giuseppe Roncalli; 25 November 1881 – ...)": the name given at birth
# (not "a German-born American businessman": the name ends where the aside or clause does)
_BORN_AS = re.compile(
    r"(?<![\w-])born\s+(?P<name>(?:[A-Z][\w'’-]*\s+){0,4}[A-Z][\w'’-]+)(?=\s*[;,)])"
)
_CLAUSE_END = re.compile(  # not at an abbreviation's stop ("known as Dr. J")
    r"(?<!\b[A-Z][a-z])(?<!\b[A-Z])\.(?:\s|$)|[;:()](?:\s|$)|\s(?:who|which|that|for|from|in|by|after)\s"
)
_LIST_SPLIT = re.compile(r"\s*(?:,|\band\b|\bor\b)\s*")
_NICK_OPENING = re.compile(r"^[\"'“‘]?(?:the\s+)?[\"'“‘]?")


class Kin:
    """The people the collection says are a person's relatives ("his older brother" of Liam
    Gallagher: Noel Gallagher), as its pages write their names. A relation counts where a
    page about the person states it ("his brother John F. Kennedy"), where a page names the
    person earlier in the sentence that states it ("... Liam Gallagher, with his older brother
    Noel Gallagher"), and the other way round ("her husband Pierre Curie" on Marie Curie's
    page: Pierre Curie's wife). Memoised."""

    def __init__(self, index: Index, cache: int = 4096):
        self.index = index
        self._kin = lru_cache(maxsize=cache)(self._read)

    def __call__(self, person: str, wanted: cues.Relation) -> tuple[str, ...]:
        return self._kin(person, wanted)

    @cached_property
    def _comma_titles(self) -> dict[str, list[str]]:
        """The titles that hold a comma ("Mary, Queen of Scots"), by their first word, longest
        first: a relation's name may be one of them, written whole."""
        found: dict[str, list[str]] = {}
        for title in self.index.titles:
            if ", " in title and "(" not in title:
                found.setdefault(title.split(",")[0].split()[0], []).append(title)
        return {word: sorted(titles, key=len, reverse=True) for word, titles in found.items()}

    def _name_at(self, text: str, at: int) -> re.Match[str] | None:
        """The name written from ``at`` (:data:`_NAME_AFTER`), a whole title with a comma
        where the text writes one there ("the only son of Mary, Queen of Scots, and Lord
        Darnley")."""
        name = _NAME_AFTER.match(text, at)
        if name is None:
            return None
        start = name.start("name")
        for title in self._comma_titles.get(name["name"].split(maxsplit=1)[0], ()):
            if text.startswith(title, start):
                return _TITLE_NAME.match(text, at, start + len(title)) or name
        return name

    def _read(self, person: str, wanted: cues.Relation) -> tuple[str, ...]:
        own = self.index.pages(person)[:KIN_PASSAGES].tolist()
        query = f"{strip_qualifier(person)} {wanted.age} {wanted.relation}"
        docs = dict.fromkeys([*own, *(int(d) for d in self.index.search(query, KIN_DEPTH).docs)])
        said = [w for w in name_key(person) if len(w) > 2]
        found: list[str] = []
        for doc in docs:
            text, title = self.index.text(doc), self.index.title(doc)
            for relation, start, end in cues.relations(text):
                name = self._name_at(text, end)
                if name is None:
                    continue
                written = name["name"].removesuffix("'s")
                before = text[_sentence_start(text, start) : start]  # the sentence up to it
                folded = before.casefold()
                about = title == person or any(w in folded for w in said)
                if about and _fits(relation, wanted) and not _same(written, person):
                    found.append(written)  # "his older brother Noel Gallagher"
                elif (
                    _same(written, person)
                    and relation.relation in _INVERSE.get(wanted.relation, ())
                    and (not wanted.age or relation.age == _OTHER_AGE[wanted.age])
                ):
                    # "... Liam Gallagher, with his older brother Noel Gallagher"; "her
                    # husband Pierre Curie" on Marie Curie's page
                    possessor = _last_name(before) or title
                    if not _same(possessor, person):
                        found.append(possessor)
            if not wanted.age:
                found += _stated_of(text, title, person, wanted.relation, self._name_at)
        return tuple(dict.fromkeys(found))


def _stated_of(
    text: str,
    title: str,
    person: str,
    wanted: str,
    name_at: Callable[[str, int], re.Match[str] | None],
) -> list[str]:
    """The relatives of ``person`` that ``text`` (a passage of the page ``title``) states as
    "son of", "wife of" or "married": the name after it on the person's own page ("the second
    son of Henry VII": his father; of "the son of Germanicus and Agrippina the Elder", the
    father first and the mother second, as such statements write them), the page's subject
    where the name is the person's ("the only son of Henry VIII" on Edward VI's page: Henry
    VIII's son)."""
    found = []
    statements = [
        (_STATED_AS.get(m["relation"], m["relation"]), m.end()) for m in _RELATIVE_OF.finditer(text)
    ]
    statements += [("spouse", m.end()) for m in _MARRIED.finditer(text)]
    for relation, end in statements:
        name = name_at(text, end)
        if name is None:
            continue
        written = name["name"].removesuffix("'s")
        joined = _AND.match(text, name.end()) if relation in _CHILDREN else None
        other = name_at(text, joined.end()) if joined is not None else None
        parents = [written, *([other["name"].removesuffix("'s")] if other is not None else [])]
        spouses = relation == "spouse" and wanted in _SPOUSES
        own_page = title == person and not _same(written, person)
        if own_page and (spouses or wanted in _INVERSE.get(relation, ())):
            # "the son of Germanicus and Agrippina the Elder": the father first, as such
            # statements write them; the other one after, where the pages say otherwise
            found += parents[::-1] if wanted == "mother" else parents
        elif (
            not own_page
            and any(_same(parent, person) for parent in parents)
            and not _same(title, person)
            and (spouses or _is_a(relation, wanted) or wanted in _EITHER_SEX.get(relation, ()))
        ):
            found.append(title)  # on Edward VI's page: "the only son of Henry VIII"
    return found


def _last_name(sentence: str) -> str | None:
    """The last name a sentence writes (capitalised words), its first word alone aside."""
    runs = [m for m in _NAME_RUN.finditer(sentence) if m.start() > 0 or " " in m.group()]
    return runs[-1].group() if runs else None


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding ``at`` starts."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    return ends[-1] if ends else 0


def _fits(said: cues.Relation, wanted: cues.Relation) -> bool:
    """Whether a stated relation is the wanted one (its age too, where one is wanted)."""
    return _is_a(said.relation, wanted.relation) and (not wanted.age or said.age == wanted.age)


def _is_a(stated: str, wanted: str) -> bool:
    """Whether a stated relation is the wanted one or, for a word of either sex, one of its
    two ("son" is a "child")."""
    return stated == wanted or stated in _EITHER_SEX.get(wanted, ())


def _same(written: str, person: str) -> bool:
    """Whether a name written on a page is the person's ("Pierre Curie", "Curie")."""
    key, own = name_key(written), name_key(strip_qualifier(person))
    if not key:
        return False
    return key == own or key in name_keys(person) or (len(key) == 1 and key[0] in own)


@dataclass(frozen=True)
class Grounding:
    """The keyword arguments of a :class:`~memrevise.writer.RuleWriter` for an index."""

    titles: Sequence[str]
    common: CommonWords
    pages: PageWords | None
    search: PageSearch | None
    rare: RareWords
    names: CorpusNames | None
    openings: PageOpenings | None
    kin: Kin | None
    unseen: UnseenWords
    nicknames: Nicknames | None

    @classmethod
    def of(cls, index: Index) -> Grounding:
        limit = max(COMMON_FLOOR, int(index.num_docs * COMMON_SHARE))
        titled = index.titled
        pages = PageWords(index) if titled else None
        search = PageSearch(index) if titled else None
        rare = RareWords(CommonWords(index, max(COMMON_FLOOR, int(index.num_docs * RARE_SHARE))))
        names = CorpusNames(index) if titled else None
        openings = PageOpenings(index) if titled else None
        kin = Kin(index) if titled else None
        return cls(
            index.titles if titled else (),
            CommonWords(index, limit),
            pages,
            search,
            rare,
            names,
            openings,
            kin,
            UnseenWords(index),
            Nicknames(index) if titled else None,
        )

    def kwargs(self) -> dict[str, Any]:
        """The writer's keyword arguments: ``titles``, ``common``, ``pages``, ``search``,
        ``rare``, ``names``, ``openings``, ``kin``, ``unseen`` and ``nicknames``."""
        return {
            "titles": self.titles,
            "common": self.common,
            "pages": self.pages,
            "search": self.search,
            "rare": self.rare,
            "names": self.names,
            "openings": self.openings,
            "kin": self.kin,
            "unseen": self.unseen,
            "nicknames": self.nicknames,
        }

"""What a writer learns from the index it writes for: page titles, common words, page words.

Every writer built for an index, at run time and in training alike, is grounded the same way,
so that a trained model meets at run time the candidates it was trained on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from memrevise.retrieval.ranking import Ranking
from memrevise.writer.pages import PageOpenings, Pages, PageWords

COMMON_SHARE = 1 / 300  # a word in more passages than this share is no name in lower case
COMMON_FLOOR = 20  # ... and in more than this many passages, however small the collection
RARE_SHARE = 1 / 3000  # a word in at most this share of passages may switch the topic alone
SEARCH_DEPTH = 20  # passages that vote when a description is searched in the collection
SEARCH_PAGES = 5  # pages a described correction may mean, from that search
NAME_DEPTH = 30  # passages read to tell whether the corpus writes some words as a name
NAME_SHARE = 0.9  # ... the share of their uses (sentence openings aside) written in capitals


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
    nothing. Memoised: a conversation asks again for the names it said."""

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
            r"(?<![\w'’])" + r"\s+".join(map(re.escape, words.split())) + r"(?![\w'’])",
            re.IGNORECASE,
        )
        named: Counter[str] = Counter()
        uses = 0
        for doc in self.index.search(words, self.depth).docs:
            text = self.index.text(int(doc))
            for match in pattern.finditer(text):
                before = text[: match.start()].rstrip()
                if not before or before[-1] in ".!?:":
                    continue  # a sentence's first word is written in capitals anyway
                uses += 1
                if all(w[0].isupper() for w in match.group().split()):
                    named[self.index.title(int(doc))] += 1
        if not uses or named.total() < NAME_SHARE * uses:
            return ()
        return tuple(title for title, _ in named.most_common() if title)


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

    @classmethod
    def of(cls, index: Index) -> Grounding:
        limit = max(COMMON_FLOOR, int(index.num_docs * COMMON_SHARE))
        titled = index.titled
        pages = PageWords(index) if titled else None
        search = PageSearch(index) if titled else None
        rare = RareWords(CommonWords(index, max(COMMON_FLOOR, int(index.num_docs * RARE_SHARE))))
        names = CorpusNames(index) if titled else None
        openings = PageOpenings(index) if titled else None
        return cls(
            index.titles if titled else (),
            CommonWords(index, limit),
            pages,
            search,
            rare,
            names,
            openings,
        )

    def kwargs(self) -> dict[str, Any]:
        """The writer's keyword arguments: ``titles``, ``common``, ``pages``, ``search``,
        ``rare``, ``names`` and ``openings``."""
        return {
            "titles": self.titles,
            "common": self.common,
            "pages": self.pages,
            "search": self.search,
            "rare": self.rare,
            "names": self.names,
            "openings": self.openings,
        }

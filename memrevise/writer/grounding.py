"""What a writer learns from the index it writes for: page titles, common words, page words.

Every writer built for an index, at run time and in training alike, is grounded the same way,
so that a trained model meets at run time the candidates it was trained on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from memrevise.writer.pages import Pages, PageWords

COMMON_SHARE = 1 / 300  # a word in more passages than this share is no name in lower case
COMMON_FLOOR = 20  # ... and in more than this many passages, however small the collection
RARE_SHARE = 1 / 3000  # a word in at most this share of passages may switch the topic alone
SEARCH_DEPTH = 20  # passages that vote when a description is searched in the collection
SEARCH_PAGES = 5  # pages a described correction may mean, from that search


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


@dataclass(frozen=True)
class Grounding:
    """The keyword arguments of a :class:`~memrevise.writer.RuleWriter` for an index."""

    titles: Sequence[str]
    common: CommonWords
    pages: PageWords | None
    search: PageSearch | None
    rare: RareWords

    @classmethod
    def of(cls, index: Index) -> Grounding:
        limit = max(COMMON_FLOOR, int(index.num_docs * COMMON_SHARE))
        titled = index.titled
        pages = PageWords(index) if titled else None
        search = PageSearch(index) if titled else None
        rare = RareWords(CommonWords(index, max(COMMON_FLOOR, int(index.num_docs * RARE_SHARE))))
        return cls(index.titles if titled else (), CommonWords(index, limit), pages, search, rare)

    def kwargs(self) -> dict[str, Any]:
        """The writer's keyword arguments: ``titles``, ``common``, ``pages``, ``search`` and
        ``rare``."""
        return {
            "titles": self.titles,
            "common": self.common,
            "pages": self.pages,
            "search": self.search,
            "rare": self.rare,
        }

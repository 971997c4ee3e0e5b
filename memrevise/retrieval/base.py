"""What the search steps, the writers and the methods ask of an index, and the shared base.

:class:`Retriever` is the protocol; :class:`PassageIndex` implements everything but the
scoring (passage and page lookups, top-k search, memoised page votes) over
:class:`~memrevise.retrieval.passages.PassageColumns`, so a backend only scores.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import cached_property
from operator import itemgetter
from typing import Protocol

import numpy as np

from memrevise.retrieval.collection import Passage
from memrevise.retrieval.memo import memoised
from memrevise.retrieval.passages import PassageColumns
from memrevise.retrieval.query import Query, as_query
from memrevise.retrieval.ranking import Ranking, top_k
from memrevise.text import strip_qualifier


class DocScores(Protocol):
    """A query's scores of any documents: ``scores[docs]`` for an index array ``docs``.

    A full score vector (``np.ndarray``) is one; an approximate backend scores on demand."""

    def __getitem__(self, docs: np.ndarray, /) -> np.ndarray: ...


class Retriever(Protocol):
    """An index as the search steps, the writers and the methods use it.

    Documents are numbered ``0 .. num_docs - 1`` in collection order; ``titles`` lists the
    distinct page titles (``""`` for untitled passages).
    """

    num_docs: int
    titles: list[str]
    titled: bool

    def doc_id(self, i: int) -> str: ...
    def title(self, i: int) -> str: ...
    def text(self, i: int) -> str: ...
    def passage(self, i: int) -> Passage: ...
    def pages(self, name: str) -> np.ndarray: ...
    def pages_named(self, base: str) -> np.ndarray: ...
    def same_name_titles(self, title: str) -> list[str]: ...
    def document_frequency(self, word: str) -> int: ...
    def scores(self, query: Query) -> np.ndarray: ...
    def retrieve(self, query: Query, k: int) -> tuple[Ranking, DocScores]: ...
    def search(self, query: Query, k: int = 100) -> Ranking: ...
    def vote_pages(self, query: Query, depth: int = 20) -> list[tuple[str, float]]: ...


def _base(title: str) -> str:
    return strip_qualifier(title).casefold()


class PassageIndex(ABC):
    """Lookups by document and page, top-k search and page votes over a backend's scores.

    Subclasses implement :meth:`scores` (every document's score, float32) and may override
    :meth:`retrieve` to rank without scoring every document, and :meth:`canonical` when
    they read queries other than as weighted terms.
    """

    def __init__(self, columns: PassageColumns) -> None:
        self.columns = columns
        self.titles = columns.titles
        self.title_ids = columns.title_ids
        self.num_docs = len(columns.ids)
        self.titled = any(columns.titles)
        self._ids = columns.ids
        self._votes = memoised(self._vote_pages, maxsize=16_384)

    # -- scoring ------------------------------------------------------------------------------

    @abstractmethod
    def scores(self, query: Query) -> np.ndarray:
        """Every document's score for ``query`` (float32)."""

    @abstractmethod
    def document_frequency(self, word: str) -> int:
        """In how many passages the (stemmed) word occurs; 0 for an unknown or stop word."""

    def retrieve(self, query: Query, k: int) -> tuple[Ranking, DocScores]:
        """The ``k`` best documents with a positive score, and the query's scores of any
        documents (on the ranking's scale)."""
        scores = self.scores(query)
        return top_k(scores, k), scores

    def search(self, query: Query, k: int = 100) -> Ranking:
        """The ``k`` best documents with a positive score; ties go to the lower index."""
        return self.retrieve(query, k)[0]

    def canonical(self, query: Query) -> Query:
        """``query`` as this index reads it, here its weighted terms alone: queries with the
        same canonical form score alike (page votes are memoised by it)."""
        return as_query(query).key

    def vote_pages(self, query: Query, depth: int = 20) -> list[tuple[str, float]]:
        """Page titles voted for by the top ``depth`` passages, each vote weighing 1/rank.

        Sorted by votes, then title; untitled passages do not vote. Results are memoised:
        a conversation searches the same stored facts again at every later turn.
        """
        return list(self._votes(self.canonical(query), depth))

    def _vote_pages(self, query: Query, depth: int) -> tuple[tuple[str, float], ...]:
        votes: dict[str, float] = {}
        numbers = self.title_ids[self.search(query, depth).docs].tolist()
        for rank, title in enumerate((self.titles[n] for n in numbers), start=1):
            if title:
                votes[title] = votes.get(title, 0.0) + 1.0 / rank
        by_title = sorted(votes.items())  # then by votes, a stable sort: ties keep title order
        return tuple(sorted(by_title, key=itemgetter(1), reverse=True))

    # -- passages ---------------------------------------------------------------------------

    def doc_id(self, i: int) -> str:
        """The passage id of document ``i``."""
        return self._ids[i]

    def title(self, i: int) -> str:
        """The page title of document ``i`` (``""`` when untitled)."""
        return self.titles[self.title_ids[i]]

    def text(self, i: int) -> str:
        """The text of document ``i``, read from disk when the index is memory-mapped."""
        return self.columns.texts[range(self.num_docs)[i]]  # i < 0 counts from the end

    def passage(self, i: int) -> Passage:
        """Document ``i`` as a :class:`Passage`."""
        return Passage(self.doc_id(i), self.title(i), self.text(i))

    @cached_property
    def _doc_numbers(self) -> dict[str, int]:
        return {pid: i for i, pid in enumerate(self._ids)}

    def doc_index(self, pid: str) -> int:
        """The document index of passage id ``pid``; ``KeyError`` when there is none."""
        try:
            return self._doc_numbers[pid]
        except KeyError:
            raise KeyError(f"no passage with id {pid!r} in the index") from None

    # -- pages --------------------------------------------------------------------------------

    @cached_property
    def _title_numbers(self) -> dict[str, int]:
        return {title: n for n, title in enumerate(self.titles) if title}

    @cached_property
    def _title_groups(self) -> tuple[np.ndarray, np.ndarray]:
        """Documents ordered by title number (ascending within a title) and each title's bounds."""
        order = np.argsort(self.title_ids, kind="stable")
        order.flags.writeable = False
        bounds = np.zeros(len(self.titles) + 1, dtype=np.int64)
        np.cumsum(np.bincount(self.title_ids, minlength=len(self.titles)), out=bounds[1:])
        return order, bounds

    @cached_property
    def _same_name(self) -> dict[str, list[int]]:
        groups: dict[str, list[int]] = {}
        for title, n in self._title_numbers.items():
            groups.setdefault(_base(title), []).append(n)
        return groups

    def _docs_of(self, numbers: Sequence[int]) -> np.ndarray:
        order, bounds = self._title_groups
        parts = [order[bounds[n] : bounds[n + 1]] for n in numbers]
        if len(parts) == 1:
            return parts[0]
        return np.sort(np.concatenate(parts)) if parts else np.empty(0, dtype=np.int64)

    def pages(self, name: str) -> np.ndarray:
        """Indices (ascending) of the documents whose title is exactly ``name``."""
        number = self._title_numbers.get(name)
        return self._docs_of([] if number is None else [number])

    def pages_named(self, base: str) -> np.ndarray:
        """Indices (ascending) of the documents whose title names ``base``, whatever its qualifier.

        ``pages_named("Avatar")`` covers "Avatar", "Avatar (2009 film)" and "avatar (band)".
        """
        return self._docs_of(self._same_name.get(_base(base), []))

    def same_name_titles(self, title: str) -> list[str]:
        """Every title with the same name as ``title`` once qualifiers and case are ignored."""
        return [self.titles[n] for n in self._same_name.get(_base(title), [])]

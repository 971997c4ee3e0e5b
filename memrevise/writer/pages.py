"""What a page says, for writers that look a candidate topic up in the corpus."""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

import numpy as np

from memrevise.retrieval import tokenize
from memrevise.text import ANSWER_CUT


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
        return frozenset(tokenize(" ".join(self.corpus.text(d)[: self.chars] for d in docs)))


def similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity of two word sets (0 when either is empty)."""
    return len(a & b) / len(a | b) if a and b else 0.0

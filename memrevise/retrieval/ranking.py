"""Ranked lists of documents and the top-k selection that produces them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# top_k bounds the k-th best score from below with the k-th best of every _STRIDE-th document,
# so only about _STRIDE × k candidates need sorting instead of every document. The sample's
# zeros are left out first: a selection among many equal values is many times slower.
_STRIDE = 16


@dataclass(frozen=True, slots=True, eq=False)
class Ranking:
    """Document indices (int64), best first, with their scores (float32, descending)."""

    docs: np.ndarray
    scores: np.ndarray

    def __len__(self) -> int:
        return len(self.docs)


def top_k(scores: np.ndarray, k: int) -> Ranking:
    """The ``k`` documents with the highest positive ``scores[doc]``; ties go to the lower index."""
    if k < 0:
        raise ValueError(f"k must be non-negative, not {k}")
    if k == 0:
        return Ranking(np.empty(0, dtype=np.int64), np.empty(0, dtype=np.float32))
    sample = scores[::_STRIDE]
    sample = sample[sample > 0]
    bound = np.partition(sample, len(sample) - k)[len(sample) - k] if k <= len(sample) else 0
    docs = np.flatnonzero(scores >= bound if bound > 0 else scores > 0)
    found = scores[docs]
    if k < len(found):
        kth = np.partition(found, len(found) - k)[len(found) - k]
        docs, found = docs[found >= kth], found[found >= kth]  # keep ties; the sort settles them
    order = np.argsort(-found, kind="stable")[:k]
    return Ranking(docs[order].astype(np.int64), found[order].astype(np.float32))

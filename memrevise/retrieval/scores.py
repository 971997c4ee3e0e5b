"""Score normalisation for fusing rankings: one z-scoring for the search's fused queries and
the hybrid retriever alike."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from memrevise.retrieval.base import DocScores


def standardise(values: ArrayLike) -> np.ndarray:
    """z-scores (population standard deviation) as float64.

    Fewer than two values, or values that are all equal, give zeros. Non-finite input raises
    ``ValueError``, so the result never holds NaN.
    """
    x = np.asarray(values, dtype=np.float64)
    if not np.isfinite(x).all():
        raise ValueError("cannot standardise non-finite values")
    mean, std = moments(x)
    return (x - mean) / std if std > 0 else np.zeros_like(x)


def moments(values: ArrayLike) -> tuple[float, float]:
    """The mean and population standard deviation that :func:`standardise` uses (both 0 for
    fewer than two values)."""
    x = np.asarray(values, dtype=np.float64)
    if x.size < 2:
        return 0.0, 0.0
    return float(x.mean()), float(x.std())


@dataclass(frozen=True, slots=True, eq=False)
class ZScores:
    """One query's scores of any passage, z-scored with the moments of a set of candidates (so
    that passages added later are put on the same scale) and times ``weight``: the part that
    each fused query, or each fused retriever, adds."""

    scores: DocScores
    mean: float
    std: float
    weight: float = 1.0

    @classmethod
    def over(cls, scores: DocScores, docs: np.ndarray, weight: float = 1.0) -> ZScores:
        """``scores`` standardised with the moments of the candidates ``docs``."""
        return cls(scores, *moments(scores[docs]), weight)

    def z(self, docs: np.ndarray) -> np.ndarray:
        """The weighted z-scores of ``docs`` (zeros when the candidates all scored the same)."""
        if self.std <= 0:
            return np.zeros(len(docs))
        return self.weight * (self.scores[docs].astype(np.float64) - self.mean) / self.std

"""Score normalisation for fusing rankings."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike


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

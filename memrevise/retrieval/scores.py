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
    std = x.std() if x.size >= 2 else 0.0
    return (x - x.mean()) / std if std > 0 else np.zeros_like(x)

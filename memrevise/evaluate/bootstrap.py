"""Paired bootstrap over conversations: percentile interval of a mean per-question difference."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np

RESAMPLES = 1000
SEED = 0
CONFIDENCE = 0.95


@dataclass(frozen=True)
class Interval:
    """Observed mean difference and its bootstrap percentile interval."""

    delta: float
    low: float
    high: float

    @property
    def tied(self) -> bool:
        """The interval contains zero."""
        return self.low <= 0.0 <= self.high

    @property
    def significant(self) -> bool:
        """The interval excludes zero."""
        return not self.tied


def resampled_means(
    diff: np.ndarray,
    groups: Sequence[Hashable],
    *,
    resamples: int = RESAMPLES,
    rng: np.random.Generator,
) -> np.ndarray:
    """Means of ``diff`` over ``resamples`` resamples of the groups, drawn with replacement.

    Groups are taken in sorted order and each resample is a row of
    ``rng.integers(0, n_groups, size=(resamples, n_groups))``: the mean is over every question
    of every drawn group, a group drawn twice counting twice.
    """
    diff = np.asarray(diff, dtype=float)
    if diff.size == 0:
        raise ValueError("no questions to resample")
    if len(groups) != diff.size:
        raise ValueError(f"{len(groups)} groups for {diff.size} questions")
    keys, inverse = np.unique(np.asarray(groups, dtype=object).astype(str), return_inverse=True)
    sums = np.bincount(inverse, weights=diff, minlength=keys.size)
    sizes = np.bincount(inverse, minlength=keys.size).astype(float)
    draws = rng.integers(0, keys.size, size=(resamples, keys.size))
    return sums[draws].sum(axis=1) / sizes[draws].sum(axis=1)


def percentile_interval(
    delta: float, means: np.ndarray, confidence: float = CONFIDENCE
) -> Interval:
    """The percentile interval of resampled ``means`` around the observed ``delta``."""
    tail = 100.0 * (1.0 - confidence) / 2.0
    low, high = np.percentile(means, [tail, 100.0 - tail])
    return Interval(float(delta), float(low), float(high))


def paired_bootstrap(
    run: np.ndarray,
    reference: np.ndarray,
    groups: Sequence[Hashable],
    *,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    confidence: float = CONFIDENCE,
) -> Interval:
    """Interval of the mean per-question difference ``run - reference``, resampling ``groups``
    (one conversation id per question) with replacement, from ``np.random.default_rng(seed)``."""
    diff = np.asarray(run, dtype=float) - np.asarray(reference, dtype=float)
    means = resampled_means(diff, groups, resamples=resamples, rng=np.random.default_rng(seed))
    return percentile_interval(float(diff.mean()), means, confidence)


def stratified_bootstrap(
    strata: Sequence[tuple[np.ndarray, np.ndarray, Sequence[Hashable]]],
    *,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    confidence: float = CONFIDENCE,
) -> Interval:
    """Interval of the unweighted mean over strata (datasets) of the mean difference
    ``run - reference``; each stratum ``(run, reference, groups)`` resamples its own groups."""
    if not strata:
        raise ValueError("no strata to resample")
    rng = np.random.default_rng(seed)
    deltas, means = [], []
    for run, reference, groups in strata:
        diff = np.asarray(run, dtype=float) - np.asarray(reference, dtype=float)
        deltas.append(float(diff.mean()))
        means.append(resampled_means(diff, groups, resamples=resamples, rng=rng))
    return percentile_interval(float(np.mean(deltas)), np.mean(means, axis=0), confidence)

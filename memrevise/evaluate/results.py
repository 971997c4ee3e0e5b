"""What an evaluation measured: the dataset, tier and overall groups with their means and
differences, and the names of their columns."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from memrevise.bench.items import TIERS
from memrevise.evaluate.bootstrap import RESAMPLES, SEED, Interval
from memrevise.evaluate.measures import METRICS

STALE = "stale-above-gold"
COLUMNS: tuple[str, ...] = (*METRICS, STALE)
"""Metric columns of the dataset tables."""
PRIMARY = "MRR@10"
LOWER_IS_BETTER = frozenset({STALE})
"""Measures where a lower value is better; higher is better for every other."""
DIRECTIONS = "↑ higher is better, ↓ lower is better"


def heading(metric: str) -> str:
    """The measure's name with its direction: ``MRR@10 ↑``, ``stale-above-gold ↓``."""
    return f"{metric} {'↓' if metric in LOWER_IS_BETTER else '↑'}"


NATURAL = "natural"
"""Label of questions without a tier."""
TIER_LABELS: tuple[str, ...] = (*TIERS, NATURAL)
ALL = "all"
"""Name of the pooled group in :attr:`Evaluation.tiers` when there are several datasets."""
MIN_TIER_QUESTIONS = 30


@dataclass(frozen=True)
class Group:
    """Means of a set of questions (a dataset, a tier, the mean over datasets) for each run.

    ``means[run][metric]`` is NaN for stale-above-gold where no question counts; ``deltas[run]``
    is the MRR@10 difference to the first run with its interval, ``None`` for the first run and
    for groups too small to compare.
    """

    name: str
    n: int
    conversations: int
    n_stale: int
    means: dict[str, dict[str, float]]
    deltas: dict[str, Interval | None]
    too_small: bool = False


@dataclass(frozen=True)
class Evaluation:
    """Everything :func:`~memrevise.evaluate.evaluate` measured; render it with
    :func:`~memrevise.evaluate.report.summary` or :func:`~memrevise.evaluate.report.markdown`."""

    runs: tuple[str, ...]
    qids: tuple[str, ...]
    per_query: dict[str, dict[str, np.ndarray]]
    """run -> metric (and stale-above-gold, NaN where not counted) -> values aligned with qids."""
    datasets: dict[str, Group]
    overall: Group
    """Unweighted mean over datasets."""
    tiers: dict[str, dict[str, Group]]
    """dataset (and ``all`` with several datasets) -> tier label -> group."""
    resamples: int = RESAMPLES
    seed: int = SEED
    warnings: tuple[str, ...] = ()
    plots: tuple[Path, ...] = field(default=())

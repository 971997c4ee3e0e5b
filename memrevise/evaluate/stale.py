"""Stale-above-gold: does a passage of withdrawn context outrank every gold passage?"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memrevise.bench.items import Item
from memrevise.evaluate.runs import Ranking, Run

REVISION_TIERS: frozenset[str] = frozenset(
    {"correction", "self-repair", "follow-up", "value-revision"}
)
"""Tiers whose stale passages are counted."""


def counts_stale(item: Item) -> bool:
    """Whether ``item`` enters the stale-above-gold rate: a revision tier with stale passages."""
    return item.tier in REVISION_TIERS and bool(item.stale)


def stale_above_gold(item: Item, ranking: Ranking) -> bool:
    """Whether some stale passage ranks above every gold passage.

    A gold passage missing from the ranking counts as ranked below everything; when no stale
    passage is ranked, none is above.
    """
    positions: dict[str, int] = {}
    for position, (pid, _) in enumerate(ranking):
        positions.setdefault(pid, position)
    stale = min((positions[p] for p in item.stale if p in positions), default=None)
    if stale is None:
        return False
    gold = min((positions[p] for p in item.gold if p in positions), default=len(ranking))
    return stale < gold


def per_query_stale(items: Sequence[Item], run: Run) -> np.ndarray:
    """Per-question 1.0 / 0.0 aligned with ``items``; NaN where the item is not counted."""
    return np.array(
        [
            float(stale_above_gold(item, run.get(item.qid, []))) if counts_stale(item) else np.nan
            for item in items
        ]
    )

"""Per-question MRR@10, NDCG@3, R@10 and R@100, computed by ir_measures from the items' gold."""

from __future__ import annotations

from collections.abc import Sequence

import ir_measures
import numpy as np

from memrevise.bench.items import Item
from memrevise.evaluate.runs import Run

MEASURES: dict[str, str] = {"MRR@10": "RR@10", "NDCG@3": "nDCG@3", "R@10": "R@10", "R@100": "R@100"}
"""Report name -> ir_measures name."""

METRICS: tuple[str, ...] = tuple(MEASURES)


def qrels(items: Sequence[Item]) -> dict[str, dict[str, int]]:
    """qid -> {gold pid: 1}."""
    return {item.qid: dict.fromkeys(item.gold, 1) for item in items if item.gold}


def _ordered(run: Run, qids: set[str]) -> dict[str, dict[str, float]]:
    """The run as ir_measures input, restricted to ``qids``, with scores that encode its order.

    Each ranking gets strictly decreasing scores (``n, n-1, ...``) so that ties in the file's
    scores are broken as :func:`read_run` ordered them, not by the evaluator's own rule; a
    passage repeated within one ranking keeps its first (best) position.
    """
    out: dict[str, dict[str, float]] = {}
    for qid, ranking in run.items():
        if qid not in qids or not ranking:
            continue
        scores: dict[str, float] = {}
        for position, (pid, _) in enumerate(ranking):
            scores.setdefault(pid, float(len(ranking) - position))
        out[qid] = scores
    return out


def per_query(items: Sequence[Item], run: Run) -> dict[str, np.ndarray]:
    """Metric -> per-question values aligned with ``items``.

    Every item gets a value: an item that the run does not rank, or that has no gold passage,
    scores 0 on every metric (ir_measures leaves such queries out; they are filled in here).
    """
    irm = ir_measures
    index = {item.qid: position for position, item in enumerate(items)}
    values = {name: np.zeros(len(items)) for name in MEASURES}
    judged = qrels(items)
    if not judged:
        return values
    by_measure = {irm.parse_measure(spec): name for name, spec in MEASURES.items()}
    evaluator = irm.evaluator(list(by_measure), judged)
    for metric in evaluator.iter_calc(_ordered(run, set(index))):
        values[by_measure[metric.measure]][index[metric.query_id]] = metric.value
    return values

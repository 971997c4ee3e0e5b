"""Scores per question, their means per dataset and tier, and bootstrap comparisons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from memrevise.bench.items import Item
from memrevise.evaluate.bootstrap import (
    RESAMPLES,
    SEED,
    Interval,
    paired_bootstrap,
    stratified_bootstrap,
)
from memrevise.evaluate.measures import per_query
from memrevise.evaluate.report import write_report
from memrevise.evaluate.results import (
    ALL,
    COLUMNS,
    MIN_TIER_QUESTIONS,
    NATURAL,
    PRIMARY,
    STALE,
    TIER_LABELS,
    Evaluation,
    Group,
)
from memrevise.evaluate.runs import Run
from memrevise.evaluate.stale import per_query_stale


def tier_label(item: Item) -> str:
    return item.tier or NATURAL


def _mean(values: Sequence[float] | np.ndarray) -> float:
    """Mean of the values that are not NaN; NaN when there are none."""
    array = np.asarray(values, dtype=float)
    kept = array[~np.isnan(array)]
    return float(kept.mean()) if kept.size else float("nan")


def _conversation(item: Item) -> str:
    return f"{item.dataset}\x1f{item.conversation_id}"


def _group(
    name: str,
    mask: np.ndarray,
    groups: np.ndarray,
    scores: dict[str, dict[str, np.ndarray]],
    *,
    min_questions: int,
    resamples: int,
    seed: int,
) -> Group:
    runs = list(scores)
    first = scores[runs[0]][PRIMARY][mask]
    stale = scores[runs[0]][STALE][mask]
    too_small = int(mask.sum()) < min_questions
    means = {run: {m: _mean(v[mask]) for m, v in values.items()} for run, values in scores.items()}
    deltas: dict[str, Interval | None] = {runs[0]: None}
    for run in runs[1:]:
        deltas[run] = (
            None
            if too_small
            else paired_bootstrap(
                scores[run][PRIMARY][mask], first, groups[mask], resamples=resamples, seed=seed
            )
        )
    return Group(
        name=name,
        n=int(mask.sum()),
        conversations=len(set(groups[mask])),
        n_stale=int(np.sum(~np.isnan(stale))),
        means=means,
        deltas=deltas,
        too_small=too_small,
    )


def _overall(
    datasets: dict[str, Group],
    masks: dict[str, np.ndarray],
    groups: np.ndarray,
    scores: dict[str, dict[str, np.ndarray]],
    *,
    resamples: int,
    seed: int,
) -> Group:
    runs = list(scores)
    means = {
        run: {m: _mean([g.means[run][m] for g in datasets.values()]) for m in COLUMNS}
        for run in runs
    }
    deltas: dict[str, Interval | None] = {runs[0]: None}
    for run in runs[1:]:
        strata = [
            (scores[run][PRIMARY][mask], scores[runs[0]][PRIMARY][mask], groups[mask])
            for mask in masks.values()
        ]
        deltas[run] = stratified_bootstrap(strata, resamples=resamples, seed=seed)
    return Group(
        name="mean over datasets",
        n=sum(g.n for g in datasets.values()),
        conversations=sum(g.conversations for g in datasets.values()),
        n_stale=sum(g.n_stale for g in datasets.values()),
        means=means,
        deltas=deltas,
    )


def _warnings(items: Sequence[Item], runs: Mapping[str, Run]) -> list[str]:
    notes = []
    no_gold = sum(not item.gold for item in items)
    if no_gold:
        notes.append(f"{no_gold} of {len(items)} questions have no gold passage; they score 0")
    qids = {item.qid for item in items}
    for name, run in runs.items():
        missing = sum(not run.get(qid) for qid in qids)
        if missing:
            notes.append(f"{name}: {missing} of {len(items)} questions unranked; they score 0")
        unknown = len(set(run) - qids)
        if unknown:
            notes.append(f"{name}: {unknown} ranked queries are not among the items; ignored")
    return notes


def evaluate(
    items: Sequence[Item],
    runs: Mapping[str, Run],
    report_path: Path | None = None,
    *,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    min_tier_questions: int = MIN_TIER_QUESTIONS,
) -> Evaluation:
    """Score ``runs`` (name -> run; the first is the reference) on ``items``.

    Means per dataset, per tier within each dataset, and unweighted over datasets; MRR@10
    differences to the first run with paired-bootstrap intervals over conversations (tiers
    with fewer than ``min_tier_questions`` questions get none). With ``report_path``, writes
    the Markdown report there and its plots next to it (``R.md`` -> ``R-tiers.png``, ...).
    """
    if not items:
        raise ValueError("no items to evaluate")
    if not runs:
        raise ValueError("no runs to evaluate")
    if len({item.qid for item in items}) != len(items):
        raise ValueError("items repeat a qid")
    scores: dict[str, dict[str, np.ndarray]] = {}
    for name, run in runs.items():
        scores[name] = {**per_query(items, run), STALE: per_query_stale(items, run)}
    groups = np.array([_conversation(item) for item in items], dtype=object)
    dataset_of = np.array([item.dataset for item in items], dtype=object)
    tier_of = np.array([tier_label(item) for item in items], dtype=object)
    options = {"resamples": resamples, "seed": seed}

    masks = {d: dataset_of == d for d in dict.fromkeys(item.dataset for item in items)}
    datasets = {
        d: _group(d, mask, groups, scores, min_questions=0, **options) for d, mask in masks.items()
    }
    overall = _overall(datasets, masks, groups, scores, **options)
    subsets = dict(masks)
    if len(masks) > 1:
        subsets[ALL] = np.ones(len(items), dtype=bool)
    tiers = {
        d: {
            t: _group(
                t,
                mask & (tier_of == t),
                groups,
                scores,
                min_questions=min_tier_questions,
                **options,
            )
            for t in TIER_LABELS
            if np.any(mask & (tier_of == t))
        }
        for d, mask in subsets.items()
    }
    evaluation = Evaluation(
        runs=tuple(runs),
        qids=tuple(item.qid for item in items),
        per_query=scores,
        datasets=datasets,
        overall=overall,
        tiers=tiers,
        resamples=resamples,
        seed=seed,
        warnings=tuple(_warnings(items, runs)),
    )
    if report_path is not None:
        evaluation = write_report(evaluation, Path(report_path))
    return evaluation

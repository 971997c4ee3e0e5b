"""PNG bar charts of MRR@10 with bootstrap intervals (matplotlib, Agg backend, imported lazily)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from memrevise.evaluate.results import PRIMARY, Evaluation, Group

if TYPE_CHECKING:
    from matplotlib.axes import Axes


def _pyplot() -> Any:
    """matplotlib.pyplot on the Agg backend, or fail with the install hint."""
    try:
        import matplotlib
    except ImportError as error:
        raise ImportError(
            "report plots need matplotlib: pip install 'memrevise[report]'"
        ) from error
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _bars(axes: Axes, groups: Sequence[Group], labels: Sequence[str], runs: Sequence[str]) -> None:
    """Grouped bars of MRR@10, one group per entry of ``groups``, one bar per run; each later
    run carries the interval of its difference to the first run, placed on its own mean."""
    width = 0.8 / len(runs)
    x = np.arange(len(groups))
    for k, run in enumerate(runs):
        heights = np.array([g.means[run][PRIMARY] for g in groups])
        errors = np.zeros((2, len(groups)))
        shown = np.zeros(len(groups), dtype=bool)
        for j, g in enumerate(groups):
            interval = g.deltas.get(run)
            if interval is not None:
                errors[:, j] = (interval.delta - interval.low, interval.high - interval.delta)
                shown[j] = True
        offset = (k - (len(runs) - 1) / 2) * width
        axes.bar(x + offset, heights, width, label=run)
        if shown.any():
            axes.errorbar(
                (x + offset)[shown],
                heights[shown],
                yerr=errors[:, shown],
                fmt="none",
                ecolor="black",
                capsize=2,
                linewidth=0.8,
            )
    axes.set_xticks(x, labels)
    axes.set_ylabel(f"{PRIMARY} (higher is better)")
    axes.set_ylim(0, 1.05)


def plot_datasets(evaluation: Evaluation, path: Path) -> Path:
    """MRR@10 per dataset and the mean over datasets."""
    plt = _pyplot()
    groups = [*evaluation.datasets.values(), evaluation.overall]
    labels = [*evaluation.datasets, "mean"]
    figure, axes = plt.subplots(figsize=(max(5.0, 1.4 * len(groups) + 2.0), 3.5))
    _bars(axes, groups, labels, evaluation.runs)
    axes.set_title(f"{PRIMARY} per dataset (baseline: {evaluation.runs[0]})")
    if len(evaluation.runs) > 1:
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def plot_tiers(evaluation: Evaluation, path: Path) -> Path:
    """MRR@10 per tier, one panel per dataset (and pooled); tiers below the size rule carry
    no interval and are labelled ``n<30``-style."""
    plt = _pyplot()
    subsets = list(evaluation.tiers.items())
    widest = max(len(tiers) for _, tiers in subsets)
    figure, panels = plt.subplots(
        len(subsets), 1, figsize=(max(6.0, 1.5 * widest + 2.0), 3.2 * len(subsets)), squeeze=False
    )
    for axes, (name, tiers) in zip(panels[:, 0], subsets, strict=True):
        labels = [f"{t}\nn={g.n}" + (" (small)" if g.too_small else "") for t, g in tiers.items()]
        _bars(axes, list(tiers.values()), labels, evaluation.runs)
        axes.set_title(f"{name}: {PRIMARY} per tier (baseline: {evaluation.runs[0]})")
        axes.tick_params(axis="x", labelsize="small")
    if len(evaluation.runs) > 1:
        panels[0, 0].legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path

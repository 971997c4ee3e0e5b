"""Plain-text summary and Markdown report of an :class:`Evaluation`."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from pathlib import Path

from memrevise.evaluate.bootstrap import Interval
from memrevise.evaluate.results import (
    COLUMNS,
    DIRECTIONS,
    PRIMARY,
    STALE,
    Evaluation,
    Group,
    heading,
)
from memrevise.evaluate.stale import REVISION_TIERS
from memrevise.jsonl import write_atomic


def number(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:.3f}"


def percent(value: float) -> str:
    return "–" if math.isnan(value) else f"{100 * value:.1f}%"


def cell(metric: str, value: float) -> str:
    return percent(value) if metric == STALE else number(value)


def difference(group: Group, run: str, first: str, *, interval: bool = True) -> str:
    """``+0.100* [+0.050, +0.150]``, ``*`` when the interval excludes zero; a bare ``+0.100``
    for a group too small for an interval; empty for the first run."""
    found: Interval | None = group.deltas.get(run)
    if run == first:
        return ""
    if found is None:
        delta = group.means[run][PRIMARY] - group.means[first][PRIMARY]
        return f"{delta:+.3f}"
    text = f"{found.delta:+.3f}{'*' if found.significant else ''}"
    return f"{text} [{found.low:+.3f}, {found.high:+.3f}]" if interval else text


def _text_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def _md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    return [
        "| " + " | ".join(header) + " |",
        "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|",
        *("| " + " | ".join(r) + " |" for r in rows),
    ]


def _metric_rows(evaluation: Evaluation, group: Group, *, interval: bool) -> list[list[str]]:
    first = evaluation.runs[0]
    return [
        [
            run,
            *(cell(m, group.means[run][m]) for m in COLUMNS),
            difference(group, run, first, interval=interval),
        ]
        for run in evaluation.runs
    ]


def _tier_rows(
    evaluation: Evaluation, tiers: dict[str, Group], *, interval: bool
) -> list[list[str]]:
    first = evaluation.runs[0]
    rows = []
    for run in evaluation.runs:
        cells = [run]
        for group in tiers.values():
            change = difference(group, run, first, interval=interval)
            cells.append(number(group.means[run][PRIMARY]) + (f" ({change})" if change else ""))
        rows.append(cells)
    return rows


def _tier_header(tiers: dict[str, Group], small: str) -> list[str]:
    return ["run", *(f"{t} n={g.n}{small if g.too_small else ''}" for t, g in tiers.items())]


def _groups(evaluation: Evaluation) -> list[tuple[str, Group]]:
    pairs = list(evaluation.datasets.items())
    if len(pairs) > 1:
        pairs.append(("mean over datasets (unweighted)", evaluation.overall))
    return pairs


def summary(evaluation: Evaluation) -> str:
    """Dataset tables with MRR@10 intervals, then MRR@10 per tier (tiers as rows) with Δ."""
    first, compared = evaluation.runs[0], len(evaluation.runs) > 1
    lines: list[str] = []
    for name, group in _groups(evaluation):
        lines += [f"{name}: {group.n} questions, {group.conversations} conversations", ""]
        header = ["run", *map(heading, COLUMNS)]
        header += [f"Δ {PRIMARY} vs {first} [95%]"] if compared else []
        rows = [r[: len(header)] for r in _metric_rows(evaluation, group, interval=True)]
        lines += [*_text_table(header, rows), ""]
    for name, tiers in evaluation.tiers.items():
        lines += [f"{name}: {PRIMARY} per tier" + (f" (Δ vs {first})" if compared else ""), ""]
        rows = [
            [
                tier,
                f"{group.n}{' (small)' if group.too_small else ''}",
                *(
                    number(group.means[run][PRIMARY])
                    + (
                        f" {change}"
                        if (change := difference(group, run, first, interval=False))
                        else ""
                    )
                    for run in evaluation.runs
                ),
            ]
            for tier, group in tiers.items()
        ]
        lines += [*_text_table(["tier", "n", *evaluation.runs], rows), ""]
    lines.append(f"{DIRECTIONS}.")
    if compared:
        lines.append(_legend(evaluation))
    lines += [f"note: {w}" for w in evaluation.warnings]
    return "\n".join(lines)


def _legend(evaluation: Evaluation) -> str:
    return (
        f"Baseline: {evaluation.runs[0]}. "
        f"*: the 95% interval of the difference to {evaluation.runs[0]} excludes zero "
        f"(paired bootstrap over conversations, {evaluation.resamples} resamples, "
        f"seed {evaluation.seed}); tiers under the size rule are compared without an interval."
    )


def markdown(evaluation: Evaluation, plots: Sequence[str] = ()) -> str:
    """The report: per-dataset tables (as Tables 2/9), the mean over datasets, per-tier MRR@10
    with Δ vs the first run (as Tables 3/11), stale-above-gold per revision tier, plots."""
    first = evaluation.runs[0]
    out = [
        "# Evaluation",
        "",
        f"{len(evaluation.qids)} questions; runs: {', '.join(evaluation.runs)}; baseline: "
        f"**{first}**. Δ: per-question difference to the baseline, with the 95% percentile "
        f"interval of a paired bootstrap over conversations ({evaluation.resamples} resamples, "
        f"seed {evaluation.seed}); `*`: the interval excludes zero. {STALE}: share of revision "
        "questions with stale passages where a stale passage ranks above every gold passage "
        f"(lower is better). {DIRECTIONS}.",
        "",
    ]
    if evaluation.warnings:
        out += [*(f"- {w}" for w in evaluation.warnings), ""]
    out += ["## Datasets", ""]
    for name, group in _groups(evaluation):
        out += [
            f"### {name}",
            "",
            f"{group.n} questions, {group.conversations} conversations, "
            f"{group.n_stale} counted for {STALE}; baseline **{first}**.",
            "",
        ]
        header = ["run", *map(heading, COLUMNS)]
        header += [f"Δ {PRIMARY} vs {first} [95%]"] if len(evaluation.runs) > 1 else []
        rows = [r[: len(header)] for r in _metric_rows(evaluation, group, interval=True)]
        out += [*_md_table(header, rows), ""]
    out += [
        f"## {heading(PRIMARY)} per tier",
        "",
        f"Cells: the run's {PRIMARY} (higher is better; Δ vs the baseline **{first}** [95% "
        "interval]); tiers marked *too small* have too few questions for an interval.",
        "",
    ]
    for name, tiers in evaluation.tiers.items():
        out += [f"### {name}", ""]
        out += [
            *_md_table(
                _tier_header(tiers, " (too small)"), _tier_rows(evaluation, tiers, interval=True)
            ),
            "",
        ]
    stale_tables = []
    for name, tiers in evaluation.tiers.items():
        counted = {t: g for t, g in tiers.items() if t in REVISION_TIERS and g.n_stale}
        if counted:
            header = ["run", *(f"{t} n={g.n_stale}" for t, g in counted.items())]
            rows = [
                [run, *(percent(g.means[run][STALE]) for g in counted.values())]
                for run in evaluation.runs
            ]
            stale_tables += [f"### {name}", "", *_md_table(header, rows), ""]
    if stale_tables:
        out += [
            f"## {heading(STALE)} per revision tier",
            "",
            "Cells: the share of the tier's questions with stale passages where one ranks above "
            "every gold passage; lower is better.",
            "",
            *stale_tables,
        ]
    if plots:
        out += ["## Plots", ""]
        out += [f"![{Path(p).stem}]({p})" for p in plots]
        out += [
            "",
            f"Error bars: the 95% interval of each run's difference to the baseline {first}, "
            "placed on the run's own mean.",
            "",
        ]
    return "\n".join(out)


def plot_paths(report: Path) -> tuple[Path, Path]:
    """Plot files next to ``report``: ``R.md`` -> ``R-datasets.png``, ``R-tiers.png``."""
    return (
        report.with_name(f"{report.stem}-datasets.png"),
        report.with_name(f"{report.stem}-tiers.png"),
    )


def write_report(evaluation: Evaluation, report: Path) -> Evaluation:
    """Write the plots and the Markdown report; the evaluation, with the plot paths."""
    from memrevise.evaluate.plots import plot_datasets, plot_tiers

    datasets, tiers = plot_paths(report)
    report.parent.mkdir(parents=True, exist_ok=True)
    written = (plot_datasets(evaluation, datasets), plot_tiers(evaluation, tiers))
    text = markdown(evaluation, [p.name for p in written])
    write_atomic(report, text.splitlines())
    return dataclasses.replace(evaluation, plots=written)

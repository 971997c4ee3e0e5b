"""TREC runs (``qid Q0 pid rank score tag``), ranked by score with the rank column as tiebreak."""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from memrevise.errors import LineError, numbered_lines

Ranking = list[tuple[str, float]]
"""One query's ranked passages, best first: ``(pid, score)``."""

Run = dict[str, Ranking]
"""A run: qid -> ranking."""


class RunError(LineError):
    """A malformed run file; the message reads ``path:line: reason``."""


def _parse(path: str | os.PathLike[str]) -> tuple[Run, set[str]]:
    """The run and the set of tags it uses."""
    rows: dict[str, list[tuple[float, int, str]]] = {}
    seen: dict[tuple[str, str], int] = {}
    tags: set[str] = set()
    for number, raw in numbered_lines(path, RunError):
        try:
            fields = raw.decode("utf-8-sig" if number == 1 else "utf-8").split()
        except UnicodeDecodeError:
            raise RunError(path, number, "invalid UTF-8") from None
        if not fields:
            continue
        if len(fields) != 6:
            raise RunError(
                path,
                number,
                f"expected 6 columns (qid Q0 pid rank score tag), got {len(fields)}",
            )
        qid, _, pid, rank_text, score_text, tag = fields
        try:
            rank = int(rank_text)
        except ValueError:
            raise RunError(path, number, f"rank {rank_text!r} is not an integer") from None
        try:
            score = float(score_text)
        except ValueError:
            raise RunError(path, number, f"score {score_text!r} is not a number") from None
        if not math.isfinite(score):
            raise RunError(path, number, f"score {score_text!r} is not finite")
        if (qid, pid) in seen:
            raise RunError(
                path, number, f"passage {pid!r} repeats for {qid!r} (line {seen[qid, pid]})"
            )
        seen[qid, pid] = number
        tags.add(tag)
        rows.setdefault(qid, []).append((-score, rank, pid))
    run = {qid: [(pid, -neg) for neg, _, pid in sorted(entries)] for qid, entries in rows.items()}
    return run, tags


def read_run(path: str | os.PathLike[str]) -> Run:
    """Read a TREC run: qid -> ``[(pid, score), ...]`` by score descending, ties by rank column.

    A malformed line (not 6 columns, a rank or score that is not a number, a passage repeated
    for a query) raises :class:`RunError` naming the file and line.
    """
    return _parse(path)[0]


def load_runs(
    paths: Iterable[str | os.PathLike[str]], names: Sequence[str] | None = None
) -> dict[str, Run]:
    """Read runs named by ``names`` (one per path), else by their tag (a run with one tag),
    else by file stem; a name used twice gets ``-2``, ``-3``... ."""
    parsed = [(Path(p), *_parse(p)) for p in paths]
    if names is not None and len(names) != len(parsed):
        raise ValueError(f"{len(names)} names for {len(parsed)} runs: give one --name per run")
    runs: dict[str, Run] = {}
    for number, (path, run, tags) in enumerate(parsed):
        if names is not None:
            name = names[number]
        else:
            name = next(iter(tags)) if len(tags) == 1 else path.stem
        base, k = name, 2
        while name in runs:
            name, k = f"{base}-{k}", k + 1
        runs[name] = run
    return runs

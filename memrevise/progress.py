"""Progress of long commands on stderr: each stage with its elapsed time, counted work with a
bar and the time left; shown only while a command shows it on a terminal.

A command opens :func:`shown` around its work; the code it runs reports with :func:`stage`,
:func:`advance` and :func:`track`, which do nothing when no progress is shown (in tests, in a
library call, or when stderr is not a terminal)::

    with shown(Console(stderr=True)):
        stage("indexing answers")
        for conversation in track(conversations, "features"):
            ...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sized
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

T = TypeVar("T")
STEPS_SHOWN = 1000  # at most, per stage of :func:`track`


class _Shown:
    """The stages of one command on a rich :class:`Progress`; one stage is current."""

    def __init__(self, bars: Progress) -> None:
        self.bars = bars
        self.task: TaskID | None = None

    def stage(self, label: str, total: int | None) -> None:
        if self.task is not None:
            self.finish()
        self.task = self.bars.add_task(label, total=total)

    def count(self, total: int | None) -> None:
        if self.task is None:
            self.stage("", total)
        else:
            self.bars.update(self.task, total=total, completed=0)

    def advance(self, steps: int) -> None:
        if self.task is not None:
            self.bars.advance(self.task, steps)

    def finish(self) -> None:
        assert self.task is not None
        task = self.bars.tasks[self.task]
        self.bars.update(self.task, total=task.completed or 1, completed=task.completed or 1)
        self.bars.stop_task(self.task)


_current: ContextVar[_Shown | None] = ContextVar("progress", default=None)


@contextmanager
def shown(console: Console) -> Iterator[None]:
    """Show the progress reported inside this block on ``console``, if it is a terminal."""
    if not console.is_terminal:
        yield
        return
    columns = (
        SpinnerColumn(finished_text="✓"),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as bars:
        token = _current.set(_Shown(bars))
        try:
            yield
        finally:
            if (report := _current.get()) is not None and report.task is not None:
                report.finish()
            _current.reset(token)


def stage(label: str, total: int | None = None) -> None:
    """Start the stage ``label`` (the previous one ends); with ``total`` steps it gets a bar
    and an estimate of the time left."""
    if (report := _current.get()) is not None:
        report.stage(label, total)


def advance(steps: int = 1) -> None:
    """Count ``steps`` of the current stage's work done."""
    if (report := _current.get()) is not None:
        report.advance(steps)


def track(items: Iterable[T], label: str | None = None, total: int | None = None) -> Iterator[T]:
    """``items`` one at a time, one step each, as the stage ``label`` (else as the current
    stage's work) of ``total`` steps (by default ``len(items)`` where it has one)."""
    if total is None and isinstance(items, Sized):
        total = len(items)
    if label is not None:
        stage(label, total)
    elif (report := _current.get()) is not None:
        report.count(total)
    step = max(1, (total or 0) // STEPS_SHOWN)  # the bar moves in steps: a big count stays cheap
    done = 0
    for item in items:
        yield item
        done += 1
        if done % step == 0:
            advance(step)
    advance(done % step)

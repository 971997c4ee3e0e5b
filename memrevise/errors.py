"""Errors that point at a place in a file."""

from __future__ import annotations

import os
from collections.abc import Iterator


class LineError(ValueError):
    """Something wrong at a line of a file; the message reads ``path:line: reason`` (or
    ``path: reason`` for the whole file, line 0)."""

    def __init__(self, path: str | os.PathLike[str], line: int, reason: str) -> None:
        where = f"{os.fspath(path)}:{line}" if line else os.fspath(path)
        super().__init__(f"{where}: {reason}")
        self.path = os.fspath(path)
        self.line = line
        self.reason = reason

    def __reduce__(self) -> tuple[type, tuple[str, int, str]]:
        """Keep the error picklable (e.g. across processes) despite its signature."""
        return type(self), (self.path, self.line, self.reason)


class ModelError(ValueError):
    """A missing or unreadable model file; the message names the file."""


def numbered_lines(
    path: str | os.PathLike[str], error: type[LineError] = LineError
) -> Iterator[tuple[int, bytes]]:
    """``(line number, raw line)`` of a file; a file that cannot be opened raises ``error``
    for the whole file (line 0)."""
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed by the with below
    except OSError as failure:
        raise error(path, 0, failure.strerror or str(failure)) from None
    with handle:
        yield from enumerate(handle, start=1)

"""Errors that point at a place in a file, and warnings about an input file."""

from __future__ import annotations

import gzip
import os
import zlib
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


class UntitledWarning(UserWarning):
    """Passages of a collection without a title (the message says how many)."""


def numbered_lines(
    path: str | os.PathLike[str], error: type[LineError] = LineError
) -> Iterator[tuple[int, bytes]]:
    """``(line number, raw line)`` of a file, gzip-compressed when its name ends in ``.gz``; a
    file that cannot be opened raises ``error`` for the whole file (line 0), one that cannot be
    read (a corrupt or cut-off gzip stream) for the line where reading failed."""
    try:
        handle = (gzip.open if os.fspath(path).endswith(".gz") else open)(path, "rb")
    except OSError as failure:
        raise error(path, 0, failure.strerror or str(failure)) from None
    number = 0
    with handle:
        try:
            for number, raw in enumerate(handle, start=1):
                yield number, raw
        except (OSError, EOFError, zlib.error) as failure:
            raise error(path, number + 1, f"unreadable: {failure}") from None

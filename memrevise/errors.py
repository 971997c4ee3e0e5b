"""Errors that point at a place in a file."""

from __future__ import annotations

import os


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

"""JSON Lines in and out: line-numbered errors when reading, atomic replacement when writing."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from memrevise.errors import LineError, numbered_lines


class JsonlError(LineError):
    """A malformed JSONL line; the message reads ``path:line: reason``."""


def read_objects(path: str | os.PathLike[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line number, object)`` for each non-blank line; bad lines raise
    :class:`JsonlError` naming the file and the line."""
    for number, raw in numbered_lines(path, JsonlError):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            record = json.loads(text, strict=False)
        except UnicodeDecodeError:
            raise JsonlError(path, number, "invalid UTF-8") from None
        except json.JSONDecodeError as error:
            raise JsonlError(
                path, number, f"invalid JSON: {error.msg} (column {error.colno})"
            ) from None
        if not isinstance(record, dict):
            raise JsonlError(path, number, f"expected a JSON object, not {type(record).__name__}")
        yield number, record


def count_lines(path: str | os.PathLike[str]) -> int:
    """How many lines ``path`` holds (a last line without a newline counts), read in chunks."""
    count, last = 0, b"\n"
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            count += chunk.count(b"\n")
            last = chunk[-1:]
    return count + (last != b"\n")


def write_atomic(path: str | os.PathLike[str], lines: Iterable[str]) -> None:
    """Write ``lines`` (each without its newline) to ``path`` through a temporary file in the
    same directory, so a failure leaves any earlier file untouched and nothing half-written."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            for line in lines:
                out.write(line)
                out.write("\n")
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_objects(path: str | os.PathLike[str], records: Iterable[dict[str, Any]]) -> None:
    """Write one JSON object a line, atomically."""
    write_atomic(path, (json.dumps(r, ensure_ascii=False) for r in records))

"""JSON in and out: one guarded parser, line-numbered errors when reading JSON Lines, atomic
replacement when writing."""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from memrevise.errors import LineError, numbered_lines
from memrevise.text import MAX_DIGITS


class JsonlError(LineError):
    """A malformed JSONL line; the message reads ``path:line: reason``."""


class JsonValueError(ValueError):
    """Text that :func:`parse_json` does not accept; the message says why and where.

    ``line`` is the line of the text where a syntax error stands (0 when the error has no
    place), and ``reason`` the message without that line."""

    def __init__(self, reason: str, line: int = 0) -> None:
        super().__init__(f"{reason} at line {line}" if line > 1 else reason)
        self.reason = reason
        self.line = line


_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _no_constant(name: str) -> Any:
    raise JsonValueError(f"{name} is not a JSON number")


def parse_json(text: str, strict: bool = True) -> Any:
    """The JSON value in ``text``, or :class:`JsonValueError` saying what is wrong.

    Stricter and safer than :func:`json.loads`: no ``NaN`` or ``Infinity``, no integer over
    :data:`~memrevise.text.MAX_DIGITS` digits, no lone surrogate (``"\\ud800"``) in a string,
    and nesting too deep for the parser is an error, not a crash. With ``strict`` false,
    control characters are allowed inside strings.
    """
    try:
        value = json.loads(text, strict=strict, parse_constant=_no_constant)
    except JsonValueError:
        raise
    except json.JSONDecodeError as error:
        raise JsonValueError(f"{error.msg} (column {error.colno})", error.lineno) from None
    except RecursionError:
        raise JsonValueError("nested too deeply") from None
    except ValueError:  # the only other failure: int() refusing a number of too many digits
        raise JsonValueError(f"a number of more than {MAX_DIGITS} digits") from None
    if _ESCAPED_SURROGATE.search(text):
        where = _surrogate_at(value)
        if where is not None:
            raise JsonValueError(f"a lone surrogate (half of a UTF-16 pair) in {where}")
    return value


def _surrogate_at(value: Any) -> str | None:
    """The path ("id", "history.0.question") of the first string holding a lone surrogate."""
    pending: list[tuple[str, Any]] = [("the value", value)]
    while pending:
        where, item = pending.pop()
        if isinstance(item, str) and _SURROGATE.search(item):
            return where
        if isinstance(item, dict | list):
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            prefix = "" if where == "the value" else f"{where}."
            for key, inner in reversed(list(pairs)):
                pending.append((f"{prefix}{key}", inner))
                if isinstance(key, str) and _SURROGATE.search(key):
                    return f"the key {prefix}{ascii(key)[1:-1]}"
    return None


def read_objects(path: str | os.PathLike[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line number, object)`` for each non-blank line; bad lines raise
    :class:`JsonlError` naming the file and the line."""
    for number, raw in numbered_lines(path, JsonlError):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            record = parse_json(text, strict=False)
        except UnicodeDecodeError:
            raise JsonlError(path, number, "invalid UTF-8") from None
        except JsonValueError as error:
            raise JsonlError(path, number, f"invalid JSON: {error}") from None
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
    remove_leftovers(target)


def remove_leftovers(target: Path) -> None:
    """Remove what interrupted saves of ``target`` left beside it: the temporary files and
    directories named ``.{name}.XXXXXXXX`` (with ``.tmp`` or after ``old.``) that a finished
    save renames or deletes. Called once a save of ``target`` has succeeded."""
    leftover = re.compile(rf"\.{re.escape(target.name)}\.(?:old\.)?[a-z0-9_]{{8}}(?:\.tmp)?")
    for path in target.parent.glob(f".{glob.escape(target.name)}.*"):
        if not leftover.fullmatch(path.name):
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_objects(path: str | os.PathLike[str], records: Iterable[dict[str, Any]]) -> None:
    """Write one JSON object a line, atomically."""
    write_atomic(path, (json.dumps(r, ensure_ascii=False) for r in records))

"""Passage collections stored as JSONL, one ``{"id", "title", "text"}`` object a line."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from memrevise.text import clean


@dataclass(frozen=True, slots=True)
class Passage:
    """One retrievable unit: a stable id, the title of its page, and its text."""

    id: str
    title: str
    text: str


class CollectionError(ValueError):
    """A malformed collection line; the message reads ``path:line: reason``."""

    def __init__(self, path: str | os.PathLike[str], line: int, reason: str) -> None:
        super().__init__(f"{os.fspath(path)}:{line}: {reason}")
        self.path = os.fspath(path)
        self.line = line
        self.reason = reason

    def __reduce__(self) -> tuple[type[CollectionError], tuple[str, int, str]]:
        """Keep the error picklable (e.g. across processes) despite its signature."""
        return type(self), (self.path, self.line, self.reason)


def _field(record: dict, name: str, *, required: bool) -> str:
    if name not in record:
        if required:
            raise ValueError(f'missing field "{name}"')
        return ""
    value = record[name]
    if not isinstance(value, str):
        raise ValueError(f'field "{name}" must be a string, not {type(value).__name__}')
    return value


def _parse(raw: bytes, line: int) -> Passage:
    text = raw.decode("utf-8-sig" if line == 1 else "utf-8")
    try:
        record = json.loads(text, strict=False)
    except json.JSONDecodeError as err:
        raise ValueError(f"invalid JSON: {err.msg} (column {err.colno})") from None
    if not isinstance(record, dict):
        raise ValueError(f"expected a JSON object, not {type(record).__name__}")
    pid = _field(record, "id", required=True)
    if not pid.strip():
        raise ValueError('field "id" must not be empty')
    title = _field(record, "title", required=False)
    body = _field(record, "text", required=True)
    return Passage(pid, clean(title), clean(body))


def read_collection(path: str | os.PathLike[str]) -> list[Passage]:
    """Read a JSONL collection; titles and texts go through :func:`memrevise.text.clean`.

    Blank lines and unknown fields are ignored; a missing ``title`` reads as ``""``.
    Any malformed line, or an id seen before, raises :class:`CollectionError`.
    """
    passages: list[Passage] = []
    first_line: dict[str, int] = {}
    with open(path, "rb") as lines:
        for number, raw in enumerate(lines, start=1):
            if not raw.strip():
                continue
            try:
                passage = _parse(raw, number)
            except (UnicodeDecodeError, ValueError) as err:
                reason = "invalid UTF-8" if isinstance(err, UnicodeDecodeError) else str(err)
                raise CollectionError(path, number, reason) from None
            if passage.id in first_line:
                reason = f'duplicate id "{passage.id}" (first on line {first_line[passage.id]})'
                raise CollectionError(path, number, reason)
            first_line[passage.id] = number
            passages.append(passage)
    return passages


def write_collection(passages: Iterable[Passage], path: str | os.PathLike[str]) -> None:
    """Write ``passages`` as JSONL, atomically: ``path`` is replaced only once all is written.

    Raises ``ValueError`` on a duplicate id, leaving any existing file untouched.
    """
    target = Path(path)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
    )
    try:
        seen: set[str] = set()
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            for passage in passages:
                if passage.id in seen:
                    raise ValueError(f'duplicate id "{passage.id}"')
                seen.add(passage.id)
                record = {"id": passage.id, "title": passage.title, "text": passage.text}
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise

"""Passage collections stored as JSONL, one ``{"id", "title", "text"}`` object a line."""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from memrevise.errors import UntitledWarning
from memrevise.jsonl import JsonlError, read_objects, write_atomic
from memrevise.text import clean, is_one_word


@dataclass(frozen=True, slots=True)
class Passage:
    """One retrievable unit: a stable id, the title of its page, and its text."""

    id: str
    title: str
    text: str


class CollectionError(JsonlError):
    """A malformed collection line; the message reads ``path:line: reason``."""


def _field(record: dict, name: str, *, required: bool) -> str:
    if name not in record:
        if required:
            raise ValueError(f'missing field "{name}"')
        return ""
    value = record[name]
    if not isinstance(value, str):
        raise ValueError(f'field "{name}" must be a string, not {type(value).__name__}')
    return value


def _parse(record: dict) -> Passage:
    pid = _field(record, "id", required=True)
    if not is_one_word(pid):
        raise ValueError('field "id" must be one word, without whitespace (a TREC run holds it)')
    title = _field(record, "title", required=False)
    body = _field(record, "text", required=True)
    return Passage(pid, clean(title), clean(body))


def iter_collection(path: str | os.PathLike[str]) -> Iterator[Passage]:
    """The passages of a JSONL collection one at a time (a large collection streams into an
    index); titles and texts go through :func:`memrevise.text.clean`.

    Blank lines and unknown fields are ignored; a missing ``title`` reads as ``""``, and once
    the file is read a :class:`UntitledWarning` gives the count of passages without a title.
    A malformed line, or an id seen before, raises :class:`CollectionError` when reached. A
    ``.gz`` file is read through gzip.
    """
    first_line: dict[str, int] = {}
    untitled = 0
    try:
        for number, record in read_objects(path):
            try:
                passage = _parse(record)
            except ValueError as error:
                raise CollectionError(path, number, str(error)) from None
            if passage.id in first_line:
                reason = f'duplicate id "{passage.id}" (first on line {first_line[passage.id]})'
                raise CollectionError(path, number, reason)
            first_line[passage.id] = number
            untitled += not passage.title
            yield passage
    except CollectionError:
        raise
    except JsonlError as error:
        raise CollectionError(error.path, error.line, error.reason) from None
    if untitled:
        warnings.warn(
            UntitledWarning(
                f'{os.fspath(path)}: {untitled} of {len(first_line)} passages have no "title" '
                "(missing, misspelt or empty); the steps that use titles pass them by"
            ),
            stacklevel=2,
        )


def read_collection(path: str | os.PathLike[str]) -> list[Passage]:
    """Every passage of a JSONL collection, read and checked as :func:`iter_collection` does."""
    return list(iter_collection(path))


def write_collection(passages: Iterable[Passage], path: str | os.PathLike[str]) -> None:
    """Write ``passages`` as JSONL, atomically: ``path`` is replaced only once all is written.

    Raises ``ValueError`` on a duplicate id, leaving any existing file untouched.
    """
    seen: set[str] = set()

    def lines() -> Iterator[str]:
        for passage in passages:
            if passage.id in seen:
                raise ValueError(f'duplicate id "{passage.id}"')
            seen.add(passage.id)
            record = {"id": passage.id, "title": passage.title, "text": passage.text}
            yield json.dumps(record, ensure_ascii=False)

    write_atomic(path, lines())

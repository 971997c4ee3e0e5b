"""Reading a language model's reply as the writer's output, repairing it once.

A reply that does not parse is repaired once: the first balanced JSON object is taken from
around it (code fences, prose), trailing commas go, and a field of the wrong shape is fixed
when only one reading is possible (a lone string where a list belongs, a number written as a
string, a one-element list where a name belongs). Then the output is fitted to the turn: a
dependency on this or a later turn goes, and so does a query nobody asked for. Anything else
(a truncated reply, a missing query, an unknown operation) stays an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from memrevise.jsonl import JsonValueError, parse_json
from memrevise.memory import WriterOutput, WriterOutputError, parse_writer_output, writer_output
from memrevise.text import integer

_LISTS = ("dependencies", "contradictions", "operations", "facts")
_NAMES = ("topic", "query")


@dataclass(frozen=True)
class Reading:
    """A valid output and the repairs it took (none when the reply was valid as written)."""

    output: WriterOutput
    fixes: tuple[str, ...] = ()


def read_output(text: str, turn: int, want_query: bool) -> Reading:
    """The output in ``text`` for turn number ``turn``; raises :class:`WriterOutputError`
    naming what is wrong when even the repaired reply is not valid (and nothing else, for
    any text, in time linear in its length)."""
    fixes: list[str] = []
    try:
        output = parse_writer_output(text)
    except WriterOutputError as first:
        data, fixes = repaired(text)
        if data is None:
            raise WriterOutputError(f"{first}; no JSON object to repair") from None
        try:
            output = writer_output(data)
        except WriterOutputError as second:
            raise WriterOutputError(f"{second} (after repair: {', '.join(fixes)})") from None
    return _fit(output, turn, want_query, fixes)


def _fit(output: WriterOutput, turn: int, want_query: bool, fixes: list[str]) -> Reading:
    update: dict[str, Any] = {}
    kept = tuple(d for d in output.dependencies if 1 <= d < turn)
    if kept != output.dependencies:
        update["dependencies"] = kept
        fixes.append(f"dropped dependencies outside turns 1-{turn - 1}")
    if output.query is not None and not want_query:
        update["query"] = None
        fixes.append("dropped a query that was not requested")
    elif want_query and not output.query:
        raise WriterOutputError("query: a query was requested but none was written")
    return Reading(output.model_copy(update=update) if update else output, tuple(fixes))


def repaired(text: str) -> tuple[dict[str, Any] | None, list[str]]:
    """The JSON object in ``text`` with unambiguous slips fixed, and the fixes made; None
    when there is no object to be had."""
    fixes: list[str] = []
    found = first_object(text)
    if found is None:
        return None, fixes
    if found.strip() != text.strip():
        fixes.append("took the JSON object out of the surrounding text")
    cleaned = drop_trailing_commas(found)
    if cleaned != found:
        fixes.append("removed trailing commas")
    try:
        data = parse_json(cleaned)
    except JsonValueError:
        return None, fixes
    return _fix_fields(data, fixes), fixes


# A JSON string (to its end when unterminated), or a brace or comma outside of strings.
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"?'
_BRACES = re.compile(rf"{_STRING}|[{{}}]", re.DOTALL)
_TRAILING_COMMA = re.compile(rf"({_STRING})|,(?=\s*[}}\]])", re.DOTALL)
_COMMA_BEFORE_CLOSE = re.compile(r",\s*[}\]]")


def first_object(text: str) -> str | None:
    """The first balanced ``{...}`` in ``text`` (braces inside strings do not count): of the
    pairs of matching braces, the one that opens first. One pass, linear in ``text``."""
    start = text.find("{")
    if start == -1 or text.rfind("}") < start:
        return None
    opened: list[int] = []
    first: tuple[int, int] | None = None
    for token in _BRACES.finditer(text, start):
        char = token[0]
        if char == "{":
            opened.append(token.start())
        elif char == "}" and opened:
            begin = opened.pop()
            if not opened:  # the earliest brace still open has closed: none opens earlier
                return text[begin : token.end()]
            if first is None or begin < first[0]:
                first = (begin, token.end())
    return text[first[0] : first[1]] if first else None


def drop_trailing_commas(text: str) -> str:
    """``text`` without commas that only precede a closing bracket (outside strings)."""
    if not _COMMA_BEFORE_CLOSE.search(text):
        return text
    return _TRAILING_COMMA.sub(lambda match: match[1] or "", text)


def _fix_fields(data: Any, fixes: list[str]) -> Any:
    if not isinstance(data, dict):
        return data
    data = dict(data)
    for field in _LISTS:
        value = data.get(field)
        if isinstance(value, str | int | dict) and not isinstance(value, bool):
            data[field] = [value]
            fixes.append(f"{field}: one value made a list")
        elif value is None and field in data and field != "operations":
            data[field] = []
            fixes.append(f"{field}: null made an empty list")
    dependencies = data.get("dependencies")
    if isinstance(dependencies, list) and any(isinstance(d, str) for d in dependencies):
        numbers = [integer(d) if isinstance(d, str) else d for d in dependencies]
        if all(isinstance(d, int) and not isinstance(d, bool) for d in numbers):
            data["dependencies"] = numbers
            fixes.append("dependencies: numbers written as strings")
    for field in _NAMES:
        value = data.get(field)
        if isinstance(value, list) and len(value) == 1 and isinstance(value[0], str):
            data[field] = value[0]
            fixes.append(f"{field}: one-element list made a string")
    return data

"""The writer's output: one JSON object, fields in the paper's order, validated."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from memrevise.jsonl import JsonValueError, parse_json
from memrevise.memory.model import Node, Operation
from memrevise.text import clean


class WriterOutputError(ValueError):
    """The writer's output is not valid; the message lists each problem and where it is."""


class WriterOutput(BaseModel):
    """What a writer returns for one turn (paper §4.3, appendix "Input and output").

    Fields come in the order the writer decides them: dependencies, contradictions,
    operations, topic, facts and, at the final turn only, the query.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    dependencies: tuple[int, ...] = ()
    contradictions: tuple[str, ...] = ()
    operations: tuple[Operation, ...] = Field(min_length=1)
    topic: str
    facts: tuple[str, ...] = ()
    query: str | None = None

    @field_validator("topic")
    @classmethod
    def _topic(cls, value: str) -> str:
        value = clean(value)
        if not value:
            raise ValueError("must be a non-empty name")
        return value

    @field_validator("contradictions", "facts")
    @classmethod
    def _texts(cls, values: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(t for t in (clean(v) for v in values) if t)

    @field_validator("query")
    @classmethod
    def _query(cls, value: str | None) -> str | None:
        return clean(value) if value is not None else None

    def to_node(self, turn: int, question: str = "") -> Node:
        """The memory node for ``turn``; its topics are the topic, then the other targets."""
        topics = dict.fromkeys([self.topic, *(op.topic for op in self.operations)])
        seen: dict[str, str] = {}
        for name in topics:
            seen.setdefault(name.casefold(), name)
        if self.topic.casefold() not in {op.topic.casefold() for op in self.operations}:
            raise WriterOutputError(f"topic: {self.topic!r} is not the target of any operation")
        try:
            return Node(
                turn=turn,
                question=clean(question),
                operations=self.operations,
                topics=tuple(seen.values()),
                facts=self.facts,
                depends_on=tuple(sorted(set(self.dependencies))),
                contradicts=self.contradictions,
                query=self.query,
            )
        except ValidationError as error:
            raise WriterOutputError(_describe(error)) from None

    def to_json(self) -> str:
        return self.model_dump_json(exclude_none=True)


def _describe(error: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or 'output'}: {e['msg']}" for e in error.errors()
    )


def parse_writer_output(text: str) -> WriterOutput:
    """Parse and validate one JSON object written by a writer.

    Raises :class:`WriterOutputError` naming every invalid field, e.g.
    ``operations.0.op: Input should be 'Add', 'Refine', ...``.
    """
    try:
        data = parse_json(text)
    except JsonValueError as error:
        raise WriterOutputError(f"not valid JSON: {error}") from None
    return writer_output(data)


def writer_output(data: Any) -> WriterOutput:
    """Validate an already parsed output, raising :class:`WriterOutputError` as
    :func:`parse_writer_output` does."""
    if not isinstance(data, dict):
        raise WriterOutputError(f"expected a JSON object, got {type(data).__name__}")
    try:
        return WriterOutput.model_validate(data)
    except ValidationError as error:
        raise WriterOutputError(_describe(error)) from None

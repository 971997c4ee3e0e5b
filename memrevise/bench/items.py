"""Benchmark items (contract format): each question is the final turn of a conversation."""

from __future__ import annotations

import os
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from memrevise.jsonl import JsonlError, read_objects, write_objects
from memrevise.text import clean, is_one_word

Tier = Literal["return-1", "return-2+", "correction", "follow-up", "self-repair", "value-revision"]
TIERS: tuple[str, ...] = Tier.__args__  # type: ignore[attr-defined]


def _has_text(value: str) -> str:
    if not clean(value):
        raise ValueError("the question is empty")
    return value


class HistoryTurn(BaseModel):
    """An earlier turn: the question and the answer the user saw."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    question: str
    answer: str = ""

    _question = field_validator("question")(_has_text)


class Item(BaseModel):
    """One benchmark question. Optional fields beyond the contract's (such as the oracle target
    memory, ``oracle``) are kept as they are and ignored by readers that do not use them."""

    model_config = ConfigDict(frozen=True, extra="allow")

    qid: str = Field(min_length=1)
    conversation_id: str = Field(min_length=1)
    dataset: str = Field(min_length=1)
    tier: Tier | None = None
    history: tuple[HistoryTurn, ...] = ()
    question: str
    gold: tuple[str, ...] = ()
    stale: tuple[str, ...] = ()
    topic: str | None = None

    _question = field_validator("question")(_has_text)

    @field_validator("qid")
    @classmethod
    def _one_word(cls, value: str) -> str:
        if not is_one_word(value):
            raise ValueError("must be one word, without whitespace (a TREC run holds it)")
        return value


class ItemsError(JsonlError):
    """A malformed items line (``path:line: reason``)."""


def read_items(path: str | os.PathLike[str]) -> list[Item]:
    """Read items JSONL; a bad line or a repeated qid raises :class:`ItemsError`."""
    items: list[Item] = []
    seen: dict[str, int] = {}
    try:
        for number, record in read_objects(path):
            try:
                item = Item.model_validate(record)
            except ValidationError as error:
                reasons = "; ".join(
                    f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
                )
                qid = record.get("qid")
                about = f"qid {qid!r}: " if isinstance(qid, str) and qid.strip() else ""
                raise ItemsError(path, number, about + reasons) from None
            if item.qid in seen:
                raise ItemsError(path, number, f"qid {item.qid!r} repeats line {seen[item.qid]}")
            seen[item.qid] = number
            items.append(item)
    except ItemsError:
        raise
    except JsonlError as error:
        raise ItemsError(error.path, error.line, error.reason) from None
    return items


def write_items(items: list[Item], path: str | os.PathLike[str]) -> None:
    write_objects(path, (item.model_dump(mode="json") for item in items))

"""The one conversation model every source is loaded into."""

from __future__ import annotations

from dataclasses import dataclass


class SourceError(ValueError):
    """An unknown or broken source record; the message names the file and the record."""


@dataclass(frozen=True, slots=True)
class SourceTurn:
    """One turn of a source conversation.

    ``topic`` is the page the turn is about where the source labels it (TopiOCQA's ``Topic``,
    OR-QuAC's article title), ``section`` its section where known, ``passages`` the ids of
    the source's gold passages where it has them. ``answer`` is ``""`` for an unanswerable
    turn.
    """

    question: str
    answer: str
    topic: str | None = None
    section: str | None = None
    passages: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Conversation:
    """A source conversation: its id (unique within the dataset), dataset and turns."""

    id: str
    dataset: str
    turns: tuple[SourceTurn, ...]

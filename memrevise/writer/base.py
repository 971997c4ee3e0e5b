"""The one interface every writer implements."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from memrevise.memory import Memory, Node
from memrevise.text import QUESTION_CUT, clean, cut


class TurnError(ValueError):
    """A turn that cannot be processed (for example an empty question)."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One user turn: the question and, for history turns, the answer the user saw."""

    question: str
    answer: str | None = None

    @classmethod
    def of(cls, question: str, answer: str | None = None) -> Turn:
        """A cleaned turn, its question cut at :data:`~memrevise.text.QUESTION_CUT` characters
        as answers are (a megabyte costs a writer no more than a long question); raises
        :class:`TurnError` for a question with no text."""
        text = cut(clean(question), QUESTION_CUT)
        if not text:
            raise TurnError("the question is empty")
        return cls(text, clean(answer) if answer is not None else None)


@runtime_checkable
class Writer(Protocol):
    """Updates the memory once per turn and, when asked, writes the search query."""

    def update(
        self, memory: Memory, previous_question: str | None, turn: Turn, want_query: bool
    ) -> Node:
        """The node for ``turn`` given the memory so far (``memory.next_turn`` is its number)."""
        ...

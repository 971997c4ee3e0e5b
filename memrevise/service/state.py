"""A session's committed state: what was posted at each turn, its memory and its turns."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from memrevise.memory import Memory, Node
from memrevise.search import MemRevise, Session
from memrevise.service.store import StoredTurn
from memrevise.writer import Turn


@dataclass(frozen=True, slots=True)
class Posted:
    """What was posted for one turn."""

    question: str
    answer: str | None
    previous_answer: str | None


def answers(posted: Sequence[Posted | StoredTurn]) -> list[str | None]:
    """The answer the user saw for each turn: posted with it or with the next turn."""
    return [
        turn.answer
        if turn.answer is not None
        else (posted[i + 1].previous_answer if i + 1 < len(posted) else None)
        for i, turn in enumerate(posted)
    ]


def stored_memory(stored: Sequence[StoredTurn]) -> Memory:
    return Memory(nodes=tuple(Node.model_validate_json(turn.node) for turn in stored))


@dataclass(frozen=True)
class State:
    """A session as last committed: what was posted at each turn, the memory and the turns."""

    posted: tuple[Posted, ...]
    memory: Memory
    turns: tuple[Turn, ...]

    @classmethod
    def of(cls, stored: Sequence[StoredTurn]) -> State:
        """The state of stored turns, from their nodes; no turn is written again."""
        seen = answers(stored)
        return cls(
            posted=tuple(Posted(t.question, t.answer, t.previous_answer) for t in stored),
            memory=stored_memory(stored),
            turns=tuple(Turn.of(t.question, a) for t, a in zip(stored, seen, strict=True)),
        )

    def session(self, engine: MemRevise) -> Session:
        """A session to continue from this state (the state itself never changes)."""
        awaiting = bool(self.posted) and self.posted[-1].answer is None
        return Session.restore(engine, self.memory, self.turns, awaiting)


class StateCache:
    """The committed states of the sessions used last, so that a turn need not read its
    session back from the store; the least recently used are dropped."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._states: OrderedDict[str, State] = OrderedDict()

    def get(self, session_id: str) -> State | None:
        with self._lock:
            state = self._states.get(session_id)
            if state is not None:
                self._states.move_to_end(session_id)
            return state

    def put(self, session_id: str, state: State) -> None:
        with self._lock:
            self._states[session_id] = state
            self._states.move_to_end(session_id)
            while len(self._states) > self._size:
                self._states.popitem(last=False)

    def drop(self, session_id: str) -> None:
        with self._lock:
            self._states.pop(session_id, None)

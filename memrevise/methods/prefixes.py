"""Shared conversation prefixes: items of one conversation repeat its first turns as their
history, so the session state after each history prefix is kept and resumed rather than
written again."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

from memrevise.memory import Memory
from memrevise.search import MemRevise
from memrevise.search.pipeline import Session
from memrevise.writer.base import Turn

PREFIX_STATES = 4096  # session states kept, the most recently used

# A history as fed to the writer: each turn's question and answer.
History = tuple[tuple[str, str | None], ...]


class PrefixStates:
    """The states of ``engine``'s sessions after the history prefixes they read, the ``size``
    most recently used (a state is a memory and its turns: immutable, so cheap to keep)."""

    def __init__(self, engine: MemRevise, size: int = PREFIX_STATES):
        if size < 1:
            raise ValueError(f"at least one prefix state must be kept, not {size}")
        self.engine = engine
        self.size = size
        self._states: OrderedDict[History, tuple[Memory, tuple[Turn, ...]]] = OrderedDict()

    def session(self, history: Sequence[tuple[str, str | None]]) -> Session:
        """A new session that has read ``history``, as if each turn had been added in turn:
        resumed from the longest kept prefix, the rest written, each new prefix's state kept."""
        fed: History = tuple(history)
        start = next((n for n in range(len(fed), 0, -1) if fed[:n] in self._states), 0)
        if start:
            self._states.move_to_end(fed[:start])
            memory, turns = self._states[fed[:start]]
            session = Session.restore(self.engine, memory, turns, awaiting=False)
        else:
            session = self.engine.session()
        for end in range(start + 1, len(fed) + 1):
            session.add_turn(*fed[end - 1])
            self._states[fed[:end]] = (session.memory, tuple(session.turns))
            if len(self._states) > self.size:
                self._states.popitem(last=False)
        return session

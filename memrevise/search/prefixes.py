"""Sessions resumed after shared history prefixes: a conversation's items repeat its first
turns, so the session state after each prefix is kept and resumed rather than written again."""

from __future__ import annotations

from collections.abc import Sequence

from memrevise.memory import Memory
from memrevise.prefixes import PREFIXES_KEPT, PrefixCache
from memrevise.search.pipeline import MemRevise, Session
from memrevise.writer.base import Turn

# A history as fed to the writer: each turn's question and answer.
History = tuple[tuple[str, str | None], ...]


class PrefixStates:
    """The states of ``engine``'s sessions after the history prefixes they read, the ``size``
    most recently used (a state is a memory and its turns: immutable, so cheap to keep)."""

    def __init__(self, engine: MemRevise, size: int = PREFIXES_KEPT):
        self.engine = engine
        self._states: PrefixCache[tuple[str, str | None], tuple[Memory, tuple[Turn, ...]]] = (
            PrefixCache(size)
        )

    def session(self, history: Sequence[tuple[str, str | None]]) -> Session:
        """A new session that has read ``history``, as if each turn had been added in turn:
        resumed from the longest kept prefix, the rest written, each new prefix's state kept."""
        fed: History = tuple(history)
        start, state = self._states.longest(fed)
        if state is not None:
            session = Session.restore(self.engine, *state, awaiting=False)
        else:
            session = self.engine.session()
        for end in range(start + 1, len(fed) + 1):
            session.add_turn(*fed[end - 1])
            self._states.put(fed[:end], (session.memory, tuple(session.turns)))
        return session

"""MemRevise with the LLM writer over many conversations at once.

The conversations of a batch advance in lockstep: at each step, the turn of every
conversation that has one is written in a single batched call, then each session takes its
node (and runs topic repair, or searches at its final turn) exactly as it would alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from memrevise.bench.items import Item
from memrevise.methods.base import Ranked, searched
from memrevise.search import MemRevise, SearchResult
from memrevise.search.pipeline import Session
from memrevise.text import cut
from memrevise.writer.base import Turn
from memrevise.writer.llm.writer import LLMWriter, Request


@dataclass
class LockstepMemRevise:
    """The ``memrevise`` method with an :class:`LLMWriter`, ``batch`` conversations a call.

    Each trace also lists the turns the writer repaired or fell back on (``writer_events``).
    """

    engine: MemRevise
    batch: int = 8

    def __post_init__(self) -> None:
        if not isinstance(self.engine.writer, LLMWriter):
            raise TypeError("lockstep search needs the LLM writer")
        self.writer: LLMWriter = self.engine.writer

    def rank(self, item: Item, k: int) -> Ranked:
        return next(self.rank_many([item], k))

    def rank_many(self, items: Sequence[Item], k: int) -> Iterator[Ranked]:
        for start in range(0, len(items), self.batch):
            yield from self._rank_batch(items[start : start + self.batch], k)

    def _rank_batch(self, items: Sequence[Item], k: int) -> Iterator[Ranked]:
        sessions = [self.engine.session() for _ in items]
        turns = [
            [*((t.question, cut(t.answer)) for t in item.history), (item.question, None)]
            for item in items
        ]
        events: list[list[dict[str, Any]]] = [[] for _ in items]
        results: list[SearchResult | None] = [None] * len(items)
        for step in range(max(len(t) for t in turns)):
            active = [n for n in range(len(items)) if step < len(turns[n])]
            final = {n: step == len(turns[n]) - 1 for n in active}
            requests = [self._request(sessions[n], *turns[n][step], final[n]) for n in active]
            for n, written in zip(active, self.writer.prefetch(requests), strict=True):
                event = written.event()
                if event is not None:
                    events[n].append(event)
                question, answer = turns[n][step]
                if final[n]:
                    results[n] = sessions[n].search(question, k)
                else:
                    sessions[n].add_turn(question, answer)
        for result, item_events in zip(results, events, strict=True):
            assert result is not None
            yield searched(result, writer_events=item_events)

    def _request(
        self, session: Session, question: str, answer: str | None, want_query: bool
    ) -> Request:
        """What the session will ask the writer for this turn (see ``Session._write``)."""
        previous = session.turns[-1].question if session.turns else None
        memory = session.memory.horizon(self.engine.config.horizon)
        return Request(memory, previous, Turn.of(question, answer), want_query)

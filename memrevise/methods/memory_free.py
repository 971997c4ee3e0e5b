"""``memory-free-llm``: the memory-free writer's query searched alone, with no memory, no
template, no priors, no exclusion and no topic repair."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from memrevise.bench.items import Item
from memrevise.methods.base import Ranked
from memrevise.retrieval import Retriever
from memrevise.writer.llm.config import LLMConfig
from memrevise.writer.llm.memory_free import MemoryFreeWriter


@dataclass
class MemoryFreeMethod:
    """``memory-free-llm``: the memory-free writer's query searched alone, ``batch`` items
    a call."""

    index: Retriever
    writer: MemoryFreeWriter
    batch: int = 8

    @classmethod
    def of(cls, index: Retriever, llm: LLMConfig) -> MemoryFreeMethod:
        return cls(index, MemoryFreeWriter(llm.backend()), llm.batch)

    def rank(self, item: Item, k: int) -> Ranked:
        return next(self.rank_many([item], k))

    def rank_many(self, items: Sequence[Item], k: int) -> Iterator[Ranked]:
        for start in range(0, len(items), self.batch):
            chunk = items[start : start + self.batch]
            conversations = [
                ([(t.question, t.answer) for t in item.history], item.question) for item in chunk
            ]
            for written in self.writer.queries(conversations):
                ranking = self.index.search(written.query, k)
                trace: dict[str, Any] = {"query": written.query}
                if written.error is not None:
                    trace["writer_events"] = [{"fallback": written.error}]
                yield Ranked(
                    [self.index.doc_id(int(d)) for d in ranking.docs],
                    [float(s) for s in ranking.scores],
                    trace,
                )

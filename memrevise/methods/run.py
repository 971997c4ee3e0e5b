"""Ranking methods for ``memrevise run``: MemRevise and the history-based baselines.

Every method ranks the passages of one benchmark item (a conversation whose last question is
searched) against the same index, and may return a trace of what it did.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from memrevise.bench.items import Item
from memrevise.jsonl import write_atomic, write_objects
from memrevise.language.entities import NameTable, mentions
from memrevise.retrieval import Retriever, load_index
from memrevise.search import MemRevise, SearchConfig, SearchResult
from memrevise.text import cut, replace_pronouns
from memrevise.writer import RuleWriter, Writer
from memrevise.writer.grounding import Grounding
from memrevise.writer.learned import DEFAULT_MODEL, LearnedWriter, WriterModel
from memrevise.writer.llm.config import LLMConfig


@dataclass(frozen=True)
class Ranked:
    """One item's ranking: passage ids best first, their scores, and an optional trace."""

    ids: list[str]
    scores: list[float]
    trace: dict[str, Any] | None = field(default=None)


class Method(Protocol):
    """Ranks the final question of an item."""

    def rank(self, item: Item, k: int) -> Ranked: ...


@runtime_checkable
class BatchMethod(Method, Protocol):
    """A method that ranks many items together (a language model batches their turns)."""

    def rank_many(self, items: Sequence[Item], k: int) -> Iterator[Ranked]: ...


@dataclass
class QueryMethod:
    """A baseline that searches the index with one query built from the item."""

    index: Retriever
    build: Callable[[Item], str]

    def rank(self, item: Item, k: int) -> Ranked:
        query = self.build(item)
        ranking = self.index.search(query, k)
        ids = [self.index.doc_id(int(d)) for d in ranking.docs]
        return Ranked(ids, [float(s) for s in ranking.scores], {"query": query})


def original_query(item: Item) -> str:
    """The final question alone."""
    return item.question


def all_history_query(item: Item) -> str:
    """All questions and answers (answers cut at 600 characters), then the final question."""
    parts = [p for turn in item.history for p in (turn.question, cut(turn.answer))]
    return " ".join([*parts, item.question])


def last_turn_query(item: Item) -> str:
    """The last history turn (question and answer) and the final question."""
    last = item.history[-1:] if item.history else ()
    return " ".join([*(p for t in last for p in (t.question, cut(t.answer))), item.question])


@dataclass
class PronounRewriter:
    """The rule-based rewriter baseline: pronouns in the final question become the last name
    mentioned in the conversation (a page title or a capitalised span)."""

    titles: NameTable

    def __call__(self, item: Item) -> str:
        texts = [t for turn in item.history for t in (turn.question, cut(turn.answer))]
        for text in reversed(texts):
            found = mentions(text, self.titles)
            if found:
                return replace_pronouns(item.question, found[-1].name)
        return item.question


BASELINES: dict[str, Callable[[Item], str]] = {
    "original": original_query,
    "all-history": all_history_query,
    "last-turn": last_turn_query,
}


@dataclass
class MemReviseMethod:
    """The full system: the writer reads each history turn once, then the final turn searches."""

    engine: MemRevise

    def rank(self, item: Item, k: int) -> Ranked:
        session = self.engine.session()
        for turn in item.history:
            session.add_turn(turn.question, cut(turn.answer))
        return searched(session.search(item.question, k))


def searched(result: SearchResult, **extra: Any) -> Ranked:
    """The ranking of a searched final turn, with its trace (and ``extra`` trace fields)."""
    trace = {
        "query": result.query,
        "topic": result.memory.nodes[-1].topic,
        "memory": result.memory.to_dict(),
        "ms": {name: round(ms, 3) for name, ms in result.ms.items()},
        **extra,
    }
    return Ranked([h.id for h in result.hits], [h.score for h in result.hits], trace)


WRITERS = ("learned", "rules", "llm")
DEFAULT_WRITER = "learned"  # measured better than the rules on the development split


def make_writer(
    name: str, index: Retriever, llm: LLMConfig | None = None, model: Path | None = None
) -> Writer:
    """A writer by name, grounded in the index's page titles and word frequencies; ``llm``
    (else the environment) names the language model of the ``llm`` writer, whose turns fall
    back to the default CPU writer; ``model`` is the learned writer's model directory (default:
    the shipped one)."""
    if name == "llm":
        return (llm or LLMConfig.of()).writer(make_writer(DEFAULT_WRITER, index, model=model))
    grounding = Grounding.of(index)
    if name == "rules":
        return RuleWriter(**grounding.kwargs())
    if name == "learned":
        loaded = WriterModel.load(model or DEFAULT_MODEL)
        return LearnedWriter(index, loaded, **grounding.kwargs())
    raise ValueError(f"unknown writer {name!r}; available: {', '.join(WRITERS)}")


# The writer's own query searched alone: no memory-guided step, no topic repair.
MEMORY_FREE = SearchConfig(
    template=False,
    title_prior=False,
    facts_vote=False,
    number_rule=False,
    exclusion=False,
    topic_repair=False,
)
METHODS = ("memrevise", "memory-free", "rewrite-rules", *BASELINES)
LLM_METHODS = ("memory-free-llm",)  # they need a language model


def make_method(
    name: str,
    index: Retriever,
    writer: str = DEFAULT_WRITER,
    config: SearchConfig | None = None,
    llm: LLMConfig | None = None,
    writer_model: Path | None = None,
) -> Method:
    """A method by name over ``index``: ``memrevise`` (with ``config``), ``memory-free`` (the
    same writer's query alone), ``memory-free-llm`` (the memory-free writer, a model that
    reads the raw conversation; ``llm`` names it), ``rewrite-rules`` or a history baseline.
    With the ``llm`` writer, conversations are written in batches, a turn of each per call;
    ``writer_model`` is the learned writer's model directory."""
    if name in ("memrevise", "memory-free") and writer == "llm":
        from memrevise.writer.llm.batch import LockstepMemRevise

        llm = llm or LLMConfig.of()
        search = config if name == "memrevise" else MEMORY_FREE
        return LockstepMemRevise(
            MemRevise(index, make_writer(writer, index, llm, writer_model), search), llm.batch
        )
    if name in ("memrevise", "memory-free"):
        search = config if name == "memrevise" else MEMORY_FREE
        return MemReviseMethod(
            MemRevise(index, make_writer(writer, index, model=writer_model), search)
        )
    if name == "memory-free-llm":
        from memrevise.writer.llm.memory_free import MemoryFreeMethod

        return MemoryFreeMethod.of(index, llm or LLMConfig.of())
    if name == "rewrite-rules":
        return QueryMethod(index, PronounRewriter(NameTable(index.titles if index.titled else ())))
    if name in BASELINES:
        return QueryMethod(index, BASELINES[name])
    raise ValueError(f"unknown method {name!r}; available: {', '.join(METHODS + LLM_METHODS)}")


def trec_lines(qid: str, ranked: Ranked, tag: str) -> list[str]:
    """TREC run lines ``qid Q0 pid rank score tag``, ranks from 1, scores descending."""
    order = np.argsort(-np.asarray(ranked.scores, dtype=np.float64), kind="stable")
    return [
        f"{qid} Q0 {ranked.ids[i]} {rank} {ranked.scores[i]:.6f} {tag}"
        for rank, i in enumerate(order, 1)
    ]


@dataclass(frozen=True)
class MethodSpec:
    """What it takes to build a method anywhere, a worker process too."""

    index: Path
    method: str
    writer: str = DEFAULT_WRITER
    config: SearchConfig | None = None
    llm: LLMConfig | None = None
    writer_model: Path | None = None

    def build(self) -> Method:
        return make_method(
            self.method,
            load_index(self.index),
            self.writer,
            self.config,
            self.llm,
            self.writer_model,
        )


_worker_method: Method | None = None


def _start_worker(spec: MethodSpec, threads: int) -> None:
    """Build the method in a worker process, its torch (an encoder's) kept to ``threads``
    threads so that the workers share the cores instead of oversubscribing them."""
    global _worker_method
    _worker_method = spec.build()
    if "torch" in sys.modules:
        sys.modules["torch"].set_num_threads(threads)


def _rank_in_worker(item: Item, k: int) -> Ranked:
    assert _worker_method is not None
    return _worker_method.rank(item, k)


def available_cores() -> int:
    """The cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def rank_items(
    spec: MethodSpec,
    items: Sequence[Item],
    k: int = 100,
    workers: int = 1,
    ray: str | None = None,
) -> Iterator[tuple[Item, Ranked]]:
    """Each item with its ranking, in item order. With ``workers`` > 1, conversations are
    spread over that many processes, each loading the index (memory-mapped) once; with
    ``ray`` (``auto`` or a cluster address), over Ray actors instead, as many as ``workers``
    at most (:func:`memrevise.distributed.rank_on_ray`). The rankings are the same as in one
    process. The method is built here first either way, so that a bad method, writer or
    index fails with its own error rather than in a worker."""
    method = spec.build()
    if isinstance(method, BatchMethod):  # one process: its model batches over conversations
        yield from zip(items, method.rank_many(items, k), strict=True)
        return
    if ray is not None:
        from memrevise.distributed import rank_on_ray

        del method
        yield from rank_on_ray(spec, items, k, ray, workers)
        return
    if workers <= 1 or len(items) < 2:
        for item in items:
            yield item, method.rank(item, k)
        return
    # Spawned, not forked: a fork after OpenMP (LightGBM) threads started can deadlock.
    del method
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(spec, max(1, available_cores() // workers)),
    ) as pool:
        chunk = max(1, min(32, len(items) // (4 * workers)))
        rankings = pool.map(_rank_in_worker, items, repeat(k), chunksize=chunk)
        yield from zip(items, rankings, strict=True)


def write_run(
    rankings: Iterable[tuple[Item, Ranked]],
    run_path: Path,
    tag: str,
    trace_path: Path | None = None,
) -> int:
    """Write the TREC run (and the traces) of ``rankings``, each file atomically; returns
    the number of items."""
    if not tag or any(c.isspace() for c in tag):
        raise ValueError(f"the run tag must be one word: {tag!r}")
    lines: list[str] = []
    traces: list[dict[str, Any]] = []
    count = 0
    for item, ranked in rankings:
        count += 1
        lines.extend(trec_lines(item.qid, ranked, tag))
        if trace_path is not None:
            traces.append({"qid": item.qid, **(ranked.trace or {})})
    write_atomic(run_path, lines)
    if trace_path is not None:
        write_objects(trace_path, traces)
    return count

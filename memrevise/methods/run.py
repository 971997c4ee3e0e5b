"""Running a method over benchmark items: in this process, in worker processes or on Ray, and
writing the TREC run and the traces."""

from __future__ import annotations

import gc
import multiprocessing
import sys
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import forkserver
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any

import numpy as np

from memrevise.bench.items import Item
from memrevise.jsonl import write_atomic, write_objects
from memrevise.methods.base import BatchMethod, Method, Ranked
from memrevise.methods.registry import MethodSpec
from memrevise.workers import available_cores, batches


def trec_lines(qid: str, ranked: Ranked, tag: str) -> list[str]:
    """TREC run lines ``qid Q0 pid rank score tag``, ranks from 1, scores descending."""
    order = np.argsort(-np.asarray(ranked.scores, dtype=np.float64), kind="stable")
    return [
        f"{qid} Q0 {ranked.ids[i]} {rank} {ranked.scores[i]:.6f} {tag}"
        for rank, i in enumerate(order, 1)
    ]


_worker_method: Method | None = None
# Allocations between collections of young objects in a process that ranks items, a worker
# or this one (Python's default is 700): ranking makes many small objects that live as long
# as the method's caches, which each older collection scans again.
WORKER_GC_THRESHOLD = 10_000
BATCHES_QUEUED = 2  # batches waiting for each worker process, so that none waits for work


def _share_cores(threads: int | None) -> None:
    """Collect garbage less often (:data:`WORKER_GC_THRESHOLD`), and never look again at the
    objects that exist now (the method built: its index, models and name tables, which a
    full collection would otherwise scan again and again), and, ``threads`` given, keep
    torch (an encoder's) to that many threads, so that the processes share the cores
    instead of oversubscribing them."""
    gc.set_threshold(WORKER_GC_THRESHOLD, *gc.get_threshold()[1:])
    gc.freeze()
    if threads is not None and "torch" in sys.modules:
        sys.modules["torch"].set_num_threads(threads)


def _start_worker(spec: MethodSpec, threads: int) -> None:
    """Build the method in a worker process, sharing the cores (:func:`_share_cores`)."""
    global _worker_method
    _worker_method = spec.build()
    _share_cores(threads)


def _rank_in_worker(items: list[Item], k: int) -> list[Ranked]:
    assert _worker_method is not None
    return [_worker_method.rank(item, k) for item in items]


@contextmanager
def _ranking_here(threads: int | None = None) -> Iterator[None]:
    """This process ranking items as a worker does (:func:`_share_cores`), and left as it
    was."""
    collections, frozen = gc.get_threshold(), gc.get_freeze_count()
    torch = sys.modules.get("torch")
    before = torch.get_num_threads() if torch is not None else None
    _share_cores(threads)
    try:
        yield
    finally:
        if not frozen:  # else the caller froze objects of its own: they stay so
            gc.unfreeze()
        gc.set_threshold(*collections)
        if torch is not None:
            torch.set_num_threads(before)


def _worker_context(spec: MethodSpec) -> BaseContext:
    """How worker processes start: forked from a fork server where the platform has one,
    which imports the method's modules once, so that each worker starts with them imported;
    else spawned. Never forked from this process: a fork after OpenMP (LightGBM) threads
    started can deadlock, and the fork server starts none. The server starts now, importing
    while this process goes on."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(spec.modules()))
    forkserver.ensure_running()
    return context


def _rank_beside(
    method: Method, pool: ProcessPoolExecutor, work: list[list[Item]], k: int, queued: int
) -> Iterator[tuple[Item, Ranked]]:
    """Each batch's items with their rankings, in order: the batches are handed out in
    order, to the pool while fewer than ``queued`` of its batches wait or run, else ranked
    here by ``method``."""
    futures: dict[int, Future[list[Ranked]]] = {}
    ranked_here: dict[int, list[Ranked]] = {}
    handed = 0  # batches handed out

    def ready(batch: int) -> bool:
        return batch in ranked_here or (batch in futures and futures[batch].done())

    for batch, items in enumerate(work):
        while handed < len(work) and not ready(batch):
            if sum(not future.done() for future in futures.values()) < queued:
                futures[handed] = pool.submit(_rank_in_worker, work[handed], k)
            else:
                ranked_here[handed] = [method.rank(item, k) for item in work[handed]]
            handed += 1
        rankings = ranked_here.pop(batch) if batch in ranked_here else futures.pop(batch).result()
        yield from zip(items, rankings, strict=True)


def rank_items(
    spec: MethodSpec,
    items: Sequence[Item],
    k: int = 100,
    workers: int = 1,
) -> Iterator[tuple[Item, Ranked]]:
    """Each item with its ranking, in item order. With ``workers`` > 1, conversations are
    spread over that many processes, this one and ``workers`` - 1 others, a batch of whole
    conversations at a time (their items share history prefixes), each loading the index
    (memory-mapped) once (on a Ray cluster: :func:`memrevise.distributed.rank_on_ray`). The
    rankings are the same as in one process. The method is built here first either way, so
    that a bad method, writer or index fails with its own error rather than in a worker."""
    if spec.batched or workers <= 1 or len(items) < 2:
        method = spec.build()
        with _ranking_here():
            if isinstance(method, BatchMethod):  # one process: its model batches conversations
                yield from zip(items, method.rank_many(items, k), strict=True)
            else:
                yield from ((item, method.rank(item, k)) for item in items)
        return
    context = _worker_context(spec)
    method = spec.build()
    threads = max(1, available_cores() // workers)
    with (
        ProcessPoolExecutor(
            workers - 1, mp_context=context, initializer=_start_worker, initargs=(spec, threads)
        ) as pool,
        _ranking_here(threads),
    ):
        work = batches(items, workers)
        yield from _rank_beside(method, pool, work, k, BATCHES_QUEUED * (workers - 1))


def check_tag(tag: str) -> str:
    """``tag`` when it can tag a TREC run (one word); raises ValueError otherwise."""
    if not tag or any(c.isspace() for c in tag):
        raise ValueError(f"the run tag must be one word: {tag!r}")
    return tag


def write_run(
    rankings: Iterable[tuple[Item, Ranked]],
    run_path: Path,
    tag: str,
    trace_path: Path | None = None,
) -> int:
    """Write the TREC run (and the traces) of ``rankings``, each file atomically; returns
    the number of items."""
    check_tag(tag)
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

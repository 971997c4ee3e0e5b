"""Work spread over a Ray cluster: one actor per worker builds its part once from a spec (anything
with a ``build()``: a method and its index, or a teacher), and conversations are spread over the
actors. Rankings come back in item order; annotations as each batch of conversations is done."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from memrevise.bench.items import Item
from memrevise.workers import batches


class Spec(Protocol):
    """What an actor builds its part from (a method's or a teacher's spec)."""

    def build(self) -> Any: ...


def _ray() -> Any:
    try:
        import ray
    except ImportError as error:
        raise ImportError(
            f"--ray needs the ray extra: pip install 'memrevise[ray]' ({error})"
        ) from None
    return ray


class _Ranker:
    """A Ray actor: the method, built once, ranks batches of items."""

    def __init__(self, spec: Spec) -> None:
        self.method = spec.build()

    def rank(self, items: list[Item], k: int) -> list[Any]:
        return [self.method.rank(item, k) for item in items]


class _Annotator:
    """A Ray actor: the teacher, built once, annotates batches of conversations."""

    def __init__(self, spec: Spec) -> None:
        self.teacher = spec.build()

    def annotate(self, items: list[Item]) -> list[list[Any]]:
        return list(self.teacher.annotate(items))


@contextmanager
def _actors(
    actor: type, argument: Any, address: str, workers: int | None
) -> Iterator[tuple[Any, int]]:
    """A pool of ``workers`` actors (at most, and by default, one per CPU of the cluster), each
    made from ``argument``, and their number. ``address`` is ``auto`` (the running cluster, else
    a new local one) or a cluster's address; a cluster started here is shut down at the end."""
    ray = _ray()
    from ray.util import ActorPool

    started = not ray.is_initialized()
    if started:
        ray.init(
            address=None if address == "auto" else address,
            include_dashboard=False,
            log_to_driver=False,
        )
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        count = min(workers, cpus) if workers else cpus
        remote = ray.remote(num_cpus=1)(actor)
        yield ActorPool([remote.remote(argument) for _ in range(count)]), count
    finally:
        if started:
            ray.shutdown()


def rank_on_ray(
    spec: Spec,
    items: Sequence[Item],
    k: int,
    address: str,
    workers: int | None = None,
) -> Iterator[tuple[Item, Any]]:
    """Each item with the ranking of the method ``spec`` builds, in item order, computed by Ray
    actors (see :func:`_actors` for ``address`` and ``workers``). The index directory must be
    readable at the same path on every node. The method is built here first, so that a bad
    one fails with its own error; one that ranks many items together (``rank_many``: its model
    batches over conversations) ranks them all here."""
    method = spec.build()
    if hasattr(method, "rank_many"):
        yield from zip(items, method.rank_many(items, k), strict=True)
        return
    del method
    with _actors(_Ranker, spec, address, workers) as (pool, count):
        work = batches(items, count)
        for batch, rankings in zip(
            work, pool.map(lambda actor, b: actor.rank.remote(b, k), work), strict=True
        ):
            yield from zip(batch, rankings, strict=True)


def annotate_on_ray(
    spec: Spec, items: Sequence[Item], address: str, workers: int | None = None
) -> Iterator[list[Any]]:
    """Each conversation's annotations by the teacher ``spec`` builds in every Ray actor, as
    soon as its batch is done (see :func:`_actors` for ``address`` and ``workers``)."""
    with _actors(_Annotator, spec, address, workers) as (pool, count):
        work = batches(items, count)
        for annotated in pool.map_unordered(lambda actor, b: actor.annotate.remote(b), work):
            yield from annotated


@dataclass(frozen=True)
class RayTeacher:
    """The teacher ``spec`` builds, in one Ray actor per worker, conversations spread over
    them (``address``: ``auto`` or a cluster's address; ``workers``: default one a CPU)."""

    spec: Spec
    address: str = "auto"
    workers: int | None = None

    def annotate(self, items: Sequence[Item]) -> Iterator[list[Any]]:
        return annotate_on_ray(self.spec, items, self.address, self.workers)

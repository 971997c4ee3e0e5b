"""Ranking items on a Ray cluster: one actor per worker builds the method (and loads the index)
once, conversations are spread over the actors, and rankings come back in item order."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from memrevise.bench.items import Item

if TYPE_CHECKING:
    from memrevise.methods import MethodSpec, Ranked

CHUNK = 32  # the most items sent to an actor at once


def _ray() -> Any:
    try:
        import ray
    except ImportError as error:
        raise ImportError(
            f"--ray needs the ray extra: pip install 'memrevise[ray]' ({error})"
        ) from None
    return ray


def batches(items: Sequence[Item], workers: int) -> list[list[Item]]:
    """Consecutive items in batches of whole conversations, about four batches per worker
    and at most :data:`CHUNK` items each (a conversation longer than that on its own)."""
    size = max(1, min(CHUNK, len(items) // (4 * max(1, workers))))
    out: list[list[Item]] = []
    for item in items:
        last = out[-1] if out else None
        same = last is not None and last[-1].conversation_id == item.conversation_id
        if last is not None and (same or len(last) < size):
            last.append(item)
        else:
            out.append([item])
    return out


class _Ranker:
    """A Ray actor: the method, built once, ranks batches of items."""

    def __init__(self, spec: MethodSpec) -> None:
        self.method = spec.build()

    def rank(self, items: list[Item], k: int) -> list[Ranked]:
        return [self.method.rank(item, k) for item in items]


def rank_on_ray(
    spec: MethodSpec,
    items: Sequence[Item],
    k: int,
    address: str,
    workers: int | None = None,
) -> Iterator[tuple[Item, Ranked]]:
    """Each item with its ranking, in item order, computed by ``workers`` actors (at most, and
    by default, one per CPU of the cluster). ``address`` is ``auto`` (the running cluster,
    else a new local one) or a cluster's address; a cluster started here is shut down at the
    end. The index directory must be readable at the same path on every node."""
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
        ranker = ray.remote(num_cpus=1)(_Ranker)
        pool = ActorPool([ranker.remote(spec) for _ in range(count)])
        work = batches(items, count)
        for batch, rankings in zip(
            work, pool.map(lambda actor, b: actor.rank.remote(b, k), work), strict=True
        ):
            yield from zip(batch, rankings, strict=True)
    finally:
        if started:
            ray.shutdown()

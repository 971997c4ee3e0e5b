"""The speed-up of ranking items on a local Ray cluster, against one process and a process pool.

Ranks the same items three ways with the full MemRevise pipeline (one process; ``--workers``
spawned processes; ``--workers`` Ray actors on a local cluster started here) and reports the
wall time of each (the actors' start included, the cluster's reported apart), after checking
that the three rankings are identical. Needs the ray extra. Run it from the repository root:

    python benchmarks/bench_ray.py --index bench/index --items bench/dev.jsonl
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import ray

from memrevise.bench.items import read_items
from memrevise.distributed import rank_on_ray
from memrevise.methods import MethodSpec, rank_items
from memrevise.writer import DEFAULT_WRITER, WRITERS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--index", type=Path, required=True)
    parser.add_argument("--items", type=Path, required=True)
    parser.add_argument("--limit", type=int, help="only the first N items")
    parser.add_argument("--writer", choices=WRITERS, default=DEFAULT_WRITER)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    items = read_items(args.items)[: args.limit]
    spec = MethodSpec(args.index, "memrevise", args.writer)
    start = time.perf_counter()
    ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
    print(f"{'ray cluster start':<18}{time.perf_counter() - start:8.1f} s")
    results = {}
    for label, workers, address in (
        ("one process", 1, None),
        (f"{args.workers} processes", args.workers, None),
        (f"ray, {args.workers} actors", args.workers, "auto"),
    ):
        start = time.perf_counter()
        ranked = (
            rank_on_ray(spec, items, 100, address, workers)
            if address
            else rank_items(spec, items, 100, workers)
        )
        results[label] = [(r.ids, r.scores) for _, r in ranked]
        seconds = time.perf_counter() - start
        print(f"{label:<18}{seconds:8.1f} s   {len(items) / seconds:6.1f} items/s", flush=True)
    ray.shutdown()
    rankings = list(results.values())
    assert all(r == rankings[0] for r in rankings), "the rankings differ"
    print(f"{len(items)} items; identical rankings")


if __name__ == "__main__":
    main()

"""The whole ConvRevise benchmark end to end: MemRevise with every search step on (topic repair
after every history turn included) over every split and tier, timed.

Reads a ``memrevise bench build`` output (its index is built beside the collection on first
use, and not timed), ranks 100 passages for every item of every split with ``--workers``
processes (default: one a core), and reports items, wall time and items per second per split
and in all. Run from the repository root:

    python benchmarks/full_benchmark.py --bench bench
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ablations import index_of

from memrevise.bench import read_items
from memrevise.methods import MethodSpec, available_cores, rank_items
from memrevise.writer import DEFAULT_WRITER, WRITERS

SPLITS = ("train", "dev", "test")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench", type=Path, required=True, help="a `memrevise bench build`")
    parser.add_argument("--writer", choices=WRITERS, default=DEFAULT_WRITER)
    parser.add_argument("--workers", type=int, default=0, help="processes (0: one a core)")
    args = parser.parse_args()
    spec = MethodSpec(index_of(args.bench), "memrevise", args.writer)
    workers = args.workers or available_cores()
    total_items, total_seconds = 0, 0.0
    for split in SPLITS:
        items = read_items(args.bench / f"{split}.jsonl")
        start = time.perf_counter()
        ranked = sum(1 for _ in rank_items(spec, items, 100, workers))
        seconds = time.perf_counter() - start
        total_items += ranked
        total_seconds += seconds
        print(f"{split:<6}{ranked:6,} items {seconds:7.1f} s  {ranked / seconds:6.1f} items/s")
    print(
        f"{'all':<6}{total_items:6,} items {total_seconds:7.1f} s  "
        f"{total_items / total_seconds:6.1f} items/s ({workers} processes, {args.writer} writer)"
    )


if __name__ == "__main__":
    main()

"""What dense and hybrid retrieval buy over BM25 on ConvRevise's development split.

Builds (or reuses) a BM25, a dense (all-MiniLM-L6-v2) and a hybrid index of the benchmark's
collection, reporting the encoder's throughput, then ranks the development items with the
full MemRevise pipeline on each and reports MRR@10 and the seconds per item. Needs the dense
extra and a benchmark built by ``memrevise bench build``. Run it from the repository root:

    python benchmarks/bench_dense.py --bench bench --out bench/dense
    python benchmarks/bench_dense.py --bench bench --out bench/dense --items 200 --writer rules
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from memrevise.bench.items import Item, read_items
from memrevise.methods import MethodSpec, rank_items
from memrevise.retrieval import BM25Index, read_collection
from memrevise.retrieval.dense import DenseIndex
from memrevise.retrieval.hybrid import HybridIndex
from memrevise.writer import DEFAULT_WRITER, WRITERS


def mrr_at_10(items: list[Item], rankings: list[list[str]]) -> float:
    """The mean over items of 1/rank of the first gold passage in the top 10 (0 if none)."""
    total = 0.0
    for item, ids in zip(items, rankings, strict=True):
        gold = set(item.gold)
        total += next((1.0 / rank for rank, pid in enumerate(ids[:10], 1) if pid in gold), 0.0)
    return total / len(items)


def build(bench: Path, out: Path) -> None:
    """The three indexes under ``out``, each built only if missing."""
    passages = read_collection(bench / "collection.jsonl")
    if not (out / "bm25").exists():
        BM25Index.build(passages).save(out / "bm25")
    if not (out / "dense").exists():
        start = time.perf_counter()
        dense = DenseIndex.build(passages, show_progress=True)
        seconds = time.perf_counter() - start
        rate = len(passages) / seconds
        print(f"encoded {len(passages):,} passages in {seconds:.0f} s: {rate:.1f} passages/s")
        dense.save(out / "dense")
    if not (out / "hybrid").exists():
        hybrid = HybridIndex(BM25Index.load(out / "bm25"), DenseIndex.load(out / "dense"))
        hybrid.save(out / "hybrid")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench", type=Path, required=True, help="memrevise bench build --out")
    parser.add_argument("--out", type=Path, required=True, help="directory for the indexes")
    parser.add_argument("--split", default="dev")
    parser.add_argument("--items", type=int, help="only the first N items")
    parser.add_argument("--writer", choices=WRITERS, default=DEFAULT_WRITER)
    parser.add_argument("--backends", default="bm25,dense,hybrid")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    build(args.bench, args.out)
    items = read_items(args.bench / f"{args.split}.jsonl")[: args.items]
    print(f"{args.split}: {len(items)} items, writer {args.writer}")
    for backend in args.backends.split(","):
        spec = MethodSpec(args.out / backend, "memrevise", args.writer)
        start = time.perf_counter()
        rankings = [ranked.ids for _, ranked in rank_items(spec, items, 100, args.workers)]
        seconds = time.perf_counter() - start
        print(
            f"{backend:<7} MRR@10 {mrr_at_10(items, rankings):.3f}   "
            f"{seconds / len(items):.2f} s per item ({np.mean([len(r) for r in rankings]):.0f} "
            "passages each)",
            flush=True,
        )


if __name__ == "__main__":
    main()

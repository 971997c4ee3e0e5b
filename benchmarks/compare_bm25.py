"""Our BM25 side by side with tantivy and rank_bm25 on the synthetic collection.

The collection of ``bench_retrieval.py`` is generated once and written to a file; each engine
runs in its own process (so that its peak memory is its own) on the passages it reads from
that file, and answers the same template queries (a
page's title weighted twice, then six words of one of its passages) at k=100. rank_bm25
scores every passage in Python, so it runs on the first ``--small`` passages, and so does our
index a second time, for the ratio. Reports index time, index size on disk, peak RSS, queries
per second and p50/p99 latency. Needs the bench extra (``pip install 'memrevise[bench]'``).
Run it from the repository root:

    python benchmarks/compare_bm25.py                      # 434,000 passages (50,000 for rank_bm25)
    python benchmarks/compare_bm25.py --passages 5000000   # ~20 min, 12 GB on 2 cores
"""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
from bench_retrieval import collection, peak_rss_mib

from memrevise.retrieval import BM25Index, Passage, write_collection
from memrevise.text import strip_qualifier

ENGINES = ("memrevise", "tantivy", "rank_bm25")


def read(path: Path, limit: int) -> Iterator[Passage]:
    """The first ``limit`` passages of the collection file, one at a time."""
    with open(path, encoding="utf-8") as lines:
        for line in itertools.islice(lines, limit):
            yield Passage(**json.loads(line))


def queries(path: Path, limit: int, count: int, seed: int) -> list[tuple[str, str]]:
    """``(topic, question)`` pairs: a passage's page title and six of its words, for ``count``
    passages drawn among the first ``limit``."""
    rng = np.random.default_rng(seed + 1)
    drawn = [int(doc) for doc in rng.integers(0, limit, size=count)]
    wanted = set(drawn)
    found = {i: p for i, p in enumerate(read(path, limit)) if i in wanted}
    pairs = []
    for doc in drawn:
        words = found[doc].text.split()
        question = " ".join(rng.choice(words, size=min(6, len(words)), replace=False))
        pairs.append((strip_qualifier(found[doc].title), question))
    return pairs


def size_mib(directory: Path) -> float:
    return sum(p.stat().st_size for p in directory.rglob("*") if p.is_file()) / 2**20


def ours(
    passages: Iterable[Passage], directory: Path
) -> tuple[Callable[[str, str, int], Any], float]:
    from memrevise.retrieval import WeightedQuery

    BM25Index.build(passages).save(directory / "index")
    index = BM25Index.load(directory / "index")

    def search(topic: str, question: str, k: int) -> Any:
        return index.search(WeightedQuery.of(topic, 2.0) + WeightedQuery.of(question), k)

    return search, size_mib(directory / "index")


def tantivy_engine(
    passages: Iterable[Passage], directory: Path
) -> tuple[Callable[[str, str, int], Any], float]:
    import tantivy

    schema = tantivy.SchemaBuilder().add_text_field("body").add_unsigned_field("doc").build()
    (directory / "tantivy").mkdir()
    index = tantivy.Index(schema, path=str(directory / "tantivy"))
    writer = index.writer(heap_size=512 * 2**20)
    for doc, passage in enumerate(passages):
        writer.add_document(tantivy.Document(body=f"{passage.title} {passage.text}", doc=doc))
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    searcher = index.searcher()

    def search(topic: str, question: str, k: int) -> Any:
        words = [f"{w}^2" for w in topic.lower().split()] + question.lower().split()
        return searcher.search(index.parse_query(" ".join(words), ["body"]), k).hits

    return search, size_mib(directory / "tantivy")


def rank_bm25_engine(
    passages: Iterable[Passage], directory: Path
) -> tuple[Callable[[str, str, int], Any], float]:
    from rank_bm25 import BM25Okapi

    from memrevise.retrieval import tokenize

    bm25 = BM25Okapi([tokenize(f"{p.title} {p.text}") for p in passages])

    def search(topic: str, question: str, k: int) -> Any:
        scores = bm25.get_scores(tokenize(topic) * 2 + tokenize(question))  # topic weighted twice
        return np.argsort(-scores, kind="stable")[:k]

    return search, 0.0  # kept in memory only


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """One engine on one collection size, in this process."""
    asked = queries(args.collection, args.limit, args.queries, args.seed)
    passages = read(args.collection, args.limit)  # streamed: each engine keeps what it needs
    engine = {"memrevise": ours, "tantivy": tantivy_engine, "rank_bm25": rank_bm25_engine}
    scratch = Path(tempfile.mkdtemp(prefix="compare-bm25-"))
    try:
        start = time.perf_counter()
        search, size = engine[args.engine](passages, scratch)
        built = time.perf_counter() - start
        for topic, question in asked[:10]:  # warm up
            search(topic, question, args.k)
        ms = np.empty(len(asked))
        start = time.perf_counter()
        for i, (topic, question) in enumerate(asked):
            begin = time.perf_counter_ns()
            search(topic, question, args.k)
            ms[i] = (time.perf_counter_ns() - begin) / 1e6
        elapsed = time.perf_counter() - start
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    p50, p99 = np.percentile(ms, [50, 99])
    return {
        "engine": args.engine,
        "passages": args.limit,
        "index_s": round(built, 1),
        "size_mib": round(size, 1),
        "peak_rss_mib": round(peak_rss_mib()),
        "qps": round(len(asked) / elapsed, 1),
        "p50_ms": round(float(p50), 3),
        "p99_ms": round(float(p99), 3),
    }


def run_child(args: argparse.Namespace, engine: str, limit: int, count: int) -> dict[str, Any]:
    command = [
        sys.executable, __file__, "--engine", engine, "--collection", str(args.collection),
        "--limit", str(limit), "--queries", str(count), "-k", str(args.k),
        "--seed", str(args.seed),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--passages", type=int, default=434_000)
    parser.add_argument("--small", type=int, default=50_000, help="rank_bm25's collection")
    parser.add_argument("--queries", type=int, default=1_000)
    parser.add_argument("--slow-queries", type=int, default=50, help="rank_bm25's queries")
    parser.add_argument("-k", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--engine", choices=ENGINES, help=argparse.SUPPRESS)
    parser.add_argument("--limit", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--collection", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.engine:  # a child process: one measurement, printed as JSON
        print(json.dumps(measure(args)))
        return
    scratch = Path(tempfile.mkdtemp(prefix="compare-bm25-collection-"))
    try:
        rng = np.random.default_rng(args.seed)
        args.collection = scratch / "collection.jsonl"
        write_collection(
            collection(args.passages, rng, vocab_size=50_000, per_title=10, exponent=1.0),
            args.collection,
        )
        compare(args)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def compare(args: argparse.Namespace) -> None:
    """Every engine in its own process on the collection written to ``args.collection``."""
    small = min(args.small, args.passages)
    plan = [
        ("memrevise", args.passages, args.queries),
        ("tantivy", args.passages, args.queries),
        ("memrevise", small, args.queries),
        ("tantivy", small, args.queries),
        ("rank_bm25", small, args.slow_queries),
    ]
    header = "engine      passages  index s  size MiB  peak RSS MiB  queries/s   p50 ms   p99 ms"
    print(header)
    rows = []
    for engine, limit, count in plan:
        row = run_child(args, engine, limit, count)
        rows.append(row)
        print(
            f"{row['engine']:<10}{row['passages']:>10,}{row['index_s']:>9.1f}"
            f"{row['size_mib']:>10.1f}{row['peak_rss_mib']:>14,}{row['qps']:>11,.1f}"
            f"{row['p50_ms']:>9.3f}{row['p99_ms']:>9.3f}",
            flush=True,
        )
    ratio = rows[2]["qps"] / rows[4]["qps"]
    print(f"memrevise / rank_bm25 on {small:,} passages: {ratio:,.0f}x the queries per second")


if __name__ == "__main__":
    main()

"""Benchmark :class:`memrevise.retrieval.BM25Index` on a synthetic collection.

Passages draw their words from a Zipf distribution over a made-up vocabulary, about ten passages
share a page title, and queries follow the paper's template: a page's title weighted twice plus
words from one of its passages. Reports build, save and load times, peak RSS, and search latency.
Run it from the repository root with the package installed (or ``PYTHONPATH=.``):

    python benchmarks/bench_retrieval.py                       # 434,000 passages, then deleted
    python benchmarks/bench_retrieval.py --passages 50000 --index /tmp/ix   # built and kept
    python benchmarks/bench_retrieval.py --index /tmp/ix       # reused: load and search only
"""

from __future__ import annotations

import argparse
import itertools
import resource
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import numpy as np

from memrevise.retrieval import BM25Index, Passage, WeightedQuery
from memrevise.text import strip_qualifier

T = TypeVar("T")
_CONSONANTS = "bdfgklmnprstvz"
_VOWELS = "aeiou"
_QUALIFIERS = ("film", "band", "album", "novel", "river", "song")


def vocabulary(size: int) -> list[str]:
    """``size`` distinct pronounceable words of two or more syllables, none a stopword."""
    syllables = [c + v for c, v in itertools.product(_CONSONANTS, _VOWELS)]
    words = ("".join(s) for n in itertools.count(2) for s in itertools.product(syllables, repeat=n))
    return list(itertools.islice(words, size))


def collection(
    n: int, rng: np.random.Generator, *, vocab_size: int, per_title: int, exponent: float
) -> Iterator[Passage]:
    """``n`` passages of 60-100 Zipf-distributed words, ``per_title`` passages to a page,
    generated a block of pages at a time (so millions of passages stream to a file or an index)."""
    vocab = np.array(vocabulary(vocab_size), dtype=object)
    p = 1.0 / np.arange(1, vocab_size + 1) ** exponent
    p /= p.sum()
    block = per_title * 5_000
    for first in range(0, n, block):
        count = min(block, n - first)
        lengths = rng.integers(60, 101, size=count)
        words = vocab[rng.choice(vocab_size, size=int(lengths.sum()), p=p)]
        bounds = np.concatenate([[0], np.cumsum(lengths)])
        titles = []
        for page in range(first // per_title, -(-(first + count) // per_title)):
            name = " ".join(vocab[rng.integers(100, vocab_size, size=rng.integers(1, 4))]).title()
            qualifier = _QUALIFIERS[page % len(_QUALIFIERS)]
            titles.append(f"{name} ({qualifier})" if page % 7 == 0 else name)
        for i in range(count):
            text = " ".join(words[bounds[i] : bounds[i + 1]])
            yield Passage(f"p{first + i}", titles[i // per_title], text)


def template_queries(index: BM25Index, count: int, rng: np.random.Generator) -> list[WeightedQuery]:
    """Topic (a page title, weighted twice) plus six words of one of the page's passages."""
    queries = []
    for doc in rng.integers(0, index.num_docs, size=count):
        words = index.text(int(doc)).split()
        question = " ".join(rng.choice(words, size=min(6, len(words)), replace=False))
        topic = strip_qualifier(index.title(int(doc)))
        queries.append(WeightedQuery.of(topic, 2.0) + WeightedQuery.of(question))
    return queries


def peak_rss_mib() -> float:
    """Peak resident set size of this process so far. On Linux the high-water mark of its own
    memory (``VmHWM``): ``ru_maxrss`` would also count a parent's memory at the fork."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # in kB
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def timed(label: str, action: Callable[[], T]) -> T:
    """Run ``action``, printing its wall time and the peak RSS so far."""
    start = time.perf_counter()
    result = action()
    print(f"{label:<24}{time.perf_counter() - start:9.2f} s   peak RSS {peak_rss_mib():8.0f} MiB")
    return result


def latencies(index: BM25Index, queries: list[WeightedQuery], k: int) -> tuple[np.ndarray, float]:
    """Milliseconds per search, and the seconds all searches took."""
    ms = np.empty(len(queries))
    start = time.perf_counter()
    for i, query in enumerate(queries):
        begin = time.perf_counter_ns()
        index.search(query, k)
        ms[i] = (time.perf_counter_ns() - begin) / 1e6
    return ms, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--passages", type=int, default=434_000)
    parser.add_argument("--vocab", type=int, default=50_000)
    parser.add_argument("--per-title", type=int, default=10)
    parser.add_argument("--exponent", type=float, default=1.0, help="Zipf exponent")
    parser.add_argument("--queries", type=int, default=1_000)
    parser.add_argument("-k", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--index", type=Path, help="index directory, kept; reused if it exists")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)

    scratch = None if args.index else Path(tempfile.mkdtemp(prefix="bench-retrieval-"))
    directory = args.index or scratch / "index"
    try:
        if not directory.exists():
            passages = collection(
                args.passages,
                rng,
                vocab_size=args.vocab,
                per_title=args.per_title,
                exponent=args.exponent,
            )
            built = timed(f"generate, build {args.passages:,}", lambda: BM25Index.build(passages))
            timed("save", lambda: built.save(directory))
            del built
        index = timed("load (mmap)", lambda: BM25Index.load(directory))
        queries = template_queries(index, args.queries, rng)
        terms = np.mean([len(q.terms) for q in queries])
        print(
            f"search k={args.k}: {len(queries):,} queries of {terms:.1f} terms "
            f"over {index.num_docs:,} passages"
        )
        # The first pass pays for first touches of the memory-mapped postings; the second doesn't.
        for label in ("first pass", "second pass"):
            ms, elapsed = latencies(index, queries, args.k)
            p50, p99 = np.percentile(ms, [50, 99])
            print(
                f"  {label:<12} p50 {p50:.3f} ms   p99 {p99:.3f} ms   mean {ms.mean():.3f} ms   "
                f"{len(queries) / elapsed:,.0f} queries/s"
            )
        print(f"peak RSS {peak_rss_mib():,.0f} MiB (memory-mapped index pages included)")
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()

"""Per-turn cost of the whole pipeline (writer + search) on a synthetic titled collection.

Builds the synthetic collection of ``bench_retrieval.py`` (434,000 passages by default), then
replays synthetic conversations that exercise the writer (new topics, pronouns, shifts to names
from the previous answer, returns, corrections to list positions) and reports:

- index build time and peak memory;
- per-turn latency p50/p99 of a searched turn (writer with query + every search stage), and of
  a history turn (writer + topic repair), over ``--turns`` turns;
- whether that cost stays flat as a conversation grows to ``--long`` turns (the median
  searched turn over the first, middle and last 20 turns of ``--long-runs`` conversations);
- the wall time of ``memrevise run`` (the real command, in a subprocess) on ``--items`` items
  of eight history turns each.

Run from the repository root with the package installed:

    python benchmarks/bench_turns.py                      # 434,000 passages
    python benchmarks/bench_turns.py --passages 50000 --items 200
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from bench_retrieval import collection, peak_rss_mib, timed

from memrevise.retrieval import BM25Index
from memrevise.search import MemRevise
from memrevise.text import strip_qualifier
from memrevise.writer import DEFAULT_WRITER, make_writer

HISTORY = 8


def conversation(index: BM25Index, rng: np.random.Generator) -> list[tuple[str, str]]:
    """Nine turns about three pages: a new topic, a pronoun, a shift to a name in the previous
    answer, a list position, a correction, a return by name and a final correction."""
    docs = [int(d) for d in rng.integers(0, index.num_docs, size=3)]
    a, b, c = (strip_qualifier(index.title(d)) for d in docs)

    def about(doc: int) -> str:
        return " ".join(index.text(doc).split()[:40])

    return [
        (f"what is {a.lower()}?", f"{a} is {about(docs[0])}."),
        ("what else is it known for?", f"{a} is linked to {b} and {c}."),
        ("tell me about the former one", f"{b} is {about(docs[1])}."),
        ("when did it start?", f"{b} started {about(docs[1])[:80]}."),
        ("no, i meant the latter", f"{c} is {about(docs[2])}."),
        (f"what about {a.lower()} then?", f"{a} is {about(docs[0])[:120]}."),
        ("and its history?", f"The history of {a} is {about(docs[0])[40:200]}."),
        ("who was involved with the second one?", f"{c} involved {about(docs[2])[:100]}."),
        ("no, i meant the first one", ""),
    ]


def percentiles(ms: list[float]) -> str:
    p50, p99 = np.percentile(ms, [50, 99])
    return f"p50 {p50:6.2f} ms   p99 {p99:6.2f} ms   mean {np.mean(ms):6.2f} ms   n={len(ms)}"


def per_turn(index: BM25Index, turns: int, rng: np.random.Generator) -> None:
    """Search every turn as the final one, then record its answer as a history turn."""
    engine = MemRevise(index, make_writer(DEFAULT_WRITER, index))
    searched, history, writer = [], [], []
    while len(searched) < turns:
        session = engine.session()
        for question, answer in conversation(index, rng):
            start = time.perf_counter()
            result = session.search(question, 100)
            searched.append(1000 * (time.perf_counter() - start))
            writer.append(result.ms["writer"])
            start = time.perf_counter()
            session.answer(answer or "no answer")
            history.append(1000 * (time.perf_counter() - start))
    print(f"searched turn (writer + search):   {percentiles(searched[:turns])}")
    print(f"  of which the writer:             {percentiles(writer[:turns])}")
    print(f"history turn (writer + repair):    {percentiles(history[:turns])}")


def long_conversation(index: BM25Index, turns: int, runs: int, rng: np.random.Generator) -> None:
    """``runs`` sessions of ``turns`` turns, nine-turn episodes one after another: the median
    searched turn over their first, middle and last 20 turns (pooled over the sessions)."""
    engine = MemRevise(index, make_writer(DEFAULT_WRITER, index))
    spans: dict[str, list[float]] = {"first 20": [], "middle 20": [], "last 20": []}
    for _ in range(runs):
        session = engine.session()
        searched: list[float] = []
        while len(searched) < turns:
            for question, answer in conversation(index, rng):
                start = time.perf_counter()
                session.search(question, 100)
                searched.append(1000 * (time.perf_counter() - start))
                session.answer(answer or "no answer")
        searched = searched[:turns]
        middle = turns // 2
        spans["first 20"] += searched[:20]
        spans["middle 20"] += searched[middle - 10 : middle + 10]
        spans["last 20"] += searched[-20:]
    medians = "   ".join(f"{name} {np.median(ms):6.2f} ms" for name, ms in spans.items())
    ratio = np.median(spans["last 20"]) / np.median(spans["first 20"])
    print(
        f"{runs} conversations of {turns} turns, searched turn p50:  {medians}   "
        f"last/first {ratio:.2f}"
    )


def items(index: BM25Index, count: int, rng: np.random.Generator) -> list[dict]:
    rows = []
    for number in range(count):
        turns = conversation(index, rng)
        rows.append(
            {
                "qid": f"synthetic-{number}",
                "conversation_id": f"synthetic-{number}",
                "dataset": "synthetic",
                "tier": "correction",
                "history": [{"question": q, "answer": a} for q, a in turns[:HISTORY]],
                "question": turns[HISTORY][0],
            }
        )
    return rows


def timed_run(directory: Path, rows: list[dict], scratch: Path) -> None:
    path = scratch / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    command = [
        sys.executable, "-m", "memrevise.cli", "run", "--index", str(directory),
        "--items", str(path), "--method", "memrevise", "--run", str(scratch / "run.trec"),
    ]  # fmt: skip
    start = time.perf_counter()
    subprocess.run(command, check=True)
    elapsed = time.perf_counter() - start
    lines = len((scratch / "run.trec").read_text().splitlines())
    print(
        f"memrevise run: {len(rows):,} items x {HISTORY} history turns in {elapsed:.1f} s "
        f"({1000 * elapsed / len(rows):.1f} ms/item, {lines:,} run lines)"
    )


def build_and_save(count: int, rng: np.random.Generator, directory: Path) -> None:
    passages = collection(count, rng, vocab_size=50_000, per_title=10, exponent=1.0)
    built = timed(f"generate, build {count:,}", lambda: BM25Index.build(passages))
    timed("save", lambda: built.save(directory))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--passages", type=int, default=434_000)
    parser.add_argument("--turns", type=int, default=1_000)
    parser.add_argument("--items", type=int, default=2_000)
    parser.add_argument("--long", type=int, default=200, help="turns of the long conversations")
    parser.add_argument("--long-runs", type=int, default=5, help="long conversations")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    scratch = Path(tempfile.mkdtemp(prefix="bench-turns-"))
    try:
        build_and_save(args.passages, rng, scratch / "index")
        index = timed("load (mmap)", lambda: BM25Index.load(scratch / "index"))
        timed("writer gazetteer", lambda: make_writer(DEFAULT_WRITER, index))
        per_turn(index, args.turns, rng)
        if args.long:
            long_conversation(index, args.long, args.long_runs, rng)
        print(f"peak RSS {peak_rss_mib():,.0f} MiB")
        if args.items:
            timed_run(scratch / "index", items(index, args.items, rng), scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()

"""End-to-end speed of `memrevise index` + `memrevise run --method memrevise` with and without
shared history prefixes, and whether the two run files are identical.

The items are a benchmark split (``--items``) or, with ``--topiocqa``, one item for every turn
after the first of the held-back (test split) TopiOCQA conversations (``--conversations``: the
first N of them), its history the earlier turns. The collection is indexed once, timed, and
counted in both end-to-end times. Each run is the CLI in its own process, as a user runs it.
With ``--before DIR`` (a checkout of earlier code), that code's ``memrevise index`` and
``memrevise run`` (its default, shared prefixes where it has them) are timed in the same run,
on the same items, and its run file compared. Wall times on a shared machine vary more than
a change of 10-20%; with ``--before`` and ``--cpu N`` the two codes also build the method
and rank the first N items as ``memrevise run --workers 1`` does, in one process each, at
the same time, one on each core (swapped every round, ``--rounds`` rounds), and the CPU
seconds of each are printed with their ratio. Run it from the repository root:

    python benchmarks/bench_shared_prefixes.py --collection bench/collection.jsonl \\
        --items bench/dev.jsonl
    python benchmarks/bench_shared_prefixes.py --collection bench/collection.jsonl \\
        --topiocqa topiocqa_train.json.gz --conversations 205 --before ../main
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from memrevise.bench.items import HistoryTurn, Item, write_items
from memrevise.bench.sources import load_topiocqa
from memrevise.train.writer import split

MODES = (("shared prefixes", "--shared-prefixes"), ("item by item", "--no-shared-prefixes"))


def every_turn_items(topiocqa: Path, seed: int, limit: int | None) -> list[Item]:
    """An item for each turn after the first of the held-back conversations (the first
    ``limit`` of them)."""
    items = []
    for conversation in split(load_topiocqa(topiocqa), seed)["test"][:limit]:
        turns = conversation.turns
        for number in range(1, len(turns)):
            history = [HistoryTurn(question=t.question, answer=t.answer) for t in turns[:number]]
            items.append(
                Item(
                    qid=f"{conversation.id}-{number + 1}",
                    conversation_id=conversation.id,
                    dataset=conversation.dataset,
                    history=history,
                    question=turns[number].question,
                )
            )
    return items


def timed(*args: object, code: Path | None = None) -> float:
    """Seconds that ``memrevise ARGS`` takes in its own process (the code of the checkout
    ``code``, else this one's)."""
    start = time.perf_counter()
    command = [sys.executable, "-m", "memrevise.cli", *map(str, args)]
    subprocess.run(
        command, check=True, cwd=code, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    return time.perf_counter() - start


# Builds the memrevise method over INDEX and ranks the first N items of ITEMS in this process
# as `memrevise run --workers 1` does (without traces, its garbage collection alike), and
# prints the CPU seconds it took; run with the code of the checkout it starts in.
_CPU_PROBE = """
import sys, time
from pathlib import Path
from memrevise.bench.items import read_items
from memrevise.methods import MethodSpec, rank_items
index, items, count = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
chosen = read_items(items)[:count]
start = time.process_time()
for _ in rank_items(MethodSpec(index, "memrevise", traced=False), chosen, 100):
    pass
print(time.process_time() - start)
"""


def cpu_side_by_side(
    runs: dict[str, tuple[Path | None, Path]], items: Path, count: int, rounds: int
) -> dict[str, list[float]]:
    """CPU seconds of each code (label -> (checkout or None for this one, its index)) ranking
    the first ``count`` items, the codes at the same time, each on a core of its own (the
    cores swapped every round, where the platform can pin a process)."""
    pin = hasattr(os, "sched_setaffinity") and len(os.sched_getaffinity(0)) >= len(runs)
    cores = sorted(os.sched_getaffinity(0)) if pin else []
    seconds: dict[str, list[float]] = {label: [] for label in runs}
    for round_ in range(rounds):
        started = {}
        for place, (label, (code, index)) in enumerate(runs.items()):
            core = cores[(place + round_) % len(cores)] if pin else None
            started[label] = subprocess.Popen(
                [sys.executable, "-c", _CPU_PROBE, str(index), str(items), str(count)],
                cwd=code,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                preexec_fn=(lambda core=core: os.sched_setaffinity(0, {core})) if pin else None,
            )
        for label, process in started.items():
            out, _ = process.communicate()
            if process.returncode != 0:
                raise SystemExit(f"ranking with the {label} code failed")
            seconds[label].append(float(out.strip()))
    return seconds


def report(label: str, seconds: float, count: int) -> None:
    print(f"{label:<16}{seconds:8.1f} s   {count / seconds:7.1f} items/s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--collection", type=Path, required=True)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--items", type=Path, help="benchmark items JSONL")
    source.add_argument("--topiocqa", type=Path, help="TopiOCQA training file: every-turn items")
    parser.add_argument("--seed", type=int, default=0, help="the split's seed (--topiocqa)")
    parser.add_argument("--conversations", type=int, help="only the first N (--topiocqa)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--before", type=Path, help="a checkout of earlier code to time too")
    parser.add_argument("--cpu", type=int, help="with --before: CPU seconds on the first N items")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of --cpu")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        items_path = args.items.resolve() if args.items else None
        collection = args.collection.resolve()
        if args.topiocqa is not None:
            items_path = work / "items.jsonl"
            write_items(every_turn_items(args.topiocqa, args.seed, args.conversations), items_path)
        with items_path.open(encoding="utf-8") as handle:
            count = sum(1 for line in handle if line.strip())
        index_seconds = timed("index", "--collection", collection, "--out", work / "index")
        print(f"{count} items, {args.workers} workers; index {index_seconds:.1f} s")
        runs = {}

        def run_with(label: str, flag: str) -> None:
            run = work / f"{flag}.trec"
            seconds = index_seconds + timed(
                "run", "--index", work / "index", "--items", items_path, "--method", "memrevise",
                "--run", run, "--workers", args.workers, flag,
            )  # fmt: skip
            runs[label] = run.read_bytes()
            report(label, seconds, count)

        run_with(*MODES[0])
        if args.before is not None:  # next to the same mode of this code, the load alike
            code, run = args.before.resolve(), work / "before.trec"
            seconds = timed("index", "--collection", collection, "--out", work / "old", code=code)
            seconds += timed(
                "run", "--index", work / "old", "--items", items_path, "--method", "memrevise",
                "--run", run, "--workers", args.workers, code=code,
            )  # fmt: skip
            runs["before"] = run.read_bytes()
            report("before", seconds, count)
        for label, flag in MODES[1:]:
            run_with(label, flag)
        if args.before is not None and args.cpu:
            cpu = cpu_side_by_side(
                {"this": (None, work / "index"), "before": (args.before.resolve(), work / "old")},
                items_path,
                args.cpu,
                args.rounds,
            )
            mine, theirs = sum(cpu["this"]), sum(cpu["before"])
            rounds = ", ".join(
                f"{a / b:.2f}" for a, b in zip(cpu["this"], cpu["before"], strict=True)
            )
            print(f"CPU ranking the first {args.cpu} items, {args.rounds} rounds side by side:")
            print(f"  this code {mine:.1f} s, before {theirs:.1f} s ({mine / theirs - 1:+.1%})")
            print(f"  per round, this / before: {rounds}")
        same = runs[MODES[0][0]] == runs["item by item"]
        print(f"run files with and without shared prefixes {'identical' if same else 'DIFFER'}")
        if "before" in runs:
            alike = runs["before"] == runs["item by item"]
            print(f"the earlier code's run file {'is identical' if alike else 'differs'}")


if __name__ == "__main__":
    main()

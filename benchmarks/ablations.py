"""The ablation grid of MemRevise on a ConvRevise split, written as one report.

Each search step switched off in turn (template only, writer query only, no title prior, no
facts vote, no number rule, no exclusion, no topic repair), the memory horizon set to 1, 2 and
3 turns, the rule writer in place of the learned one, and the baselines, all against the full
system. Run from the repository root:

    memrevise bench build --topiocqa ../shared/data/topiocqa/topiocqa_train.json.gz --out bench
    python benchmarks/ablations.py --bench bench --split dev --out bench/ablations
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from memrevise.bench import read_items
from memrevise.evaluate import evaluate, load_runs, summary
from memrevise.methods import MethodSpec, available_cores, rank_items, write_run
from memrevise.retrieval import BM25Index, read_collection
from memrevise.search import SearchConfig

GRID: dict[str, SearchConfig] = {
    "full": SearchConfig(),
    "template-only": SearchConfig(writer_query=False),
    "writer-query-only": SearchConfig(template=False),
    "no-title-prior": SearchConfig(title_prior=False),
    "no-facts-vote": SearchConfig(facts_vote=False),
    "no-number-rule": SearchConfig(number_rule=False),
    "no-exclusion": SearchConfig(exclusion=False),
    "no-dropped-below": SearchConfig(dropped_below=False),
    "no-topic-repair": SearchConfig(topic_repair=False),
    "horizon-1": SearchConfig(horizon=1),
    "horizon-2": SearchConfig(horizon=2),
    "horizon-3": SearchConfig(horizon=3),
}
BASELINES = ("memory-free", "rewrite-rules", "original", "all-history", "last-turn")


def index_of(bench: Path) -> Path:
    """The benchmark's index directory, built beside the collection on first use."""
    directory = bench / "index"
    if not directory.exists():
        BM25Index.build(read_collection(bench / "collection.jsonl")).save(directory)
    return directory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--bench", type=Path, required=True, help="a `memrevise bench build` output"
    )
    parser.add_argument("--split", default="dev")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--resamples", type=int, default=1000)
    args = parser.parse_args()
    items = read_items(args.bench / f"{args.split}.jsonl")
    index = index_of(args.bench)
    args.out.mkdir(parents=True, exist_ok=True)
    paths = []
    specs = [(name, MethodSpec(index, "memrevise", config=c)) for name, c in GRID.items()]
    specs.append(("rule-writer", MethodSpec(index, "memrevise", writer="rules")))
    specs += [(name, MethodSpec(index, name)) for name in BASELINES]
    for name, spec in specs:
        start = time.perf_counter()
        path = args.out / f"{name}.trec"
        write_run(rank_items(spec, items, workers=available_cores()), path, name)
        paths.append(path)
        print(f"{name:<20} {time.perf_counter() - start:6.1f} s")
    report = args.out / "report.md"
    result = evaluate(items, load_runs(paths), report, resamples=args.resamples)
    print(summary(result))
    print(f"report: {report}")


if __name__ == "__main__":
    main()

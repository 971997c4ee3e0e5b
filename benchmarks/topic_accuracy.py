"""Topic accuracy of the writers, on held-back TopiOCQA conversations and on ConvRevise items.

TopiOCQA (``--topiocqa``): every labelled turn after the first, in two ways. *Searched*: the
turn is written as the final turn (no answer yet) after the earlier turns were written as
history turns (with their answers, topic repair on). *History*: the node the turn gets as a
history turn, its answer known and topic repair applied. Keeping the previous turn's label is
the floor. ConvRevise (``--bench DIR``): the final node of every item of a split against the
item's intended topic, per tier, beside keeping the previous turn's target topic. The learned
writer's updates per second on one core are printed too. Run from the repository root:

    python benchmarks/topic_accuracy.py --topiocqa ../shared/data/topiocqa/topiocqa_train.json.gz
    python benchmarks/topic_accuracy.py --bench bench --split dev
"""

from __future__ import annotations

import argparse
import os
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

from memrevise.bench.collection import topiocqa_collection
from memrevise.bench.items import Item, read_items
from memrevise.bench.sources import load_topiocqa
from memrevise.retrieval import BM25Index, read_collection
from memrevise.search import MemRevise
from memrevise.train.writer import split
from memrevise.writer import Turn, make_writer

WRITERS = ("rules", "learned")


@dataclass
class Scores:
    """Right answers and totals of the searched and the history turns, and writer speed."""

    searched: int = 0
    history: int = 0
    total: int = 0
    updates: int = 0
    spent: float = 0.0

    def line(self) -> str:
        rate = self.updates / self.spent if self.spent else 0.0
        return (
            f"searched {self.searched / self.total:.3f}   history {self.history / self.total:.3f}"
            f"   ({self.total} turns, {rate:,.0f} writer updates/s)"
        )


def same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and a.casefold() == b.casefold()


def accuracy(engine: MemRevise, conversations) -> Scores:
    """Topic accuracy of each labelled turn (after the first) as a searched and as a history
    turn."""
    scores = Scores()
    for conversation in conversations:
        session = engine.session()
        previous = None
        for turn in conversation.turns:
            labelled = turn.topic is not None and session.memory.nodes
            if labelled:
                start = time.perf_counter()
                node = engine.writer.update(session.memory, previous, Turn.of(turn.question), True)
                scores.spent += time.perf_counter() - start
                scores.updates += 1
                scores.searched += same(node.topic, turn.topic)
                scores.total += 1
            written = session.add_turn(turn.question, turn.answer or None)
            if labelled:
                scores.history += same(written.topic, turn.topic)
            previous = turn.question
    return scores


def keep_previous(conversations) -> float:
    correct = total = 0
    for conversation in conversations:
        labelled = None
        for turn in conversation.turns:
            if turn.topic is not None and labelled is not None:
                correct += turn.topic == labelled
                total += 1
            labelled = turn.topic or labelled
    return correct / total


def final_topics(engine: MemRevise, items: list[Item]) -> dict[str, list[float]]:
    """Per tier (and "all"): 1.0 where the final node's topic is the item's topic."""
    right: dict[str, list[float]] = defaultdict(list)
    for item in items:
        session = engine.session()
        for turn in item.history:
            session.add_turn(turn.question, turn.answer or None)
        topic = session.search(item.question).memory.nodes[-1].topic
        for group in (item.tier or "natural", "all"):
            right[group].append(float(same(topic, item.topic)))
    return right


def previous_targets(items: list[Item]) -> dict[str, list[float]]:
    """Per tier: keeping the topic of the previous turn's target node (the oracle's)."""
    right: dict[str, list[float]] = defaultdict(list)
    for item in items:
        oracle = (item.model_extra or {}).get("oracle") or []
        kept = oracle[-2]["topic"] if len(oracle) > 1 else None
        for group in (item.tier or "natural", "all"):
            right[group].append(float(same(kept, item.topic)))
    return right


def topiocqa(path: Path, part: str, seed: int, model: Path | None) -> None:
    conversations = load_topiocqa(path)
    index = BM25Index.build(topiocqa_collection(conversations))
    held = split(conversations, seed)[part]
    print(f"TopiOCQA {part}: {len(held)} conversations")
    print(f"keep the previous topic   {keep_previous(held):.3f}")
    for name in WRITERS:
        engine = MemRevise(index, make_writer(name, index, model=model))
        print(f"{name:<25} {accuracy(engine, held).line()}")


def convrevise(bench: Path, part: str, model: Path | None) -> None:
    items = [i for i in read_items(bench / f"{part}.jsonl") if i.topic]
    index = BM25Index.build(read_collection(bench / "collection.jsonl"))
    rows = {"keep previous": previous_targets(items)}
    for name in WRITERS:
        rows[name] = final_topics(MemRevise(index, make_writer(name, index, model=model)), items)
    groups = sorted(rows["learned"], key=lambda g: (g == "all", g))
    print(f"ConvRevise {part}: {len(items)} items with a topic; the final node's topic")
    print(f"{'':<16}" + "".join(f"{g:>16}" for g in groups))
    for name, right in rows.items():
        cells = "".join(f"{sum(right[g]) / len(right[g]):>16.3f}" for g in groups)
        print(f"{name:<16}{cells}")
    print(f"{'n':<16}" + "".join(f"{len(rows['learned'][g]):>16}" for g in groups))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--topiocqa", type=Path)
    parser.add_argument("--bench", type=Path, help="a ConvRevise directory (bench build)")
    parser.add_argument("--split", default="dev")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--model", type=Path, help="the learned writer's models (train writer)")
    args = parser.parse_args()
    if args.topiocqa is None and args.bench is None:
        parser.error("give --topiocqa FILE, --bench DIR or both")
    if args.topiocqa is not None:
        topiocqa(args.topiocqa, args.split, args.seed, args.model)
    if args.bench is not None:
        convrevise(args.bench, args.split, args.model)


if __name__ == "__main__":
    main()

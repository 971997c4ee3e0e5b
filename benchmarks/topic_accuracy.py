"""Topic accuracy of the writers, on held-back TopiOCQA conversations and on ConvRevise items.

TopiOCQA (``--topiocqa``): every labelled turn after the first, in two ways. *Searched*: the
turn is written as the final turn (no answer yet) after the earlier turns were written as
history turns (with their answers, topic repair on). *History*: the node the turn gets as a
history turn, its answer known and topic repair applied. Keeping the previous turn's label is
the floor. Figures are given for all those turns and per kind: staying on the last topic,
switching to a topic the question names (a word of its title), switching to one it does not
name, returning to an earlier topic. ConvRevise (``--bench DIR``): the final node of every
item of a split against the item's intended topic, per tier, beside keeping the previous
turn's target topic. The learned writer's updates per second on one core are printed too.
Run from the repository root:

    python benchmarks/topic_accuracy.py --topiocqa ../shared/data/topiocqa/topiocqa_train.json.gz
    python benchmarks/topic_accuracy.py --bench bench --split dev
"""

from __future__ import annotations

import argparse
import os
import re
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
from memrevise.text import strip_qualifier
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
            f"searched {self.searched / self.total:.3f} ({self.searched:,})   "
            f"history {self.history / self.total:.3f} ({self.history:,})"
            f"   ({self.total:,} turns, {rate:,.0f} writer updates/s)"
        )


def same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and a.casefold() == b.casefold()


KINDS = ("stay", "named switch", "unnamed switch", "return")
_NAME_WORD = 3  # title words longer than this, said in the question, name the page


def names_topic(question: str, topic: str) -> bool:
    """Whether ``question`` says a word of ``topic``'s title (its qualifier aside) longer than
    three letters: "when did bonham die" names "John Bonham"."""
    said = set(re.findall(r"[a-z0-9]+", question.casefold()))
    title = re.findall(r"[a-z0-9]+", strip_qualifier(topic).casefold())
    return any(len(w) > _NAME_WORD and w in said for w in title)


def kind_of(topic: str, labels: list[str], question: str) -> str:
    """A labelled turn's kind after the turns labelled ``labels``: it stays on the last
    topic, returns to an earlier one, or switches to a new one, named in the question or not."""
    if same(topic, labels[-1]):
        return "stay"
    if any(same(topic, label) for label in labels):
        return "return"
    return "named switch" if names_topic(question, topic) else "unnamed switch"


def accuracy(engine: MemRevise, conversations) -> dict[str, Scores]:
    """Topic accuracy of each labelled turn (after the first) as a searched and as a history
    turn, over all turns ("all") and per :data:`KINDS`."""
    scores = {kind: Scores() for kind in ("all", *KINDS)}
    for conversation in conversations:
        session = engine.session()
        previous = None
        labels: list[str] = []
        for turn in conversation.turns:
            labelled = turn.topic is not None and session.memory.nodes
            if labelled:
                start = time.perf_counter()
                node = engine.writer.update(session.memory, previous, Turn.of(turn.question), True)
                spent = time.perf_counter() - start
                groups = [scores["all"]]
                if labels:
                    groups.append(scores[kind_of(turn.topic, labels, turn.question)])
                for group in groups:
                    group.spent += spent
                    group.updates += 1
                    group.searched += same(node.topic, turn.topic)
                    group.total += 1
            written = session.add_turn(turn.question, turn.answer or None)
            if labelled:
                for group in groups:
                    group.history += same(written.topic, turn.topic)
            if turn.topic is not None:
                labels.append(turn.topic)
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


def previous_target(item: Item) -> str | None:
    """The topic of the previous turn's target node (the oracle's)."""
    oracle = (item.model_extra or {}).get("oracle") or []
    return oracle[-2]["topic"] if len(oracle) > 1 else None


def groups_of(item: Item) -> list[str]:
    """An item's tier, "all", and "named switch" where the final question names a topic
    (a word of its title) other than the previous turn's."""
    groups = [item.tier or "natural", "all"]
    kept = previous_target(item)
    if kept is not None and not same(kept, item.topic) and names_topic(item.question, item.topic):
        groups.append("named switch")
    return groups


def final_topics(engine: MemRevise, items: list[Item]) -> dict[str, list[float]]:
    """Per group (:func:`groups_of`): 1.0 where the final node's topic is the item's topic."""
    right: dict[str, list[float]] = defaultdict(list)
    for item in items:
        session = engine.session()
        for turn in item.history:
            session.add_turn(turn.question, turn.answer or None)
        topic = session.search(item.question).memory.nodes[-1].topic
        for group in groups_of(item):
            right[group].append(float(same(topic, item.topic)))
    return right


def previous_targets(items: list[Item]) -> dict[str, list[float]]:
    """Per group: keeping the topic of the previous turn's target node."""
    right: dict[str, list[float]] = defaultdict(list)
    for item in items:
        for group in groups_of(item):
            right[group].append(float(same(previous_target(item), item.topic)))
    return right


def topiocqa(path: Path, part: str, seed: int, model: Path | None) -> None:
    conversations = load_topiocqa(path)
    index = BM25Index.build(topiocqa_collection(conversations))
    held = split(conversations, seed)[part]
    print(f"TopiOCQA {part}: {len(held)} conversations")
    print(f"{'keep the previous topic':<32} {keep_previous(held):.3f}")
    for name in WRITERS:
        engine = MemRevise(index, make_writer(name, index, model=model))
        for kind, scores in accuracy(engine, held).items():
            if scores.total:
                print(f"{name + ' ' + kind:<32} {scores.line()}")


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

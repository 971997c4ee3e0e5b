"""Topic accuracy of the final node, over every labelled turn of held-back TopiOCQA conversations.

Each labelled turn is searched as the final turn (no answer) after the earlier turns were
written as history turns (with their answers, topic repair on); its node's topic is compared
with TopiOCQA's label. Reports keeping the previous turn's label (a floor), the rule writer
and the learned writer, and the learned writer's updates per second on one core. Run from the
repository root:

    python benchmarks/topic_accuracy.py --topiocqa ../shared/data/topiocqa/topiocqa_train.json.gz
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

from memrevise.bench.collection import topiocqa_collection
from memrevise.bench.sources import load_topiocqa
from memrevise.retrieval import BM25Index
from memrevise.search import MemRevise
from memrevise.train.writer import split
from memrevise.writer import Turn, make_writer


def accuracy(engine: MemRevise, conversations) -> tuple[float, int, float]:
    """Final-node topic accuracy, the number of turns scored, and writer updates per second."""
    correct = total = updates = 0
    spent = 0.0
    for conversation in conversations:
        session = engine.session()
        previous = None
        for turn in conversation.turns:
            if turn.topic is not None and session.memory.nodes:
                start = time.perf_counter()
                node = engine.writer.update(session.memory, previous, Turn.of(turn.question), True)
                spent += time.perf_counter() - start
                updates += 1
                correct += node.topic.casefold() == turn.topic.casefold()
                total += 1
            session.add_turn(turn.question, turn.answer or None)
            previous = turn.question
    return correct / total, total, updates / spent


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--topiocqa", type=Path, required=True)
    parser.add_argument("--split", default="dev")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--model", type=Path, help="the learned writer's models (train writer)")
    args = parser.parse_args()
    conversations = load_topiocqa(args.topiocqa)
    index = BM25Index.build(topiocqa_collection(conversations))
    held = split(conversations, args.seed)[args.split]
    print(f"{args.split}: {len(held)} conversations")
    print(f"keep the previous topic   {keep_previous(held):.3f}")
    for name in ("rules", "learned"):
        engine = MemRevise(index, make_writer(name, index, model=args.model))
        score, total, rate = accuracy(engine, held)
        print(f"{name:<25} {score:.3f}   ({total} turns, {rate:,.0f} writer updates/s)")


if __name__ == "__main__":
    main()

"""How well the correction model tells corrections from other turns on sets it did not learn
from: each revision set is held out in turn with its follow-up set of the same name, a model
is trained on every other hand-written set (and TopiOCQA's training turns, where given), and
the held-out turns are read. Prints, at the writer's threshold and others, the corrections
read as such (recall), and the other turns read as corrections: the revision sets' follow-ups
and returns, the follow-up sets' turns, and TopiOCQA's held-back turns (development and test
conversations). With ``--writer SET ...``, each of those revision sets is held out in turn, and
the default writer is run on it and on its follow-up set without and with the model that did
not learn from them: the intended topic per tier, and the follow-up set's topic accuracy.

    python benchmarks/correction_model.py --data benchmarks/data --topiocqa FILE \\
        --exclude revisions-fresh16 --exclude followups-fresh16 [--writer revisions-fresh15 ...]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from handwritten import engine_for, read_followups, same_title, search_item

from memrevise.bench.items import read_items
from memrevise.bench.sources import load_topiocqa
from memrevise.search import SearchConfig
from memrevise.train.corrections import (
    conversation_examples,
    handwritten_examples,
    train_correction_model,
)
from memrevise.train.writer import split
from memrevise.writer.rules import CORRECTION_SURE

THRESHOLDS = (0.5, CORRECTION_SURE, 0.9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("benchmarks/data"))
    parser.add_argument("--topiocqa", type=Path)
    parser.add_argument("--exclude", action="append", default=[])
    parser.add_argument("--writer", nargs="+", default=[], metavar="SET")
    args = parser.parse_args()
    sets = sorted(
        p.name
        for p in args.data.iterdir()
        if p.is_dir() and p.name.startswith("revisions") and p.name not in args.exclude
    )
    train_turns, held_back = [], []
    if args.topiocqa is not None:
        parts = split(load_topiocqa(args.topiocqa), 0)
        train_turns = list(conversation_examples(parts["train"]))
        held_back = list(conversation_examples(parts["dev"] + parts["test"]))
    found: dict[str, list[np.ndarray]] = {"correction": [], "other": [], "followups": []}
    model = None
    for held in sets:
        paired = held.replace("revisions", "followups")
        left_out = [*args.exclude, held, paired]
        model = train_correction_model([*handwritten_examples(args.data, left_out), *train_turns])
        revised = list(handwritten_examples(args.data, [s for s in _all(args.data) if s != held]))
        read = np.array([model.corrects(given) for given, _ in revised])
        labels = np.array([label for _, label in revised])
        found["correction"].append(read[labels == 1])
        found["other"].append(read[labels == 0])
        followed = list(
            handwritten_examples(args.data, [s for s in _all(args.data) if s != paired])
        )
        if paired in _all(args.data):
            found["followups"].append(np.array([model.corrects(g) for g, _ in followed]))
        print(f"{held}: {int((labels == 1).sum())} corrections held out", flush=True)
    for held in args.writer:
        paired = held.replace("revisions", "followups")
        model = train_correction_model(
            [*handwritten_examples(args.data, [*args.exclude, held, paired]), *train_turns]
        )
        _writer_on(args.data / held, model)
        if (args.data / paired).is_dir():
            _writer_on(args.data / paired, model)
    pooled = {kind: np.concatenate(values) for kind, values in found.items() if values}
    topiocqa = (
        np.array([model.corrects(given) for given, _ in held_back])
        if model is not None and held_back
        else np.array([])
    )
    print()
    for threshold in THRESHOLDS:
        line = [f"threshold {threshold:.2f}:"]
        line.append(_share("corrections read as such", pooled["correction"], threshold))
        line.append(
            _share("follow-ups and returns read as corrections", pooled["other"], threshold)
        )
        if "followups" in pooled:
            line.append(
                _share("follow-up turns read as corrections", pooled["followups"], threshold)
            )
        if topiocqa.size:
            line.append(_share("TopiOCQA held-back turns read as corrections", topiocqa, threshold))
        print("\n  ".join(line))


def _writer_on(folder: Path, model) -> None:
    """The default writer's intended topic on a revision set per tier, or its topic accuracy
    on a follow-up set, without and with ``model``."""
    engine = engine_for(folder / "collection.jsonl", "learned", SearchConfig())
    right: dict[str, list[int]] = {}
    for corrects in (None, model.corrects):
        engine.writer.corrects = corrects
        with_model = "with the model" if corrects is not None else "without"
        if (folder / "items.jsonl").is_file():
            for item in read_items(folder / "items.jsonl"):
                hit = same_title(search_item(engine, item).memory.nodes[-1].topic, item.topic)
                for key in (f"{item.tier} {with_model}", f"all {with_model}"):
                    right.setdefault(key, []).append(int(hit))
        else:
            for turns in read_followups(folder / "conversations.jsonl"):
                session = engine.session()
                for turn in turns:
                    topic = session.search(turn.question).memory.nodes[-1].topic
                    session.answer(turn.answer)
                    right.setdefault(f"all {with_model}", []).append(
                        int(same_title(topic, turn.topic))
                    )
    print(f"{folder.name}, writer:")
    for key in sorted(right):
        hits = right[key]
        print(f"  {key}: {sum(hits)}/{len(hits)} = {sum(hits) / len(hits):.3f}")


def _all(data: Path) -> list[str]:
    return sorted(p.name for p in data.iterdir() if p.is_dir())


def _share(what: str, read: np.ndarray, threshold: float) -> str:
    hits = int((read >= threshold).sum())
    return f"{what}: {hits}/{read.size} = {hits / max(read.size, 1):.3f}"


if __name__ == "__main__":
    main()

"""The writer on the hand-written sets under ``benchmarks/data/`` (written before any tuning).

``revisions``: conversations ending in a correction, a self-repair, a value revision, a
follow-up after a correction or a return. Per tier and per kind of reference it prints the
share of items whose final node is about the intended page, whose rejected topic is dropped,
whose query still carries the open question's words, MRR@10 and stale-above-gold.

``followups``: ordinary conversations whose every turn is searched (no answer yet) after the
earlier turns were answered, each with the rewrite a person wrote. Per kind of turn it prints
whether every content word of the question is kept, whether a question that needs no
rewrite is left as typed, the recall of the context words the person added, token F1 against
the person's rewrite, topic accuracy (beside keeping the previous turn's topic) and MRR@10.

Run from the repository root:

    python benchmarks/handwritten.py revisions [--writer learned|rules]
    python benchmarks/handwritten.py followups [--writer learned|rules]
"""

from __future__ import annotations

import argparse
import json
import os
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

from memrevise.bench.items import Item, read_items
from memrevise.evaluate.measures import per_query
from memrevise.evaluate.stale import per_query_stale
from memrevise.memory import Status
from memrevise.retrieval import BM25Index, read_collection, tokenize
from memrevise.search import MemRevise, SearchConfig, SearchResult
from memrevise.writer import make_writer

DATA = Path(__file__).parent / "data"


def engine_for(collection: Path, writer: str, config: SearchConfig) -> MemRevise:
    index = BM25Index.build(read_collection(collection))
    return MemRevise(index, make_writer(writer, index), config)


# Words that stand for an entity: a rewrite replaces them, so they are not the question's own.
PRONOUNS = frozenset(
    "he him his himself she her hers herself it its itself".split()
    + "they them their theirs themselves".split()
)


def words(text: str) -> list[str]:
    """Content words as the index sees them (stemmed, no stopwords)."""
    return tokenize(text)


def own_words(text: str) -> list[str]:
    """The question's own content words: its words less the pronouns that a rewrite replaces."""
    return [w for w in tokenize(text) if w not in PRONOUNS]


def f1(found: Sequence[str], wanted: Sequence[str]) -> float:
    common = sum(min(found.count(w), wanted.count(w)) for w in set(wanted))
    if not common:
        return 0.0
    precision, recall = common / len(found), common / len(wanted)
    return 2 * precision * recall / (precision + recall)


def same_title(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and a.casefold() == b.casefold()


@dataclass
class Table:
    """Rows of per-question values grouped by a key, printed as means with counts."""

    title: str
    columns: tuple[str, ...]

    def __post_init__(self) -> None:
        self.rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))

    def add(self, groups: Iterable[str], values: dict[str, float | None]) -> None:
        for group in (*groups, "all"):
            for column, value in values.items():
                if value is not None and not np.isnan(value):
                    self.rows[group][column].append(float(value))

    def print(self) -> None:
        print(f"\n{self.title}")
        width = max(len(g) for g in self.rows) + 2
        print(" " * width + "".join(f"{c:>14}" for c in ("n", *self.columns)))
        for group in sorted(self.rows, key=lambda g: (g == "all", g)):
            row, columns = self.rows[group], self.columns
            n = max(len(v) for v in row.values())
            cells = [f"{np.mean(row[c]):>14.3f}" if row.get(c) else f"{'–':>14}" for c in columns]
            print(f"{group:<{width}}{n:>14}" + "".join(cells))


def ranked(result: SearchResult) -> list[tuple[str, float]]:
    return [(hit.id, hit.score) for hit in result.hits]


def search_item(engine: MemRevise, item: Item) -> SearchResult:
    session = engine.session()
    for turn in item.history:
        session.add_turn(turn.question, turn.answer or None)
    return session.search(item.question)


def revisions(engine: MemRevise, folder: Path) -> None:
    items = read_items(folder / "items.jsonl")
    results = {item.qid: search_item(engine, item) for item in items}
    run = {qid: ranked(result) for qid, result in results.items()}
    mrr = per_query(items, run)["MRR@10"]
    stale = per_query_stale(items, run)
    columns = ("topic", "dropped", "carried", "MRR@10", "stale>gold")
    by_tier = Table("per tier", columns)
    by_reference = Table("per reference", columns)
    for position, item in enumerate(items):
        result = results[item.qid]
        extra = item.model_extra or {}
        rejected = extra.get("rejected")
        topics = {t.name.casefold(): t for t in result.memory.topics}
        dropped = None
        if rejected:
            found = topics.get(rejected.casefold())
            dropped = float(found is not None and found.status is Status.DROPPED)
        keep = [w for word in extra.get("keep", []) for w in words(word)]
        query = set(words(result.query))
        values = {
            "topic": float(same_title(result.memory.nodes[-1].topic, item.topic)),
            "dropped": dropped,
            "carried": float(all(w in query for w in keep)) if keep else None,
            "MRR@10": mrr[position],
            "stale>gold": stale[position],
        }
        by_tier.add([item.tier or "natural"], values)
        by_reference.add([extra.get("reference", "?")], values)
    by_tier.print()
    by_reference.print()


@dataclass(frozen=True)
class FollowupTurn:
    conversation: str
    position: int
    question: str
    answer: str
    rewrite: str
    topic: str
    gold: tuple[str, ...]
    kind: str


def read_followups(path: Path) -> list[list[FollowupTurn]]:
    conversations = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        conversations.append(
            [
                FollowupTurn(
                    record["conversation_id"],
                    position,
                    turn["question"],
                    turn.get("answer", ""),
                    turn["rewrite"],
                    turn["topic"],
                    tuple(turn.get("gold", ())),
                    turn["kind"],
                )
                for position, turn in enumerate(record["turns"])
            ]
        )
    return conversations


def followups(engine: MemRevise, folder: Path) -> None:
    conversations = read_followups(folder / "conversations.jsonl")
    columns = ("kept", "unchanged", "ctx recall", "rewrite F1", "topic", "keep-prev", "MRR@10")
    table = Table("per kind of turn (every turn searched before its answer)", columns)
    recalled = wanted_total = 0
    for turns in conversations:
        session = engine.session()
        previous_topic = None
        for turn in turns:
            result = session.search(turn.question)
            session.answer(turn.answer)
            query, rewrite = words(result.query), words(turn.rewrite)
            question = own_words(turn.question)
            context = [w for w in dict.fromkeys(rewrite) if w not in words(turn.question)]
            hits = sum(w in query for w in context)
            recalled += hits
            wanted_total += len(context)
            item = Item(
                qid="q", conversation_id="c", dataset="d", question=turn.question, gold=turn.gold
            )
            values = {
                "kept": float(all(w in query for w in question)),
                "unchanged": (
                    float(result.query.casefold().split() == turn.question.casefold().split())
                    if turn.kind == "no-rewrite"
                    else None
                ),
                "ctx recall": hits / len(context) if context else None,
                "rewrite F1": f1(query, rewrite) if rewrite else None,
                "topic": float(same_title(result.memory.nodes[-1].topic, turn.topic)),
                "keep-prev": (
                    float(same_title(previous_topic, turn.topic)) if previous_topic else None
                ),
                "MRR@10": per_query([item], {"q": ranked(result)})["MRR@10"][0]
                if turn.gold
                else None,
            }
            kinds = [turn.kind] + (["searched after turn 1"] if turn.position else [])
            table.add(kinds, values)
            previous_topic = turn.topic
    table.print()
    share = recalled / wanted_total if wanted_total else float("nan")
    print(f"\ncontext words recalled, pooled over turns: {recalled}/{wanted_total} = {share:.3f}")


SETS: dict[str, Callable[[MemRevise, Path], None]] = {
    "revisions": revisions,
    "followups": followups,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set", choices=sorted(SETS))
    parser.add_argument("--writer", default="learned", choices=("learned", "rules"))
    parser.add_argument("--data", type=Path, default=None, help="the set's folder")
    parser.add_argument("--no-topic-repair", action="store_true")
    parser.add_argument("--no-dropped-below", action="store_true")
    args = parser.parse_args()
    folder = args.data or DATA / args.set
    switched_off = {"topic_repair": args.no_topic_repair, "dropped_below": args.no_dropped_below}
    config = SearchConfig(**{step: False for step, off in switched_off.items() if off})
    engine = engine_for(folder / "collection.jsonl", args.writer, config)
    print(f"{args.set}: {folder} · writer {args.writer}")
    SETS[args.set](engine, folder)


if __name__ == "__main__":
    main()

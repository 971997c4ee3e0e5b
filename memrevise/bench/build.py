"""``memrevise bench build``: the collection, the tiers and the splits, reproducibly from a seed."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from memrevise.bench.collection import topiocqa_collection
from memrevise.bench.conversation import Conversation
from memrevise.bench.items import Item, write_items
from memrevise.bench.sources import load_topiocqa
from memrevise.bench.tiers import Builder, Corpus, number_siblings
from memrevise.jsonl import write_atomic
from memrevise.progress import track
from memrevise.retrieval import write_collection

SPLITS: tuple[tuple[str, float], ...] = (("train", 0.40), ("dev", 0.10), ("test", 0.50))


def split_of(conversation_id: str, seed: int, splits: Sequence[tuple[str, float]] = SPLITS) -> str:
    """The split of a conversation, from a hash of its id and the seed (never two splits)."""
    digest = hashlib.sha256(f"{seed}:{conversation_id}".encode()).digest()
    point = int.from_bytes(digest[:8], "big") / 2**64
    total = 0.0
    for name, share in splits:
        total += share
        if point < total:
            return name
    return splits[-1][0]


@dataclass(frozen=True)
class Manifest:
    """What a build wrote: counts per split and tier, and where."""

    seed: int
    passages: int
    conversations: dict[str, int]
    items: dict[str, dict[str, int]]

    def to_json(self) -> str:
        return json.dumps(self.__dict__, indent=2, sort_keys=True)


def build_items(builder: Builder, conversations: Sequence[Conversation]) -> list[Item]:
    """Every tier's items from the conversations of one split."""
    siblings = number_siblings(builder.corpus.sections)
    items: list[Item] = []
    for number, conversation in enumerate(track(conversations)):
        others = [
            c for c in conversations[max(0, number - 50) : number + 50] if c is not conversation
        ]
        items += builder.natural_returns(conversation)
        items += builder.built_revisions(conversation)
        items += builder.written_returns(conversation)
        items += builder.value_revisions(conversation, siblings)
        items += builder.spliced(conversation, others)
    return items


def build_benchmark(
    topiocqa: Path,
    out: Path,
    seed: int = 0,
    progress: Callable[[str], None] = lambda _: None,
) -> Manifest:
    """Build ConvRevise from TopiOCQA's conversations into ``out``: ``collection.jsonl``,
    ``{train,dev,test}.jsonl`` and ``manifest.json``."""
    progress(f"loading {topiocqa}")
    conversations = load_topiocqa(topiocqa)
    out.mkdir(parents=True, exist_ok=True)
    progress("writing the collection")
    passages = topiocqa_collection(conversations)
    write_collection(passages, out / "collection.jsonl")
    builder = Builder(Corpus.of(conversations), seed)
    by_split: dict[str, list[Conversation]] = {name: [] for name, _ in SPLITS}
    for conversation in conversations:
        by_split[split_of(conversation.id, seed)].append(conversation)
    counts: dict[str, dict[str, int]] = {}
    for name, members in by_split.items():
        progress(f"building {name} from {len(members)} conversations")
        items = build_items(builder, members)
        write_items(items, out / f"{name}.jsonl")
        tiers = Counter(item.tier or "natural" for item in items)
        counts[name] = {"total": len(items), **dict(sorted(tiers.items()))}
    manifest = Manifest(
        seed=seed,
        passages=len(passages),
        conversations={name: len(members) for name, members in by_split.items()},
        items=counts,
    )
    write_atomic(out / "manifest.json", [manifest.to_json()])
    return manifest

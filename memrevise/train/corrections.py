"""``memrevise train corrections``: the correction model, from hand-written conversations.

A turn that corrects the last answer says so in as many ways as people type ("elfman did
burtons.. wasnt it goldsmith", "sim!! not dickens", "those are 03 numbers surely"); the rules
read a few of them. The correction model learns the rest from conversations people wrote: the
final turns of the correction tier of revision sets (``items.jsonl``) are corrections; their
follow-ups and returns, every later turn of follow-up sets (``conversations.jsonl``) and the
turns of TopiOCQA's training conversations are not. Self-repairs and value revisions are left
out: their cues are read by rules of their own. A tenth of the examples, drawn by a seeded
hash, stops the boosting rounds.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from pathlib import Path

from memrevise.bench.conversation import Conversation
from memrevise.bench.items import read_items
from memrevise.train.sets import followup_conversations, set_folders
from memrevise.writer.switch import CorrectionModel, SwitchInput

CORRECTING_TIERS = frozenset({"correction"})
OTHER_TIERS = frozenset({"follow-up", "return-1", "return-2+"})
DEV_SHARE = 10  # one example in this many stops the rounds


def revision_examples(items: Path) -> Iterator[tuple[SwitchInput, int]]:
    """(input, 1) for each correction's final turn of a revision set, (input, 0) for each
    follow-up's and return's, read after the last history turn."""
    for item in read_items(items):
        if item.tier not in CORRECTING_TIERS | OTHER_TIERS or not item.history:
            continue
        last = item.history[-1]
        given = SwitchInput(item.question, last.question, last.answer or "")
        yield given, int(item.tier in CORRECTING_TIERS)


def followup_examples(conversations: Path) -> Iterator[tuple[SwitchInput, int]]:
    """(input, 0) for every turn after the first of a follow-up set's conversations."""
    return conversation_examples(followup_conversations(conversations))


def conversation_examples(
    conversations: Iterable[Conversation],
) -> Iterator[tuple[SwitchInput, int]]:
    """(input, 0) for every turn after the first of TopiOCQA's conversations."""
    for conversation in conversations:
        for before, turn in pairwise(conversation.turns):
            yield SwitchInput(turn.question, before.question, before.answer or ""), 0


def handwritten_examples(
    data: Path, exclude: Iterable[str] = ()
) -> Iterator[tuple[SwitchInput, int]]:
    """The examples of every set under ``data`` (a folder holding ``items.jsonl`` or
    ``conversations.jsonl``), in name order, the sets named in ``exclude`` left out."""
    for folder in set_folders(data, exclude):
        if (folder / "items.jsonl").is_file():
            yield from revision_examples(folder / "items.jsonl")
        elif (folder / "conversations.jsonl").is_file():
            yield from followup_examples(folder / "conversations.jsonl")


def train_correction_model(
    examples: Sequence[tuple[SwitchInput, int]], rounds: int = 400
) -> CorrectionModel:
    """The correction model of ``examples``; a tenth of them, by a hash of the question,
    stops the rounds (all of them, where too few are given to hold a tenth back)."""
    if not any(label for _, label in examples):
        raise ValueError("no correction among the examples")
    train, dev = [], []
    for example in examples:
        held = zlib.crc32(example[0].question.encode("utf-8")) % DEV_SHARE == 0
        (dev if held else train).append(example)
    if not dev or not any(label for _, label in train):
        train, dev = list(examples), list(examples)  # too few to hold any back
    return CorrectionModel.fit(
        [given for given, _ in train],
        [label for _, label in train],
        ([given for given, _ in dev], [label for _, label in dev]),
        rounds=rounds,
    )

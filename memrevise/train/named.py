"""``memrevise train named``: the named model, from hand-written follow-up sets.

Each follow-up set (a folder holding ``collection.jsonl`` and ``conversations.jsonl``) is
indexed and its conversations searched turn by turn, as a user asks them, with the default
writer less its named model; wherever the writer asks which page a turn that names something
means, its candidates are one group, labelled by the turn's topic. TopiOCQA's training
conversations, where given, are read the same way over their own collection. Groups whose
candidates miss the topic teach nothing and are left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from memrevise.bench.conversation import Conversation
from memrevise.retrieval import BM25Index, read_collection
from memrevise.search import MemRevise, SearchConfig
from memrevise.train.meant import Group, Recorder, groups_of_sets
from memrevise.train.sets import followup_conversations
from memrevise.writer.grounding import Grounding
from memrevise.writer.learned import DEFAULT_MODEL, LearnedWriter, WriterModel

CONVERSATIONS = "conversations.jsonl"


def followup_groups(folder: Path, model: WriterModel) -> Iterator[Group]:
    """The groups of one follow-up set, read by the learned writer of ``model`` (less its
    named model)."""
    index = BM25Index.build(read_collection(folder / "collection.jsonl"))
    return conversation_groups(index, followup_conversations(folder / CONVERSATIONS), model)


def conversation_groups(
    index: BM25Index, conversations: Iterable[Conversation], model: WriterModel
) -> Iterator[Group]:
    """The groups of labelled ``conversations`` over ``index``, each turn searched after the
    earlier ones were answered, read by the learned writer of ``model`` (less its named
    model)."""
    writer = LearnedWriter(index, replace(model, named=None), **Grounding.of(index).kwargs())
    recorder = Recorder()
    writer.named = recorder
    engine = MemRevise(index, writer, SearchConfig())
    for conversation in conversations:
        session = engine.session()
        for turn in conversation.turns:
            recorder.asked = None
            session.search(turn.question)
            candidates = recorder.asked or []
            topic = (turn.topic or "").casefold()
            if any(c.name.casefold() == topic for c in candidates):
                yield candidates, turn.topic
            session.answer(turn.answer)


def handwritten_groups(
    data: Path, exclude: Iterable[str] = (), model: WriterModel | None = None
) -> Iterator[Group]:
    """The groups of every follow-up set under ``data``, in name order, the sets named in
    ``exclude`` left out; read with ``model`` (default: the shipped writer model)."""
    return groups_of_sets(data, exclude, model, CONVERSATIONS, followup_groups)


def topiocqa_groups(
    path: Path, conversations: int, seed: int = 0, model: WriterModel | None = None
) -> Iterator[Group]:
    """The groups of the first ``conversations`` of TopiOCQA's training split (the split of
    ``seed``) in ``path``, over the collection of its passages."""
    from memrevise.bench.collection import topiocqa_collection
    from memrevise.bench.sources import load_topiocqa
    from memrevise.train.writer import split

    loaded = load_topiocqa(path)
    index = BM25Index.build(topiocqa_collection(loaded))
    chosen = split(loaded, seed)["train"][:conversations]
    return conversation_groups(index, chosen, model or WriterModel.load(DEFAULT_MODEL))

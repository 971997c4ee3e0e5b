"""``memrevise train meant``: the meant model, from hand-written revision sets.

Each revision set (a folder holding ``collection.jsonl`` and ``items.jsonl``) is indexed and
searched with the default writer less its meant and named models (the named model is trained
after it, with it); wherever the rules or the correction model read an item's final turn as a
correction, the writer's candidates for what it means are one group, labelled by the item's
intended topic. Groups whose candidates miss the intended topic teach nothing and are left
out. Self-repairs are read by rules of their own and give no
groups (the writer never asks the meant model about them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from memrevise.bench.items import read_items
from memrevise.retrieval import BM25Index, read_collection
from memrevise.search import MemRevise, SearchConfig
from memrevise.train.sets import set_folders
from memrevise.writer.grounding import Grounding
from memrevise.writer.learned import DEFAULT_MODEL, LearnedWriter, WriterModel
from memrevise.writer.meant import Candidate

Group = tuple[Sequence[Candidate], str]


@dataclass
class Recorder:
    """Stands in for the meant or the named model while groups are read: keeps the
    candidates it is asked about and gives each the same chance, so that the rules' choice
    stands."""

    asked: list[Candidate] | None = None

    def __call__(self, candidates: Sequence[Candidate]) -> list[float]:
        self.asked = list(candidates)
        return [0.0] * len(candidates)


def revision_groups(folder: Path, model: WriterModel) -> Iterator[Group]:
    """The groups of one revision set, read by the learned writer of ``model`` (less its meant
    and named models)."""
    index = BM25Index.build(read_collection(folder / "collection.jsonl"))
    writer = LearnedWriter(
        index, replace(model, meant=None, named=None), **Grounding.of(index).kwargs()
    )
    recorder = Recorder()
    writer.meant = recorder
    engine = MemRevise(index, writer, SearchConfig())
    for item in read_items(folder / "items.jsonl"):
        if not item.history:
            continue
        session = engine.session()
        for turn in item.history:
            session.add_turn(turn.question, turn.answer or None)
        recorder.asked = None
        session.search(item.question)
        candidates = recorder.asked or []
        if any(c.name.casefold() == item.topic.casefold() for c in candidates):
            yield candidates, item.topic


def handwritten_groups(
    data: Path, exclude: Iterable[str] = (), model: WriterModel | None = None
) -> Iterator[Group]:
    """The groups of every revision set under ``data``, in name order, the sets named in
    ``exclude`` left out; read with ``model`` (default: the shipped writer model)."""
    return groups_of_sets(data, exclude, model, "items.jsonl", revision_groups)


def groups_of_sets(
    data: Path,
    exclude: Iterable[str],
    model: WriterModel | None,
    holding: str,
    read: Callable[[Path, WriterModel], Iterable[Group]],
) -> Iterator[Group]:
    """The groups that ``read`` finds in each set under ``data`` that holds the file
    ``holding``, in name order, the sets named in ``exclude`` left out; read with ``model``
    (default: the shipped writer model)."""
    model = model or WriterModel.load(DEFAULT_MODEL)
    for folder in set_folders(data, exclude):
        if (folder / holding).is_file():
            yield from read(folder, model)

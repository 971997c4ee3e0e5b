"""The hand-written sets under a data folder (``benchmarks/data``): their folders, and the
labelled conversations of a follow-up set."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from memrevise.bench.conversation import Conversation, SourceTurn
from memrevise.errors import LineError
from memrevise.jsonl import read_objects


def set_folders(data: Path, exclude: Iterable[str] = ()) -> list[Path]:
    """The sets' folders under ``data``, in name order, those named in ``exclude`` left out."""
    left_out = set(exclude)
    return sorted(p for p in Path(data).iterdir() if p.is_dir() and p.name not in left_out)


def followup_conversations(path: Path) -> list[Conversation]:
    """The conversations of a hand-written follow-up set (``conversations.jsonl``: each line
    a ``turns`` list of ``question``, ``answer`` and ``topic``), numbered by line."""
    conversations = []
    for number, record in read_objects(path):
        try:
            turns = tuple(
                SourceTurn(t["question"], t.get("answer") or "", t.get("topic"))
                for t in record["turns"]
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise LineError(path, number, f"turns: {error}") from None
        conversations.append(Conversation(f"{path.parent.name}:{number}", "handwritten", turns))
    return conversations

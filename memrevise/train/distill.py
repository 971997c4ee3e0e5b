"""``memrevise train data`` and ``memrevise train memory-free``: training examples from
teacher annotations, as the paper builds them (appendix "Training", "Memory-free writer").

For the memory writer, every annotated turn gives an example whose input is rendered from
the teacher's memory: history turns, final turns, and copies of the history turns that
change the memory (a topic other than the current one is touched) with their answer removed,
so that the writer also learns to decide without an answer, as at the final turn; those
copies keep the target's decisions and drop its facts, which came from the answer. Every
turn appears once more with its input rendered from the memory an auxiliary writer wrote
itself, so that the student also learns from imperfect memories. The auxiliary writer is
one of the CPU writers (the learned writer by default), run with topic repair over the
collection's index, as at run time.

For the memory-free writer, each conversation gives one example: its raw conversation
(answers cut at 600 characters) and the teacher's final-turn query.

Conversations are held out by a hash of their source conversation; the held-out examples
(teacher memories only) score the fields written before the query.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from memrevise.bench.build import split_of
from memrevise.bench.conversation import Conversation, SourceTurn
from memrevise.jsonl import JsonlError, read_objects, write_objects
from memrevise.memory import Memory, Op, WriterOutput
from memrevise.search import MemRevise
from memrevise.search.prefixes import PrefixStates
from memrevise.train.annotate import Annotation
from memrevise.train.writer import written_memories
from memrevise.writer.base import Turn
from memrevise.writer.llm.backends import Messages
from memrevise.writer.llm.memory_free import SYSTEM_PROMPT as MEMORY_FREE_PROMPT
from memrevise.writer.llm.memory_free import conversation_prompt, query_text
from memrevise.writer.llm.prompt import SYSTEM_PROMPT, before_query, output_text, user_prompt

Group = list[Annotation]


@dataclass(frozen=True)
class Example:
    """A chat, the reply to learn, and how many leading characters of the reply the
    held-out loss scores; ``meta`` says where it came from."""

    messages: Messages
    target: str
    scored: int
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "messages": self.messages,
            "target": self.target,
            "scored": self.scored,
            "meta": self.meta,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Example:
        return cls(data["messages"], data["target"], int(data["scored"]), data.get("meta", {}))


def read_annotations(path: Path) -> list[Group]:
    """Each annotated conversation's turns in order; a bad line or a conversation with a gap
    in its turns is an error naming the file (and line)."""
    groups: dict[str, Group] = {}
    for number, record in read_objects(path):
        try:
            annotation = Annotation.model_validate(record)
        except ValidationError as error:
            reason = error.errors()[0]
            where = ".".join(str(p) for p in reason["loc"]) or "record"
            raise JsonlError(path, number, f"{where}: {reason['msg']}") from None
        group = groups.setdefault(annotation.qid, [])
        if annotation.turn != len(group) + 1:
            raise JsonlError(
                path, number, f"{annotation.qid}: turn {annotation.turn} after {len(group)} turns"
            )
        group.append(annotation)
    for qid, group in groups.items():
        if not group[-1].want_query:
            raise JsonlError(path, 0, f"{qid}: the conversation has no final turn")
    return list(groups.values())


def _chat(system: str, user: str) -> Messages:
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def _example(user: str, output: WriterOutput, **meta: Any) -> Example:
    return Example(_chat(SYSTEM_PROMPT, user), output_text(output), before_query(output), meta)


def teacher_memories(group: Group) -> list[Memory]:
    """The teacher's memory before each turn."""
    memories = [Memory()]
    for annotation in group[:-1]:
        node = annotation.output().to_node(annotation.turn, annotation.question)
        memories.append(memories[-1].append(node))
    return memories


def changes_memory(output: WriterOutput, memory: Memory) -> bool:
    """Whether a turn does more than refine the current topic."""
    current = memory.current.name.casefold() if memory.current else None
    return any(op.op is not Op.REFINE or op.topic.casefold() != current for op in output.operations)


def teacher_examples(group: Group, copies: bool) -> list[Example]:
    """Each turn on the teacher's memory; with ``copies``, answer-removed copies too."""
    examples: list[Example] = []
    for annotation, memory in zip(group, teacher_memories(group), strict=True):
        if annotation.source == "fallback":
            continue
        output = annotation.output()
        meta = {"qid": annotation.qid, "turn": annotation.turn}
        examples.append(_example(annotation.input, output, **meta, memory="teacher"))
        if copies and annotation.answer is not None and changes_memory(output, memory):
            turn = Turn(annotation.question)
            user = user_prompt(memory, annotation.previous_question, turn, False)
            bare = output.model_copy(update={"facts": ()})
            examples.append(_example(user, bare, **meta, memory="teacher", answer=False))
    return examples


def auxiliary_memories(
    groups: Sequence[Group], engine: MemRevise, share_prefixes: bool = True
) -> Iterator[Memory]:
    """The memory that ``engine``'s writer wrote itself before each turn of each group. With
    ``share_prefixes``, groups that begin alike (items of one conversation) resume the
    session after their longest history prefix already written (:class:`PrefixStates`)
    instead of replaying it: the same memories, each distinct history turn written once."""
    if not share_prefixes:
        conversations = [
            Conversation(
                group[0].qid,
                "annotations",
                tuple(SourceTurn(a.question, a.answer or "") for a in group),
            )
            for group in groups
        ]
        for memory, _ in written_memories(engine, conversations):
            yield memory
        return
    states = PrefixStates(engine)
    for group in groups:
        history = [(a.question, a.answer or None) for a in group]
        for turn in range(len(group)):
            yield states.session(history[:turn]).memory


def auxiliary_examples(
    groups: Sequence[Group], engine: MemRevise, share_prefixes: bool = True
) -> list[Example]:
    """Each turn on the memory that ``engine``'s writer wrote itself (see
    :func:`auxiliary_memories`)."""
    memories = auxiliary_memories(groups, engine, share_prefixes)
    examples: list[Example] = []
    for group in groups:
        for annotation in group:
            memory = next(memories)
            if annotation.source == "fallback":
                continue
            turn = Turn(annotation.question, annotation.answer)
            user = user_prompt(memory, annotation.previous_question, turn, annotation.want_query)
            meta = {"qid": annotation.qid, "turn": annotation.turn, "memory": "auxiliary"}
            examples.append(_example(user, annotation.output(), **meta))
    return examples


def memory_free_examples(groups: Iterable[Group]) -> list[Example]:
    """One example a conversation: the raw conversation and the teacher's final query."""
    examples: list[Example] = []
    for group in groups:
        final = group[-1]
        query = final.output().query
        if final.source == "fallback" or not query:
            continue
        history = [(a.question, a.answer or "") for a in group[:-1]]
        target = query_text(query)
        user = conversation_prompt(history, final.question)
        meta = {"qid": final.qid, "turn": final.turn}
        examples.append(Example(_chat(MEMORY_FREE_PROMPT, user), target, len(target), meta))
    return examples


def split(groups: Sequence[Group], holdout: float, seed: int) -> tuple[list[Group], list[Group]]:
    """Training and held-out conversations, by a hash of the source conversation id (all
    items of one source conversation fall on the same side)."""
    if not 0 < holdout < 1:
        raise ValueError(f"the held-out share must be between 0 and 1, got {holdout}")
    shares = (("dev", holdout), ("train", 1 - holdout))
    train: list[Group] = []
    dev: list[Group] = []
    for group in groups:
        side = split_of(group[0].conversation_id, seed, shares)
        (dev if side == "dev" else train).append(group)
    if not train or not dev:
        raise ValueError(
            f"{len(groups)} conversations leave {len(train)} for training and {len(dev)} held "
            "out; annotate more conversations or change the held-out share"
        )
    return train, dev


def unique(examples: Iterable[Example]) -> list[Example]:
    """The examples without repeats (items of one conversation share their history)."""
    seen: set[tuple[str, str]] = set()
    kept: list[Example] = []
    for example in examples:
        key = (example.messages[-1]["content"], example.target)
        if key not in seen:
            seen.add(key)
            kept.append(example)
    return kept


@dataclass(frozen=True)
class Data:
    train: list[Example]
    dev: list[Example]

    def write(self, out: Path) -> None:
        """``train.jsonl`` and ``dev.jsonl`` in ``out``, each written atomically."""
        write_objects(out / "train.jsonl", (e.to_dict() for e in self.train))
        write_objects(out / "dev.jsonl", (e.to_dict() for e in self.dev))


def writer_data(
    groups: Sequence[Group],
    auxiliary: MemRevise | None,
    holdout: float = 0.05,
    seed: int = 0,
    share_prefixes: bool = True,
) -> Data:
    """The memory writer's examples (with auxiliary-memory copies when ``auxiliary`` is
    given; ``share_prefixes``: see :func:`auxiliary_memories`) and its held-out examples."""
    train_groups, dev_groups = split(groups, holdout, seed)
    train = [e for g in train_groups for e in teacher_examples(g, copies=True)]
    if auxiliary is not None:
        train += auxiliary_examples(train_groups, auxiliary, share_prefixes)
    dev = [e for g in dev_groups for e in teacher_examples(g, copies=False)]
    return Data(unique(train), unique(dev))


def memory_free_data(groups: Sequence[Group], holdout: float = 0.05, seed: int = 0) -> Data:
    """The memory-free writer's examples and its held-out examples."""
    train_groups, dev_groups = split(groups, holdout, seed)
    return Data(
        unique(memory_free_examples(train_groups)), unique(memory_free_examples(dev_groups))
    )


def read_examples(path: Path) -> list[Example]:
    """Examples written by :meth:`Data.write`; a bad line names the file and line."""
    examples = []
    for number, record in read_objects(path):
        try:
            examples.append(Example.from_dict(record))
        except (KeyError, TypeError, ValueError) as error:
            raise JsonlError(path, number, f"not a training example: {error!r}") from None
    return examples

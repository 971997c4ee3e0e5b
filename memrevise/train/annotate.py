"""``memrevise train annotate``: teacher memories for distillation.

A teacher writes the target node of every turn of every training conversation (a benchmark
item: its history, then its final question), turn by turn, each input rendered from the
memory the teacher wrote so far. The teacher is either the benchmark builder's oracle
targets (field ``oracle`` of each item; no model at all) or a language model behind any
backend, optionally with a second model that checks and corrects each node (the paper's
annotate-then-correct).

The output is JSONL, one (input, target) pair a line, each conversation's lines written at
once and synced, so that a crash loses at most the conversation in progress: a rerun keeps
every finished conversation, drops a half-written one and goes on with the rest.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, ValidationError

from memrevise.bench.items import Item
from memrevise.jsonl import JsonlError
from memrevise.memory import Memory, Node, WriterOutput, WriterOutputError
from memrevise.prefixes import PrefixCache
from memrevise.writer.base import Turn
from memrevise.writer.llm.backends import MAX_OUTPUT_TOKENS, BackendError, ChatBackend
from memrevise.writer.llm.prompt import SYSTEM_PROMPT, output_schema, output_text
from memrevise.writer.llm.repair import read_output
from memrevise.writer.llm.writer import LLMWriter, Request, Written, node_output

Source = Literal["oracle", "teacher", "checked", "fallback"]


class Annotation(BaseModel):
    """One turn's training pair: the writer's input and the teacher's target node.

    ``input`` is the rendered input (the user message; the system prompt is the writer's);
    ``source`` says who wrote the target: the oracle, the teacher, the checker (a corrected
    node) or, when the teacher's reply was unusable, the CPU fallback writer.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    qid: str
    conversation_id: str
    turn: int
    question: str
    answer: str | None
    previous_question: str | None
    want_query: bool
    input: str
    target: dict[str, Any]
    source: Source

    @classmethod
    def of(cls, item: Item, request: Request, output: WriterOutput, source: Source) -> Annotation:
        return cls(
            qid=item.qid,
            conversation_id=item.conversation_id,
            turn=request.memory.next_turn,
            question=request.turn.question,
            answer=request.turn.answer,
            previous_question=request.previous_question,
            want_query=request.want_query,
            input=request.prompt(),
            target=json.loads(output_text(output)),
            source=source,
        )

    def output(self) -> WriterOutput:
        return WriterOutput.model_validate(self.target)


def item_turns(item: Item) -> list[tuple[Turn, bool]]:
    """An item's turns with whether each is searched: the history, then the final question."""
    turns = [(Turn.of(t.question, t.answer), False) for t in item.history]
    return [*turns, (Turn.of(item.question), True)]


class Teacher(Protocol):
    """Writes the target nodes of items; yields each item's annotations once all are done."""

    def annotate(self, items: Sequence[Item]) -> Iterator[list[Annotation]]: ...


class OracleTeacher:
    """The benchmark builder's oracle targets, read from each item."""

    def annotate(self, items: Sequence[Item]) -> Iterator[list[Annotation]]:
        for item in items:
            yield oracle_annotations(item)


def oracle_annotations(item: Item) -> list[Annotation]:
    """An item's annotations from its ``oracle`` field (one target per turn)."""
    targets = (item.model_extra or {}).get("oracle")
    turns = item_turns(item)
    if not isinstance(targets, list) or len(targets) != len(turns):
        found = len(targets) if isinstance(targets, list) else "no"
        raise ValueError(
            f"item {item.qid}: {found} oracle targets for {len(turns)} turns; items from "
            "`memrevise bench build` carry them"
        )
    memory, previous, annotations = Memory(), None, []
    for number, ((turn, final), target) in enumerate(zip(turns, targets, strict=True), 1):
        try:
            output = WriterOutput.model_validate(target)
            node = output.to_node(number, turn.question)
        except (ValidationError, WriterOutputError) as error:
            raise ValueError(f"item {item.qid}: oracle turn {number}: {error}") from None
        request = Request(memory, previous, turn, final)
        annotations.append(Annotation.of(item, request, output, "oracle"))
        memory, previous = memory.append(node), turn.question
    return annotations


CHECK_PROMPT = (
    SYSTEM_PROMPT
    + """
Another writer has written the node for this turn; it follows the input. Check it against \
the rules above and answer with the node, corrected where it is wrong and unchanged where it \
is right, in the same JSON format.
"""
)


@dataclass
class Checker:
    """A second model that checks and corrects each node the teacher wrote."""

    backend: ChatBackend
    max_tokens: int = MAX_OUTPUT_TOKENS

    def check(
        self, requests: Sequence[Request], written: Sequence[Written]
    ) -> list[tuple[Node, WriterOutput | None, Source]]:
        """Each turn's node, output and source after the check; a node the checker could not
        read stays the teacher's."""
        checked = unchecked(written)
        asked = [(n, w.output) for n, w in enumerate(written) if w.output is not None]
        chats = [self._messages(requests[n], output) for n, output in asked]
        replies = self.backend.complete(chats, output_schema(), self.max_tokens)
        for (n, proposed), reply in zip(asked, replies, strict=True):
            if isinstance(reply, BackendError):
                continue
            request = requests[n]
            turn = request.memory.next_turn
            try:
                output = read_output(reply, turn, request.want_query).output
                node = output.to_node(turn, request.turn.question)
            except WriterOutputError:
                continue
            checked[n] = (node, output, "teacher" if output == proposed else "checked")
        return checked

    @staticmethod
    def _messages(request: Request, proposed: WriterOutput) -> list[dict[str, str]]:
        node = output_text(proposed)
        return [
            {"role": "system", "content": CHECK_PROMPT},
            {"role": "user", "content": f"{request.prompt()}\n\nProposed node:\n{node}"},
        ]


def unchecked(written: Sequence[Written]) -> list[tuple[Node, WriterOutput | None, Source]]:
    """Each turn's node, output and source as the teacher wrote it."""
    return [(w.node, w.output, "teacher" if w.output is not None else "fallback") for w in written]


TurnWritten = tuple[Node, WriterOutput, Source]  # a turn's node, target and source


@dataclass
class ModelTeacher:
    """A language model as the teacher (an :class:`LLMWriter`, whose unusable replies fall
    back to its CPU writer and are marked so), ``batch`` conversations a call.

    With ``share_prefixes``, a turn whose history (its item's turns up to it, questions,
    answers and whether it is searched) an earlier item already had is not written again:
    its node is that item's (the latest :data:`~memrevise.prefixes.PREFIXES_KEPT` such
    turns are kept), so items of one conversation write their common history once.
    """

    writer: LLMWriter
    checker: Checker | None = None
    batch: int = 8
    share_prefixes: bool = True
    _written: PrefixCache[tuple[Turn, bool], TurnWritten] = field(
        default_factory=PrefixCache, init=False, repr=False
    )

    def annotate(self, items: Sequence[Item]) -> Iterator[list[Annotation]]:
        for start in range(0, len(items), self.batch):
            yield from self._annotate_batch(items[start : start + self.batch])

    def _annotate_batch(self, items: Sequence[Item]) -> Iterator[list[Annotation]]:
        turns = [item_turns(item) for item in items]
        memories = [Memory() for _ in items]
        annotations: list[list[Annotation]] = [[] for _ in items]
        for step in range(max(len(t) for t in turns)):
            active = [n for n in range(len(items)) if step < len(turns[n])]
            requests = {
                n: Request(
                    memories[n],
                    turns[n][step - 1][0].question if step else None,
                    *turns[n][step],
                )
                for n in active
            }
            done = self._write(requests, {n: tuple(turns[n][: step + 1]) for n in active})
            for n in active:
                node, target, source = done[n]
                annotations[n].append(Annotation.of(items[n], requests[n], target, source))
                memories[n] = memories[n].append(node)
                if step == len(turns[n]) - 1:
                    yield annotations[n]

    def _write(
        self, requests: dict[int, Request], histories: dict[int, tuple[tuple[Turn, bool], ...]]
    ) -> dict[int, TurnWritten]:
        """Each item's turn: written (and checked) in one batch, or, with shared prefixes,
        the turn of an earlier item or of another item of the batch with the same history."""
        done: dict[int, TurnWritten] = {}
        todo: dict[object, list[int]] = {}  # the items of each turn still to write
        for n in requests:
            kept = self._written.get(histories[n]) if self.share_prefixes else None
            if kept is not None:
                done[n] = kept
            else:
                todo.setdefault(histories[n] if self.share_prefixes else n, []).append(n)
        if not todo:
            return done
        asked = [requests[same[0]] for same in todo.values()]
        written = self.writer.write_many(asked)
        results = self.checker.check(asked, written) if self.checker else unchecked(written)
        for same, (node, output, source) in zip(todo.values(), results, strict=True):
            result = (node, output if output is not None else node_output(node), source)
            if self.share_prefixes:
                self._written.put(histories[same[0]], result)
            done.update(dict.fromkeys(same, result))
        return done


class AnnotationLog:
    """The output file: which conversations it holds, and appending finished ones."""

    def __init__(self, path: Path):
        self.path = path
        self.done = self._recover()

    def _recover(self) -> set[str]:
        """The finished conversations; a half-written tail (a crash) is cut off."""
        if not self.path.exists():
            return set()
        done: set[str] = set()
        kept = offset = 0
        with self.path.open("rb") as handle:
            for number, raw in enumerate(handle, 1):
                offset += len(raw)
                if not raw.endswith(b"\n"):
                    break
                try:
                    record = Annotation.model_validate_json(raw)
                except ValidationError as error:
                    reason = error.errors()[0]
                    where = ".".join(str(p) for p in reason["loc"]) or "line"
                    raise JsonlError(self.path, number, f"{where}: {reason['msg']}") from None
                if record.want_query:
                    done.add(record.qid)
                    kept = offset
        if kept < self.path.stat().st_size:
            with self.path.open("r+b") as handle:
                handle.truncate(kept)
        return done

    def append(self, annotations: Sequence[Annotation]) -> None:
        """Add one finished conversation, synced to disk before returning."""
        text = "".join(a.model_dump_json() + "\n" for a in annotations)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        self.done.update(a.qid for a in annotations)


@dataclass(frozen=True)
class Annotated:
    """What a run did: conversations annotated now, found done, and turns per source."""

    annotated: int
    skipped: int
    sources: dict[str, int]


def annotate(
    items: Sequence[Item],
    out: Path,
    teacher: Teacher,
    progress: Callable[[Iterator[list[Annotation]], int], Iterator[list[Annotation]]] = (
        lambda it, _: it
    ),
) -> Annotated:
    """Annotate the ``items`` not yet in ``out`` with ``teacher``, appending to ``out``."""
    log = AnnotationLog(out)
    todo = [item for item in items if item.qid not in log.done]
    sources: dict[str, int] = {}
    count = 0
    for group in progress(teacher.annotate(todo), len(todo)):
        log.append(group)
        count += 1
        for annotation in group:
            sources[annotation.source] = sources.get(annotation.source, 0) + 1
    return Annotated(count, len(items) - len(todo), sources)


@dataclass(frozen=True)
class TeacherSpec:
    """What it takes to build a teacher anywhere, a Ray actor too: ``oracle``, or a model
    (server URL, model directory or GGUF file) with an optional checker model."""

    teacher: str = "oracle"
    model: str | None = None
    checker: str | None = None
    checker_model: str | None = None
    batch: int = 8

    def __post_init__(self) -> None:
        from memrevise.writer.llm.config import LLMConfig

        if self.teacher == "oracle":
            if self.checker is not None:
                raise ValueError("the oracle's targets need no checker")
        else:
            LLMConfig.of(self.teacher, self.model, batch=self.batch)
        if self.checker is not None:
            LLMConfig.of(self.checker, self.checker_model, batch=self.batch)

    def build(self) -> Teacher:
        """The teacher; a model teacher's unusable replies fall back to the rule writer."""
        if self.teacher == "oracle":
            return OracleTeacher()
        from memrevise.writer.llm.config import LLMConfig
        from memrevise.writer.rules import RuleWriter

        writer = LLMConfig.of(self.teacher, self.model, batch=self.batch).writer(RuleWriter())
        check = None
        if self.checker is not None:
            config = LLMConfig.of(self.checker, self.checker_model, batch=self.batch)
            check = Checker(config.backend())
        return ModelTeacher(writer, check, self.batch)

"""The LLM writer: one model call per turn, behind the same interface as every writer.

A reply that is not a valid output is repaired once (:mod:`memrevise.writer.llm.repair`);
when that fails, the backend fails, or reading the reply fails in any other way, the turn
falls back to a CPU writer. Every repair and every fallback is recorded in
:attr:`LLMWriter.events`, and per turn in :class:`Written`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memrevise.memory import Memory, Node, WriterOutput, WriterOutputError
from memrevise.writer.base import Turn, Writer
from memrevise.writer.llm.backends import MAX_OUTPUT_TOKENS, BackendError, ChatBackend, Messages
from memrevise.writer.llm.prompt import messages, output_schema, user_prompt
from memrevise.writer.llm.repair import read_output


@dataclass(frozen=True)
class Request:
    """What a writer is given for one turn."""

    memory: Memory
    previous_question: str | None
    turn: Turn
    want_query: bool

    def prompt(self) -> str:
        """The rendered input; equal prompts get equal (greedy) replies."""
        return user_prompt(self.memory, self.previous_question, self.turn, self.want_query)

    def messages(self) -> Messages:
        return messages(self.memory, self.previous_question, self.turn, self.want_query)


@dataclass(frozen=True)
class Written:
    """One turn as the LLM writer wrote it: the node, the model's output (None when the turn
    fell back), the reply, the repairs it took and the error that made it fall back."""

    node: Node
    output: WriterOutput | None
    reply: str | None
    fixes: tuple[str, ...] = ()
    error: str | None = None

    @property
    def fell_back(self) -> bool:
        return self.error is not None

    def event(self) -> dict[str, Any] | None:
        """The trace record of a repaired or fallen-back turn (None for a clean one)."""
        if self.error is not None:
            return {"turn": self.node.turn, "fallback": self.error}
        if self.fixes:
            return {"turn": self.node.turn, "repaired": list(self.fixes)}
        return None


def node_output(node: Node) -> WriterOutput:
    """The output that writes ``node`` (for a node a CPU writer wrote)."""
    return WriterOutput(
        dependencies=node.depends_on,
        contradictions=node.contradicts,
        operations=node.operations,
        topic=node.topic,
        facts=node.facts,
        query=node.query,
    )


class LLMWriter:
    """A :class:`~memrevise.writer.base.Writer` that asks a chat backend for each node.

    :meth:`write_many` writes many turns (of different conversations) in one batched call;
    :meth:`prefetch` does so ahead of the sessions that will ask for them through
    :meth:`update`, which then answers from what was fetched.
    """

    def __init__(
        self,
        backend: ChatBackend,
        fallback: Writer,
        max_tokens: int = MAX_OUTPUT_TOKENS,
        keep_events: int = 10_000,
    ):
        self.backend = backend
        self.fallback = fallback
        self.max_tokens = max_tokens
        self.events: deque[dict[str, Any]] = deque(maxlen=keep_events)
        self._fetched: dict[str, Node] = {}

    def update(
        self, memory: Memory, previous_question: str | None, turn: Turn, want_query: bool
    ) -> Node:
        request = Request(memory, previous_question, turn, want_query)
        node = self._fetched.get(request.prompt())
        return node if node is not None else self.write_many([request])[0].node

    def update_many(self, requests: Sequence[Request]) -> list[Node]:
        return [written.node for written in self.write_many(requests)]

    def prefetch(self, requests: Sequence[Request]) -> list[Written]:
        """Write ``requests`` now; :meth:`update` answers them until the next prefetch."""
        written = self.write_many(requests)
        self._fetched = {r.prompt(): w.node for r, w in zip(requests, written, strict=True)}
        return written

    def write_many(self, requests: Sequence[Request]) -> list[Written]:
        """Each request's turn, in order; equal prompts are asked once."""
        prompts = [request.prompt() for request in requests]
        first: dict[str, Request] = {}
        for prompt, request in zip(prompts, requests, strict=True):
            first.setdefault(prompt, request)
        replies = self.backend.complete(
            [request.messages() for request in first.values()], output_schema(), self.max_tokens
        )
        reply_of = dict(zip(first, replies, strict=True))
        return [self.read(r, reply_of[p]) for r, p in zip(requests, prompts, strict=True)]

    def read(self, request: Request, reply: str | BackendError) -> Written:
        """The turn written from ``reply``, repaired or fallen back as needed (and recorded)."""
        turn = request.memory.next_turn
        if isinstance(reply, BackendError):
            written = self._fall_back(request, None, str(reply))
        else:
            try:
                reading = read_output(reply, turn, request.want_query)
                node = reading.output.to_node(turn, request.turn.question)
            except WriterOutputError as error:
                written = self._fall_back(request, reply, str(error))
            except Exception as error:  # a reply must never end the run: fall back, say why
                written = self._fall_back(request, reply, f"{type(error).__name__}: {error}")
            else:
                written = Written(node, reading.output, reply, reading.fixes)
        event = written.event()
        if event is not None:
            self.events.append(event)
        return written

    def _fall_back(self, request: Request, reply: str | None, error: str) -> Written:
        node = self.fallback.update(
            request.memory, request.previous_question, request.turn, request.want_query
        )
        return Written(node, None, reply, error=error)

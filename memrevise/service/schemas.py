"""Request and response bodies of the HTTP API (they make its OpenAPI schema)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from memrevise.memory import Memory, Node, Topic


class Created(BaseModel):
    id: str = Field(description="The new session's id.")


class TurnRequest(BaseModel):
    """One turn of a session. ``answer`` is the answer the user saw for this turn, when it is
    known already; ``previous_answer`` is the answer the user saw for the previous turn.

    Types are strict: ``"index": true`` or ``1.0`` is not a turn number."""

    model_config = ConfigDict(extra="forbid", strict=True)

    index: int = Field(ge=0, description="The turn's number in the session, from 0.")
    question: str = Field(min_length=1)
    answer: str | None = Field(default=None, min_length=1)
    previous_answer: str | None = Field(default=None, min_length=1)


class Result(BaseModel):
    """One ranked passage; ``score`` is ``base`` (the fused retrieval score) plus the
    ``signals`` of the search steps that moved it (title_prior, facts_vote, exclusion)."""

    id: str
    title: str
    text: str
    score: float
    base: float
    signals: dict[str, float]


class MemoryView(BaseModel):
    """The memory as in traces: topics with their replayed status, then the nodes."""

    topics: list[Topic]
    nodes: list[Node]

    @classmethod
    def of(cls, memory: Memory) -> MemoryView:
        return cls(topics=list(memory.topics), nodes=list(memory.nodes))


class Repair(BaseModel):
    """A turn that topic repair moved when its answer came: from the writer's topic to a page."""

    index: int = Field(description="The turn's number in the session, from 0.")
    writer_topic: str = Field(description="The topic the writer gave the turn.")
    topic: str = Field(description="The page topic repair moved it to.")


class TurnResponse(BaseModel):
    """The processed turn: the writer's query, the topic searched, the ranked passages, the
    memory after the turn and the milliseconds spent in the writer and the search.

    ``searched_node`` is the node the search used, written before the turn's answer was
    known; the memory holds the turn's node as its answer left it. ``repairs`` lists the
    turns this request re-filed with their answer (this one, or the previous one through
    ``previous_answer``) that topic repair moved."""

    index: int
    query: str
    topic: str
    results: list[Result]
    memory: MemoryView
    ms: dict[str, float]
    searched_node: Node | None = None
    repairs: list[Repair] = []


class LoggedTurn(BaseModel):
    """One turn of a session's log, with the node it left in memory, and as it was searched:
    the node, query, topic and passages of its search."""

    index: int
    question: str
    answer: str | None = Field(description="The answer the user saw, if it was posted.")
    query: str
    topic: str
    node: Node
    searched_node: Node | None = None
    results: list[Result] = []
    repaired_from: str | None = Field(
        default=None, description="The writer's topic, when topic repair moved the turn."
    )


class SessionLog(BaseModel):
    id: str
    turns: list[LoggedTurn]
    memory: MemoryView


class Health(BaseModel):
    status: str
    passages: int
    pages: int
    writer: str
    demo: bool = Field(description="Whether GET /demo serves the built-in conversation.")


class DemoTurn(BaseModel):
    question: str
    answer: str


class DemoConversation(BaseModel):
    """The built-in conversation, served with the demo index."""

    title: str
    turns: list[DemoTurn]


class ErrorBody(BaseModel):
    detail: str = Field(description="What went wrong, naming the input or limit at fault.")

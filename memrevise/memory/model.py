"""The memory's data model: one node per turn, topics derived by replay."""

from __future__ import annotations

import itertools
import json
from enum import StrEnum
from functools import cached_property
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    field_validator,
    model_validator,
)

from memrevise.text import clean


class Op(StrEnum):
    """The five operations a turn can apply to a topic."""

    ADD = "Add"
    REFINE = "Refine"
    REVISE = "Revise"
    ABANDON = "Abandon"
    REACTIVATE = "Reactivate"


class Status(StrEnum):
    """A topic's state, derived by replaying the operations."""

    CURRENT = "current"
    EARLIER = "earlier"
    DROPPED = "dropped"


def _name(value: str) -> str:
    name = clean(value)
    if not name:
        raise ValueError("must be a non-empty name")
    return name


class Operation(BaseModel):
    """One operation on one topic, such as ``Abandon(Buzz Aldrin)``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    op: Op
    topic: str
    kind: str = ""

    @field_validator("topic")
    @classmethod
    def _topic_name(cls, value: str) -> str:
        return _name(value)

    @field_validator("kind")
    @classmethod
    def _clean_kind(cls, value: str) -> str:
        return clean(value)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        """Accept the compact form ``"Abandon(Buzz Aldrin)"`` as well as an object."""
        if isinstance(value, str):
            head, sep, rest = value.partition("(")
            if not sep or not rest.endswith(")"):
                raise ValueError(f"expected an object or 'Op(topic)', got {value!r}")
            return {"op": head.strip(), "topic": rest[:-1]}
        return value

    def __str__(self) -> str:
        return f"{self.op.value}({self.topic})"


class Node(BaseModel):
    """What one turn did: its operations, topics (the first is its topic), facts and links."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn: int = Field(ge=1, description="1-based turn number")
    question: str = ""
    operations: tuple[Operation, ...] = Field(min_length=1)
    topics: tuple[str, ...] = Field(min_length=1)
    facts: tuple[str, ...] = ()
    depends_on: tuple[int, ...] = ()
    contradicts: tuple[str, ...] = ()
    query: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Node:
        named = {op.topic.casefold() for op in self.operations}
        missing = [t for t in self.topics if t.casefold() not in named]
        if missing:
            raise ValueError(f"topics {missing} are not the target of any operation")
        late = [d for d in self.depends_on if d >= self.turn]
        if late:
            raise ValueError(f"turn {self.turn} depends on later or same turns {late}")
        return self

    @property
    def topic(self) -> str:
        return self.topics[0]


class Topic(BaseModel):
    """A topic as replay leaves it: the node fields it gathered and its derived status."""

    model_config = ConfigDict(frozen=True)

    name: str
    kind: str
    status: Status
    turns: tuple[int, ...]
    facts: tuple[str, ...]


class Memory(BaseModel):
    """The nodes of a conversation so far; everything else is derived from them.

    Memories are compared by their nodes. A memory grown by :meth:`append` replays only the
    new node's operations on top of the topics it grew from, so a turn costs the same at the
    end of a long conversation as at its start.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    nodes: tuple[Node, ...] = ()
    _topics: tuple[Topic, ...] | None = PrivateAttr(default=None)  # known without a replay
    _prior: tuple[Topic, ...] | None = PrivateAttr(default=None)  # the topics before the last node

    @model_validator(mode="after")
    def _ordered(self) -> Memory:
        turns = [n.turn for n in self.nodes]
        if any(b <= a for a, b in itertools.pairwise(turns)):
            raise ValueError(f"node turns must increase, got {turns}")
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Memory) and self.nodes == other.nodes

    def __hash__(self) -> int:
        return hash(self.nodes)

    @cached_property
    def topics(self) -> tuple[Topic, ...]:
        """Every topic in order of first mention, with its replayed status (replayed once)."""
        if self._topics is not None:
            return self._topics
        from memrevise.memory.replay import advance, replay

        prior = self._prior
        return replay(self.nodes) if prior is None else advance(prior, self.nodes[-1])

    @property
    def current(self) -> Topic | None:
        return next((t for t in self.topics if t.status is Status.CURRENT), None)

    @cached_property
    def topics_by_key(self) -> dict[str, Topic]:
        """Every topic by its casefolded name."""
        return {t.name.casefold(): t for t in self.topics}

    def topic(self, name: str) -> Topic | None:
        """The topic called ``name`` (case-insensitive), if the memory has one."""
        return self.topics_by_key.get(name.casefold())

    @property
    def next_turn(self) -> int:
        return self.nodes[-1].turn + 1 if self.nodes else 1

    def append(self, node: Node) -> Memory:
        """A new memory with ``node`` added as the latest turn."""
        return self._grown(self.nodes, node, self.topics)

    def before_last(self) -> Memory:
        """The memory without its latest node."""
        if not self.nodes:
            raise ValueError("the memory has no node to remove")
        memory = Memory.model_construct(nodes=self.nodes[:-1])
        memory._topics = self._prior  # known already when this memory was grown: no replay
        return memory

    def replace_last(self, node: Node) -> Memory:
        """A new memory whose latest node is ``node`` (used by topic repair)."""
        if not self.nodes:
            raise ValueError("the memory has no node to replace")
        return self._grown(self.nodes[:-1], node, self._prior)

    @staticmethod
    def _grown(nodes: tuple[Node, ...], node: Node, prior: tuple[Topic, ...] | None) -> Memory:
        """``nodes`` (validated, in turn order) and ``node`` after them, not validated again."""
        if not isinstance(node, Node):
            raise TypeError(f"expected a Node, got {type(node).__name__}")
        if nodes and node.turn <= nodes[-1].turn:
            raise ValueError(f"node turns must increase: turn {node.turn} after {nodes[-1].turn}")
        memory = Memory.model_construct(nodes=(*nodes, node))
        memory._prior = prior
        return memory

    def horizon(self, k: int | None) -> Memory:
        """Only the last ``k`` turns (all of them when ``k`` is None), for the ablation."""
        if k is None or k >= len(self.nodes):
            return self
        if k < 0:
            raise ValueError(f"horizon must be >= 0, got {k}")
        return Memory(nodes=self.nodes[len(self.nodes) - k :])

    def to_dict(self) -> dict[str, Any]:
        """The memory as in traces: derived topics, then the nodes."""
        return {
            "topics": [t.model_dump(mode="json") for t in self.topics],
            "nodes": [n.model_dump(mode="json") for n in self.nodes],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Memory:
        """Read a memory written by :meth:`to_dict`; topics are replayed, not trusted."""
        return cls.model_validate({"nodes": data.get("nodes", [])})

    @classmethod
    def from_json(cls, text: str) -> Memory:
        return cls.from_dict(json.loads(text))

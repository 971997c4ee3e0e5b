"""Topic states follow from replaying the operations in turn order (paper §4.2)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import reduce

from memrevise.memory.model import Node, Op, Status, Topic


@dataclass
class _Entry:
    name: str
    kind: str = ""
    status: Status = Status.EARLIER
    turns: list[int] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, topic: Topic) -> _Entry:
        return cls(topic.name, topic.kind, topic.status, list(topic.turns), list(topic.facts))

    def topic(self) -> Topic:
        # Built from validated nodes, so constructed without validating again.
        return Topic.model_construct(
            name=self.name,
            kind=self.kind,
            status=self.status,
            turns=tuple(self.turns),
            facts=tuple(self.facts),
        )


def replay(nodes: Iterable[Node]) -> tuple[Topic, ...]:
    """Replay the nodes' operations and return every topic in order of first mention.

    Add, Refine, Revise and Reactivate make their topic current and move the previously
    current topic to earlier; Abandon drops its topic; a turn's operations apply in the
    order listed, so a dropped topic becomes current again with any later operation on it.
    Dropped topics keep their facts.
    """
    return reduce(advance, nodes, ())


def advance(topics: tuple[Topic, ...], node: Node) -> tuple[Topic, ...]:
    """The topics after one more node: ``advance(replay(nodes), node)`` is
    ``replay([*nodes, node])``, at the cost of the topics the node touches."""
    position = {topic.name.casefold(): i for i, topic in enumerate(topics)}
    order = list(topics)
    touched: dict[str, _Entry] = {}
    current = next((t.name.casefold() for t in topics if t.status is Status.CURRENT), None)

    def entry(name: str) -> _Entry:
        key = name.casefold()
        if key not in touched:
            if key in position:
                touched[key] = _Entry.of(topics[position[key]])
            else:
                position[key] = len(position)
                touched[key] = _Entry(name)
        return touched[key]

    for name in node.topics:
        turns = entry(name).turns
        if not turns or turns[-1] != node.turn:
            turns.append(node.turn)
    entry(node.topic).facts.extend(node.facts)
    for operation in node.operations:
        key = operation.topic.casefold()
        target = entry(operation.topic)
        if operation.kind and not target.kind:
            target.kind = operation.kind
        if operation.op is Op.ABANDON:
            target.status = Status.DROPPED
            if current == key:
                current = None
            continue
        if current is not None and current != key:
            if current not in touched:
                touched[current] = _Entry.of(topics[position[current]])
            touched[current].status = Status.EARLIER
        target.status = Status.CURRENT
        current = key
    for key, changed in touched.items():  # new topics come last, in order of first mention
        if position[key] < len(order):
            order[position[key]] = changed.topic()
        else:
            order.append(changed.topic())
    return tuple(order)

"""Topic states follow from replaying the operations in turn order (paper §4.2)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from memrevise.memory.model import Node, Op, Status, Topic


@dataclass
class _Entry:
    name: str
    kind: str = ""
    status: Status = Status.EARLIER
    turns: list[int] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)


def replay(nodes: Iterable[Node]) -> tuple[Topic, ...]:
    """Replay the nodes' operations and return every topic in order of first mention.

    Add, Refine, Revise and Reactivate make their topic current and move the previously
    current topic to earlier; Abandon drops its topic; a turn's operations apply in the
    order listed, so a dropped topic becomes current again with any later operation on it.
    Dropped topics keep their facts.
    """
    entries: dict[str, _Entry] = {}
    current: str | None = None

    def entry(name: str) -> _Entry:
        return entries.setdefault(name.casefold(), _Entry(name))

    for node in nodes:
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
                entries[current].status = Status.EARLIER
            target.status = Status.CURRENT
            current = key
    return tuple(
        Topic(name=e.name, kind=e.kind, status=e.status, turns=tuple(e.turns), facts=tuple(e.facts))
        for e in entries.values()
    )

"""What a turn did, in words: the act its operations make and what they dropped or restored.

Read from a node's operations and links alone, so it explains the node of any writer.
"""

from __future__ import annotations

from enum import StrEnum

from memrevise.memory.model import Node, Op

VERBS = {
    Op.ADD: "added",
    Op.REFINE: "stayed on",
    Op.REVISE: "revised to",
    Op.ABANDON: "dropped",
    Op.REACTIVATE: "reactivated",
}


class Act(StrEnum):
    """The kind of turn a node records."""

    NEW_TOPIC = "new topic"
    FOLLOW_UP = "follow-up"
    RETURN = "return to an earlier topic"
    CORRECTION = "correction"
    REVISION = "revision"


def act_of(node: Node) -> Act:
    """A turn that abandons or contradicts a topic corrects; otherwise its topic's operation
    decides: Reactivate returns, Revise revises, Add opens a new topic, Refine follows up."""
    if node.contradicts or any(op.op is Op.ABANDON for op in node.operations):
        return Act.CORRECTION
    own = next(
        (op.op for op in node.operations if op.topic.casefold() == node.topic.casefold()), Op.ADD
    )
    return {
        Op.REACTIVATE: Act.RETURN,
        Op.REVISE: Act.REVISION,
        Op.ADD: Act.NEW_TOPIC,
    }.get(own, Act.FOLLOW_UP)


def explain(node: Node) -> str:
    """One line: the act, then what each operation did ("correction: dropped Buzz Aldrin,
    reactivated Neil Armstrong"), and the earlier turns it depends on."""
    did = ", ".join(f"{VERBS[op.op]} {op.topic}" for op in node.operations)
    line = f"{act_of(node)}: {did}"
    if node.depends_on:
        turns = "turn" if len(node.depends_on) == 1 else "turns"
        line += f" (depends on {turns} {', '.join(map(str, node.depends_on))})"
    return line

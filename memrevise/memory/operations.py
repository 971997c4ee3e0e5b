"""Which operation a turn about a topic performs on the memory: the one rule that writers and the
benchmark's oracle share."""

from __future__ import annotations

from memrevise.memory.model import Memory, Op, Operation


def operation_for(
    memory: Memory, name: str, *, named_before: bool = False, kind: str = ""
) -> Operation:
    """Refine the current topic, Reactivate a known one (or one ``named_before``, in an
    earlier answer), Add a new one (of ``kind``)."""
    current = memory.current
    if current is not None and current.name.casefold() == name.casefold():
        return Operation(op=Op.REFINE, topic=current.name)
    if memory.topic(name) is not None or named_before:
        return Operation(op=Op.REACTIVATE, topic=name)
    return Operation(op=Op.ADD, topic=name, kind=kind)


def corrected_to(
    memory: Memory, name: str, *, named_before: bool = False, kind: str = ""
) -> Operation:
    """What a correction does to the topic it turns to (besides abandoning the rejected one):
    as :func:`operation_for`, but the current topic is reactivated, not refined."""
    operation = operation_for(memory, name, named_before=named_before, kind=kind)
    if operation.op is Op.REFINE:
        return Operation(op=Op.REACTIVATE, topic=name)
    return operation

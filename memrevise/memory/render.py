"""The memory as the writer reads it (appendix "Input and output").

Every topic in order of first mention with its kind, turns, status and facts, then a log
with one line per turn, then the turn to process and whether a query is requested. User
text is quoted as JSON strings so that it can never break the structure.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TypeVar

from memrevise.memory.model import Memory, Node
from memrevise.text import ANSWER_CUT, cut

T = TypeVar("T")


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _log_line(node: Node) -> str:
    line = f"{node.turn}. " + ", ".join(str(op) for op in node.operations)
    if node.depends_on:
        line += " | depends on " + ", ".join(str(d) for d in node.depends_on)
    if node.contradicts:
        line += " | contradicts " + ", ".join(node.contradicts)
    if node.question:
        line += " | " + _quote(node.question)
    return line


def _latest(items: Sequence[T], keep: int | None) -> Sequence[T]:
    return items if keep is None else items[max(0, len(items) - keep) :]


def render_memory(
    memory: Memory, facts_per_topic: int | None = None, log_turns: int | None = None
) -> str:
    """Topics, then the log, as plain text.

    ``facts_per_topic`` keeps each topic's latest facts only, and ``log_turns`` the log's
    latest lines only (the topics still list every turn), so that a long conversation's
    memory grows more slowly than its history; None keeps everything, as the paper renders.
    """
    lines = ["Topics:"]
    if not memory.topics:
        lines.append("(none)")
    for number, topic in enumerate(memory.topics, 1):
        kind = f" [{topic.kind}]" if topic.kind else ""
        turns = ", ".join(str(t) for t in topic.turns)
        lines.append(f"{number}. {topic.name}{kind} | turns {turns} | {topic.status.value}")
        facts = _latest(topic.facts, facts_per_topic)
        lines.extend(f"   - {_quote(fact)}" for fact in facts)
    lines.append("Log:")
    nodes = _latest(memory.nodes, log_turns)
    if left_out := len(memory.nodes) - len(nodes):
        lines.append(f"(turns 1 to {left_out} left out)")
    lines.extend(_log_line(node) for node in nodes)
    if not memory.nodes:
        lines.append("(empty)")
    return "\n".join(lines)


def render_input(
    memory: Memory,
    previous_question: str | None,
    question: str,
    answer: str | None,
    want_query: bool,
    answer_limit: int = ANSWER_CUT,
    facts_per_topic: int | None = None,
    log_turns: int | None = None,
) -> str:
    """The writer's whole input for one turn; answers are cut at ``answer_limit`` characters;
    ``facts_per_topic`` and ``log_turns`` as in :func:`render_memory`."""
    lines = [
        render_memory(memory, facts_per_topic, log_turns),
        f"Previous question: {_quote(previous_question) if previous_question else '(none)'}",
        f"Turn {memory.next_turn}:",
        f"Question: {_quote(question)}",
    ]
    if answer is not None:
        lines.append(f"Answer: {_quote(cut(answer, answer_limit))}")
    lines.append(f"Query requested: {'yes' if want_query else 'no'}")
    return "\n".join(lines)

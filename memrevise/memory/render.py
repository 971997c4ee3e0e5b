"""The memory as the writer reads it (appendix "Input and output").

Every topic in order of first mention with its kind, turns, status and facts, then a log
with one line per turn, then the turn to process and whether a query is requested. User
text is quoted as JSON strings so that it can never break the structure.
"""

from __future__ import annotations

import json

from memrevise.memory.model import Memory, Node
from memrevise.text import cut


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


def render_memory(memory: Memory) -> str:
    """Topics, then the log, as plain text."""
    lines = ["Topics:"]
    if not memory.topics:
        lines.append("(none)")
    for number, topic in enumerate(memory.topics, 1):
        kind = f" [{topic.kind}]" if topic.kind else ""
        turns = ", ".join(str(t) for t in topic.turns)
        lines.append(f"{number}. {topic.name}{kind} | turns {turns} | {topic.status.value}")
        lines.extend(f"   - {_quote(fact)}" for fact in topic.facts)
    lines.append("Log:")
    lines.extend(_log_line(node) for node in memory.nodes)
    if not memory.nodes:
        lines.append("(empty)")
    return "\n".join(lines)


def render_input(
    memory: Memory,
    previous_question: str | None,
    question: str,
    answer: str | None,
    want_query: bool,
    answer_limit: int = 600,
) -> str:
    """The writer's whole input for one turn; answers are cut at ``answer_limit`` characters."""
    lines = [
        render_memory(memory),
        f"Previous question: {_quote(previous_question) if previous_question else '(none)'}",
        f"Turn {memory.next_turn}:",
        f"Question: {_quote(question)}",
    ]
    if answer is not None:
        lines.append(f"Answer: {_quote(cut(answer, answer_limit))}")
    lines.append(f"Query requested: {'yes' if want_query else 'no'}")
    return "\n".join(lines)

"""How the command line shows a conversation: turns, what the writer did, passages, memory."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.markup import escape

from memrevise.memory import Memory, Node, Status, explain
from memrevise.search import Hit, SearchResult, Session

STATUS_STYLES = {Status.CURRENT: "bold green", Status.EARLIER: "yellow", Status.DROPPED: "red"}


def operations(node: Node) -> str:
    return ", ".join(map(str, node.operations))


def print_memory(memory: Memory, console: Console) -> None:
    """The topics with their status, one line each."""
    for topic in memory.topics:
        kind = f" [{topic.kind}]" if topic.kind else ""
        turns = ", ".join(map(str, topic.turns))
        console.print(
            f"    [{STATUS_STYLES[topic.status]}]{topic.status.value:8}[/] "
            + escape(f"{topic.name}{kind}  (turns {turns}, {len(topic.facts)} facts)"),
            markup=True,
        )


def print_hits(hits: Iterable[Hit], console: Console, width: int = 110) -> None:
    """The ranked passages, each with its score and the search steps that moved it."""
    for rank, hit in enumerate(hits, 1):
        moved = ", ".join(f"{name} {value:+.1f}" for name, value in hit.signals.items())
        text = hit.text if len(hit.text) <= width else hit.text[: width - 1] + "…"
        console.print(
            f"    {rank}. [bold]{escape(hit.title or hit.id)}[/] ({hit.score:.2f}"
            + (f"; {moved}" if moved else "")
            + ")",
            markup=True,
        )
        console.print(f"       {text}", markup=False)


def print_writer(node: Node, console: Console) -> None:
    """What the writer did with a turn and why: the act, then the operations."""
    console.print(f"  writer: {explain(node)}", markup=False)
    console.print(f"          {operations(node)}", markup=False)


def print_search(result: SearchResult, console: Console) -> None:
    """A searched turn: what the writer did, the query and topic searched, the passages."""
    print_writer(result.memory.nodes[-1], console)
    console.print(f"  query:  {result.query}", markup=False)
    console.print(f"  topic:  {result.topic}", markup=False)
    console.print("  passages:")
    print_hits(result.hits, console)


def print_refiled(
    searched: Node, answered: Node, repaired_from: str | None, console: Console
) -> None:
    """How the answer changed the searched turn's node, if it did: the node after the answer,
    and whether topic repair moved it."""
    if operations(answered) == operations(searched):  # a kind learned from the answer is no change
        return
    console.print(f"  after the answer, re-filed: {explain(answered)}", markup=False)
    console.print(f"          {operations(answered)}", markup=False)
    if repaired_from is not None:
        console.print(
            f"          topic repair moved it from {repaired_from} to {answered.topic}",
            markup=False,
        )


def print_demo_turn(
    session: Session, number: int, question: str, answer: str, k: int, console: Console
) -> None:
    """One turn of a scripted conversation as a transcript: the question, the answer the user
    saw, what the writer did and why, the query, the top ``k`` passages, then how the answer
    re-filed the turn and the memory after it."""
    result = session.search(question, k)
    console.print(f"[bold cyan]Turn {number}[/]  {escape(question)}", markup=True)
    console.print(f"  answer you saw: {answer}", markup=False)
    print_search(result, console)
    answered = session.answer(answer)
    print_refiled(result.memory.nodes[-1], answered, session.repairs.get(answered.turn), console)
    console.print("  memory:")
    print_memory(session.memory, console)
    console.print()

"""Driving a writer through a small conversation, shared by the writer tests."""

from __future__ import annotations

from memrevise.memory import Memory
from memrevise.retrieval import BM25Index
from memrevise.retrieval.collection import Passage
from memrevise.writer import Turn
from memrevise.writer.meant import Candidate


def converse(writer, history, final):
    """Run the history turns (question, answer), then the final question; the final output
    and the memory."""
    memory, previous = Memory(), None
    for question, answer in history:
        memory = memory.append(writer.update(memory, previous, Turn.of(question, answer), False))
        previous = question
    output = writer.write(memory, previous, Turn.of(final), want_query=True)
    return output, memory.append(output.to_node(memory.next_turn, final))


def ops(output) -> list[str]:
    """The operations of a writer's output, as the paper writes them."""
    return [str(op) for op in output.operations]


def index_of(pages: dict[str, list[str]]) -> BM25Index:
    """A titled index of ``pages`` (title -> its passages' texts), passages numbered by page."""
    passages = [
        Passage(f"p{page}-{i}", title, text)
        for page, (title, texts) in enumerate(pages.items())
        for i, text in enumerate(texts)
    ]
    return BM25Index.build(passages)


def asked_about(pages: dict[str, list[str]]):
    """A history turn about a page of ``pages``: "tell me about <title>", answered by its
    first passage."""

    def about(title: str) -> tuple[str, str]:
        return f"tell me about {title.casefold()}", pages[title][0]

    return about


class Favouring:
    """A stand-in candidate model (meant or named) that gives ``name`` the chance ``sure`` and
    every other candidate 0.1, and keeps what it was asked about."""

    def __init__(self, name: str, sure: float):
        self.name, self.sure = name, sure
        self.asked: list[Candidate] = []

    def __call__(self, candidates: list[Candidate]) -> list[float]:
        self.asked = list(candidates)
        return [self.sure if c.name == self.name else 0.1 for c in candidates]

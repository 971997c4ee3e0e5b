"""The built-in collection and Apollo 11 conversation, replayed over any retriever."""

from __future__ import annotations

from functools import cache

from memrevise.data import demo_collection, demo_conversation
from memrevise.retrieval import Passage, Retriever, read_collection
from memrevise.search import MemRevise, SearchResult
from memrevise.writer import make_writer


@cache
def demo_passages() -> tuple[Passage, ...]:
    return tuple(read_collection(demo_collection()))


def replay(index: Retriever, k: int = 5) -> list[SearchResult]:
    """Every turn of the demo conversation searched (all steps on, rule writer), then
    answered as in the demo."""
    session = MemRevise(index, make_writer("rules", index)).session()
    results = []
    for turn in demo_conversation()["turns"]:
        results.append(session.search(turn["question"], k))
        session.answer(turn["answer"])
    return results


def top_pages(results: list[SearchResult]) -> list[str]:
    return [result.hits[0].title for result in results]

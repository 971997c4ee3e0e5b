"""The history-based baselines: one query built from the item, searched alone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from memrevise.bench.items import Item
from memrevise.choices import BASELINE_METHODS
from memrevise.language.entities import NameTable, mentions
from memrevise.methods.base import Ranked
from memrevise.retrieval import Retriever
from memrevise.text import cut, replace_pronouns


@dataclass
class QueryMethod:
    """A baseline that searches the index with one query built from the item."""

    index: Retriever
    build: Callable[[Item], str]

    def rank(self, item: Item, k: int) -> Ranked:
        query = self.build(item)
        ranking = self.index.search(query, k)
        ids = [self.index.doc_id(int(d)) for d in ranking.docs]
        return Ranked(ids, [float(s) for s in ranking.scores], {"query": query})


def original_query(item: Item) -> str:
    """The final question alone."""
    return item.question


def all_history_query(item: Item) -> str:
    """All questions and answers (answers cut at 600 characters), then the final question."""
    parts = [p for turn in item.history for p in (turn.question, cut(turn.answer))]
    return " ".join([*parts, item.question])


def last_turn_query(item: Item) -> str:
    """The last history turn (question and answer) and the final question."""
    last = item.history[-1:] if item.history else ()
    return " ".join([*(p for t in last for p in (t.question, cut(t.answer))), item.question])


@dataclass
class PronounRewriter:
    """The rule-based rewriter baseline: pronouns in the final question become the last name
    mentioned in the conversation (a page title or a capitalised span)."""

    titles: NameTable

    def __call__(self, item: Item) -> str:
        texts = [t for turn in item.history for t in (turn.question, cut(turn.answer))]
        for text in reversed(texts):
            found = mentions(text, self.titles)
            if found:
                return replace_pronouns(item.question, found[-1].name)
        return item.question


BASELINES: dict[str, Callable[[Item], str]] = dict(
    zip(BASELINE_METHODS, (original_query, all_history_query, last_turn_query), strict=True)
)

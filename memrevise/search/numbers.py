"""The number rule: a final turn that only swaps a number, decade or Roman numeral in the topic."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from memrevise.memory import Op
from memrevise.numbers import renamed, requery
from memrevise.retrieval import Retriever
from memrevise.search.constants import NUMBER_MAX_WORDS
from memrevise.search.state import SearchState
from memrevise.text import words

QUESTION_WORDS = frozenset({"what", "which", "who", "whom", "whose", "when", "where", "why", "how"})


@dataclass(frozen=True)
class NumberRule:
    """Before retrieval: a short final turn without a question word that names exactly one new
    number, decade or Roman numeral renames the topic of the final (else the previous) node,
    unless the writer already revised that node's topic. In an index of titled pages, only to
    the title of a page ("k 41 yrs later" names no "Ocean's 11 (41 film)").

    The search then uses the writer's query with the new name and no template; the title
    prior follows ``state.topic``, which becomes the new name.
    """

    name: ClassVar[str] = "number_rule"
    max_words: int = NUMBER_MAX_WORDS

    def __call__(self, state: SearchState, index: Retriever) -> SearchState:
        said = words(state.question)
        if len(said) > self.max_words or QUESTION_WORDS.intersection(said):
            return state
        nodes = state.memory.nodes
        if nodes and any(op.op is Op.REVISE for op in nodes[-1].operations):
            return state  # the writer has already moved the topic to the page the user meant
        candidates = dict.fromkeys([state.topic, *(n.topic for n in nodes[-2:-1])])
        for topic in candidates:
            new = renamed(topic, state.question)
            if new is not None and (not index.titled or len(index.pages(new))):
                query = requery(state.query, topic, new)
                return replace(state, topic=new, query=query, use_template=False)
        return state

"""The search stages after the number rule: fused retrieval, then memory-derived signals.

Each stage is a small callable ``stage(state, index) -> state`` with a ``name``; a stage that
adds to the scores does so under its name in ``state.signals``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import ClassVar, Protocol

import numpy as np

from memrevise.memory import Node, Op, Status
from memrevise.retrieval import Retriever, WeightedQuery, text_query
from memrevise.retrieval.scores import ZScores
from memrevise.search.constants import (
    DEPTH,
    DROPPED_MARGIN,
    EXCLUSION_BOOST,
    EXCLUSION_LAST,
    EXCLUSION_PENALTY,
    FACTS_BOOST,
    FACTS_FALLBACK,
    FACTS_LAST,
    TEMPLATE_TOPIC_WEIGHT,
    TEMPLATE_WEIGHT,
    TITLE_BOOST,
    VOTE_DEPTH,
    WRITER_WEIGHT,
)
from memrevise.search.state import Component, SearchState


class Stage(Protocol):
    """One switchable step of the search."""

    name: ClassVar[str]

    def __call__(self, state: SearchState, index: Retriever) -> SearchState: ...


def facts_query(nodes: Iterable[Node]) -> WeightedQuery:
    """One bag-of-words query made of the nodes' stored facts (parsed once: :func:`text_query`
    memoises the text, and every later turn of a conversation asks again for the same nodes)."""
    return text_query(" ".join(fact for node in nodes for fact in node.facts))


@dataclass(frozen=True)
class Retrieve:
    """Fuse the template query (the topic's tokens weighted twice, then the final question)
    with the writer's query.

    The candidates are the union of each query's top ``depth`` passages; each query's scores
    are standardised over the candidates and summed with its weight. ``template=False``
    searches with the writer's query alone, ``writer_query=False`` with the template alone.
    When the number rule has switched the template off, the writer's query is always used.
    """

    name: ClassVar[str] = "retrieve"
    depth: int = DEPTH
    template: bool = True
    writer_query: bool = True
    template_weight: float = TEMPLATE_WEIGHT
    writer_weight: float = WRITER_WEIGHT
    topic_weight: float = TEMPLATE_TOPIC_WEIGHT

    def __post_init__(self) -> None:
        if not (self.template or self.writer_query):
            raise ValueError("retrieval needs the template, the writer's query or both")

    def queries(self, state: SearchState) -> list[tuple[str, float, WeightedQuery]]:
        """The ``(label, weight, query)`` of each query to fuse."""
        queries = []
        if self.template and state.use_template:
            template = WeightedQuery.of(state.topic, self.topic_weight) + WeightedQuery.of(
                state.question
            )
            queries.append(("template", self.template_weight, template))
        if self.writer_query or not state.use_template:
            queries.append(("writer", self.writer_weight, WeightedQuery.of(state.query)))
        return queries

    def __call__(self, state: SearchState, index: Retriever) -> SearchState:
        scored, tops = [], []
        for label, weight, query in self.queries(state):
            if query.empty:
                continue
            top, scores = index.retrieve(query, self.depth)
            tops.append(top.docs)
            scored.append((label, weight, scores))
        docs = np.unique(np.concatenate(tops)) if tops else np.zeros(0, dtype=np.int64)
        components = tuple(
            Component(label, ZScores.over(scores, docs, weight)) for label, weight, scores in scored
        )
        base = np.zeros(len(docs))
        for component in components:
            base += component.z(docs)
        return replace(state, docs=docs, base=base, signals={}, components=components)


@dataclass(frozen=True)
class TitlePrior:
    """Passages whose page title, ignoring any bracketed qualifier, is the final topic gain
    ``boost`` (and become candidates). Needs page titles."""

    name: ClassVar[str] = "title_prior"
    boost: float = TITLE_BOOST

    def __call__(self, state: SearchState, index: Retriever) -> SearchState:
        if not index.titled or not state.topic:
            return state
        pages = index.pages_named(state.topic)
        state = state.with_docs(pages)
        return state.add_signal(self.name, self.boost * state.contains(pages))


def _winner(ballots: Iterable[list[tuple[str, float]]]) -> str | None:
    """The page with the most votes over all ballots (ties go to the first title)."""
    totals: dict[str, float] = {}
    for ballot in ballots:
        for title, votes in ballot:
            totals[title] = totals.get(title, 0.0) + votes
    return min(totals, key=lambda title: (-totals[title], title)) if totals else None


@dataclass(frozen=True)
class FactsVote:
    """The facts stored for the final topic vote for a page; that page's passages gain ``boost``.

    Only earlier nodes (before the final one) whose topic is the final topic count. Per node
    (TopiOCQA, the default), each such node's facts are searched on their own and the votes
    summed, the ``fallback`` latest earlier nodes voting when none is about the topic (every
    one of them in a conversation of up to ``fallback`` + 1 turns, as in the paper; the bound
    keeps a long conversation's turns as cheap as its first); the winner gains within the
    current candidates. Pooled (OR-QuAC), the facts of the ``last`` such nodes form one
    search, nothing votes without such a node, and the winner gains on all its passages.
    Each search's top ``depth`` passages vote 1/rank for their page. Needs page titles.
    """

    name: ClassVar[str] = "facts_vote"
    boost: float = FACTS_BOOST
    depth: int = VOTE_DEPTH
    pooled: bool = False
    last: int = FACTS_LAST
    fallback: int = FACTS_FALLBACK

    def __call__(self, state: SearchState, index: Retriever) -> SearchState:
        if not index.titled:
            return state
        earlier = [node for node in state.memory.nodes[:-1] if node.facts]
        topic = state.topic.casefold()
        about = [node for node in earlier if node.topic.casefold() == topic]
        if self.pooled:
            voters = [about[-self.last :]] if about else []
        else:
            voters = [[node] for node in about or earlier[-self.fallback :]]
        winner = _winner(index.vote_pages(facts_query(nodes), self.depth) for nodes in voters)
        if winner is None:
            return state
        pages = index.pages(winner)
        if self.pooled:
            state = state.with_docs(pages)
        return state.add_signal(self.name, self.boost * state.contains(pages))


@dataclass(frozen=True)
class Exclusion:
    """When the final node abandons a topic, steer away from the page the memory was about.

    The rejected page is the page of the top passage for the facts of the ``last`` nodes
    before the final one. Only if another page has its name once bracketed qualifiers are
    removed, the rejected page's passages lose ``penalty`` and those of the other same-name
    pages gain ``boost`` (becoming candidates), except pages the title prior already raised.
    Needs page titles.
    """

    name: ClassVar[str] = "exclusion"
    penalty: float = EXCLUSION_PENALTY
    boost: float = EXCLUSION_BOOST
    last: int = EXCLUSION_LAST

    def __call__(self, state: SearchState, index: Retriever) -> SearchState:
        final, earlier = state.memory.nodes[-1], state.memory.nodes[:-1]
        if not index.titled or all(op.op is not Op.ABANDON for op in final.operations):
            return state
        top = index.search(facts_query(earlier[-self.last :]), 1).docs
        if not len(top):
            return state
        rejected = index.title(int(top[0]))
        others = [title for title in index.same_name_titles(rejected) if title != rejected]
        if not rejected or not others:
            return state
        alternatives = np.concatenate([index.pages(title) for title in others])
        state = state.with_docs(alternatives)
        gain = state.contains(alternatives)
        raised = state.signals.get(TitlePrior.name)
        if raised is not None:
            gain &= raised == 0
        values = self.boost * gain - self.penalty * state.contains(index.pages(rejected))
        return state.add_signal(self.name, values)


@dataclass(frozen=True)
class DroppedBelow:
    """Passages of a dropped topic's page rank below every passage of the final topic's page
    among the candidates: once a correction has abandoned a page, none of its passages can
    outrank the page meant. Only with a final topic that has pages and candidates on them;
    needs page titles. Not in the paper: it uses what the memory knows to keep withdrawn
    context below the intended topic (``SearchConfig.dropped_below`` switches it off)."""

    name: ClassVar[str] = "dropped_below"
    margin: float = DROPPED_MARGIN

    def __call__(self, state: SearchState, index: Retriever) -> SearchState:
        if not index.titled or not state.topic:
            return state
        topic = state.topic.casefold()
        dropped = [
            t.name
            for t in state.memory.topics
            if t.status is Status.DROPPED and t.name.casefold() != topic
        ]
        if not dropped:
            return state
        intended = index.pages(state.topic)
        if not len(intended):
            intended = index.pages_named(state.topic)
        stale = np.setdiff1d(np.concatenate([index.pages(name) for name in dropped]), intended)
        on_topic = state.contains(intended)
        if not len(stale) or not on_topic.any():
            return state
        scores = state.scores
        floor = scores[on_topic].min() - self.margin
        above = state.contains(stale) & (scores > floor)
        return state.add_signal(self.name, np.where(above, floor - scores, 0.0))

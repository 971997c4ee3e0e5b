"""Topic repair: ground a history turn's topic in the corpus (paper §4.4)."""

from __future__ import annotations

from dataclasses import dataclass

from memrevise.memory import Memory, Node, Op, Operation
from memrevise.retrieval import Retriever, WeightedQuery, text_query
from memrevise.search.constants import REPAIR_DEPTH
from memrevise.search.stages import facts_query
from memrevise.text import cut, strip_qualifier, words
from memrevise.writer.base import Turn


def names(text: str, name: str) -> bool:
    """Whether ``text`` contains ``name`` without its qualifier, as whole words, any case."""
    wanted = words(strip_qualifier(name))
    if not wanted:
        return False
    return f" {' '.join(wanted)} " in f" {' '.join(words(text))} "


def reassigned(node: Node, page: str, earlier: bool) -> Node:
    """``node`` about ``page``: its non-Abandon operations on its old topic become one
    ``Reactivate(page)`` (``Add(page)`` unless ``earlier``), in place of the first of them;
    the other operations stay and the topics are rebuilt with ``page`` first."""
    old = node.topic.casefold()
    new = Operation(op=Op.REACTIVATE if earlier else Op.ADD, topic=page)
    operations: list[Operation] = []
    for operation in node.operations:
        if operation.op is Op.ABANDON or operation.topic.casefold() != old:
            operations.append(operation)
        elif new not in operations:
            operations.append(new)
    if new not in operations:
        operations.append(new)
    topics = {page.casefold(): page}
    for operation in operations:
        topics.setdefault(operation.topic.casefold(), operation.topic)
    fields = {"operations": tuple(operations), "topics": tuple(topics.values())}
    return Node.model_validate(node.model_dump() | fields)


@dataclass(frozen=True)
class TopicRepair:
    """After each history turn from the second on, re-ground the new node's topic.

    Two searches, the turn's question and answer and the node's stored facts, each pick the
    page with the most 1/rank votes among their top ``depth`` passages. If they agree on a
    page that is not the node's topic, that the previous answer names or that is an earlier
    topic, and that the turn's own answer does not name, the node is moved to that page.
    Answers are read cut at 600 characters, as everywhere. Needs page titles.
    """

    depth: int = REPAIR_DEPTH

    def page(self, index: Retriever, query: WeightedQuery) -> str | None:
        """The page the query's top passages vote for."""
        votes = index.vote_pages(query, self.depth)
        return votes[0][0] if votes else None

    def __call__(
        self, memory: Memory, turn: Turn, previous_answer: str | None, index: Retriever
    ) -> Memory:
        """``memory`` with its last node (the node for ``turn``) repaired where it needs it."""
        if not index.titled or len(memory.nodes) < 2 or not memory.nodes[-1].facts:
            return memory
        node = memory.nodes[-1]
        answer = cut(turn.answer or "")
        page = self.page(index, WeightedQuery.of(turn.question) + text_query(answer))
        if page is None or page.casefold() == node.topic.casefold() or names(answer, page):
            return memory
        earlier = memory.before_last().topic(page) is not None
        if not (earlier or names(cut(previous_answer or ""), page)):
            return memory
        # The second search runs only when the first one's page could be taken.
        if page != self.page(index, facts_query([node])):
            return memory
        return memory.replace_last(reassigned(node, page, earlier))

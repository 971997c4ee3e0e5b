"""MemRevise end to end: the writer updates the memory each turn, the stages rank passages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from time import perf_counter

from memrevise.memory import Memory, Node
from memrevise.retrieval import Retriever
from memrevise.search import constants as c
from memrevise.search.numbers import NumberRule
from memrevise.search.repair import TopicRepair
from memrevise.search.stages import (
    DroppedBelow,
    Exclusion,
    FactsVote,
    Retrieve,
    Stage,
    TitlePrior,
)
from memrevise.search.state import Hit, SearchState
from memrevise.writer.base import Turn, Writer


@dataclass(frozen=True)
class SearchConfig:
    """Which steps run, and their constants (the paper's by default, from
    :mod:`memrevise.search.constants`).

    ``horizon`` limits the memory the writer and the search see to the last k earlier
    turns (None: all of them). ``pooled_facts`` selects OR-QuAC's pooled facts vote.
    """

    template: bool = True
    writer_query: bool = True
    title_prior: bool = True
    facts_vote: bool = True
    number_rule: bool = True
    exclusion: bool = True
    dropped_below: bool = True
    topic_repair: bool = True
    horizon: int | None = None
    depth: int = c.DEPTH
    pooled_facts: bool = False
    title_boost: float = c.TITLE_BOOST
    facts_boost: float = c.FACTS_BOOST
    vote_depth: int = c.VOTE_DEPTH
    exclusion_penalty: float = c.EXCLUSION_PENALTY
    exclusion_boost: float = c.EXCLUSION_BOOST
    repair_depth: int = c.REPAIR_DEPTH
    dropped_margin: float = c.DROPPED_MARGIN
    template_topic_weight: float = c.TEMPLATE_TOPIC_WEIGHT
    template_weight: float = c.TEMPLATE_WEIGHT
    writer_weight: float = c.WRITER_WEIGHT
    facts_last: int = c.FACTS_LAST
    facts_fallback: int = c.FACTS_FALLBACK
    exclusion_last: int = c.EXCLUSION_LAST
    number_max_words: int = c.NUMBER_MAX_WORDS

    def __post_init__(self) -> None:
        if self.horizon is not None and self.horizon < 0:
            raise ValueError(f"horizon must be >= 0, got {self.horizon}")
        self.stages()  # a configuration that cannot build its stages fails here

    def stages(self) -> list[Stage]:
        """The final turn's stages in order, without those switched off."""
        stages: list[Stage] = [NumberRule(self.number_max_words)] if self.number_rule else []
        stages.append(
            Retrieve(
                self.depth,
                self.template,
                self.writer_query,
                self.template_weight,
                self.writer_weight,
                self.template_topic_weight,
            )
        )
        if self.title_prior:
            stages.append(TitlePrior(self.title_boost))
        if self.facts_vote:
            stages.append(
                FactsVote(
                    self.facts_boost,
                    self.vote_depth,
                    self.pooled_facts,
                    self.facts_last,
                    self.facts_fallback,
                )
            )
        if self.exclusion:
            stages.append(
                Exclusion(self.exclusion_penalty, self.exclusion_boost, self.exclusion_last)
            )
        if self.dropped_below:
            stages.append(DroppedBelow(self.dropped_margin))
        return stages

    def repair(self) -> TopicRepair | None:
        """The topic repair applied after history turns, if switched on."""
        return TopicRepair(self.repair_depth) if self.topic_repair else None


@dataclass(frozen=True)
class SearchResult:
    """One final turn's search: the query and topic searched, the memory, the ids and scores
    of the best passages, best first, and the milliseconds spent in the writer and in the
    search stages. Its :attr:`hits`, the ranked passages with their titles, texts and
    signals, are read when first asked for (a run writes ids and scores alone)."""

    query: str
    topic: str
    memory: Memory
    ids: list[str]
    scores: list[float]
    ms: dict[str, float]
    read_hits: Callable[[], list[Hit]] = field(repr=False, compare=False)

    @cached_property
    def hits(self) -> list[Hit]:
        """The ranked passages (the same as :attr:`ids` and :attr:`scores`)."""
        return self.read_hits()


def recent(memory: Memory, horizon: int | None) -> Memory:
    """The final node with only the last ``horizon`` turns before it."""
    if horizon is None or horizon >= len(memory.nodes) - 1:
        return memory
    earlier = memory.before_last().horizon(horizon)
    return Memory(nodes=(*earlier.nodes, *memory.nodes[-1:]))


class MemRevise:
    """A writer, an index and a configuration; open a :meth:`session` per conversation."""

    def __init__(self, index: Retriever, writer: Writer, config: SearchConfig | None = None):
        self.index = index
        self.writer = writer
        self.config = config or SearchConfig()
        self.stages = tuple(self.config.stages())
        self.repair = self.config.repair()

    def session(self) -> Session:
        return Session(self)

    def rank(self, memory: Memory, question: str) -> SearchState:
        """Run the stages for ``question``, whose node is ``memory``'s last."""
        state = SearchState.start(recent(memory, self.config.horizon), question)
        for stage in self.stages:
            state = stage(state, self.index)
        return state


class Session:
    """One conversation: history turns update the memory, a final turn searches.

    After :meth:`search`, :meth:`answer` records the answer the user saw: the searched turn
    is written again as a history turn with its answer, replacing its node. Without it, the
    searched turn stays in memory as written, without an answer.

    ``repairs`` maps each turn that topic repair moved, since the session was opened or
    restored, to the topic the writer had given it.
    """

    def __init__(self, engine: MemRevise):
        self.engine = engine
        self.memory = Memory()
        self.turns: list[Turn] = []
        self.repairs: dict[int, str] = {}
        self._awaiting = False

    @classmethod
    def restore(
        cls, engine: MemRevise, memory: Memory, turns: Sequence[Turn], awaiting: bool
    ) -> Session:
        """A session continued from stored state, one node per turn, without writing any turn
        again; ``awaiting``: the last turn was searched and waits for :meth:`answer`."""
        if len(turns) != len(memory.nodes):
            raise ValueError(f"{len(turns)} turns do not match {len(memory.nodes)} nodes")
        session = cls(engine)
        session.memory = memory
        session.turns = list(turns)
        session._awaiting = awaiting and bool(turns)
        return session

    def add_turn(self, question: str, answer: str | None = None) -> Node:
        """A history turn: write its node, then repair its topic. Returns the node."""
        self._awaiting = False
        return self._write(Turn.of(question, answer), want_query=False)

    def search(self, question: str, k: int = 100) -> SearchResult:
        """The final turn: write its node with a query, then rank the top ``k`` passages."""
        start = perf_counter()
        self._write(Turn.of(question), want_query=True)
        written = perf_counter()
        index = self.engine.index
        state = self.engine.rank(self.memory, self.turns[-1].question)
        ids, scores = state.best(index, k)
        done = perf_counter()
        self._awaiting = True
        ms = {"writer": 1000 * (written - start), "search": 1000 * (done - written)}
        hits = partial(state.ranked, index, k)
        return SearchResult(state.query, state.topic, self.memory, ids, scores, ms, hits)

    def answer(self, answer: str) -> Node:
        """The answer to the question just searched: rewrite that turn as a history turn."""
        if not self._awaiting:
            raise ValueError("no searched question is waiting for its answer")
        self._awaiting = False
        question = self.turns.pop().question
        self.memory = self.memory.before_last()
        return self._write(Turn.of(question, answer), want_query=False)

    def _write(self, turn: Turn, want_query: bool) -> Node:
        engine = self.engine
        previous = self.turns[-1] if self.turns else None
        node = engine.writer.update(
            self.memory.horizon(engine.config.horizon),
            previous.question if previous else None,
            turn,
            want_query,
        )
        if node.turn != self.memory.next_turn:  # a writer shown no memory numbers from 1
            node = Node.model_validate(node.model_dump() | {"turn": self.memory.next_turn})
        memory = self.memory.append(node)
        self.repairs.pop(node.turn, None)
        if engine.repair is not None and not want_query:
            previous_answer = previous.answer if previous else None
            memory = engine.repair(memory, turn, previous_answer, engine.index)
            if memory.nodes[-1].topic != node.topic:
                self.repairs[node.turn] = node.topic
        self.memory = memory
        self.turns.append(turn)
        return memory.nodes[-1]

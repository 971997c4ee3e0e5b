"""What flows through the search stages: the final turn, the candidates and their scores."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from memrevise.memory import Memory
from memrevise.retrieval import DocScores, Retriever
from memrevise.retrieval.scores import ZScores


@dataclass(frozen=True, slots=True, eq=False)
class Component:
    """One fused query: its label and its scores of any passage, z-scored with the moments of
    the original candidates (so passages added later by a stage are put on the same scale)."""

    label: str
    zscores: ZScores

    @property
    def scores(self) -> DocScores:
        return self.zscores.scores

    def z(self, docs: np.ndarray) -> np.ndarray:
        """The weighted z-scores of ``docs`` (zeros when the candidates all scored the same)."""
        return self.zscores.z(docs)


@dataclass(frozen=True, slots=True)
class Hit:
    """One ranked passage; ``score`` is ``base`` plus the ``signals`` of the steps that moved it."""

    doc: int
    id: str
    title: str
    text: str
    score: float
    base: float
    signals: dict[str, float]


@dataclass(frozen=True, eq=False)
class SearchState:
    """The search of one final turn; every stage returns a new state.

    ``docs`` are candidate passage indices, ``base`` their fused standardised retrieval score
    and ``signals`` what each stage added, all aligned with ``docs``.
    """

    memory: Memory
    question: str
    topic: str
    query: str
    use_template: bool = True
    docs: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    base: np.ndarray = field(default_factory=lambda: np.zeros(0))
    signals: dict[str, np.ndarray] = field(default_factory=dict)
    components: tuple[Component, ...] = ()

    @classmethod
    def start(cls, memory: Memory, question: str) -> SearchState:
        """The state before any stage: ``memory``'s last node is the final turn's node."""
        if not memory.nodes:
            raise ValueError("the memory has no node for the final turn")
        node = memory.nodes[-1]
        return cls(memory=memory, question=question, topic=node.topic, query=node.query or question)

    @property
    def scores(self) -> np.ndarray:
        """The total score of each candidate."""
        total = self.base.copy()
        for values in self.signals.values():
            total += values
        return total

    def contains(self, docs: np.ndarray) -> np.ndarray:
        """A mask over the candidates: which of them are among ``docs``."""
        return np.isin(self.docs, docs)

    def with_docs(self, docs: np.ndarray) -> SearchState:
        """The state with those of ``docs`` that are not yet candidates added, scored alike."""
        new = np.setdiff1d(np.asarray(docs, dtype=np.int64), self.docs)
        if not len(new):
            return self
        base = np.zeros(len(new))
        for component in self.components:
            base += component.z(new)
        return replace(
            self,
            docs=np.concatenate([self.docs, new]),
            base=np.concatenate([self.base, base]),
            signals={k: np.concatenate([v, np.zeros(len(new))]) for k, v in self.signals.items()},
        )

    def add_signal(self, name: str, values: np.ndarray) -> SearchState:
        """The state with ``values`` (one per candidate) added under ``name``; zeros add nothing."""
        if not np.any(values):
            return self
        signals = dict(self.signals)
        signals[name] = signals[name] + values if name in signals else values.astype(np.float64)
        return replace(self, signals=signals)

    def _top(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        """The positions of the best ``k`` candidates, best first (ties keep candidate
        order), and every candidate's total score."""
        scores = self.scores
        return np.argsort(-scores, kind="stable")[:k], scores

    def best(self, index: Retriever, k: int = 100) -> tuple[list[str], list[float]]:
        """The passage ids and scores of the best ``k`` candidates, best first (those of
        :meth:`ranked`'s hits, without reading the passages)."""
        order, scores = self._top(k)
        return [index.doc_id(doc) for doc in self.docs[order].tolist()], scores[order].tolist()

    def ranked(self, index: Retriever, k: int = 100) -> list[Hit]:
        """The best ``k`` candidates, best first (ties keep candidate order)."""
        order, scores = self._top(k)
        moved = {name: values[order].tolist() for name, values in self.signals.items()}
        hits = []
        for n, (doc, score, base) in enumerate(
            zip(
                self.docs[order].tolist(),
                scores[order].tolist(),
                self.base[order].tolist(),
                strict=True,
            )
        ):
            hits.append(
                Hit(
                    doc=doc,
                    id=index.doc_id(doc),
                    title=index.title(doc),
                    text=index.text(doc),
                    score=score,
                    base=base,
                    signals={name: values[n] for name, values in moved.items() if values[n]},
                )
            )
        return hits

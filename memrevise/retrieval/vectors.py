"""Nearest documents by inner product: exact, or through an HNSW graph (usearch) when large."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from memrevise.retrieval.base import DocScores
from memrevise.retrieval.ranking import Ranking, top_k
from memrevise.retrieval.storage import IndexLoadError, load_array, reading

EXACT_LIMIT = 200_000  # up to this many documents, scoring all of them beats a graph search
CANDIDATES = 4  # the graph proposes this many × k documents, which are then scored exactly
VECTORS = "vectors.npy"
GRAPH = "graph.usearch"


class VectorScores:
    """A query's inner products with any documents' vectors, computed when asked."""

    def __init__(self, vectors: np.ndarray, query: np.ndarray) -> None:
        self.vectors = vectors
        self.query = query

    def __getitem__(self, docs: np.ndarray) -> np.ndarray:
        return (self.vectors[np.asarray(docs, dtype=np.int64)] @ self.query).astype(np.float32)


def _graph_class() -> Any:
    try:
        from usearch.index import Index
    except ImportError as error:
        raise ImportError(
            f"approximate dense search needs usearch: pip install 'memrevise[dense]' ({error})"
        ) from None
    return Index


class VectorSearch:
    """Unit-length document vectors (float32, ``(num_docs, dimension)``) scored by inner
    product: all of them, or the candidates an HNSW graph proposes, rescored exactly."""

    def __init__(self, vectors: np.ndarray, graph: Any = None) -> None:
        self.vectors = vectors
        self.graph = graph

    @property
    def approximate(self) -> bool:
        return self.graph is not None

    @classmethod
    def build(cls, vectors: np.ndarray, approximate: bool | None = None) -> VectorSearch:
        """Search over ``vectors``; ``approximate`` (default: above :data:`EXACT_LIMIT`
        documents) builds the graph."""
        if approximate is None:
            approximate = len(vectors) > EXACT_LIMIT
        if not approximate:
            return cls(vectors)
        graph = _graph_class()(ndim=vectors.shape[1], metric="ip", dtype="f32", connectivity=32)
        graph.add(np.arange(len(vectors), dtype=np.uint64), vectors)
        return cls(vectors, graph)

    def save(self, directory: Path) -> None:
        np.save(directory / VECTORS, np.asarray(self.vectors))
        if self.graph is not None:
            self.graph.save(str(directory / GRAPH))

    @classmethod
    def load(cls, root: Path, num_docs: int, approximate: bool, mmap: bool) -> VectorSearch:
        """Read what :meth:`save` wrote; with ``mmap`` the vectors and graph stay on disk."""
        vectors = load_array(root / VECTORS, mmap)
        if vectors.ndim != 2 or len(vectors) != num_docs or vectors.dtype != np.float32:
            raise IndexLoadError(f"{root / VECTORS}: does not match {root / 'meta.json'}")
        if not approximate:
            return cls(vectors)
        path = root / GRAPH
        if not path.is_file():
            raise IndexLoadError(f"{path}: missing index file")
        with reading(path):
            graph = _graph_class().restore(str(path), view=mmap)
        if graph is None or len(graph) != num_docs or graph.ndim != vectors.shape[1]:
            raise IndexLoadError(f"{path}: does not match {root / 'meta.json'}")
        return cls(vectors, graph)

    def scores(self, query: np.ndarray) -> np.ndarray:
        """Every document's inner product with ``query`` (float32)."""
        return (self.vectors @ query).astype(np.float32)

    def retrieve(self, query: np.ndarray, k: int) -> tuple[Ranking, DocScores]:
        """The ``k`` documents with the highest positive inner products, and the scores of any
        documents; with the graph, only the documents it proposes are ranked."""
        if self.graph is None:
            scores = self.scores(query)
            return top_k(scores, k), scores
        lazy = VectorScores(self.vectors, query)
        if k <= 0:
            return top_k(np.zeros(0, dtype=np.float32), k), lazy
        found = self.graph.search(query, min(len(self.vectors), CANDIDATES * k), threads=1)
        docs = np.sort(np.asarray(found.keys, dtype=np.int64))
        ranking = top_k(lazy[docs], k)
        return Ranking(docs[ranking.docs], ranking.scores), lazy

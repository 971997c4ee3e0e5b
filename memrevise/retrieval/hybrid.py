"""BM25 and dense retrieval fused by standardised scores.

BM25 reads the weighted query, the encoder its plain text. Each retriever's scores are
z-scored with the mean and standard deviation over the union of both retrievers' top
``pool`` passages (as :func:`~memrevise.retrieval.scores.standardise` would), and the two
z-scores are added: every passage gets a score on that scale, and a search ranks the union.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memrevise.retrieval.base import DocScores, PassageIndex
from memrevise.retrieval.bm25 import BM25Index
from memrevise.retrieval.collection import Passage
from memrevise.retrieval.dense import DenseIndex
from memrevise.retrieval.query import Query, as_query, query_text
from memrevise.retrieval.ranking import Ranking
from memrevise.retrieval.scores import ZScores
from memrevise.retrieval.storage import (
    IndexLoadError,
    dump_json,
    read_meta,
    reading,
    require_files,
    save_atomically,
)

FORMAT = "memrevise-hybrid"
VERSION = 1


class FusedScores:
    """Two retrievers' scores of any passages, each z-scored with fixed moments, added."""

    def __init__(self, parts: Sequence[ZScores]) -> None:
        self.parts = parts

    def __getitem__(self, docs: np.ndarray) -> np.ndarray:
        docs = np.asarray(docs, dtype=np.int64)
        total = np.zeros(len(docs))
        for part in self.parts:
            total += part.z(docs)
        return total.astype(np.float32)


class HybridIndex(PassageIndex):
    """A :class:`BM25Index` and a :class:`DenseIndex` of the same passages, fused."""

    backend = "hybrid"

    def __init__(self, bm25: BM25Index, dense: DenseIndex, pool: int = 100) -> None:
        if bm25.columns.ids != dense.columns.ids:
            raise ValueError("the BM25 and dense indexes hold different passages")
        super().__init__(bm25.columns)
        self.bm25 = bm25
        self.dense = dense
        self.pool = pool

    @classmethod
    def build(
        cls,
        passages: Sequence[Passage],
        model: str | os.PathLike[str] | None = None,
        *,
        approximate: bool | None = None,
        show_progress: bool = False,
    ) -> HybridIndex:
        """Both indexes of ``passages``; ``model`` and ``approximate`` as for the dense one."""
        bm25 = BM25Index.build(passages)
        dense = DenseIndex.build(
            passages, model, approximate=approximate, show_progress=show_progress
        )
        return cls(bm25, dense)

    def save(self, directory: str | os.PathLike[str]) -> None:
        """Write both indexes (``bm25/`` and ``dense/``) under ``directory``, all at once."""
        save_atomically(directory, self._write)

    def _write(self, directory: Path) -> None:
        for name, write in (("bm25", self.bm25._write), ("dense", self.dense.write)):
            (directory / name).mkdir()
            write(directory / name)
        meta = {
            "format": FORMAT,
            "version": VERSION,
            "backend": self.backend,
            "pool": self.pool,
            "num_docs": self.num_docs,
        }
        dump_json(meta, directory / "meta.json")

    @classmethod
    def load(
        cls,
        directory: str | os.PathLike[str],
        mmap: bool = True,
        model: str | os.PathLike[str] | None = None,
    ) -> HybridIndex:
        """Open an index written by :meth:`save`; ``model`` as for :meth:`DenseIndex.load`."""
        root = Path(directory)
        require_files(root, ("meta.json",))
        meta = read_meta(root, FORMAT, VERSION)
        with reading(root / "meta.json"):
            pool, n = int(meta["pool"]), int(meta["num_docs"])
        bm25 = BM25Index.load(root / "bm25", mmap)
        dense = DenseIndex.load(root / "dense", mmap, model)
        if bm25.num_docs != n or bm25.columns.ids != dense.columns.ids:
            raise IndexLoadError(f"{root}: its BM25 and dense indexes hold different passages")
        return cls(bm25, dense, pool)

    def canonical(self, query: Query) -> Query:
        """The weighted terms (for BM25) with the plain text (for the encoder)."""
        return dataclasses.replace(as_query(query).key, text=query_text(query))

    def fused(self, query: Query) -> tuple[np.ndarray, FusedScores]:
        """The candidates (both retrievers' top ``pool``) and the fused scores of any passage."""
        tops, parts = [], []
        for index, read in ((self.bm25, as_query(query)), (self.dense, query_text(query))):
            top, scores = index.retrieve(read, self.pool)
            tops.append(top.docs)
            parts.append(scores)
        docs = np.unique(np.concatenate(tops))
        return docs, FusedScores([ZScores.over(scores, docs) for scores in parts])

    def scores(self, query: Query) -> np.ndarray:
        """Every passage's fused score (float32)."""
        _, fused = self.fused(query)
        return fused[np.arange(self.num_docs)]

    def retrieve(self, query: Query, k: int) -> tuple[Ranking, DocScores]:
        """The ``k`` best candidates, whatever the sign of their fused score (ties go to the
        lower index), and the fused scores of any passage."""
        if k < 0:
            raise ValueError(f"k must be non-negative, not {k}")
        docs, fused = self.fused(query)
        values = fused[docs]
        order = np.argsort(-values, kind="stable")[:k]
        return Ranking(docs[order], values[order]), fused

    def document_frequency(self, word: str) -> int:
        return self.bm25.document_frequency(word)

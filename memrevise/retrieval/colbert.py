"""A late-interaction (ColBERT) passage index: a PyLate model read from a local checkpoint.

Every passage keeps its token embeddings (float16, memory-mapped once saved), so any passage
can be scored exactly by MaxSim. Small collections are searched by scoring every passage;
large ones through PyLate's PLAID index, whose candidates are then scored exactly.
Like a dense retriever, ColBERT reads a weighted query as its plain text.
"""

from __future__ import annotations

import functools
import importlib.metadata
import importlib.util
import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from memrevise.retrieval.base import DocScores, PassageIndex
from memrevise.retrieval.collection import Passage
from memrevise.retrieval.dense import passage_text
from memrevise.retrieval.passages import PASSAGE_FILES, DocumentFrequencies, PassageColumns
from memrevise.retrieval.query import Query, query_text
from memrevise.retrieval.ranking import Ranking, top_k
from memrevise.retrieval.storage import (
    EmbeddingMeta,
    IndexLoadError,
    load_array,
    reading,
    require_files,
    save_atomically,
)

FORMAT = "memrevise-colbert"
VERSION = 2  # 2: texts compressed
EXACT_LIMIT = 50_000  # up to this many passages, MaxSim over all of them beats PLAID
CANDIDATES = 4  # PLAID proposes this many × k passages, which are then scored exactly
_CHUNK = 1 << 20  # token rows scored at a time
TOKENS, OFFSETS, PLAID = "tokens.npy", "token_offsets.npy", "plaid"


def _pylate() -> Any:
    try:
        import pylate
        import pylate.indexes
        import pylate.models
    except ImportError as error:
        raise ImportError(
            f"ColBERT retrieval needs the colbert extra: pip install 'memrevise[colbert]' ({error})"
        ) from None
    return pylate


def plaid_torch() -> str | None:
    """The torch release the installed fast-plaid (PyLate's PLAID engine) was built for; None
    when fast-plaid is not installed or names no release."""
    try:
        requirements = importlib.metadata.requires("fast-plaid") or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for requirement in requirements:
        match = re.fullmatch(r"torch\s*==\s*([\w.]+)", requirement.split(";")[0].strip())
        if match:
            return match.group(1)
    return None


def _plaid_class() -> Any:
    """PyLate's PLAID index, once its engine is known to match the installed torch (a mismatch
    would crash the process rather than raise)."""
    pylate = _pylate()
    import torch

    if importlib.util.find_spec("fast_plaid") is None:
        raise ImportError(
            "PLAID search needs fast-plaid, PyLate's PLAID engine: "
            "pip install 'memrevise[colbert]', or search exactly (approximate=False)"
        )
    required, installed = plaid_torch(), torch.__version__.split("+")[0]
    if required is not None and required != installed:
        raise ImportError(
            f"PLAID search needs torch {required} (the release fast-plaid is built for), not "
            f"torch {torch.__version__}: install torch=={required}, or search exactly "
            "(approximate=False)"
        )
    return pylate.indexes.PLAID


@functools.lru_cache(maxsize=4)
def load_model(path: Path) -> ColbertModel:
    """The ColBERT checkpoint in ``path``, loaded once per process."""
    return ColbertModel(path)


class ColbertModel:
    """A PyLate ColBERT checkpoint in a local directory: token embeddings of texts."""

    def __init__(self, path: Path, batch_size: int = 32, device: str | None = None) -> None:
        if not path.is_dir():
            raise FileNotFoundError(f"{path}: no such model directory")
        pylate = _pylate()
        try:
            self.model = pylate.models.ColBERT(str(path), device=device, local_files_only=True)
        except (OSError, ValueError) as error:
            raise ValueError(f"{path}: not a ColBERT checkpoint ({error})") from error
        self.path = path
        self.batch_size = batch_size
        self.query = functools.lru_cache(maxsize=4096)(self._query)

    def documents(self, texts: Sequence[str], show_progress: bool = False) -> list[np.ndarray]:
        """Each text's token embeddings, ``(tokens, dimension)`` float32."""
        encoded = self.model.encode(
            list(texts),
            is_query=False,
            batch_size=self.batch_size,
            show_progress_bar=show_progress,
        )
        return [np.asarray(e, dtype=np.float32) for e in encoded]

    def _query(self, text: str) -> np.ndarray:
        encoded = self.model.encode([text], is_query=True, show_progress_bar=False)
        vectors = np.asarray(encoded[0], dtype=np.float32)
        vectors.flags.writeable = False
        return vectors


class TokenVectors:
    """Every passage's token embeddings in one array, passage ``i`` at rows
    ``offsets[i]:offsets[i + 1]``, scored against a query by MaxSim."""

    def __init__(self, tokens: np.ndarray, offsets: np.ndarray) -> None:
        self.tokens = tokens
        self.offsets = offsets

    @classmethod
    def of(cls, embedded: Sequence[np.ndarray]) -> TokenVectors:
        offsets = np.zeros(len(embedded) + 1, dtype=np.int64)
        np.cumsum([len(e) for e in embedded], out=offsets[1:])
        return cls(np.concatenate(embedded).astype(np.float16), offsets)

    def maxsim(self, query: np.ndarray, docs: np.ndarray | None = None) -> np.ndarray:
        """The MaxSim of ``query`` with each of ``docs`` (every passage when None), float32:
        the sum over query tokens of their best inner product with a passage token."""
        if docs is None:
            starts, rows = self.offsets[:-1], None
        else:
            docs = np.asarray(docs, dtype=np.int64)
            lengths = self.offsets[docs + 1] - self.offsets[docs]
            starts = np.zeros(len(docs), dtype=np.int64)
            np.cumsum(lengths[:-1], out=starts[1:])
            rows = np.repeat(self.offsets[docs] - starts, lengths) + np.arange(lengths.sum())
        if not len(starts):
            return np.zeros(0, dtype=np.float32)
        total = len(self.tokens) if rows is None else len(rows)
        best = np.empty((len(starts), len(query)), dtype=np.float32)
        done = 0  # passages scored so far
        while done < len(starts):
            end = int(np.searchsorted(starts, starts[done] + _CHUNK, side="right"))
            end = max(end, done + 1)
            first, last = starts[done], starts[end] if end < len(starts) else total
            chunk = slice(first, last) if rows is None else rows[first:last]
            sims = self.tokens[chunk].astype(np.float32) @ query.T
            best[done:end] = np.maximum.reduceat(sims, starts[done:end] - first, axis=0)
            done = end
        return best.sum(axis=1, dtype=np.float32)


class TokenScores:
    """A query's MaxSim with any passages, computed when asked."""

    def __init__(self, tokens: TokenVectors, query: np.ndarray) -> None:
        self.tokens = tokens
        self.query = query

    def __getitem__(self, docs: np.ndarray) -> np.ndarray:
        return self.tokens.maxsim(self.query, docs)


class ColbertIndex(PassageIndex):
    """Passages embedded token by token by a ColBERT checkpoint, ranked by MaxSim.

    Exact up to :data:`EXACT_LIMIT` passages, through PLAID above it (or as ``approximate``
    says); ``plaid`` is the PLAID index's directory.
    """

    backend = "colbert"
    scratch: tempfile.TemporaryDirectory[str] | None = None  # holds a PLAID index not yet saved

    def __init__(
        self,
        columns: PassageColumns,
        model: ColbertModel,
        tokens: TokenVectors,
        frequencies: DocumentFrequencies,
        plaid: Path | None = None,
    ) -> None:
        super().__init__(columns)
        self.model = model
        self.tokens = tokens
        self.frequencies = frequencies
        self.plaid = plaid
        self._plaid_index = (
            _plaid_class()(
                index_folder=str(plaid.parent),
                index_name=plaid.name,
                device="cpu",
                show_progress=False,
            )
            if plaid is not None
            else None
        )

    @classmethod
    def build(
        cls,
        passages: Sequence[Passage],
        model: str | os.PathLike[str],
        *,
        approximate: bool | None = None,
        show_progress: bool = False,
    ) -> ColbertIndex:
        """Embed ``passages`` (ids must be unique) with the checkpoint in directory ``model``;
        with ``approximate`` (default: above :data:`EXACT_LIMIT` passages) also build PLAID."""
        columns = PassageColumns.of(passages)
        encoder = load_model(Path(model).resolve())
        embedded = encoder.documents([passage_text(p) for p in passages], show_progress)
        if approximate is None:
            approximate = len(passages) > EXACT_LIMIT
        plaid, scratch = None, None
        if approximate:  # built aside, copied into the index directory by save
            scratch = tempfile.TemporaryDirectory(prefix="memrevise-plaid-")
            plaid = Path(scratch.name) / PLAID
            index = _plaid_class()(
                index_folder=str(plaid.parent),
                index_name=plaid.name,
                override=True,
                device="cpu",
                show_progress=show_progress,
            )
            index.add_documents(
                documents_ids=[str(i) for i in range(len(passages))],
                documents_embeddings=embedded,
            )
        tokens = TokenVectors.of(embedded)
        built = cls(columns, encoder, tokens, DocumentFrequencies.of(passages), plaid)
        built.scratch = scratch
        return built

    def save(self, directory: str | os.PathLike[str]) -> None:
        """Write the index (and its PLAID index) to ``directory`` all at once; the model is
        referred to by its path, not copied."""
        save_atomically(directory, self._write)

    def _write(self, directory: Path) -> None:
        self.columns.save(directory)
        self.frequencies.save(directory)
        np.save(directory / TOKENS, np.asarray(self.tokens.tokens))
        np.save(directory / OFFSETS, np.asarray(self.tokens.offsets))
        if self.plaid is not None:
            shutil.copytree(self.plaid, directory / PLAID)
        meta = EmbeddingMeta(
            str(self.model.path),
            int(self.tokens.tokens.shape[1]),
            self.plaid is not None,
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
    ) -> ColbertIndex:
        """Open an index written by :meth:`save` with its checkpoint (or ``model``)."""
        root = Path(directory)
        require_files(root, ("meta.json", *PASSAGE_FILES, TOKENS, OFFSETS))
        meta = EmbeddingMeta.read(root, FORMAT, VERSION)
        n, dimension, approximate = meta.num_docs, meta.dimension, meta.approximate
        with reading(root / "meta.json"):
            path = Path(model if model is not None else meta.model)
        columns = PassageColumns.load(root, n, meta.num_titles, mmap)
        tokens = load_array(root / TOKENS, mmap)
        offsets = load_array(root / OFFSETS, mmap)
        if tokens.ndim != 2 or tokens.shape[1] != dimension or tokens.dtype != np.float16:
            raise IndexLoadError(f"{root / TOKENS}: does not match {root / 'meta.json'}")
        consistent = offsets.shape == (n + 1,) and offsets[0] == 0
        if not consistent or offsets[-1] != len(tokens) or np.any(np.diff(offsets) <= 0):
            raise IndexLoadError(f"{root / OFFSETS}: does not match {root / TOKENS}")
        if approximate and not (root / PLAID).is_dir():
            raise IndexLoadError(f"{root / PLAID}: missing PLAID index")
        encoder = load_model(path.resolve())
        plaid = root / PLAID if approximate else None
        frequencies = DocumentFrequencies.load(root)
        return cls(columns, encoder, TokenVectors(tokens, offsets), frequencies, plaid)

    def canonical(self, query: Query) -> Query:
        """The query's plain text: ColBERT embeds its words, without weights."""
        return query_text(query)

    def scores(self, query: Query) -> np.ndarray:
        """Every passage's MaxSim with the query (float32)."""
        return self.tokens.maxsim(self.model.query(query_text(query)))

    def retrieve(self, query: Query, k: int) -> tuple[Ranking, DocScores]:
        embedded = self.model.query(query_text(query))
        if self._plaid_index is None:
            scores = self.tokens.maxsim(embedded)
            return top_k(scores, k), scores
        lazy = TokenScores(self.tokens, embedded)
        if k <= 0:
            return top_k(np.zeros(0, dtype=np.float32), k), lazy
        found = self._plaid_index(embedded[None], k=min(self.num_docs, CANDIDATES * k))[0]
        docs = np.unique(np.array([int(hit["id"]) for hit in found], dtype=np.int64))
        ranking = top_k(lazy[docs], k)
        return Ranking(docs[ranking.docs], ranking.scores), lazy

    def document_frequency(self, word: str) -> int:
        """In how many passages the (stemmed) word occurs; 0 for an unknown or stop word."""
        return self.frequencies(word)

"""A BM25 passage index on bm25s: weighted queries, page lookups, texts read lazily from disk."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from functools import cached_property
from pathlib import Path

import bm25s
import numpy as np
import scipy.sparse as sp

from memrevise.retrieval.base import PassageIndex
from memrevise.retrieval.collection import Passage
from memrevise.retrieval.memo import memoised
from memrevise.retrieval.passages import PASSAGE_FILES, ColumnsBuilder, PassageColumns
from memrevise.retrieval.query import TOKENIZER, Query, WeightedQuery, as_query, tokenize
from memrevise.retrieval.storage import (
    IndexLoadError,
    dump_json,
    load_array,
    load_json,
    read_meta,
    reading,
    require_files,
    save_atomically,
)
from memrevise.retrieval.termcounts import TermCounts, batches

__all__ = ["BM25Index", "IndexLoadError"]

FORMAT = "memrevise-bm25"
VERSION = 2  # 2: texts compressed
_BM25_ARRAYS = ("data.csc.index.npy", "indices.csc.index.npy", "indptr.csc.index.npy")
SCORE_CACHE_BYTES = 128 * 2**20  # the score vectors of the latest query parts kept in memory
LONG_PART = 8  # terms from which a part of a query is scored on its own
SPARSE_PRODUCT_POSTINGS = 8_192  # postings from which a part is scored by a sparse product
_BM25_FILES = ("params.index.json", "vocab.index.json", *_BM25_ARRAYS)


class BM25Index(PassageIndex):
    """BM25 over passages (title and text indexed together), with lookups by page title.

    Build with :meth:`build`, persist with :meth:`save`, reopen memory-mapped with :meth:`load`.
    Queries are a :class:`~memrevise.retrieval.query.WeightedQuery` or a plain string.
    Documents are numbered ``0 .. num_docs - 1`` in collection order; ``titles`` lists the
    distinct page titles and ``title_ids`` (int32) gives each document's title number.
    """

    backend = "bm25"

    def __init__(self, bm25: bm25s.BM25, columns: PassageColumns) -> None:
        super().__init__(columns)
        self._bm25 = bm25
        # Plain views of bm25s's (possibly memory-mapped) arrays: indexing an np.memmap goes
        # through Python for every element and slice, its ndarray view does not.
        self._data = bm25.scores["data"].view(np.ndarray)
        self._indices = bm25.scores["indices"].view(np.ndarray)
        self._indptr = bm25.scores["indptr"].view(np.ndarray)
        cached = max(4, SCORE_CACHE_BYTES // (4 * max(self.num_docs, 1)))
        self._part_scores = memoised(self._score_terms, maxsize=cached)

    @classmethod
    def build(
        cls,
        passages: Iterable[Passage],
        *,
        k1: float = 1.5,
        b: float = 0.75,
    ) -> BM25Index:
        """Index ``passages`` (ids must be unique), each as its title followed by its text.

        The passages are read once, in order, a batch at a time, so a generator streams a
        large collection: what stays in memory is its texts compressed and each passage's
        distinct terms, not its tokens (see :mod:`~memrevise.retrieval.termcounts`). The
        weights are bm25s's.
        """
        columns, counts = ColumnsBuilder(), TermCounts()

        def texts() -> Iterator[list[str]]:
            for batch in batches(passages):
                columns.extend(batch)
                yield [f"{passage.title} {passage.text}" for passage in batch]

        counts.add(texts())
        finished = columns.finish()
        data, indices, indptr = counts.bm25(k1, b)
        bm25 = bm25s.BM25(k1=k1, b=b)
        bm25.scores = {
            "data": data,
            "indices": indices,
            "indptr": indptr,
            "num_docs": counts.num_docs,
        }
        bm25.vocab_dict = counts.vocab
        bm25.nonoccurrence_array = None  # only BM25L and BM25+ have one
        return cls(bm25, finished)

    def save(self, directory: str | os.PathLike[str]) -> None:
        """Write the index to ``directory``, replacing an older index there all at once.

        Files are written to a temporary sibling directory that is renamed at the end, so an
        interrupted save leaves either the previous index or none, never a partial one.
        """
        save_atomically(directory, self._write)

    def _write(self, directory: Path) -> None:
        self._bm25.save(directory, show_progress=False)
        self.columns.save(directory)
        meta = {
            "format": FORMAT,
            "version": VERSION,
            "backend": self.backend,
            "tokenizer": TOKENIZER,
            "num_docs": self.num_docs,
            "num_titles": len(self.titles),
            "num_terms": len(self._indptr) - 1,
            "k1": self._bm25.k1,
            "b": self._bm25.b,
        }
        dump_json(meta, directory / "meta.json")

    @classmethod
    def load(cls, directory: str | os.PathLike[str], mmap: bool = True) -> BM25Index:
        """Open an index written by :meth:`save`; with ``mmap`` its arrays stay on disk.

        Raises :class:`IndexLoadError` naming the directory or file that is missing or corrupt.
        """
        root = Path(directory)
        require_files(root, ("meta.json", *PASSAGE_FILES, *_BM25_FILES))
        meta_path = root / "meta.json"
        meta = read_meta(root, FORMAT, VERSION)
        if meta.get("tokenizer") != TOKENIZER:
            raise IndexLoadError(
                f"{meta_path}: built with tokenizer {meta.get('tokenizer')!r}, not {TOKENIZER!r}; "
                "rebuild it with `memrevise index`"
            )
        with reading(meta_path):
            n, num_titles = int(meta["num_docs"]), int(meta["num_titles"])
        load_json(root / "params.index.json")  # bm25s's own errors would not name the file
        for name in _BM25_ARRAYS:
            load_array(root / name, mmap=True)
        with reading(root):
            bm25 = bm25s.BM25.load(root, mmap=mmap, load_vocab=False, show_progress=False)
        bm25.vocab_dict = vocab = load_json(root / "vocab.index.json")
        columns = PassageColumns.load(root, n, num_titles, mmap)

        def check(name: str, consistent: bool) -> None:
            if not consistent:
                raise IndexLoadError(f"{root / name}: does not match {meta_path}")

        csc = bm25.scores
        check("params.index.json", csc["num_docs"] == n)
        check("vocab.index.json", isinstance(vocab, dict) and len(csc["indptr"]) == len(vocab) + 1)
        check("indptr.csc.index.npy", len(csc["data"]) == len(csc["indices"]) == csc["indptr"][-1])
        return cls(bm25, columns)

    # -- scoring ------------------------------------------------------------------------------

    def scores(self, query: Query) -> np.ndarray:
        """Per-document scores (float32, read-only): the sum over terms of weight × BM25 term
        score.

        Scores are linear in the terms, so a sum of queries is scored in parts, each kept
        while it is among the latest parts scored: every long part (:data:`LONG_PART` terms
        or more, such as an answer searched again with each later question) on its own, the
        short parts together.
        """
        pieces = as_query(query).pieces
        short = tuple(term for p in pieces if len(p.terms) < LONG_PART for term in p.terms)
        parts = [p.terms for p in pieces if len(p.terms) >= LONG_PART]
        if short:
            parts.append(WeightedQuery(short).terms)  # repeated tokens merged
        if not parts:
            return np.zeros(self.num_docs, dtype=np.float32)
        if len(parts) == 1:
            return self._part_scores(parts[0])
        total = self._part_scores(parts[0]) + self._part_scores(parts[1])
        for terms in parts[2:]:
            total += self._part_scores(terms)
        total.flags.writeable = False
        return total

    @cached_property
    def _matrix(self) -> sp.csc_array:
        """Documents × terms BM25 weights, sharing (not copying) bm25s's CSC arrays."""
        indptr = self._indptr
        if indptr[-1] <= np.iinfo(self._indices.dtype).max:
            indptr = indptr.astype(self._indices.dtype)  # scipy would copy indices to match
        shape = (self.num_docs, len(indptr) - 1)
        return sp.csc_array((self._data, self._indices, indptr), shape=shape, copy=False)

    def _score_terms(self, terms: tuple[tuple[str, float], ...]) -> np.ndarray:
        """The sum over ``terms`` of weight × each document's BM25 term score, added term by
        term in float32. Terms with many postings (:data:`SPARSE_PRODUCT_POSTINGS` or more
        in all) are summed by a sparse matrix-vector product over their columns, one pass
        over each term's postings in C; fewer are added straight from each term's postings,
        without the product's slicing cost. Both add the same float32 sums."""
        vocab, indptr = self._bm25.vocab_dict, self._indptr
        known = [(vocab[token], weight) for token, weight in terms if token in vocab]
        postings = sum(int(indptr[column + 1] - indptr[column]) for column, _ in known)
        if known and postings >= SPARSE_PRODUCT_POSTINGS:
            columns, weights = zip(*known, strict=True)
            scores = self._matrix[:, list(columns)] @ np.array(weights, dtype=np.float32)
        else:
            scores = np.zeros(self.num_docs, dtype=np.float32)
            for column, weight in known:
                start, end = indptr[column], indptr[column + 1]
                found = self._data[start:end]  # weighed only where the weight is not 1
                scores[self._indices[start:end]] += (
                    found if weight == 1.0 else found * np.float32(weight)
                )
        scores.flags.writeable = False  # shared by every caller of the memoised part
        return scores

    def document_frequency(self, word: str) -> int:
        """In how many passages the (stemmed) word occurs; 0 for an unknown or stop word."""
        tokens = tokenize(word)
        column = self._bm25.vocab_dict.get(tokens[0]) if len(tokens) == 1 else None
        return 0 if column is None else int(self._indptr[column + 1] - self._indptr[column])

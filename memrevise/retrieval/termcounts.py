"""BM25 weights of a collection counted as it streams by, in the memory of its distinct terms.

:class:`TermCounts` takes one passage's tokens at a time and keeps only, per passage, each
distinct term and how often it occurs (int32 arrays, a block of passages at a time), so a
collection of millions of passages is indexed without holding every token as a Python
object. :meth:`TermCounts.bm25` then weights them exactly as bm25s's default ("lucene") BM25
does and lays them out as bm25s's documents × terms CSC arrays, which bm25s saves and loads.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable

import numpy as np
import scipy.sparse as sp

BLOCK = 1 << 16  # passages whose tokens are held as they came before they are counted


class TermCounts:
    """Distinct terms per document, with their frequencies; tokens get ids in order of first
    appearance (``vocab``)."""

    def __init__(self) -> None:
        self.vocab: dict[str, int] = {}
        self.lengths = array("i")  # tokens per document
        self._tokens = array("i")  # token ids of the documents not yet counted
        self._counted = 0  # documents counted into blocks
        self._blocks: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # docs, terms, tf

    @property
    def num_docs(self) -> int:
        return len(self.lengths)

    def add(self, tokens: Iterable[str]) -> None:
        """The next document's tokens."""
        vocab = self.vocab
        before = len(self._tokens)
        self._tokens.extend(vocab.setdefault(token, len(vocab)) for token in tokens)
        self.lengths.append(len(self._tokens) - before)
        if self.num_docs - self._counted == BLOCK:
            self._count_block()

    def _count_block(self) -> None:
        first = self._counted
        if first == self.num_docs:
            return
        lengths = np.frombuffer(self.lengths, dtype=np.int32)[first:]
        docs = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
        tokens = np.frombuffer(self._tokens, dtype=np.int32).astype(np.int64)
        pairs, tf = np.unique((docs << 32) | tokens, return_counts=True)  # by document, term
        self._blocks.append(
            (
                ((pairs >> 32) + first).astype(np.int32),
                (pairs & 0xFFFFFFFF).astype(np.int32),
                tf.astype(np.int32),
            )
        )
        self._tokens, self._counted = array("i"), self.num_docs

    def bm25(self, k1: float, b: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The documents × terms BM25 weights as CSC ``(data, indices, indptr)``: float32
        weights, int32 document numbers ascending within each term, term bounds.

        Weight of term t in document d: ``idf(t) · tf / (k1 · (1 - b + b · |d| / avgdl) + tf)``
        with ``idf(t) = ln(1 + (N - df + 0.5) / (df + 0.5))``, computed in the same precision
        and order as bm25s, so the arrays equal those of ``bm25s.BM25(k1, b).index``.
        """
        self._count_block()
        n, terms = self.num_docs, len(self.vocab)
        lengths = np.frombuffer(self.lengths, dtype=np.int32)
        average = lengths.astype(np.int64).mean()  # as bm25s: the float64 mean of int64 lengths
        df = np.zeros(terms, dtype=np.int64)
        for _, columns, _ in self._blocks:
            df += np.bincount(columns, minlength=terms)
        idf = np.array(
            [math.log(1 + (n - f + 0.5) / (f + 0.5)) if f else 0.0 for f in df.tolist()],
            dtype=np.float32,
        )
        total = int(df.sum())
        rows = np.empty(total, dtype=np.int32)
        columns = np.empty(total, dtype=np.int32)
        weights = np.empty(total, dtype=np.float32)
        start = 0
        while self._blocks:  # moved block by block, so the blocks are freed as they go
            docs, block_terms, tf = self._blocks.pop(0)
            end = start + len(docs)
            frequency = tf.astype(np.float32).astype(np.float64)
            norm = k1 * ((1 - b) + b * lengths[docs].astype(np.float64) / average) + frequency
            weights[start:end] = idf[block_terms].astype(np.float64) * (frequency / norm)
            rows[start:end], columns[start:end] = docs, block_terms
            start = end
        # A terms × documents CSR is the documents × terms CSC; building it is a counting sort
        # that keeps the documents' ascending order within each term.
        matrix = sp.csr_array((weights, (columns, rows)), shape=(terms, n))
        del rows, columns, weights
        return matrix.data, matrix.indices, matrix.indptr.astype(np.int64)  # as bm25s saves it

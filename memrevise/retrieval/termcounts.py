"""BM25 weights of a collection counted as it streams by, a batch of passages at a time.

:class:`TermCounts` tokenises a batch of texts at once: the batch's words numbered by
:func:`~memrevise.retrieval.batchwords.number_words`, each distinct word stemmed once (in one
PyStemmer call for the words new to the collection), and words turned into term ids by array
indexing; the next batch's words are numbered in a thread meanwhile. It keeps, per passage,
each distinct term and how often it occurs (summed in a sparse matrix, no Python loop per
passage or token), so a collection of millions of passages is indexed without holding its
tokens.
:meth:`TermCounts.bm25` then weights them exactly as bm25s's default ("lucene") BM25 does and
lays them out as bm25s's documents × terms CSC arrays, which bm25s saves and loads.
"""

from __future__ import annotations

import itertools
import math
import tempfile
from array import array
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

import numpy as np
import scipy.sparse as sp

from memrevise.retrieval.batchwords import NumberedWords, number_words
from memrevise.retrieval.query import STOPWORDS, stem

T = TypeVar("T")
BLOCK = 1 << 12  # passages tokenised and counted together
NUMBERED_AHEAD = 1  # batches whose words are numbered in a thread while an earlier one is counted
MERGED_PAIRS = 1 << 18  # (passage, term) pairs laid out together at the end
_NO_TERM = -1  # the term of a stopword


def batches(items: Iterable[T]) -> Iterator[list[T]]:
    """``items`` in lists of :data:`BLOCK`."""
    iterator = iter(items)
    while batch := list(itertools.islice(iterator, BLOCK)):
        yield batch


class _WordNumbers(dict[str, int]):
    """Words numbered in order of first appearance; ``new`` lists those not yet given terms."""

    def __init__(self) -> None:
        super().__init__()
        self.new: list[str] = []

    def __missing__(self, word: str) -> int:
        number = self[word] = len(self)
        self.new.append(word)
        return number


class TermCounts:
    """Distinct terms per document, with their frequencies; terms get ids in order of first
    appearance (``vocab``).

    The counts wait in a temporary file until :meth:`bm25`, which reads them back a few
    blocks at a time, so that they and the weights they become are not in memory together.
    """

    def __init__(self) -> None:
        self.vocab: dict[str, int] = {}
        self.lengths = array("i")  # tokens per document
        self._words = _WordNumbers()
        self._word_terms = np.zeros(0, dtype=np.int32)  # each word's term
        self._df = np.zeros(0, dtype=np.int64)  # documents with each term
        self._pairs = array("i")  # distinct terms per document
        self._spool = tempfile.TemporaryFile()  # noqa: SIM115 - closed once read back
        # (each block's terms, then their frequencies)
        self._blocks: list[tuple[int, np.dtype]] = []  # (pairs, frequency type) per block

    @property
    def num_docs(self) -> int:
        return len(self.lengths)

    def add(self, batches: Iterable[Sequence[str]]) -> None:
        """The next documents' texts (title and text together), a batch at a time. The words
        of the next :data:`NUMBERED_AHEAD` batches are numbered in threads (NumPy leaves the
        interpreter free) while a batch is counted; batches are counted in order."""
        with ThreadPoolExecutor(NUMBERED_AHEAD) as numbering:
            waiting: deque[Future[NumberedWords]] = deque()
            for texts in batches:
                waiting.append(numbering.submit(number_words, texts))
                if len(waiting) > NUMBERED_AHEAD:
                    self._count(waiting.popleft().result())
            while waiting:
                self._count(waiting.popleft().result())

    def _count(self, batch: NumberedWords) -> None:
        """Counts the terms of a batch whose words are numbered."""
        if not batch.texts:
            return
        words = np.fromiter(map(self._words.__getitem__, batch.words), np.int32, len(batch.words))
        self._give_terms()
        terms = self._word_terms[words][batch.numbers]
        kept = terms != _NO_TERM
        docs, terms = batch.docs[kept], terms[kept]
        self.lengths.frombytes(np.bincount(docs, minlength=batch.texts).astype(np.int32).tobytes())
        # Summing the duplicates of a documents × terms matrix of ones leaves each document's
        # distinct terms, ascending, with their frequencies.
        ones = np.ones(len(terms), dtype=np.int32)
        counted = sp.csr_array((ones, (docs, terms)), shape=(batch.texts, len(self.vocab)))
        counted.sum_duplicates()
        self._pairs.frombytes(np.diff(counted.indptr).astype(np.int32).tobytes())
        terms, frequencies = counted.indices.astype(np.int32, copy=False), counted.data
        tf = frequencies.astype(np.uint8 if frequencies.max(initial=0) <= 0xFF else np.int32)
        self._spool.write(terms.tobytes())
        self._spool.write(tf.tobytes())
        self._blocks.append((len(terms), tf.dtype))
        df = np.bincount(terms, minlength=len(self.vocab))
        df[: len(self._df)] += self._df
        self._df = df

    def _give_terms(self) -> None:
        """Terms for the words seen for the first time: stems in order of first appearance."""
        new, self._words.new = self._words.new, []
        if not new:
            return
        stems = iter(stem([word for word in new if word not in STOPWORDS]))
        vocab = self.vocab
        terms = [
            _NO_TERM if word in STOPWORDS else vocab.setdefault(next(stems), len(vocab))
            for word in new
        ]
        self._word_terms = np.concatenate([self._word_terms, np.array(terms, dtype=np.int32)])

    def _spooled(self) -> Iterator[tuple[int, np.ndarray, np.ndarray, np.ndarray]]:
        """``(first document, pairs per document, terms, tf)`` of consecutive blocks read
        back together, about :data:`MERGED_PAIRS` pairs at a time."""
        self._spool.seek(0)
        pairs = np.frombuffer(self._pairs, dtype=np.int32)
        first = block = 0
        while block < len(self._blocks):
            group = []
            count = 0
            while block < len(self._blocks) and count < MERGED_PAIRS:
                size, dtype = self._blocks[block]
                terms = np.fromfile(self._spool, dtype=np.int32, count=size)
                group.append((terms, np.fromfile(self._spool, dtype=dtype, count=size)))
                count, block = count + size, block + 1
            terms, tf = (np.concatenate(arrays) for arrays in zip(*group, strict=True))
            docs = np.searchsorted(np.cumsum(pairs[first:], dtype=np.int64), count, "right")
            yield first, pairs[first : first + docs], terms, tf
            first += docs
        self._spool.close()

    def bm25(self, k1: float, b: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The documents × terms BM25 weights as CSC ``(data, indices, indptr)``: float32
        weights, int32 document numbers ascending within each term, term bounds.

        Weight of term t in document d: ``idf(t) · tf / (k1 · (1 - b + b · |d| / avgdl) + tf)``
        with ``idf(t) = ln(1 + (N - df + 0.5) / (df + 0.5))``, computed in the same precision
        and order as bm25s, so the arrays equal those of ``bm25s.BM25(k1, b).index``. Called
        once, at the end.
        """
        n, num_terms = self.num_docs, len(self.vocab)
        lengths = np.frombuffer(self.lengths, dtype=np.int32)
        average = lengths.astype(np.int64).mean()  # as bm25s: the float64 mean of int64 lengths
        df = np.zeros(num_terms, dtype=np.int64)
        df[: len(self._df)] = self._df
        idf = np.array(
            [math.log(1 + (n - f + 0.5) / (f + 0.5)) if f else 0.0 for f in df.tolist()],
            dtype=np.float32,
        )
        indptr = np.zeros(num_terms + 1, dtype=np.int64)
        np.cumsum(df, out=indptr[1:])
        data = np.empty(indptr[-1], dtype=np.float32)
        indices = np.empty(indptr[-1], dtype=np.int32)
        filled = indptr[:-1].copy()  # where each term's next document goes
        for first, per_doc, terms, tf in self._spooled():
            docs = np.repeat(np.arange(len(per_doc), dtype=np.int32), per_doc)
            frequency = tf.astype(np.float32).astype(np.float64)
            norm = k1 * ((1 - b) + b * lengths[first + docs].astype(np.float64) / average)
            weights = (idf[terms].astype(np.float64) * (frequency / (norm + frequency))).astype(
                np.float32
            )
            # A terms × documents CSR of the block is a counting sort by term that keeps the
            # documents ascending within each term; each term's run goes after the previous
            # blocks' documents of that term.
            block = sp.csr_array((weights, (terms, docs)), shape=(num_terms, len(per_doc)))
            counts = np.diff(block.indptr)
            at = np.repeat(filled - block.indptr[:-1], counts) + np.arange(block.nnz)
            data[at], indices[at] = block.data, block.indices + first
            filled += counts
        return data, indices, indptr  # int64 bounds, as bm25s saves them

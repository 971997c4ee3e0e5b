"""A BM25 passage index on bm25s: weighted queries, page lookups, texts read lazily from disk."""

from __future__ import annotations

import functools
import json
import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path
from typing import Any

import bm25s
import numpy as np
import scipy.sparse as sp
from bm25s.tokenization import Tokenized

from memrevise.retrieval.collection import Passage
from memrevise.retrieval.query import TOKENIZER, Query, WeightedQuery, as_query, tokenize
from memrevise.retrieval.ranking import Ranking, top_k
from memrevise.text import strip_qualifier

FORMAT = "memrevise-bm25"
VERSION = 1
_BM25_ARRAYS = ("data.csc.index.npy", "indices.csc.index.npy", "indptr.csc.index.npy")
_BM25_FILES = ("params.index.json", "vocab.index.json", *_BM25_ARRAYS)
_OWN_FILES = (
    "meta.json",
    "ids.json",
    "titles.json",
    "title_ids.npy",
    "texts.bin",
    "text_offsets.npy",
)


class IndexLoadError(ValueError):
    """An index directory that is missing, incomplete or corrupt; the message names the path."""


def _base(title: str) -> str:
    return strip_qualifier(title).casefold()


@contextmanager
def _reading(path: Path) -> Iterator[None]:
    """Report a failure to read ``path`` as an :class:`IndexLoadError` naming it."""
    try:
        yield
    except IndexLoadError:
        raise
    except (OSError, ValueError, EOFError, KeyError, TypeError) as err:
        raise IndexLoadError(f"{path}: unreadable or corrupt ({err})") from err


def _load_json(path: Path) -> Any:
    with _reading(path), open(path, encoding="utf-8") as f:
        return json.load(f)


def _load_array(path: Path, mmap: bool) -> np.ndarray:
    with _reading(path):
        return np.load(path, mmap_mode="r" if mmap else None, allow_pickle=False)


def _load_bytes(path: Path, mmap: bool) -> np.ndarray:
    with _reading(path):
        if mmap and path.stat().st_size:  # an empty file cannot be mapped
            return np.memmap(path, dtype=np.uint8, mode="r")
        return np.fromfile(path, dtype=np.uint8)


def _dump_json(value: Any, path: Path) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False)


def _fsync_tree(directory: Path) -> None:
    for path in [*directory.iterdir(), directory]:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _replace_dir(staging: Path, target: Path) -> None:
    """Rename ``staging`` to ``target``; a failure leaves the old ``target`` in place."""
    if not target.exists():
        os.replace(staging, target)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", dir=target.parent))
    os.replace(target, old)
    try:
        os.replace(staging, target)
    except BaseException:
        os.replace(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)


class BM25Index:
    """BM25 over passages (title and text indexed together), with lookups by page title.

    Build with :meth:`build`, persist with :meth:`save`, reopen memory-mapped with :meth:`load`.
    Queries are a :class:`~memrevise.retrieval.query.WeightedQuery` or a plain string.
    Documents are numbered ``0 .. num_docs - 1`` in collection order; ``titles`` lists the
    distinct page titles and ``title_ids`` (int32) gives each document's title number.
    """

    def __init__(
        self,
        bm25: bm25s.BM25,
        ids: list[str],
        titles: list[str],
        title_ids: np.ndarray,
        text_bytes: np.ndarray,
        text_offsets: np.ndarray,
    ) -> None:
        self._bm25 = bm25
        self._ids = ids
        self._text_bytes = text_bytes
        self._text_offsets = text_offsets
        self._data = bm25.scores["data"]
        self._indices = bm25.scores["indices"]
        self._indptr = bm25.scores["indptr"]
        self.titles = titles
        self.title_ids = title_ids
        self.num_docs = len(ids)
        self.titled = any(titles)
        self._votes = functools.lru_cache(maxsize=16_384)(self._vote_pages)

    @classmethod
    def build(
        cls,
        passages: Sequence[Passage],
        *,
        k1: float = 1.5,
        b: float = 0.75,
        show_progress: bool = False,
    ) -> BM25Index:
        """Index ``passages`` (ids must be unique), each as its title followed by its text."""
        if not passages:
            raise ValueError("cannot index an empty collection")
        ids = [p.id for p in passages]
        if len(set(ids)) != len(ids):
            raise ValueError("passage ids must be unique")
        vocab: dict[str, int] = {}
        corpus = [
            [vocab.setdefault(token, len(vocab)) for token in tokenize(f"{p.title} {p.text}")]
            for p in passages
        ]
        bm25 = bm25s.BM25(k1=k1, b=b)
        bm25.index(
            Tokenized(ids=corpus, vocab=vocab),
            create_empty_token=False,
            show_progress=show_progress,
        )
        numbers: dict[str, int] = {}
        title_ids = np.fromiter(
            (numbers.setdefault(p.title, len(numbers)) for p in passages),
            dtype=np.int32,
            count=len(passages),
        )
        texts = [p.text.encode("utf-8") for p in passages]
        offsets = np.zeros(len(texts) + 1, dtype=np.int64)
        np.cumsum([len(t) for t in texts], out=offsets[1:])
        text_bytes = np.frombuffer(b"".join(texts), dtype=np.uint8)
        return cls(bm25, ids, list(numbers), title_ids, text_bytes, offsets)

    def save(self, directory: str | os.PathLike[str]) -> None:
        """Write the index to ``directory``, replacing an older index there all at once.

        Files are written to a temporary sibling directory that is renamed at the end, so an
        interrupted save leaves either the previous index or none, never a partial one.
        """
        target = Path(directory)
        if target.is_file() or (
            target.is_dir() and any(target.iterdir()) and not (target / "meta.json").is_file()
        ):
            raise FileExistsError(f"{target}: exists and is not an index directory")
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
        try:
            self._write(staging)
            _fsync_tree(staging)
            _replace_dir(staging, target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise

    def _write(self, directory: Path) -> None:
        self._bm25.save(directory, show_progress=False)
        np.save(directory / "title_ids.npy", np.asarray(self.title_ids))
        np.save(directory / "text_offsets.npy", np.asarray(self._text_offsets))
        with open(directory / "texts.bin", "wb") as f:
            f.write(memoryview(self._text_bytes))
        _dump_json(self._ids, directory / "ids.json")
        _dump_json(self.titles, directory / "titles.json")
        meta = {
            "format": FORMAT,
            "version": VERSION,
            "tokenizer": TOKENIZER,
            "num_docs": self.num_docs,
            "num_titles": len(self.titles),
            "num_terms": len(self._indptr) - 1,
            "k1": self._bm25.k1,
            "b": self._bm25.b,
        }
        _dump_json(meta, directory / "meta.json")

    @classmethod
    def load(cls, directory: str | os.PathLike[str], mmap: bool = True) -> BM25Index:
        """Open an index written by :meth:`save`; with ``mmap`` its arrays stay on disk.

        Raises :class:`IndexLoadError` naming the directory or file that is missing or corrupt.
        """
        root = Path(directory)
        if not root.is_dir():
            raise IndexLoadError(f"{root}: no such index directory")
        for name in (*_OWN_FILES, *_BM25_FILES):
            if not (root / name).is_file():
                raise IndexLoadError(f"{root / name}: missing index file")
        meta_path = root / "meta.json"
        meta = _load_json(meta_path)
        stamp = (meta.get("format"), meta.get("version")) if isinstance(meta, dict) else None
        if stamp != (FORMAT, VERSION):
            raise IndexLoadError(f"{meta_path}: not a {FORMAT} index, version {VERSION}")
        if meta.get("tokenizer") != TOKENIZER:
            raise IndexLoadError(
                f"{meta_path}: built with tokenizer {meta.get('tokenizer')!r}, not {TOKENIZER!r}; "
                "rebuild it with `memrevise index`"
            )
        with _reading(meta_path):
            n, num_titles = int(meta["num_docs"]), int(meta["num_titles"])
        _load_json(root / "params.index.json")  # bm25s's own errors would not name the file
        for name in _BM25_ARRAYS:
            _load_array(root / name, mmap=True)
        with _reading(root):
            bm25 = bm25s.BM25.load(root, mmap=mmap, load_vocab=False, show_progress=False)
        bm25.vocab_dict = vocab = _load_json(root / "vocab.index.json")
        ids = _load_json(root / "ids.json")
        titles = _load_json(root / "titles.json")
        title_ids = _load_array(root / "title_ids.npy", mmap)
        text_offsets = _load_array(root / "text_offsets.npy", mmap)
        text_bytes = _load_bytes(root / "texts.bin", mmap)

        def check(name: str, consistent: bool) -> None:
            if not consistent:
                raise IndexLoadError(f"{root / name}: does not match {meta_path}")

        check("ids.json", isinstance(ids, list) and len(ids) == n)
        check("ids.json", all(isinstance(pid, str) for pid in ids))
        check("titles.json", isinstance(titles, list) and len(titles) == num_titles)
        check("titles.json", all(isinstance(title, str) for title in titles))
        check("title_ids.npy", title_ids.shape == (n,) and title_ids.dtype == np.int32)
        check("title_ids.npy", n == 0 or 0 <= title_ids.min() <= title_ids.max() < num_titles)
        check("text_offsets.npy", text_offsets.shape == (n + 1,) and text_offsets.dtype == np.int64)
        check("text_offsets.npy", text_offsets[0] == 0)
        check("texts.bin", text_offsets[-1] == len(text_bytes))
        csc = bm25.scores
        check("params.index.json", csc["num_docs"] == n)
        check("vocab.index.json", isinstance(vocab, dict) and len(csc["indptr"]) == len(vocab) + 1)
        check("indptr.csc.index.npy", len(csc["data"]) == len(csc["indices"]) == csc["indptr"][-1])
        return cls(bm25, ids, titles, title_ids, text_bytes, text_offsets)

    # -- passages ---------------------------------------------------------------------------

    def doc_id(self, i: int) -> str:
        """The passage id of document ``i``."""
        return self._ids[i]

    def title(self, i: int) -> str:
        """The page title of document ``i`` (``""`` when untitled)."""
        return self.titles[self.title_ids[i]]

    def text(self, i: int) -> str:
        """The text of document ``i``, read from disk when the index is memory-mapped."""
        i = range(self.num_docs)[i]  # negative indices count from the end, as for lists
        start, end = self._text_offsets[i], self._text_offsets[i + 1]
        return self._text_bytes[start:end].tobytes().decode("utf-8")

    def passage(self, i: int) -> Passage:
        """Document ``i`` as a :class:`Passage`."""
        return Passage(self.doc_id(i), self.title(i), self.text(i))

    @cached_property
    def _doc_numbers(self) -> dict[str, int]:
        return {pid: i for i, pid in enumerate(self._ids)}

    def doc_index(self, pid: str) -> int:
        """The document index of passage id ``pid``; ``KeyError`` when there is none."""
        try:
            return self._doc_numbers[pid]
        except KeyError:
            raise KeyError(f"no passage with id {pid!r} in the index") from None

    # -- pages --------------------------------------------------------------------------------

    @cached_property
    def _title_numbers(self) -> dict[str, int]:
        return {title: n for n, title in enumerate(self.titles) if title}

    @cached_property
    def _title_groups(self) -> tuple[np.ndarray, np.ndarray]:
        """Documents ordered by title number (ascending within a title) and each title's bounds."""
        order = np.argsort(self.title_ids, kind="stable")
        order.flags.writeable = False
        bounds = np.zeros(len(self.titles) + 1, dtype=np.int64)
        np.cumsum(np.bincount(self.title_ids, minlength=len(self.titles)), out=bounds[1:])
        return order, bounds

    @cached_property
    def _same_name(self) -> dict[str, list[int]]:
        groups: dict[str, list[int]] = {}
        for title, n in self._title_numbers.items():
            groups.setdefault(_base(title), []).append(n)
        return groups

    def _docs_of(self, numbers: list[int]) -> np.ndarray:
        order, bounds = self._title_groups
        parts = [order[bounds[n] : bounds[n + 1]] for n in numbers]
        if len(parts) == 1:
            return parts[0]
        return np.sort(np.concatenate(parts)) if parts else np.empty(0, dtype=np.int64)

    def pages(self, name: str) -> np.ndarray:
        """Indices (ascending) of the documents whose title is exactly ``name``."""
        number = self._title_numbers.get(name)
        return self._docs_of([] if number is None else [number])

    def pages_named(self, base: str) -> np.ndarray:
        """Indices (ascending) of the documents whose title names ``base``, whatever its qualifier.

        ``pages_named("Avatar")`` covers "Avatar", "Avatar (2009 film)" and "avatar (band)".
        """
        return self._docs_of(self._same_name.get(_base(base), []))

    def same_name_titles(self, title: str) -> list[str]:
        """Every title with the same name as ``title`` once qualifiers and case are ignored."""
        return [self.titles[n] for n in self._same_name.get(_base(title), [])]

    # -- scoring ------------------------------------------------------------------------------

    @cached_property
    def _matrix(self) -> sp.csc_array:
        """Documents × terms BM25 weights, sharing (not copying) bm25s's CSC arrays."""
        indptr = self._indptr
        if indptr[-1] <= np.iinfo(self._indices.dtype).max:
            indptr = indptr.astype(self._indices.dtype)  # scipy would copy indices to match
        shape = (self.num_docs, len(indptr) - 1)
        return sp.csc_array((self._data, self._indices, indptr), shape=shape, copy=False)

    def scores(self, query: Query) -> np.ndarray:
        """Per-document scores (float32): the sum over terms of weight × BM25 term score."""
        vocab = self._bm25.vocab_dict
        terms = [
            (vocab[token], weight) for token, weight in as_query(query).terms if token in vocab
        ]
        if not terms:
            return np.zeros(self.num_docs, dtype=np.float32)
        columns, weights = zip(*terms, strict=True)
        return self._matrix[:, list(columns)] @ np.array(weights, dtype=np.float32)

    def document_frequency(self, word: str) -> int:
        """In how many passages the (stemmed) word occurs; 0 for an unknown or stop word."""
        tokens = tokenize(word)
        column = self._bm25.vocab_dict.get(tokens[0]) if len(tokens) == 1 else None
        return 0 if column is None else int(self._indptr[column + 1] - self._indptr[column])

    def search(self, query: Query, k: int = 100) -> Ranking:
        """The ``k`` best documents with a positive score; ties go to the lower index."""
        return top_k(self.scores(query), k)

    def vote_pages(self, query: Query, depth: int = 20) -> list[tuple[str, float]]:
        """Page titles voted for by the top ``depth`` passages, each vote weighing 1/rank.

        Sorted by votes, then title; untitled passages do not vote. Results are memoised:
        a conversation searches the same stored facts again at every later turn.
        """
        return list(self._votes(as_query(query), depth))

    def _vote_pages(self, query: WeightedQuery, depth: int) -> tuple[tuple[str, float], ...]:
        votes: dict[str, float] = {}
        for rank, doc in enumerate(self.search(query, depth).docs, start=1):
            title = self.title(doc)
            if title:
                votes[title] = votes.get(title, 0.0) + 1.0 / rank
        return tuple(sorted(votes.items(), key=lambda item: (-item[1], item[0])))

"""The passages behind every index: ids, page titles and texts as arrays, saved and loaded."""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from memrevise.retrieval.collection import Passage
from memrevise.retrieval.query import tokenize
from memrevise.retrieval.storage import IndexLoadError, dump_json, load_array, load_json
from memrevise.retrieval.textstore import TEXT_FILES, TextStore, TextStoreBuilder

PASSAGE_FILES = ("ids.json", "titles.json", "title_ids.npy", *TEXT_FILES)


@dataclass(frozen=True, eq=False)
class PassageColumns:
    """A collection as columns: passage ids, the distinct page titles, each passage's title
    number (int32), and the texts, compressed (a :class:`~.textstore.TextStore`)."""

    ids: list[str]
    titles: list[str]
    title_ids: np.ndarray
    texts: TextStore

    @classmethod
    def of(cls, passages: Iterable[Passage]) -> PassageColumns:
        """The columns of ``passages``; raises ``ValueError`` when empty or an id repeats."""
        builder = ColumnsBuilder()
        builder.extend(list(passages))
        return builder.finish()

    def save(self, directory: Path) -> None:
        """Write the :data:`PASSAGE_FILES` into ``directory``."""
        np.save(directory / "title_ids.npy", np.asarray(self.title_ids))
        self.texts.save(directory)
        dump_json(self.ids, directory / "ids.json")
        dump_json(self.titles, directory / "titles.json")

    @classmethod
    def load(cls, root: Path, num_docs: int, num_titles: int, mmap: bool) -> PassageColumns:
        """Read the columns that :meth:`save` wrote, checked against the counts of
        ``root/meta.json``; arrays stay on disk with ``mmap``."""
        ids = load_json(root / "ids.json")
        titles = load_json(root / "titles.json")
        title_ids = load_array(root / "title_ids.npy", mmap)
        n = num_docs

        def check(name: str, consistent: bool) -> None:
            if not consistent:
                raise IndexLoadError(f"{root / name}: does not match {root / 'meta.json'}")

        check("ids.json", isinstance(ids, list) and len(ids) == n)
        check("ids.json", all(isinstance(pid, str) for pid in ids))
        check("titles.json", isinstance(titles, list) and len(titles) == num_titles)
        check("titles.json", all(isinstance(title, str) for title in titles))
        check("title_ids.npy", title_ids.shape == (n,) and title_ids.dtype == np.int32)
        check("title_ids.npy", n == 0 or 0 <= title_ids.min() <= title_ids.max() < num_titles)
        return cls(ids, titles, title_ids, TextStore.load(root, n, mmap))


class ColumnsBuilder:
    """:class:`PassageColumns` gathered a batch of passages at a time, for collections read
    as a stream."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self._seen: set[str] = set()
        self._numbers: dict[str, int] = {}
        self._title_ids = array("i")
        self._texts = TextStoreBuilder()

    def extend(self, passages: Sequence[Passage]) -> None:
        """The next passages; raises ``ValueError`` when an id was seen before."""
        ids = [passage.id for passage in passages]
        seen = len(self._seen)
        self._seen.update(ids)
        if len(self._seen) - seen != len(ids):
            counts = Counter(ids)
            repeated = next(pid for pid in ids if pid in self.ids or counts[pid] > 1)
            raise ValueError(f"passage ids must be unique: {repeated!r} repeats")
        self.ids += ids
        numbers = self._numbers
        self._title_ids.extend(numbers.setdefault(p.title, len(numbers)) for p in passages)
        self._texts.extend([passage.text for passage in passages])

    def finish(self) -> PassageColumns:
        """The columns so far; raises ``ValueError`` when no passage was added."""
        if not self.ids:
            raise ValueError("cannot index an empty collection")
        return PassageColumns(
            self.ids,
            list(self._numbers),
            np.frombuffer(self._title_ids, dtype=np.int32),
            self._texts.finish(),
        )


class DocumentFrequencies:
    """In how many passages each (stemmed) word occurs, for indexes without an inverted file."""

    FILE = "document_frequencies.json"

    def __init__(self, counts: dict[str, int]):
        self.counts = counts

    @classmethod
    def of(cls, passages: Sequence[Passage]) -> DocumentFrequencies:
        counts: Counter[str] = Counter()
        for p in passages:
            counts.update(set(tokenize(f"{p.title} {p.text}")))
        return cls(dict(counts))

    def __call__(self, word: str) -> int:
        """The passages with ``word``; 0 for an unknown or stop word, or more than one word."""
        tokens = tokenize(word)
        return self.counts.get(tokens[0], 0) if len(tokens) == 1 else 0

    def save(self, directory: Path) -> None:
        dump_json(self.counts, directory / self.FILE)

    @classmethod
    def load(cls, root: Path) -> DocumentFrequencies:
        path = root / cls.FILE
        counts = load_json(path)
        if not isinstance(counts, dict) or not all(isinstance(v, int) for v in counts.values()):
            raise IndexLoadError(f"{path}: not a map of words to passage counts")
        return cls(counts)

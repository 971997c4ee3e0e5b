"""Passage texts kept compressed: zlib blocks of a few passages, each read on its own.

Texts are cut into blocks of :data:`TEXTS_PER_BLOCK` passages, each block compressed on its
own, so that reading one passage decompresses a few kilobytes, and an index holds its texts
in about half their size, in memory while it is built and on disk once saved.
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import numpy as np

from memrevise.retrieval.memo import memoised
from memrevise.retrieval.storage import IndexLoadError, load_array, load_bytes

TEXTS_PER_BLOCK = 8  # passages compressed together: a hit decompresses a few kB
LEVEL = 1  # zlib's fastest level: about 2.3 times smaller on English-like text
CACHED_BLOCKS = 4096  # decompressed blocks kept: a conversation reads its pages again
TEXT_FILES = ("texts.zlib", "text_blocks.npy", "text_offsets.npy")


class TextStore:
    """The texts of ``len(offsets) - 1`` passages: ``offsets`` (int64) bound each passage's
    UTF-8 bytes in the texts laid end to end; ``blocks`` holds them compressed, block ``b``
    (passages ``b * TEXTS_PER_BLOCK`` onwards) at ``blocks[block_offsets[b]:block_offsets[b + 1]]``.
    """

    def __init__(self, blocks: np.ndarray, block_offsets: np.ndarray, offsets: np.ndarray):
        self.blocks = blocks
        self.block_offsets = block_offsets
        self.offsets = offsets
        self._block = memoised(self._decompress, maxsize=CACHED_BLOCKS)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, i: int) -> str:
        """The text of passage ``i`` (``0 <= i < len(self)``)."""
        block, place = divmod(i, TEXTS_PER_BLOCK)
        data, bounds = self._block(block)
        return data[bounds[place] : bounds[place + 1]].decode("utf-8")

    def _decompress(self, block: int) -> tuple[bytes, list[int]]:
        """Block ``block``'s bytes, and where each of its passages starts (and the last ends)."""
        chunk = self.blocks[self.block_offsets[block] : self.block_offsets[block + 1]]
        first = block * TEXTS_PER_BLOCK
        offsets = self.offsets[first : first + TEXTS_PER_BLOCK + 1]
        return zlib.decompress(chunk), (offsets - offsets[0]).tolist()

    def save(self, directory: Path) -> None:
        """Write the :data:`TEXT_FILES` into ``directory``."""
        with open(directory / "texts.zlib", "wb") as f:
            f.write(memoryview(self.blocks))
        np.save(directory / "text_blocks.npy", np.asarray(self.block_offsets))
        np.save(directory / "text_offsets.npy", np.asarray(self.offsets))

    @classmethod
    def load(cls, root: Path, num_docs: int, mmap: bool) -> TextStore:
        """Read what :meth:`save` wrote for ``num_docs`` passages; arrays stay on disk with
        ``mmap``. Raises :class:`IndexLoadError` naming a file that does not fit."""
        offsets = load_array(root / "text_offsets.npy", mmap)
        block_offsets = load_array(root / "text_blocks.npy", mmap)
        blocks = load_bytes(root / "texts.zlib", mmap)
        num_blocks = -(-num_docs // TEXTS_PER_BLOCK)

        def check(name: str, consistent: bool) -> None:
            if not consistent:
                raise IndexLoadError(f"{root / name}: does not match {root / 'meta.json'}")

        check("text_offsets.npy", offsets.shape == (num_docs + 1,) and offsets.dtype == np.int64)
        check("text_offsets.npy", offsets[0] == 0)
        check("text_blocks.npy", block_offsets.shape == (num_blocks + 1,))
        check("text_blocks.npy", block_offsets.dtype == np.int64 and block_offsets[0] == 0)
        check("texts.zlib", block_offsets[-1] == len(blocks))
        return cls(blocks, block_offsets, offsets)


def _compress(blocks: list[bytes]) -> list[bytes]:
    return [zlib.compress(block, LEVEL) for block in blocks]


class TextStoreBuilder:
    """A :class:`TextStore` filled a batch of texts at a time; a batch is compressed in a
    thread (zlib leaves the interpreter free) while the caller goes on with the next."""

    def __init__(self) -> None:
        self._blocks = bytearray()
        self._block_offsets = array("q", [0])
        self._offsets = array("q", [0])
        self._pending: list[bytes] = []  # encoded texts of the block not yet compressed
        self._compressor = ThreadPoolExecutor(1)
        self._compressing: Future[list[bytes]] | None = None

    def extend(self, texts: Sequence[str]) -> None:
        """The next passages' texts."""
        encoded = [text.encode("utf-8") for text in texts]
        end = self._offsets[-1]
        for data in encoded:
            end += len(data)
            self._offsets.append(end)
        pending = self._pending + encoded
        full = len(pending) - len(pending) % TEXTS_PER_BLOCK
        blocks = [
            b"".join(pending[i : i + TEXTS_PER_BLOCK]) for i in range(0, full, TEXTS_PER_BLOCK)
        ]
        self._pending = pending[full:]
        self._collect()
        self._compressing = self._compressor.submit(_compress, blocks)

    def _collect(self) -> None:
        """Append the blocks of the batch being compressed."""
        if self._compressing is not None:
            for block in self._compressing.result():
                self._blocks += block
                self._block_offsets.append(len(self._blocks))
            self._compressing = None

    def finish(self) -> TextStore:
        """The store of every text given."""
        self._collect()
        if self._pending:
            self._compressing = self._compressor.submit(_compress, [b"".join(self._pending)])
            self._pending = []
            self._collect()
        self._compressor.shutdown()
        return TextStore(
            np.frombuffer(self._blocks, dtype=np.uint8),
            np.frombuffer(self._block_offsets, dtype=np.int64),
            np.frombuffer(self._offsets, dtype=np.int64),
        )

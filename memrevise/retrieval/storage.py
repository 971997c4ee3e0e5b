"""Index directories on disk: written all at once, read with errors that name the file."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from memrevise.jsonl import remove_leftovers


class IndexLoadError(ValueError):
    """An index directory that is missing, incomplete or corrupt; the message names the path."""


@contextmanager
def reading(path: Path) -> Iterator[None]:
    """Report a failure to read ``path`` as an :class:`IndexLoadError` naming it."""
    try:
        yield
    except IndexLoadError:
        raise
    except (OSError, ValueError, EOFError, KeyError, TypeError) as err:
        raise IndexLoadError(f"{path}: unreadable or corrupt ({err})") from err


def load_json(path: Path) -> Any:
    with reading(path), open(path, encoding="utf-8") as f:
        return json.load(f)


def load_array(path: Path, mmap: bool) -> np.ndarray:
    """An ``.npy`` array; with ``mmap`` a read-only plain view of the mapped file (indexing a
    ``np.memmap`` costs several times more than indexing its ``ndarray`` view)."""
    with reading(path):
        array = np.load(path, mmap_mode="r" if mmap else None, allow_pickle=False)
    return array.view(np.ndarray)


def load_bytes(path: Path, mmap: bool) -> np.ndarray:
    """A file's bytes (uint8), mapped read-only with ``mmap`` as :func:`load_array` maps."""
    with reading(path):
        if mmap and path.stat().st_size:  # an empty file cannot be mapped
            return np.memmap(path, dtype=np.uint8, mode="r").view(np.ndarray)
        return np.fromfile(path, dtype=np.uint8)


def dump_json(value: Any, path: Path) -> None:
    """Write ``value`` as JSON, encoded in one call (``json.dump`` encodes it piece by piece in
    Python, at half the speed)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(value, ensure_ascii=False))


def require_files(root: Path, names: tuple[str, ...]) -> None:
    """Raise :class:`IndexLoadError` naming ``root`` or the first file missing in it."""
    if not root.is_dir():
        raise IndexLoadError(f"{root}: no such index directory")
    for name in names:
        if not (root / name).is_file():
            raise IndexLoadError(f"{root / name}: missing index file")


def read_meta(root: Path, fmt: str, version: int) -> dict[str, Any]:
    """The ``meta.json`` of an index of format ``fmt`` and ``version`` in ``root``."""
    path = root / "meta.json"
    meta = load_json(path)
    stamp = (meta.get("format"), meta.get("version")) if isinstance(meta, dict) else None
    if stamp is not None and stamp[0] == fmt and stamp[1] != version:
        raise IndexLoadError(
            f"{path}: a {fmt} index of version {stamp[1]}, not {version}; "
            "rebuild it with `memrevise index`"
        )
    if stamp != (fmt, version):
        raise IndexLoadError(f"{path}: not a {fmt} index, version {version}")
    return meta


@dataclass(frozen=True)
class EmbeddingMeta:
    """The ``meta.json`` of an index of stored embeddings (dense, ColBERT)."""

    model: str | None
    dimension: int
    approximate: bool
    num_docs: int
    num_titles: int

    def write(self, directory: Path, fmt: str, version: int, backend: str) -> None:
        meta = {"format": fmt, "version": version, "backend": backend, **asdict(self)}
        dump_json(meta, directory / "meta.json")

    @classmethod
    def read(cls, root: Path, fmt: str, version: int) -> EmbeddingMeta:
        meta = read_meta(root, fmt, version)
        with reading(root / "meta.json"):
            return cls(
                meta["model"],
                int(meta["dimension"]),
                bool(meta["approximate"]),
                int(meta["num_docs"]),
                int(meta["num_titles"]),
            )


def _fsync_tree(directory: Path) -> None:
    for path in [*sorted(directory.rglob("*"), reverse=True), directory]:
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


def save_atomically(directory: str | os.PathLike[str], write: Callable[[Path], None]) -> None:
    """Let ``write`` fill a temporary sibling of ``directory``, then rename it into place.

    An interrupted save leaves either the previous index or none, never a partial one; what
    it left beside ``directory`` goes at the next save. A file, or a non-empty directory
    without ``meta.json``, is not replaced.
    """
    target = Path(directory)
    if target.is_file() or (
        target.is_dir() and any(target.iterdir()) and not (target / "meta.json").is_file()
    ):
        raise FileExistsError(f"{target}: exists and is not an index directory")
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        write(staging)
        _fsync_tree(staging)
        _replace_dir(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    remove_leftovers(target)

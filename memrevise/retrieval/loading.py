"""Build any backend's index by name, and open any saved index by what its ``meta.json`` says."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from memrevise.choices import BACKENDS
from memrevise.retrieval.base import PassageIndex
from memrevise.retrieval.bm25 import BM25Index
from memrevise.retrieval.collection import Passage
from memrevise.retrieval.storage import IndexLoadError, load_json, require_files


def build_index(
    passages: Iterable[Passage],
    backend: str = "bm25",
    model: str | os.PathLike[str] | None = None,
    *,
    approximate: bool | None = None,
    show_progress: bool = False,
) -> PassageIndex:
    """An index of ``passages`` with ``backend``; ``model`` is the local model directory of the
    dense (default: all-MiniLM-L6-v2) and ColBERT (required) backends, ``approximate`` their
    choice of an approximate search (default: by collection size). BM25 reads ``passages``
    once, as a stream; the other backends hold them all."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; available: {', '.join(BACKENDS)}")
    if backend == "bm25":
        if model is not None or approximate is not None:
            raise ValueError("the bm25 backend takes no model and no approximate search")
        return BM25Index.build(passages)
    passages = list(passages)
    if backend == "dense":
        from memrevise.retrieval.dense import DenseIndex

        return DenseIndex.build(
            passages, model, approximate=approximate, show_progress=show_progress
        )
    if backend == "hybrid":
        from memrevise.retrieval.hybrid import HybridIndex

        return HybridIndex.build(
            passages, model, approximate=approximate, show_progress=show_progress
        )
    if model is None:
        raise ValueError("the colbert backend needs a model: a local ColBERT checkpoint")
    from memrevise.retrieval.colbert import ColbertIndex

    return ColbertIndex.build(passages, model, approximate=approximate, show_progress=show_progress)


def load_index(
    directory: str | os.PathLike[str],
    model: str | os.PathLike[str] | None = None,
    mmap: bool = True,
) -> PassageIndex:
    """Open the index saved in ``directory``, whatever its backend; ``model`` replaces the
    model directory recorded by a dense, hybrid or ColBERT index."""
    root = Path(directory)
    require_files(root, ("meta.json",))
    meta = load_json(root / "meta.json")
    backend = meta.get("backend", "bm25") if isinstance(meta, dict) else None
    if backend == "bm25":
        if model is not None:
            raise ValueError(f"{root}: a bm25 index takes no model")
        return BM25Index.load(root, mmap)
    if backend == "dense":
        from memrevise.retrieval.dense import DenseIndex

        return DenseIndex.load(root, mmap, model)
    if backend == "hybrid":
        from memrevise.retrieval.hybrid import HybridIndex

        return HybridIndex.load(root, mmap, model)
    if backend == "colbert":
        from memrevise.retrieval.colbert import ColbertIndex

        return ColbertIndex.load(root, mmap, model)
    raise IndexLoadError(f"{root / 'meta.json'}: unknown index backend {backend!r}")

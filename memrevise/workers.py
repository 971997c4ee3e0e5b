"""Sharing work among processes: the cores this process may use, and how many items to hand a
worker at once."""

from __future__ import annotations

import os

MAX_CHUNK = 32  # the most items handed to a worker at once


def available_cores() -> int:
    """The cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def chunk_size(items: int, workers: int) -> int:
    """Items handed to a worker at once: about four chunks per worker, at most
    :data:`MAX_CHUNK`, at least one."""
    return max(1, min(MAX_CHUNK, items // (4 * max(1, workers))))

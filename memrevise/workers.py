"""Sharing work among processes: the cores this process may use, and how many items to hand a
worker at once."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Protocol, TypeVar

MAX_CHUNK = 32  # the most items handed to a worker at once


class InConversation(Protocol):
    """An item of a conversation (a benchmark item)."""

    @property
    def conversation_id(self) -> str: ...


ItemT = TypeVar("ItemT", bound=InConversation)


def available_cores() -> int:
    """The cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def chunk_size(items: int, workers: int) -> int:
    """Items handed to a worker at once: about four chunks per worker, at most
    :data:`MAX_CHUNK`, at least one."""
    return max(1, min(MAX_CHUNK, items // (4 * max(1, workers))))


def batches(items: Sequence[ItemT], workers: int) -> list[list[ItemT]]:
    """Consecutive items in batches of whole conversations, of :func:`chunk_size` items each
    (a longer conversation on its own), so that a worker sees a conversation's items together."""
    size = chunk_size(len(items), workers)
    out: list[list[ItemT]] = []
    for item in items:
        last = out[-1] if out else None
        same = last is not None and last[-1].conversation_id == item.conversation_id
        if last is not None and (same or len(last) < size):
            last.append(item)
        else:
            out.append([item])
    return out

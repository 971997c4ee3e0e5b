"""Locks for the turns in flight: one per session, and the commit-or-abandon handshake."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class KeyedLocks:
    """One lock per key, kept only while some thread holds or waits for it."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, tuple[threading.Lock, int]] = {}

    @contextmanager
    def hold(self, key: str) -> Iterator[None]:
        with self._guard:
            lock, users = self._locks.get(key, (threading.Lock(), 0))
            self._locks[key] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self._guard:
                lock, users = self._locks[key]
                if users == 1:
                    del self._locks[key]
                else:
                    self._locks[key] = (lock, users - 1)


class Job:
    """One turn in flight: the request side may abandon it until it starts to commit."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._abandoned = False
        self._committing = False

    @property
    def abandoned(self) -> bool:
        return self._abandoned

    def start_commit(self) -> bool:
        """Whether the turn may commit (it then can no longer be abandoned)."""
        with self._lock:
            self._committing = not self._abandoned
            return self._committing

    def abandon(self) -> bool:
        """Abandon the turn unless it is committing; whether it was abandoned."""
        with self._lock:
            self._abandoned = not self._committing
            return self._abandoned

"""Where sessions persist: a small store protocol and its SQLite implementation.

A session is its turns in order, one row per turn holding the turn's node. A turn is written
in one transaction together with the previous turn's node when the new turn's
``previous_answer`` rewrote it, so a crash never leaves half a turn. Nodes and responses are
opaque JSON text here; the store knows nothing of the memory model.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol


@dataclass(frozen=True, slots=True)
class StoredTurn:
    """One processed turn: what was posted, the node it left in memory (JSON), and what the
    search returned (``query``, ``topic``; the whole response is read with
    :meth:`SessionStore.response`)."""

    index: int
    question: str
    answer: str | None
    previous_answer: str | None
    node: str
    query: str
    topic: str


class TurnExistsError(Exception):
    """A turn was stored at an index that already holds one."""


class SessionStore(Protocol):
    """What the service needs from a session store; every method is safe to call from any
    thread, and :meth:`append` is atomic."""

    def create(self, session_id: str) -> None:
        """Record a new, empty session."""
        ...

    def load(self, session_id: str) -> list[StoredTurn] | None:
        """The session's turns in order, or None for an unknown session."""
        ...

    def response(self, session_id: str, index: int) -> str | None:
        """The stored response (JSON) of one turn, or None."""
        ...

    def append(
        self, session_id: str, turn: StoredTurn, response: str, previous_node: str | None
    ) -> None:
        """Store ``turn`` with its ``response`` and, when given, replace the previous turn's node,
        all in one transaction; raises :class:`TurnExistsError` when the index is taken."""
        ...

    def delete(self, session_id: str) -> bool:
        """Delete a session and its turns; False when there was none."""
        ...

    def close(self) -> None: ...


SCHEMA = (
    """CREATE TABLE IF NOT EXISTS sessions (
        id VARCHAR(64) PRIMARY KEY,
        created_at VARCHAR(40) NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS turns (
        session_id VARCHAR(64) NOT NULL REFERENCES sessions (id),
        turn_index INTEGER NOT NULL,
        question TEXT NOT NULL,
        answer TEXT,
        previous_answer TEXT,
        node TEXT NOT NULL,
        query TEXT NOT NULL,
        topic TEXT NOT NULL,
        response TEXT NOT NULL,
        PRIMARY KEY (session_id, turn_index)
    )""",
)


class SQLiteStore:
    """Sessions in one SQLite file in WAL mode with full synchronous commits (an acknowledged
    turn survives a crash of the process or of the machine). One connection, used under a
    lock; ``":memory:"`` keeps everything in memory."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA busy_timeout=5000")
        with self._transaction() as db:
            for statement in SCHEMA:
                db.execute(statement)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create(self, session_id: str) -> None:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self._transaction() as db:
            db.execute("INSERT INTO sessions (id, created_at) VALUES (?, ?)", (session_id, created))

    def load(self, session_id: str) -> list[StoredTurn] | None:
        with self._lock:
            known = self._db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,))
            if known.fetchone() is None:
                return None
            rows = self._db.execute(
                "SELECT turn_index, question, answer, previous_answer, node, query, topic "
                "FROM turns WHERE session_id = ? ORDER BY turn_index",
                (session_id,),
            ).fetchall()
        return [StoredTurn(*row) for row in rows]

    def response(self, session_id: str, index: int) -> str | None:
        with self._lock:
            row = self._db.execute(
                "SELECT response FROM turns WHERE session_id = ? AND turn_index = ?",
                (session_id, index),
            ).fetchone()
        return row[0] if row else None

    def append(
        self, session_id: str, turn: StoredTurn, response: str, previous_node: str | None
    ) -> None:
        with self._transaction() as db:
            if previous_node is not None:
                db.execute(
                    "UPDATE turns SET node = ? WHERE session_id = ? AND turn_index = ?",
                    (previous_node, session_id, turn.index - 1),
                )
            try:
                db.execute(
                    "INSERT INTO turns (session_id, turn_index, question, answer, previous_answer,"
                    " node, query, topic, response) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        session_id,
                        turn.index,
                        turn.question,
                        turn.answer,
                        turn.previous_answer,
                        turn.node,
                        turn.query,
                        turn.topic,
                        response,
                    ),
                )
            except sqlite3.IntegrityError as error:
                raise TurnExistsError(f"turn {turn.index} of session {session_id}") from error

    def delete(self, session_id: str) -> bool:
        with self._transaction() as db:
            db.execute("DELETE FROM turns WHERE session_id = ?", (session_id,))
            deleted = db.execute("DELETE FROM sessions WHERE id = ?", (session_id,)).rowcount
        return deleted > 0

    def close(self) -> None:
        with self._lock:
            self._db.close()

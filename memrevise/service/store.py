"""Where sessions persist: the store protocol, the SQL its stores share, and SQLite.

A session is its turns in order, one row per turn holding the turn's node. A turn is written
in one transaction together with the previous turn's node when the new turn's
``previous_answer`` rewrote it, so a crash never leaves half a turn. Nodes and responses are
opaque JSON text here; the store knows nothing of the memory model.
"""

from __future__ import annotations

import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import astuple, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


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


class StoreError(OSError):
    """A session store that cannot be opened or reached; the message names it."""


class SessionStore(Protocol):
    """What the service needs from a session store; every method is safe to call from any
    thread, and :meth:`append` is atomic."""

    def create(self, session_id: str) -> None:
        """Record a new, empty session."""
        ...

    def load(self, session_id: str) -> list[StoredTurn] | None:
        """The session's turns in order, or None for an unknown session."""
        ...

    def count(self, session_id: str) -> int | None:
        """How many turns the session has stored, or None for an unknown session."""
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


@dataclass(frozen=True)
class Statements:
    """The statements of the store protocol, each parameter written ``?``."""

    create: str = "INSERT INTO sessions (id, created_at) VALUES (?, ?)"
    # one statement, so that the session and its turns are read together
    load: str = (
        "SELECT t.turn_index, t.question, t.answer, t.previous_answer, t.node, t.query, t.topic"
        " FROM sessions s LEFT JOIN turns t ON t.session_id = s.id WHERE s.id = ?"
        " ORDER BY t.turn_index"
    )
    count: str = (
        "SELECT COUNT(t.turn_index) FROM sessions s LEFT JOIN turns t ON t.session_id = s.id"
        " WHERE s.id = ? GROUP BY s.id"
    )
    response: str = "SELECT response FROM turns WHERE session_id = ? AND turn_index = ?"
    set_node: str = "UPDATE turns SET node = ? WHERE session_id = ? AND turn_index = ?"
    insert: str = (
        "INSERT INTO turns (session_id, turn_index, question, answer, previous_answer, node,"
        " query, topic, response) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    delete_turns: str = "DELETE FROM turns WHERE session_id = ?"
    delete_session: str = "DELETE FROM sessions WHERE id = ?"

    def marked(self, mark: str) -> Statements:
        """The same statements with ``mark`` for each parameter (``%s`` for psycopg)."""
        return Statements(*(statement.replace("?", mark) for statement in astuple(self)))


class Cursor(Protocol):
    rowcount: int

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Connection(Protocol):
    def execute(self, statement: str, parameters: Sequence[Any], /) -> Cursor: ...


Text = TypeVar("Text", str, None)


class SQLStore(ABC):
    """The store protocol in SQL, over the connections a subclass opens. User text is kept as
    :meth:`_encode` makes it (as it is, unless the database cannot hold some characters)."""

    statements: ClassVar[Statements] = Statements()
    taken: ClassVar[type[Exception]]  # what inserting a turn at a taken index raises

    @abstractmethod
    def _reading(self) -> AbstractContextManager[Connection]:
        """A connection to read with."""

    @abstractmethod
    def _writing(self) -> AbstractContextManager[Connection]:
        """A connection in a transaction, committed when the block ends without an error."""

    @abstractmethod
    def close(self) -> None: ...

    def _encode(self, text: Text) -> Text:
        return text

    def _decode(self, text: Text) -> Text:
        return text

    def _turn(self, row: Sequence[Any]) -> StoredTurn:
        index, question, answer, previous_answer, node, query, topic = row
        decode = self._decode
        return StoredTurn(
            index,
            decode(question),
            decode(answer),
            decode(previous_answer),
            node,
            decode(query),
            decode(topic),
        )

    def create(self, session_id: str) -> None:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self._writing() as db:
            db.execute(self.statements.create, (session_id, created))

    def load(self, session_id: str) -> list[StoredTurn] | None:
        with self._reading() as db:
            rows = db.execute(self.statements.load, (session_id,)).fetchall()
        if not rows:
            return None
        # a session without turns is one row of nulls
        return [self._turn(row) for row in rows if row[0] is not None]

    def count(self, session_id: str) -> int | None:
        with self._reading() as db:
            row = db.execute(self.statements.count, (session_id,)).fetchone()
        return None if row is None else int(row[0])

    def response(self, session_id: str, index: int) -> str | None:
        with self._reading() as db:
            row = db.execute(self.statements.response, (session_id, index)).fetchone()
        return None if row is None else str(row[0])

    def append(
        self, session_id: str, turn: StoredTurn, response: str, previous_node: str | None
    ) -> None:
        with self._writing() as db:
            if previous_node is not None:
                db.execute(self.statements.set_node, (previous_node, session_id, turn.index - 1))
            encode = self._encode
            row = (
                session_id,
                turn.index,
                encode(turn.question),
                encode(turn.answer),
                encode(turn.previous_answer),
                turn.node,
                encode(turn.query),
                encode(turn.topic),
                response,
            )
            try:
                db.execute(self.statements.insert, row)
            except self.taken as error:
                raise TurnExistsError(f"turn {turn.index} of session {session_id}") from error

    def delete(self, session_id: str) -> bool:
        with self._writing() as db:
            db.execute(self.statements.delete_turns, (session_id,))
            deleted = db.execute(self.statements.delete_session, (session_id,)).rowcount
        return deleted > 0


class SQLiteStore(SQLStore):
    """Sessions in one SQLite file in WAL mode with full synchronous commits (an acknowledged
    turn survives a crash of the process or of the machine). One connection, used under a
    lock; ``":memory:"`` keeps everything in memory."""

    taken = sqlite3.IntegrityError

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA busy_timeout=5000")
            with self._writing() as db:
                for statement in SCHEMA:
                    db.execute(statement)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the SQLite session store {self.path}: {error}") from None

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            yield self._db

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()


def open_store(db: str | Path) -> SessionStore:
    """The store at ``db``: a PostgreSQL URL (``postgresql://...``) or a SQLite file."""
    if isinstance(db, str) and db.startswith(POSTGRES_SCHEMES):
        try:
            from memrevise.service.postgres import PostgresStore
        except ImportError as error:
            raise ImportError(
                f"a PostgreSQL session store needs the postgres extra (memrevise[postgres]): "
                f"{error}"
            ) from None
        return PostgresStore(db)
    return SQLiteStore(db)

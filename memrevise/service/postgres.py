"""Sessions in PostgreSQL, so that several service processes can share them.

The tables and statements are those of the SQLite store. Each turn is one transaction, and the
primary key (session, turn) makes a second process storing the same turn fail with
:class:`~memrevise.service.store.TurnExistsError` once the first commits, so a turn is applied
once however many processes race for it. PostgreSQL text cannot hold the NUL character, which
a user may send, so the text columns hold JSON strings; nodes and responses are JSON already.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit

import psycopg
from psycopg import errors
from psycopg_pool import ConnectionPool

from memrevise.service.store import SCHEMA, SQLStore, Statements, StoreError, Text

# Held while the schema is created, so that processes starting together do not collide.
SCHEMA_LOCK = 0x6D656D72


def passwords(url: str) -> set[str]:
    """The passwords in a connection URL (in its user part or its query), as written and
    decoded."""
    parts = urlsplit(url)
    written = [parts.password or ""]
    written += [value for key, value in parse_qsl(parts.query) if key == "password"]
    return {form for password in written for form in (password, unquote(password)) if form}


def redacted(url: str) -> str:
    """The URL with its password, if it has one, written ``***``."""
    parts = urlsplit(url)
    if parts.password is not None:
        user, _, host = parts.netloc.rpartition("@")
        url = url.replace(parts.netloc, f"{user.partition(':')[0]}:***@{host}", 1)
    query = parse_qsl(parts.query, keep_blank_values=True)
    if any(key == "password" for key, _ in query):
        hidden = [(key, "***" if key == "password" else value) for key, value in query]
        url = f"{url.rpartition('?')[0]}?{urlencode(hidden, safe='*')}"
    return url


def without_passwords(message: str, url: str) -> str:
    """An error message about ``url`` on one line, with any of its passwords written ``***``."""
    for password in sorted(passwords(url), key=len, reverse=True):
        message = message.replace(password, "***")
    return " ".join(message.split())


class PostgresStore(SQLStore):
    """Sessions in a PostgreSQL database named by a ``postgresql://`` URL; the tables are
    created if missing. Connections come from a pool of at most ``connections``."""

    statements = Statements().marked("%s")
    taken = errors.UniqueViolation

    def __init__(self, url: str, connections: int = 12, connect_seconds: int = 10):
        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=connections,
            kwargs={"autocommit": True, "connect_timeout": connect_seconds},
            open=False,
            name="memrevise-sessions",
        )
        try:
            with (
                psycopg.connect(url, autocommit=True, connect_timeout=connect_seconds) as db,
                db.transaction(),
            ):
                db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                for statement in SCHEMA:
                    db.execute(statement)
            self._pool.open(wait=True, timeout=connect_seconds)
        except psycopg.Error as error:
            self._pool.close()
            raise StoreError(
                f"cannot open the PostgreSQL session store {redacted(url)}: "
                f"{without_passwords(str(error), url)}"
            ) from None

    @contextmanager
    def _reading(self) -> Iterator[psycopg.Connection]:
        with self._pool.connection() as db:
            yield db

    @contextmanager
    def _writing(self) -> Iterator[psycopg.Connection]:
        with self._pool.connection() as db, db.transaction():
            yield db

    def _encode(self, text: Text) -> Text:
        return None if text is None else json.dumps(text, ensure_ascii=False)

    def _decode(self, text: Text) -> Text:
        return None if text is None else json.loads(text)

    def close(self) -> None:
        self._pool.close()

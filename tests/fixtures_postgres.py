"""A PostgreSQL database for the tests: the server named by MEMREVISE_TEST_POSTGRES (a URL;
``.ci/postgres.sh start DIR`` starts one and prints it), each use in a fresh schema.

Without it the tests that need it skip, unless MEMREVISE_REQUIRE_POSTGRES=1 (as in CI).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlencode

import psycopg
import pytest
from psycopg import sql


def postgres_server() -> str:
    """The test server's URL; skips, or fails when PostgreSQL is required, without one."""
    url = os.environ.get("MEMREVISE_TEST_POSTGRES")
    if url:
        return url
    if os.environ.get("MEMREVISE_REQUIRE_POSTGRES") == "1":
        pytest.fail("MEMREVISE_REQUIRE_POSTGRES=1 but MEMREVISE_TEST_POSTGRES is not set")
    pytest.skip("no PostgreSQL server: set MEMREVISE_TEST_POSTGRES (.ci/postgres.sh starts one)")


@contextmanager
def fresh_database() -> Iterator[str]:
    """A URL of the test server whose tables go to a new, empty schema, dropped afterwards."""
    server = postgres_server()
    name = f"test_{secrets.token_hex(6)}"
    schema = sql.Identifier(name)
    with psycopg.connect(server, autocommit=True) as db:
        db.execute(sql.SQL("CREATE SCHEMA {}").format(schema))
    separator = "&" if "?" in server else "?"
    try:
        yield f"{server}{separator}{urlencode({'options': f'-csearch_path={name}'})}"
    finally:
        with psycopg.connect(server, autocommit=True) as db:
            db.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(schema))

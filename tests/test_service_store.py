"""The service's parts on their own: the session stores (SQLite, and PostgreSQL when a server
is at hand: see fixtures_postgres) and the per-session locks."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator

import pytest
from fixtures_postgres import fresh_database

from memrevise.service.concurrency import Job, KeyedLocks
from memrevise.service.postgres import PostgresStore
from memrevise.service.store import SessionStore, SQLiteStore, StoredTurn, TurnExistsError


def turn(index: int, node: str, previous_answer: str | None = None) -> StoredTurn:
    return StoredTurn(index, f"question {index}", None, previous_answer, node, "query", "topic")


@pytest.fixture(params=["sqlite", "postgresql"])
def opener(request, tmp_path) -> Iterator[Callable[[], SessionStore]]:
    """Opens a store on one database, as often as asked (a restart, another process)."""
    if request.param == "sqlite":
        yield lambda: SQLiteStore(tmp_path / "sessions.sqlite3")
    else:
        with fresh_database() as url:
            yield lambda: PostgresStore(url)


@pytest.fixture
def store(opener) -> Iterator[SessionStore]:
    opened = opener()
    yield opened
    opened.close()


def test_sessions_persist_when_the_store_is_reopened(opener, store):
    store.create("s")
    store.append("s", turn(0, '{"n": 0}'), '{"r": 0}', None)
    store.close()
    reopened = opener()
    assert reopened.load("s") == [turn(0, '{"n": 0}')]
    assert reopened.response("s", 0) == '{"r": 0}'
    reopened.close()


def test_sqlite_keeps_its_sessions_in_a_wal_database(tmp_path):
    SQLiteStore(tmp_path / "sessions.sqlite3").close()
    with sqlite3.connect(tmp_path / "sessions.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_turn_replaces_the_previous_node_in_the_same_transaction(store):
    store.create("s")
    store.append("s", turn(0, "first"), "r0", None)
    store.append("s", turn(1, "second", previous_answer="a"), "r1", "first, answered")
    assert [t.node for t in store.load("s")] == ["first, answered", "second"]


def test_a_turn_at_a_taken_index_changes_nothing(store):
    store.create("s")
    store.append("s", turn(0, "first"), "r0", None)
    store.append("s", turn(1, "second"), "r1", None)
    with pytest.raises(TurnExistsError, match="turn 1 of session s"):
        store.append("s", turn(1, "other"), "other", "first, rewritten")
    assert [t.node for t in store.load("s")] == ["first", "second"]
    assert store.response("s", 1) == "r1"


def test_unknown_and_deleted_sessions(store):
    assert store.load("nobody") is None
    assert store.count("nobody") is None
    assert store.response("nobody", 0) is None
    store.create("s")
    assert store.load("s") == []
    assert store.count("s") == 0
    store.append("s", turn(0, "first"), "r0", None)
    assert store.count("s") == 1
    assert store.delete("s") is True
    assert store.load("s") is None
    assert store.count("s") is None
    assert store.response("s", 0) is None
    assert store.delete("s") is False


def test_user_text_comes_back_exactly(store):
    text = "nul \x00, quotes '\"; DROP TABLE turns; --, \\ backslash, ? %s %(x)s, é 月 🚀"
    stored = StoredTurn(0, text, text, None, '{"question": "\\u0000"}', text, text)
    store.create("s")
    store.append("s", stored, '{"r": "\\u0000"}', None)
    assert store.load("s") == [stored]
    assert store.response("s", 0) == '{"r": "\\u0000"}'


def test_stores_racing_for_one_turn_store_it_once(opener):
    """Two stores on one database (two processes) append each session's turn 1 at once: one
    wins, the other is told the turn exists, and the winner's turn is the one kept whole."""
    stores = [opener(), opener()]
    sessions = [f"s{number}" for number in range(20)]
    for session in sessions:
        stores[0].create(session)
        stores[0].append(session, turn(0, "first"), "r0", None)
    outcomes: dict[int, list[str]] = {0: [], 1: []}

    def race(number: int, start: threading.Barrier) -> None:
        for session in sessions:
            start.wait(5)
            try:
                stores[number].append(
                    session, turn(1, f"second {number}"), f"r{number}", f"first {number}"
                )
                outcomes[number].append(session)
            except TurnExistsError:
                pass

    start = threading.Barrier(2)
    racers = [threading.Thread(target=race, args=(number, start)) for number in (0, 1)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert sorted(outcomes[0] + outcomes[1]) == sorted(sessions)
    for number, won in outcomes.items():
        for session in won:
            assert [t.node for t in stores[0].load(session)] == [
                f"first {number}",
                f"second {number}",
            ]
            assert stores[1].response(session, 1) == f"r{number}"
    for opened in stores:
        opened.close()


def test_one_session_waits_for_itself_but_not_for_another():
    locks = KeyedLocks()
    inside = threading.Event()
    release = threading.Event()

    def hold_a() -> None:
        with locks.hold("a"):
            inside.set()
            release.wait(5)

    holder = threading.Thread(target=hold_a)
    holder.start()
    assert inside.wait(5)
    with locks.hold("b"):  # another session goes in at once
        pass
    same = threading.Event()

    def enter_a() -> None:
        with locks.hold("a"):
            same.set()

    waiter = threading.Thread(target=enter_a)
    waiter.start()
    assert not same.wait(0.2)  # the same session waits
    release.set()
    assert same.wait(5)
    for thread in (holder, waiter):
        thread.join()


def test_a_job_either_commits_or_is_abandoned():
    committed = Job()
    assert committed.start_commit()
    assert not committed.abandon()  # too late: it is being committed
    abandoned = Job()
    assert abandoned.abandon()
    assert abandoned.abandoned
    assert not abandoned.start_commit()

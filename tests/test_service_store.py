"""The service's parts on their own: the SQLite session store and the per-session locks."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from memrevise.service.concurrency import Job, KeyedLocks
from memrevise.service.store import SQLiteStore, StoredTurn, TurnExistsError


def turn(index: int, node: str, previous_answer: str | None = None) -> StoredTurn:
    return StoredTurn(index, f"question {index}", None, previous_answer, node, "query", "topic")


@pytest.fixture
def store(tmp_path):
    opened = SQLiteStore(tmp_path / "sessions.sqlite3")
    yield opened
    opened.close()


def test_sessions_persist_in_a_wal_database(tmp_path, store):
    store.create("s")
    store.append("s", turn(0, '{"n": 0}'), '{"r": 0}', None)
    store.close()
    reopened = SQLiteStore(tmp_path / "sessions.sqlite3")
    assert reopened.load("s") == [turn(0, '{"n": 0}')]
    assert reopened.response("s", 0) == '{"r": 0}'
    reopened.close()
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
    assert store.response("nobody", 0) is None
    store.create("s")
    assert store.load("s") == []
    store.append("s", turn(0, "first"), "r0", None)
    assert store.delete("s") is True
    assert store.load("s") is None
    assert store.response("s", 0) is None
    assert store.delete("s") is False


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

"""memrevise serve on PostgreSQL: the API's retry, order and user-text specifications against a
server on PostgreSQL, a SIGKILL mid-run, replicas sharing one database, and a database that
cannot be reached. Needs a PostgreSQL server (see fixtures_postgres) except for the last."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from fixtures_postgres import fresh_database
from test_service import (  # the API's specifications, here against a server on PostgreSQL
    test_a_deleted_session_is_gone,  # noqa: F401
    test_a_retried_turn_is_answered_from_the_store_not_applied_twice,  # noqa: F401
    test_a_session_id_that_is_not_well_formed_is_404,  # noqa: F401
    test_hostile_turns_are_422_naming_the_field_and_the_session_is_unharmed,  # noqa: F401
    test_out_of_order_and_conflicting_turns_are_refused,  # noqa: F401
    test_unknown_sessions_are_404,  # noqa: F401
    test_user_text_is_data_and_never_breaks_the_memory_or_the_prompt,  # noqa: F401
)
from test_service_crash import TURNS, WRITER, body, kill_mid_run_and_restart, library_memory
from typer.testing import CliRunner

from memrevise.cli import app
from memrevise.data import demo_collection
from memrevise.memory import Memory
from memrevise.retrieval import BM25Index, read_collection
from memrevise.search import MemRevise
from memrevise.service.errors import TurnConflict
from memrevise.service.limits import Limits
from memrevise.service.postgres import PostgresStore
from memrevise.service.process import ServerProcess, free_port
from memrevise.service.schemas import TurnRequest
from memrevise.service.sessions import Conversations
from memrevise.service.store import StoreError
from memrevise.writer import Turn, Writer, make_writer


@pytest.fixture(scope="module")
def database():
    with fresh_database() as url:
        yield url


def start(database: str, directory, name: str) -> ServerProcess:
    return ServerProcess.start(database, directory / f"{name}.log", "--writer", WRITER)


@pytest.fixture(scope="module")
def server(database, tmp_path_factory):
    running = start(database, tmp_path_factory.mktemp("postgres"), "server")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def replica(database, tmp_path_factory, server):
    """A second server on the same database."""
    running = start(database, tmp_path_factory.mktemp("postgres"), "replica")
    yield running
    running.stop()


@pytest.fixture
def client(server):
    with httpx.Client(base_url=server.url, timeout=60) as http:
        yield http


@pytest.fixture(scope="module")
def engine():
    index = BM25Index.build(read_collection(demo_collection()))
    return MemRevise(index, make_writer(WRITER, index))


def test_a_killed_server_on_postgresql_loses_no_acknowledged_turn(tmp_path):
    with fresh_database() as url:
        kill_mid_run_and_restart(url, tmp_path)


def test_two_replicas_continue_each_other_s_sessions(server, replica):
    """One session's turns alternate between two servers on one database, each answer coming
    with the next turn, so every turn continues, and rewrites, what the other server committed
    last; a retry on either server is answered from the store, and a deletion holds for both."""
    replicas = (server, replica)
    with httpx.Client(timeout=60) as http:
        session = http.post(f"{server.url}/sessions").json()["id"]
        acknowledged = []
        for index in range(len(TURNS)):
            url = replicas[index % 2].url
            response = http.post(f"{url}/sessions/{session}/turns", json=body(index, False))
            assert response.status_code == 200, response.text
            acknowledged.append(response.content)
        for running in replicas:
            for index, content in enumerate(acknowledged):
                again = http.post(
                    f"{running.url}/sessions/{session}/turns", json=body(index, False)
                )
                assert again.content == content
        memories = [http.get(f"{r.url}/sessions/{session}/memory").json() for r in replicas]
        assert memories[0] == memories[1] == library_memory(inline=False)
        assert len(http.get(f"{server.url}/sessions/{session}").json()["turns"]) == len(TURNS)

        assert http.delete(f"{replica.url}/sessions/{session}").status_code == 204
        next_turn = {"index": len(TURNS), "question": "and then?"}
        assert (
            http.post(f"{server.url}/sessions/{session}/turns", json=next_turn).status_code == 404
        )


class HeldWriter:
    """The real writer, held inside each update until released: a replica in mid-turn."""

    def __init__(self, writer: Writer):
        self.writer = writer
        self.inside = threading.Event()
        self.release = threading.Event()

    def update(self, memory: Memory, previous_question: str | None, turn: Turn, want_query: bool):
        self.inside.set()
        assert self.release.wait(30)
        return self.writer.update(memory, previous_question, turn, want_query)


@pytest.mark.parametrize("same", [True, False], ids=["same turn", "different turn"])
def test_replicas_racing_for_one_turn_apply_it_once(engine, same):
    """Two replicas process turn 0 of one session at once; the one that commits second is told
    the turn exists and answers the first one's response, or 409 for a different question."""
    with fresh_database() as url:
        held = HeldWriter(engine.writer)
        slow = Conversations(
            MemRevise(engine.index, held, engine.config), PostgresStore(url), Limits()
        )
        quick = Conversations(engine, PostgresStore(url), Limits())
        session = slow.create()
        first = TurnRequest(index=0, question="what was apollo 11?")
        other = first if same else TurnRequest(index=0, question="what was apollo 12?")
        with ThreadPoolExecutor(1) as thread:
            slow_turn = thread.submit(asyncio.run, slow.turn(session, other))
            assert held.inside.wait(30)  # the slow replica is writing the turn
            quick_response = asyncio.run(quick.turn(session, first))
            held.release.set()
            if same:
                assert slow_turn.result(60) == quick_response
            else:
                with pytest.raises(TurnConflict, match="already posted with a different question"):
                    slow_turn.result(60)
        stored = quick.store.load(session)
        assert [turn.question for turn in stored] == ["what was apollo 11?"]
        for conversations in (slow, quick):
            conversations.close()


def test_an_unreachable_database_is_named_with_its_password_hidden():
    port = free_port()
    url = f"postgresql://memrevise:s3cret-pw@127.0.0.1:{port}/sessions"
    with pytest.raises(StoreError) as raised:
        PostgresStore(url, connect_seconds=5)
    message = str(raised.value)
    named = f"cannot open the PostgreSQL session store postgresql://memrevise:***@127.0.0.1:{port}"
    assert message.startswith(f"{named}/sessions: ")
    assert "Connection refused" in message
    assert "s3cret" not in message

    result = CliRunner().invoke(app, ["serve", "--db", url, "--writer", "rules"])
    assert result.exit_code == 2
    output = " ".join(result.output.split())  # as one line, however the terminal wraps it
    assert output.startswith(f"error: {named}/sessions: ")
    assert "s3cret" not in output

"""A server killed with SIGKILL in the middle of a run of turns loses no acknowledged turn, and
the restarted server continues every session as if nothing had happened."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import httpx

from memrevise.data import demo_collection, demo_conversation
from memrevise.memory import Memory
from memrevise.retrieval import BM25Index, read_collection
from memrevise.search import MemRevise
from memrevise.service.process import ServerProcess
from memrevise.writer import DEFAULT_WRITER, make_writer

WRITER = DEFAULT_WRITER
TURNS = demo_conversation()["turns"] * 2  # fourteen turns a session
SESSIONS = 4
KILL_AFTER = 20  # acknowledged turns, of 56


def body(index: int, inline: bool) -> dict:
    """Turn ``index``; the answer comes with it (``inline``) or with the next turn."""
    turn = {"index": index, "question": TURNS[index]["question"]}
    if inline:
        turn["answer"] = TURNS[index]["answer"]
    elif index:
        turn["previous_answer"] = TURNS[index - 1]["answer"]
    return turn


def converse(url: str, session: str, inline: bool, acknowledged: list[str]) -> None:
    """Post the turns in order until the server stops answering; keep each acknowledgement."""
    with httpx.Client(base_url=url, timeout=60) as http:
        for index in range(len(TURNS)):
            try:
                response = http.post(f"/sessions/{session}/turns", json=body(index, inline))
            except httpx.TransportError:
                return
            assert response.status_code == 200, response.text
            acknowledged.append(response.text)


def library_memory(inline: bool) -> dict:
    """The memory of the same conversation in one uninterrupted library session."""
    index = BM25Index.build(read_collection(demo_collection()))
    session = MemRevise(index, make_writer(WRITER, index)).session()
    for number, turn in enumerate(TURNS):
        if not inline and number:
            session.answer(TURNS[number - 1]["answer"])
        session.search(turn["question"])
        if inline:
            session.answer(turn["answer"])
    return json.loads(json.dumps(session.memory.to_dict()))


def test_a_killed_server_loses_no_acknowledged_turn(tmp_path):
    kill_mid_run_and_restart(tmp_path / "sessions.sqlite3", tmp_path)


def kill_mid_run_and_restart(db: str | Path, tmp_path: Path) -> None:
    """Converse in several sessions, kill the server with SIGKILL mid-run, restart it on the
    same ``db`` and check every session, then finish them all."""
    server = ServerProcess.start(db, tmp_path / "first.log", "--writer", WRITER)
    with httpx.Client(base_url=server.url) as http:
        sessions = [http.post("/sessions").json()["id"] for _ in range(SESSIONS)]
    inline = {session: number % 2 == 0 for number, session in enumerate(sessions)}
    acknowledged: dict[str, list[str]] = {session: [] for session in sessions}
    threads = [
        threading.Thread(target=converse, args=(server.url, s, inline[s], acknowledged[s]))
        for s in sessions
    ]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 120
    while sum(map(len, acknowledged.values())) < KILL_AFTER and time.monotonic() < deadline:
        time.sleep(0.005)
    server.kill()
    for thread in threads:
        thread.join()
    done = sum(map(len, acknowledged.values()))
    assert KILL_AFTER <= done < SESSIONS * len(TURNS), "the kill did not land mid-run"

    server = ServerProcess.start(db, tmp_path / "second.log", "--writer", WRITER)
    try:
        with httpx.Client(base_url=server.url, timeout=60) as http:
            for session in sessions:
                acked = [json.loads(text) for text in acknowledged[session]]
                log = http.get(f"/sessions/{session}").json()
                stored = len(log["turns"])
                assert len(acked) <= stored <= len(acked) + 1  # at most the turn in flight more
                nodes = log["memory"]["nodes"]
                for index, response in enumerate(acked):
                    assert response["index"] == index
                    # earlier nodes never change; a turn's own node changes only by its answer
                    assert nodes[:index] == response["memory"]["nodes"][:index]
                    if inline[session]:
                        assert nodes[index] == response["memory"]["nodes"][index]
                    again = http.post(
                        f"/sessions/{session}/turns", json=body(index, inline[session])
                    )
                    assert again.text == acknowledged[session][index]  # from the store

                memory = http.get(f"/sessions/{session}/memory").json()
                assert memory == json.loads(json.dumps(Memory.from_dict(memory).to_dict()))

                for index in range(stored, len(TURNS)):
                    response = http.post(
                        f"/sessions/{session}/turns", json=body(index, inline[session])
                    )
                    assert response.status_code == 200, response.text
            finals = {s: http.get(f"/sessions/{s}/memory").json() for s in sessions}
    finally:
        server.stop()
    for answers_inline in (True, False):
        expected = library_memory(answers_inline)
        for session in sessions:
            if inline[session] == answers_inline:
                assert finals[session] == expected

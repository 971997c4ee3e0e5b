"""Load on ``memrevise serve``: concurrent sessions, each a conversation of turns.

Starts a server on a free loopback port (the built-in demo index, sessions in a temporary
SQLite file) unless ``--url`` points at a running one. Every session posts its turns in order
(the demo conversation, repeated), answers alternately with the turn and with the next turn;
every fifth turn is posted twice, and the second answer must equal the first. Prints the
throughput, p50/p99 latency of a turn, and checks through the API that every session holds
exactly its turns and nodes: none lost, none applied twice.

    python benchmarks/load_service.py                       # 50 sessions x 20 turns
    python benchmarks/load_service.py --url http://127.0.0.1:8000 --sessions 10
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import httpx
import numpy as np

from memrevise.data import demo_conversation
from memrevise.service.process import ServerProcess
from memrevise.writer import DEFAULT_WRITER

TURNS = demo_conversation()["turns"]
RETRY_EVERY = 5
resent: list[str] = []  # requests sent again after a dropped connection


def turn_body(index: int, inline: bool) -> dict:
    turn = TURNS[index % len(TURNS)]
    body = {"index": index, "question": turn["question"]}
    if inline:
        body["answer"] = turn["answer"]
    elif index:
        body["previous_answer"] = TURNS[(index - 1) % len(TURNS)]["answer"]
    return body


async def send(
    http: httpx.AsyncClient, method: str, path: str, body: dict | None = None
) -> httpx.Response:
    """One request, sent again after a dropped connection (a keep-alive connection closed by
    the server as it was reused): turns are idempotent, so a resend is never applied twice."""
    attempts = 3
    while True:
        try:
            return (await http.request(method, path, json=body)).raise_for_status()
        except httpx.TransportError:
            attempts -= 1
            if not attempts:
                raise
            resent.append(path)


async def converse(
    http: httpx.AsyncClient, number: int, turns: int, latencies: list[float]
) -> tuple[str, int]:
    """One session's conversation; its id and how many retries differed from the original."""
    session = (await send(http, "POST", "/sessions")).json()["id"]
    inline = number % 2 == 0
    mismatched = 0
    for index in range(turns):
        body = turn_body(index, inline)
        start = time.perf_counter()
        response = await send(http, "POST", f"/sessions/{session}/turns", body)
        latencies.append(time.perf_counter() - start)
        if index % RETRY_EVERY == 0:
            again = await send(http, "POST", f"/sessions/{session}/turns", body)
            mismatched += again.content != response.content
    return session, mismatched


async def check(http: httpx.AsyncClient, session: str, turns: int, inline: bool) -> list[str]:
    """What is wrong with a session's stored turns (nothing, when the list is empty)."""
    log = (await send(http, "GET", f"/sessions/{session}")).json()
    problems = []
    if [t["index"] for t in log["turns"]] != list(range(turns)):
        problems.append(f"{session}: turns {[t['index'] for t in log['turns']]}")
    questions = [turn_body(i, inline)["question"] for i in range(turns)]
    if [t["question"] for t in log["turns"]] != questions:
        problems.append(f"{session}: the questions differ from those posted")
    if [n["turn"] for n in log["memory"]["nodes"]] != list(range(1, turns + 1)):
        problems.append(f"{session}: nodes {[n['turn'] for n in log['memory']['nodes']]}")
    return problems


async def load(url: str, sessions: int, turns: int) -> None:
    limits = httpx.Limits(max_connections=sessions, max_keepalive_connections=sessions)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as http:
        latencies: list[float] = []
        start = time.perf_counter()
        results = await asyncio.gather(
            *(converse(http, number, turns, latencies) for number in range(sessions))
        )
        seconds = time.perf_counter() - start
        problems = [
            problem
            for number, (session, _) in enumerate(results)
            for problem in await check(http, session, turns, number % 2 == 0)
        ]
    milliseconds = 1000 * np.asarray(latencies)
    retries = sessions * len(range(0, turns, RETRY_EVERY))
    print(f"{sessions} concurrent sessions x {turns} turns against {url}")
    print(f"  turns:       {len(latencies)} in {seconds:.1f} s ({len(latencies) / seconds:.1f}/s)")
    print(f"  latency:     p50 {np.percentile(milliseconds, 50):.1f} ms, ", end="")
    print(f"p99 {np.percentile(milliseconds, 99):.1f} ms, max {milliseconds.max():.1f} ms")
    print(f"  retries:     {retries}, {sum(m for _, m in results)} answered differently")
    print(f"  resent:      {len(resent)} requests after a dropped connection")
    print(f"  stored:      {len(problems)} sessions with a turn lost or applied twice")
    for problem in problems:
        print(f"    {problem}")
    if problems or any(m for _, m in results):
        raise SystemExit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="A running server (default: start one).")
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--writer", default=DEFAULT_WRITER)
    args = parser.parse_args()
    if args.url:
        asyncio.run(load(args.url, args.sessions, args.turns))
        return
    with tempfile.TemporaryDirectory() as directory:
        db, log = Path(directory) / "sessions.sqlite3", Path(directory) / "server.log"
        server = ServerProcess.start(db, log, "--writer", args.writer)
        try:
            asyncio.run(load(server.url, args.sessions, args.turns))
        finally:
            server.stop()


if __name__ == "__main__":
    main()

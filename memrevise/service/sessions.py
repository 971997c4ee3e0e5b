"""Sessions over one engine and one store: each turn is processed once, incrementally.

A turn runs on a worker thread under its session's lock: the session continues from its last
committed state (kept in memory for recently used sessions, read back from the stored nodes
and turns otherwise, as after a restart; no turn is ever written again), the new turn is
written and searched, and its node is committed in one transaction. Turns of different
sessions run side by side. A turn past the time limit is abandoned before it commits, so a
timeout never applies it.

Several processes may share one store: a kept state is used only while the store holds as
many turns as it does, and a turn that another process committed first is answered from the
store, as a retry.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from concurrent.futures import ThreadPoolExecutor

from memrevise.memory import Memory, Node
from memrevise.search import MemRevise, Session
from memrevise.service.concurrency import Job, KeyedLocks
from memrevise.service.errors import (
    InvalidTurn,
    LimitExceeded,
    TurnConflict,
    TurnTimeout,
    UnknownSession,
)
from memrevise.service.limits import Limits
from memrevise.service.schemas import (
    LoggedTurn,
    MemoryView,
    Repair,
    Result,
    SessionLog,
    TurnRequest,
    TurnResponse,
)
from memrevise.service.state import Posted, State, StateCache, answers, stored_memory
from memrevise.service.store import SessionStore, StoredTurn, TurnExistsError
from memrevise.writer import TurnError

RESULTS = 10  # passages returned per turn
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what create() makes, with room to spare


def _well_formed(session_id: str) -> str:
    """``session_id`` if it could be one this service made; else no store is asked (a NUL
    byte, say, would fail the driver) and it is an :class:`UnknownSession`."""
    if not _SESSION_ID.fullmatch(session_id):
        raise UnknownSession(session_id)
    return session_id


class Conversations:
    """The sessions of one service: create, post turns, read memories and logs, delete."""

    def __init__(
        self,
        engine: MemRevise,
        store: SessionStore,
        limits: Limits,
        workers: int = 8,
        cached: int = 1024,
    ) -> None:
        self.engine = engine
        self.store = store
        self.limits = limits
        self._locks = KeyedLocks()
        self._cache = StateCache(cached)
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="memrevise-turn")

    def create(self) -> str:
        session_id = secrets.token_urlsafe(12)
        self.store.create(session_id)
        return session_id

    def _load(self, session_id: str) -> list[StoredTurn]:
        stored = self.store.load(_well_formed(session_id))
        if stored is None:
            raise UnknownSession(session_id)
        return stored

    def memory(self, session_id: str) -> Memory:
        return stored_memory(self._load(session_id))

    def log(self, session_id: str) -> SessionLog:
        stored = self._load(session_id)
        responses = [self._response(session_id, turn.index) for turn in stored]
        repaired = {r.index: r.writer_topic for response in responses for r in response.repairs}
        turns = [
            LoggedTurn(
                index=turn.index,
                question=turn.question,
                answer=answer,
                query=turn.query,
                topic=turn.topic,
                node=Node.model_validate_json(turn.node),
                searched_node=response.searched_node,
                results=response.results,
                repaired_from=repaired.get(turn.index),
            )
            for turn, answer, response in zip(stored, answers(stored), responses, strict=True)
        ]
        memory = Memory(nodes=tuple(turn.node for turn in turns))
        return SessionLog(id=session_id, turns=turns, memory=MemoryView.of(memory))

    def delete(self, session_id: str) -> None:
        with self._locks.hold(_well_formed(session_id)):
            self._cache.drop(session_id)
            if not self.store.delete(session_id):
                raise UnknownSession(session_id)

    async def turn(self, session_id: str, request: TurnRequest) -> str:
        """Process one turn (or answer a retry from the store); the response as JSON."""
        _well_formed(session_id)
        self._check_lengths(request)
        job = Job()
        future = asyncio.wrap_future(self._pool.submit(self._process, session_id, request, job))
        try:
            response = await asyncio.wait_for(asyncio.shield(future), self.limits.turn_seconds)
        except TimeoutError:
            if not job.abandon():  # already committing: it is applied, so answer it
                response = await future
            else:
                future.add_done_callback(lambda done: done.exception())  # nobody awaits it
                raise TurnTimeout(
                    f"turn {request.index} of session {session_id!r} took longer than the limit "
                    f"of {self.limits.turn_seconds:g} s (turn_seconds); it was not applied"
                ) from None
        assert response is not None  # only an abandoned job returns None
        return response

    def _check_lengths(self, request: TurnRequest) -> None:
        fields = {
            "question": (request.question, self.limits.question_chars, "question_chars"),
            "answer": (request.answer, self.limits.answer_chars, "answer_chars"),
            "previous_answer": (request.previous_answer, self.limits.answer_chars, "answer_chars"),
        }
        for field, (text, limit, name) in fields.items():
            if text is not None and len(text) > limit:
                raise LimitExceeded(
                    f"{field} has {len(text)} characters, over the limit of {limit} ({name})"
                )

    def _state(self, session_id: str) -> State:
        """The session's last committed state: the kept one unless the store has more turns
        (committed by another process sharing it)."""
        count = self.store.count(session_id)
        if count is None:
            self._cache.drop(session_id)
            raise UnknownSession(session_id)
        state = self._cache.get(session_id)
        if state is None or len(state.posted) != count:
            state = State.of(self._load(session_id))
            self._cache.put(session_id, state)
        return state

    def _process(self, session_id: str, request: TurnRequest, job: Job) -> str | None:
        with self._locks.hold(session_id):
            if job.abandoned:
                return None
            state = self._state(session_id)
            posted = Posted(request.question, request.answer, request.previous_answer)
            if request.index < len(state.posted):
                return self._retried(session_id, state.posted[request.index], posted, request.index)
            self._check_next(session_id, state, request)
            session = state.session(self.engine)
            try:
                response, turn, previous = self._apply(session, request)
            except TurnError as error:
                raise InvalidTurn(f"turn {request.index}: {error}") from None
            if not job.start_commit():
                return None
            try:
                self.store.append(session_id, turn, response, previous)
            except TurnExistsError:  # another process sharing the store committed it first
                stored = self._state(session_id).posted[request.index]
                return self._retried(session_id, stored, posted, request.index)
            next_state = State((*state.posted, posted), session.memory, tuple(session.turns))
            self._cache.put(session_id, next_state)
            return response

    def _response(self, session_id: str, index: int) -> TurnResponse:
        response = self.store.response(session_id, index)
        assert response is not None  # committed turns are never removed
        return TurnResponse.model_validate_json(response)

    def _retried(self, session_id: str, stored: Posted, posted: Posted, index: int) -> str:
        if stored != posted:
            raise TurnConflict(
                f"turn {index} of session {session_id!r} was already posted with a "
                "different question or answer"
            )
        response = self.store.response(session_id, index)
        assert response is not None  # committed turns are never removed
        return response

    def _check_next(self, session_id: str, state: State, request: TurnRequest) -> None:
        count = len(state.posted)
        if request.index > count:
            raise TurnConflict(
                f"turn {request.index} is out of order: the next turn of session "
                f"{session_id!r} is {count}"
            )
        if count >= self.limits.turns:
            raise LimitExceeded(
                f"session {session_id!r} has reached the limit of {self.limits.turns} turns (turns)"
            )
        if request.previous_answer is not None:
            if not count:
                raise InvalidTurn("turn 0 has no previous turn for previous_answer")
            if state.posted[-1].answer is not None:
                raise TurnConflict(
                    f"turn {count - 1} of session {session_id!r} already has its answer; "
                    "previous_answer cannot change it"
                )

    def _apply(self, session: Session, request: TurnRequest) -> tuple[str, StoredTurn, str | None]:
        """Write and search the turn on ``session``: the response, the turn to store and the
        previous turn's node when ``previous_answer`` rewrote it."""
        previous = None
        refiled = []  # the 0-based indices of the turns rewritten with their answer
        if request.previous_answer is not None:
            previous = session.answer(request.previous_answer).model_dump_json()
            refiled.append(request.index - 1)
        result = session.search(request.question, RESULTS)
        if request.answer is not None:
            session.answer(request.answer)
            refiled.append(request.index)
        repairs = [
            Repair(
                index=i, writer_topic=session.repairs[i + 1], topic=session.memory.nodes[i].topic
            )
            for i in refiled
            if i + 1 in session.repairs
        ]
        response = TurnResponse(
            index=request.index,
            query=result.query,
            topic=result.topic,
            results=[
                Result(
                    id=hit.id,
                    title=hit.title,
                    text=hit.text,
                    score=hit.score,
                    base=hit.base,
                    signals=hit.signals,
                )
                for hit in result.hits
            ],
            memory=MemoryView.of(session.memory),
            ms={name: round(ms, 3) for name, ms in result.ms.items()},
            searched_node=result.memory.nodes[-1],
            repairs=repairs,
        ).model_dump_json()
        turn = StoredTurn(
            index=request.index,
            question=request.question,
            answer=request.answer,
            previous_answer=request.previous_answer,
            node=session.memory.nodes[-1].model_dump_json(),
            query=result.query,
            topic=result.topic,
        )
        return response, turn, previous

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
        self.store.close()

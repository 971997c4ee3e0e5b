"""The FastAPI application: the session API, the web page and its static files."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from memrevise.search import MemRevise
from memrevise.service.errors import ServiceError, invalid_fields
from memrevise.service.limits import BodyLimit, Limits
from memrevise.service.schemas import (
    Created,
    DemoConversation,
    ErrorBody,
    Health,
    MemoryView,
    SessionLog,
    TurnRequest,
    TurnResponse,
)
from memrevise.service.sessions import Conversations
from memrevise.service.store import SessionStore

STATIC = Path(__file__).parent / "static"
# The page loads nothing but its own files and talks to nothing but this server.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {status: {"model": ErrorBody} for status in statuses}


def create_app(
    engine: MemRevise,
    store: SessionStore,
    limits: Limits | None = None,
    demo: DemoConversation | None = None,
) -> FastAPI:
    """The service over ``engine`` with sessions in ``store``; ``demo`` is the conversation
    offered by the page when the index is the built-in one."""
    limits = limits or Limits()
    conversations = Conversations(engine, store, limits)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        conversations.close()

    app = FastAPI(
        title="memrevise",
        description="Conversational search with a memory that later turns can revise.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, limit=limits.request_bytes)

    @app.exception_handler(ServiceError)
    async def service_error(_: Request, error: ServiceError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_: Request, error: RequestValidationError) -> JSONResponse:
        """422 naming each field at fault, without echoing the input (which may be NaN or hold
        a lone surrogate, neither of which JSON can carry back)."""
        return JSONResponse({"detail": invalid_fields(error.errors())}, status_code=422)

    @app.post("/sessions", status_code=201)
    def create_session() -> Created:
        """Start a session."""
        return Created(id=conversations.create())

    @app.post(
        "/sessions/{session_id}/turns",
        response_model=TurnResponse,
        responses=_errors(404, 409, 413, 422, 504),
    )
    async def post_turn(session_id: str, turn: TurnRequest) -> Response:
        """Process the turn numbered ``index``: update the memory, search, return the ranked
        passages. A repeated turn is answered from the store; a gap or a different turn at a
        used index is 409."""
        return Response(await conversations.turn(session_id, turn), media_type="application/json")

    @app.get("/sessions/{session_id}", responses=_errors(404))
    def get_session(session_id: str) -> SessionLog:
        """The session's turns, each with its query, topic and node, and its memory."""
        return conversations.log(session_id)

    @app.get("/sessions/{session_id}/memory", responses=_errors(404))
    def get_memory(session_id: str) -> MemoryView:
        """The memory after the session's last turn, as in traces."""
        return MemoryView.of(conversations.memory(session_id))

    @app.delete("/sessions/{session_id}", status_code=204, responses=_errors(404))
    def delete_session(session_id: str) -> Response:
        """Delete the session and everything stored about it."""
        conversations.delete(session_id)
        return Response(status_code=204)

    @app.get("/health")
    def health() -> Health:
        """The index and writer served."""
        index = engine.index
        return Health(
            status="ok",
            passages=index.num_docs,
            pages=len(index.titles) if index.titled else 0,
            writer=type(engine.writer).__name__,
            demo=demo is not None,
        )

    @app.get("/demo", responses=_errors(404))
    def get_demo() -> DemoConversation:
        """The built-in conversation, when the built-in index is served."""
        if demo is None:
            raise HTTPException(404, "this server does not serve the built-in demo index")
        return demo

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Content-Security-Policy": PAGE_POLICY})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app

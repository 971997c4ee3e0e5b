"""The service's input limits, and the middleware that enforces the request size."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclass(frozen=True)
class Limits:
    """Input limits: characters per question and per answer, turns per session, bytes per
    request body, and seconds a turn (writer and search) may take."""

    question_chars: int = 1_000
    answer_chars: int = 4_000
    turns: int = 100
    request_bytes: int = 64 * 1024
    turn_seconds: float = 30.0

    def __post_init__(self) -> None:
        for name in ("question_chars", "answer_chars", "turns", "request_bytes", "turn_seconds"):
            if getattr(self, name) <= 0:
                raise ValueError(f"limit {name} must be positive, got {getattr(self, name)}")


class BodyLimit:
    """Refuse a request body over ``limit`` bytes with 413: at once by its Content-Length, or
    while it is read when it has none."""

    def __init__(self, app: ASGIApp, limit: int):
        self.app = app
        self.limit = limit

    def _error(self) -> HTTPException:
        detail = f"the request body is larger than the limit of {self.limit} bytes"
        return HTTPException(status_code=413, detail=detail)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"")
        if length.isdigit() and int(length) > self.limit:
            error = self._error()
            await JSONResponse({"detail": error.detail}, error.status_code)(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise self._error()  # the app's exception handlers answer it
            return message

        await self.app(scope, counted, send)

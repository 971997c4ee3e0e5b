"""The service's errors, each with the HTTP status it is answered with."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar


class ServiceError(Exception):
    """An error answered as ``{"detail": message}`` with :attr:`status`."""

    status: ClassVar[int] = 400


class UnknownSession(ServiceError):
    status = 404

    def __init__(self, session_id: str):
        super().__init__(f"no session {session_id!r}")


class TurnConflict(ServiceError):
    """A turn out of order, or a different turn at an index already used."""

    status = 409


class LimitExceeded(ServiceError):
    """Input past one of the configured limits; the message names the limit."""

    status = 422


class InvalidTurn(ServiceError):
    """A turn that cannot be processed as posted (an empty question, an answer to no turn)."""

    status = 422


class TurnTimeout(ServiceError):
    """The writer and search of a turn took longer than allowed; the turn was not applied."""

    status = 504


def invalid_fields(errors: Iterable[Mapping[str, Any]]) -> str:
    """Validation errors as one line, each as ``body.index: Input should be ...``."""
    return "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in errors)

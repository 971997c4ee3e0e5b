"""The one small interface every language-model backend implements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

Messages = list[dict[str, str]]
"""A chat: ``[{"role": "system", "content": ...}, {"role": "user", "content": ...}]``."""

MAX_OUTPUT_TOKENS = 800
MAX_INPUT_TOKENS = 16_384


class BackendError(RuntimeError):
    """A completion that failed (after any retries); the message says where and why."""


@runtime_checkable
class ChatBackend(Protocol):
    """Completes chats greedily, one reply per chat, in the order given.

    ``schema`` is the JSON schema the reply must follow; a backend with structured output
    (a server's ``response_format``, a grammar) enforces it, others ignore it. A chat that
    fails yields a :class:`BackendError` in its place instead of raising, so that one failed
    turn never stops the others.
    """

    def complete(
        self,
        batch: Sequence[Messages],
        schema: dict[str, Any] | None,
        max_tokens: int = MAX_OUTPUT_TOKENS,
    ) -> list[str | BackendError]: ...

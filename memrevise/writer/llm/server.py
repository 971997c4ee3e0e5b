"""Any OpenAI-compatible chat-completions server: vLLM, Ollama, llama.cpp's server, LM Studio,
TGI or a hosted API.

Requests are sent concurrently for a batch, greedily (temperature 0), with the JSON schema as
``response_format`` where the server accepts it (a server that rejects it is asked again
without, and not offered it again). Timeouts, connection errors, 429 and 5xx answers are
retried with exponential backoff.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from memrevise.writer.llm.backends import MAX_OUTPUT_TOKENS, BackendError, Messages

ENV_URL = "MEMREVISE_LLM_BASE_URL"
ENV_MODEL = "MEMREVISE_LLM_MODEL"
ENV_KEYS = ("MEMREVISE_LLM_API_KEY", "OPENAI_API_KEY")


class ServerBackend:
    """Chat completions from ``base_url`` (such as ``http://localhost:8000/v1``).

    ``model`` defaults to ``$MEMREVISE_LLM_MODEL``, else to the server's only model; the key
    to ``$MEMREVISE_LLM_API_KEY`` or ``$OPENAI_API_KEY`` (none for a local server).
    """

    def __init__(
        self,
        base_url: str,
        model: str | None = None,
        api_key: str | None = None,
        *,
        timeout: float = 120.0,
        retries: int = 3,
        backoff: float = 1.0,
        max_backoff: float = 30.0,
        concurrency: int = 8,
        structured: bool = True,
    ):
        import httpx

        if not base_url.startswith(("http://", "https://")):
            raise ValueError(f"the server URL must start with http:// or https://: {base_url!r}")
        key = api_key or next((os.environ[k] for k in ENV_KEYS if os.environ.get(k)), None)
        self.base_url = base_url.rstrip("/")
        self.client = httpx.Client(
            base_url=self.base_url + "/",
            timeout=timeout,
            headers={"Authorization": f"Bearer {key}"} if key else {},
        )
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.concurrency = concurrency
        self.structured = structured
        self._lock = threading.Lock()
        self.model = model or os.environ.get(ENV_MODEL) or self._only_model()

    def _only_model(self) -> str:
        """The model a server serves when it serves exactly one (as vLLM does)."""
        import httpx

        try:
            response = self.client.get("models")
            response.raise_for_status()
            names = [entry["id"] for entry in response.json()["data"]]
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as error:
            raise ValueError(
                f"{self.base_url}: cannot list the server's models ({error}); name the model"
            ) from None
        if len(names) != 1:
            raise ValueError(
                f"{self.base_url} serves {len(names)} models ({', '.join(names) or 'none'}); "
                "name the one to use"
            )
        return names[0]

    def complete(
        self,
        batch: Sequence[Messages],
        schema: dict[str, Any] | None,
        max_tokens: int = MAX_OUTPUT_TOKENS,
    ) -> list[str | BackendError]:
        if len(batch) <= 1:
            return [self._complete(messages, schema, max_tokens) for messages in batch]
        with ThreadPoolExecutor(min(self.concurrency, len(batch))) as pool:
            return list(pool.map(lambda m: self._complete(m, schema, max_tokens), batch))

    def _body(self, messages: Messages, schema: dict[str, Any] | None, max_tokens: int) -> dict:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": 0,
            "max_tokens": max_tokens,
        }
        if schema is not None and self.structured:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "writer_output", "schema": schema},
            }
        return body

    def _complete(
        self, messages: Messages, schema: dict[str, Any] | None, max_tokens: int
    ) -> str | BackendError:
        import httpx

        where = f"{self.base_url}/chat/completions"
        problem = "no attempt"
        attempt = 0
        while attempt <= self.retries:
            body = self._body(messages, schema, max_tokens)
            try:
                response = self.client.post("chat/completions", json=body)
            except httpx.TimeoutException:
                problem = "timed out"
            except httpx.TransportError as error:
                problem = f"connection failed ({error})"
            else:
                status = response.status_code
                if status == 200:
                    return _content(response, where)
                if "response_format" in body and _rejects_schema(status, response.text):
                    with self._lock:
                        self.structured = False  # the server has no structured output
                    continue
                problem = f"HTTP {status}: {response.text[:200]}"
                if status != 429 and status < 500:
                    return BackendError(f"{where}: {problem}")
            if attempt < self.retries:
                time.sleep(min(self.backoff * 2**attempt, self.max_backoff))
            attempt += 1
        return BackendError(f"{where}: {problem} (after {self.retries + 1} attempts)")


def _rejects_schema(status: int, text: str) -> bool:
    """Whether an answer says the server cannot follow a JSON schema."""
    said = text.casefold()
    return status in (400, 422) and any(
        word in said for word in ("response_format", "json_schema", "schema", "structured")
    )


def _content(response: Any, where: str) -> str | BackendError:
    """The reply's text, or an error for an answer not shaped like a chat completion."""
    try:
        content = response.json()["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        return BackendError(f"{where}: not a chat completion: {response.text[:200]}")
    if not isinstance(content, str):
        return BackendError(f"{where}: the reply has no text")
    return content

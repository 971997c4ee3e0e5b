"""A GGUF model through llama-cpp-python, for CPU users (``pip install 'memrevise[gguf]'``).

The model's own chat template (from the GGUF file) renders the chat; the JSON schema becomes
a grammar, so replies follow it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from memrevise.writer.llm.backends import (
    MAX_INPUT_TOKENS,
    MAX_OUTPUT_TOKENS,
    BackendError,
    Messages,
)


class LlamaCppBackend:
    """Greedy completions from the GGUF file at ``path``, one chat at a time.

    ``context`` is the window in tokens, prompt and reply together; a longer chat fails on its
    own (and its turn falls back), the others go on.
    """

    def __init__(
        self,
        path: Path,
        *,
        context: int = MAX_INPUT_TOKENS + MAX_OUTPUT_TOKENS,
        threads: int | None = None,
    ):
        try:
            from llama_cpp import Llama
        except ImportError:
            raise ImportError(
                "the GGUF backend needs llama-cpp-python: pip install 'memrevise[gguf]'"
            ) from None
        if not Path(path).is_file():
            raise ValueError(f"no GGUF file at {path}")
        self.llama = Llama(model_path=str(path), n_ctx=context, n_threads=threads, verbose=False)

    def complete(
        self,
        batch: Sequence[Messages],
        schema: dict[str, Any] | None,
        max_tokens: int = MAX_OUTPUT_TOKENS,
    ) -> list[str | BackendError]:
        return [self._complete(messages, schema, max_tokens) for messages in batch]

    def _complete(
        self, messages: Messages, schema: dict[str, Any] | None, max_tokens: int
    ) -> str | BackendError:
        response_format = {"type": "json_object", "schema": schema} if schema else None
        try:
            response = self.llama.create_chat_completion(
                messages=messages,
                temperature=0.0,
                max_tokens=max_tokens,
                response_format=response_format,
            )
        except (RuntimeError, ValueError) as error:  # a prompt over the window, ...
            return BackendError(f"llama.cpp: {error}")
        content = response["choices"][0]["message"].get("content")
        return content if isinstance(content, str) else BackendError("llama.cpp: no text")

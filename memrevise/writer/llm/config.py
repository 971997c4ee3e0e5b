"""Which language model a command uses, from its options or the environment.

One target names the model: an ``http(s)://`` URL is an OpenAI-compatible server, a ``.gguf``
file goes through llama-cpp-python, and a directory is a Hugging Face model (with an
optional LoRA adapter). Without one, ``$MEMREVISE_LLM_BASE_URL`` names a server.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from memrevise.writer.base import Writer
from memrevise.writer.llm.backends import ChatBackend
from memrevise.writer.llm.server import ENV_URL
from memrevise.writer.llm.writer import LLMWriter


@dataclass(frozen=True)
class LLMConfig:
    """A model to call and how: ``target`` (URL, GGUF file or model directory), the server's
    model name, a LoRA adapter for a local model, chats per call, and for servers the
    seconds per request and the retries."""

    target: str
    model: str | None = None
    adapter: Path | None = None
    batch: int = 8
    timeout: float = 120.0
    retries: int = 3

    @classmethod
    def of(
        cls,
        target: str | None = None,
        model: str | None = None,
        adapter: Path | None = None,
        batch: int = 8,
    ) -> LLMConfig:
        """The configuration from options, the server URL from the environment if none."""
        target = target or os.environ.get(ENV_URL)
        if not target:
            raise ValueError(
                "the llm writer needs a model: --llm with a server URL, a model directory or "
                f"a .gguf file (or ${ENV_URL})"
            )
        if batch < 1:
            raise ValueError(f"the batch must hold at least one chat, got {batch}")
        return cls(target, model, adapter, batch)

    @property
    def kind(self) -> str:
        """``server``, ``gguf`` or ``hf``."""
        if self.target.startswith(("http://", "https://")):
            return "server"
        return "gguf" if self.target.casefold().endswith(".gguf") else "hf"

    def backend(self) -> ChatBackend:
        """The backend, loaded (local models) or connected (servers)."""
        if self.adapter is not None and self.kind != "hf":
            raise ValueError("a LoRA adapter applies to a local Hugging Face model only")
        if self.kind == "server":
            from memrevise.writer.llm.server import ServerBackend

            return ServerBackend(
                self.target,
                self.model,
                timeout=self.timeout,
                retries=self.retries,
                concurrency=self.batch,
            )
        if self.kind == "gguf":
            from memrevise.writer.llm.gguf import LlamaCppBackend

            return LlamaCppBackend(Path(self.target))
        from memrevise.writer.llm.hf import HFBackend

        return HFBackend(Path(self.target), self.adapter, batch_size=self.batch)

    def writer(self, fallback: Writer) -> LLMWriter:
        """The LLM writer over this model, falling back to ``fallback``."""
        return LLMWriter(self.backend(), fallback)

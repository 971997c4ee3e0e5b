"""The LLM writer: the paper's writer, a language model behind a chat backend."""

from memrevise.writer.llm.backends import BackendError, ChatBackend
from memrevise.writer.llm.config import LLMConfig
from memrevise.writer.llm.writer import LLMWriter, Request, Written

__all__ = ["BackendError", "ChatBackend", "LLMConfig", "LLMWriter", "Request", "Written"]

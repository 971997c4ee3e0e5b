"""Writers by name: what ``--writer`` and the service choose from."""

from __future__ import annotations

from pathlib import Path

from memrevise.choices import DEFAULT_WRITER, WRITERS
from memrevise.retrieval import Retriever
from memrevise.writer.base import Writer
from memrevise.writer.grounding import Grounding
from memrevise.writer.learned import DEFAULT_MODEL, LearnedWriter, WriterModel
from memrevise.writer.llm.config import LLMConfig
from memrevise.writer.rules import RuleWriter


def make_writer(
    name: str, index: Retriever, llm: LLMConfig | None = None, model: Path | None = None
) -> Writer:
    """A writer by name, grounded in the index's page titles and word frequencies; ``llm``
    (else the environment) names the language model of the ``llm`` writer, whose turns fall
    back to the default CPU writer; ``model`` is the learned writer's model directory (default:
    the shipped one)."""
    if name == "llm":
        return (llm or LLMConfig.of()).writer(make_writer(DEFAULT_WRITER, index, model=model))
    grounding = Grounding.of(index)
    if name == "rules":
        return RuleWriter(**grounding.kwargs())
    if name == "learned":
        loaded = WriterModel.load(model or DEFAULT_MODEL)
        return LearnedWriter(index, loaded, **grounding.kwargs())
    raise ValueError(f"unknown writer {name!r}; available: {', '.join(WRITERS)}")

"""Methods by name: what ``memrevise run --method`` chooses from."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from memrevise.choices import DEFAULT_WRITER, LLM_METHODS, METHODS
from memrevise.language.entities import NameTable
from memrevise.methods.base import MemReviseMethod, Method
from memrevise.methods.baselines import BASELINES, PronounRewriter, QueryMethod
from memrevise.retrieval import Retriever, load_index
from memrevise.search import MemRevise, SearchConfig
from memrevise.writer import make_writer
from memrevise.writer.llm.config import LLMConfig

# The writer's own query searched alone: no memory-guided step, no topic repair.
MEMORY_FREE = SearchConfig(
    template=False,
    title_prior=False,
    facts_vote=False,
    number_rule=False,
    exclusion=False,
    dropped_below=False,
    topic_repair=False,
)


def batched(name: str, writer: str = DEFAULT_WRITER) -> bool:
    """Whether method ``name`` with ``writer`` ranks items together in one process (a
    language model batches their turns: a :class:`~memrevise.methods.base.BatchMethod`)."""
    return name in LLM_METHODS or (name in ("memrevise", "memory-free") and writer == "llm")


def make_method(
    name: str,
    index: Retriever,
    writer: str = DEFAULT_WRITER,
    config: SearchConfig | None = None,
    llm: LLMConfig | None = None,
    writer_model: Path | None = None,
    share_prefixes: bool = True,
    traced: bool = True,
) -> Method:
    """A method by name over ``index``: ``memrevise`` (with ``config``), ``memory-free`` (the
    same writer's query alone), ``memory-free-llm`` (the memory-free writer, a model that
    reads the raw conversation; ``llm`` names it), ``rewrite-rules`` or a history baseline.
    With the ``llm`` writer, conversations are written in batches, a turn of each per call;
    ``writer_model`` is the learned writer's model directory. With ``share_prefixes``, a
    CPU writer writes history prefixes shared by items once (:class:`MemReviseMethod`);
    without ``traced``, its rankings come without traces."""
    if name in ("memrevise", "memory-free") and batched(name, writer):
        from memrevise.methods.lockstep import LockstepMemRevise

        llm = llm or LLMConfig.of()
        search = config if name == "memrevise" else MEMORY_FREE
        return LockstepMemRevise(
            MemRevise(index, make_writer(writer, index, llm, writer_model), search), llm.batch
        )
    if name in ("memrevise", "memory-free"):
        search = config if name == "memrevise" else MEMORY_FREE
        return MemReviseMethod(
            MemRevise(index, make_writer(writer, index, model=writer_model), search),
            share_prefixes,
            traced=traced,
        )
    if name == "memory-free-llm":
        from memrevise.methods.memory_free import MemoryFreeMethod

        return MemoryFreeMethod.of(index, llm or LLMConfig.of())
    if name == "rewrite-rules":
        return QueryMethod(index, PronounRewriter(NameTable(index.titles if index.titled else ())))
    if name in BASELINES:
        return QueryMethod(index, BASELINES[name])
    raise ValueError(f"unknown method {name!r}; available: {', '.join(METHODS + LLM_METHODS)}")


@dataclass(frozen=True)
class MethodSpec:
    """What it takes to build a method anywhere, a worker process too (``traced``: whether
    its rankings carry traces, which only a run that writes them needs)."""

    index: Path
    method: str
    writer: str = DEFAULT_WRITER
    config: SearchConfig | None = None
    llm: LLMConfig | None = None
    writer_model: Path | None = None
    share_prefixes: bool = True
    traced: bool = True

    @property
    def batched(self) -> bool:
        """Whether the method ranks items together in one process (see :func:`batched`)."""
        return batched(self.method, self.writer)

    def modules(self) -> tuple[str, ...]:
        """The modules that building the method imports (a worker's start-up)."""
        learned = self.method in ("memrevise", "memory-free") and self.writer == "learned"
        return (__name__, *(("memrevise.writer.boosting",) if learned else ()))

    def build(self) -> Method:
        return make_method(
            self.method,
            load_index(self.index),
            self.writer,
            self.config,
            self.llm,
            self.writer_model,
            self.share_prefixes,
            self.traced,
        )

"""What a ranking method is: it ranks the final question of a benchmark item, and may trace
what it did. MemRevise itself is one (:class:`MemReviseMethod`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from memrevise.bench.items import Item
from memrevise.prefixes import PREFIXES_KEPT
from memrevise.search import MemRevise, SearchResult
from memrevise.search.prefixes import PrefixStates
from memrevise.text import cut


@dataclass(frozen=True)
class Ranked:
    """One item's ranking: passage ids best first, their scores, and an optional trace."""

    ids: list[str]
    scores: list[float]
    trace: dict[str, Any] | None = field(default=None)


class Method(Protocol):
    """Ranks the final question of an item."""

    def rank(self, item: Item, k: int) -> Ranked: ...


@runtime_checkable
class BatchMethod(Method, Protocol):
    """A method that ranks many items together (a language model batches their turns)."""

    def rank_many(self, items: Sequence[Item], k: int) -> Iterator[Ranked]: ...


@dataclass
class MemReviseMethod:
    """The full system: the writer reads each history turn once, then the final turn searches.

    With ``share_prefixes``, items whose histories begin alike (items of one conversation)
    resume the session state after their longest shared prefix instead of writing those turns
    again (:class:`PrefixStates`, the last ``kept_prefixes`` states); rankings and traces are
    those of replaying each item alone. Without ``traced``, rankings come without traces.
    """

    engine: MemRevise
    share_prefixes: bool = True
    kept_prefixes: int = PREFIXES_KEPT
    traced: bool = True
    _prefixes: PrefixStates = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._prefixes = PrefixStates(self.engine, self.kept_prefixes)

    def rank(self, item: Item, k: int) -> Ranked:
        history = [(turn.question, cut(turn.answer)) for turn in item.history]
        if self.share_prefixes:
            session = self._prefixes.session(history)
        else:
            session = self.engine.session()
            for question, answer in history:
                session.add_turn(question, answer)
        return searched(session.search(item.question, k), self.traced)


def searched(result: SearchResult, traced: bool = True, **extra: Any) -> Ranked:
    """The ranking of a searched final turn, with its trace (and ``extra`` trace fields)
    when ``traced``."""
    ids, scores = result.ids, result.scores
    if not traced:
        return Ranked(ids, scores)
    trace = {
        "query": result.query,
        "topic": result.memory.nodes[-1].topic,
        "memory": result.memory.to_dict(),
        "ms": {name: round(ms, 3) for name, ms in result.ms.items()},
        **extra,
    }
    return Ranked(ids, scores, trace)

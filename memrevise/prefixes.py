"""Work kept for the prefixes of sequences: items of one conversation repeat its first turns
as their history, so what was done after each prefix is kept and resumed rather than done
again (by ``memrevise run``'s sessions and by ``train annotate``'s teacher)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

PREFIXES_KEPT = 4096  # prefixes whose values are kept, the most recently used


class PrefixCache(Generic[K, V]):
    """Values for prefixes of sequences, the ``size`` most recently used."""

    def __init__(self, size: int = PREFIXES_KEPT):
        if size < 1:
            raise ValueError(f"at least one prefix must be kept, not {size}")
        self.size = size
        self._values: OrderedDict[tuple[K, ...], V] = OrderedDict()

    def longest(self, sequence: tuple[K, ...]) -> tuple[int, V | None]:
        """The length and value of the longest kept prefix of ``sequence`` (itself included);
        ``(0, None)`` when none is kept."""
        for n in range(len(sequence), 0, -1):
            if sequence[:n] in self._values:
                self._values.move_to_end(sequence[:n])
                return n, self._values[sequence[:n]]
        return 0, None

    def get(self, prefix: tuple[K, ...]) -> V | None:
        """The value kept for exactly ``prefix``, if any."""
        if prefix not in self._values:
            return None
        self._values.move_to_end(prefix)
        return self._values[prefix]

    def put(self, prefix: tuple[K, ...], value: V) -> None:
        """Keep ``value`` for ``prefix``, dropping the least recently used beyond ``size``."""
        self._values[prefix] = value
        self._values.move_to_end(prefix)
        if len(self._values) > self.size:
            self._values.popitem(last=False)

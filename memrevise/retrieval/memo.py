"""Memoised methods that do not keep their object alive."""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any


def memoised(method: Callable[..., Any], maxsize: int) -> Callable[..., Any]:
    """The bound ``method`` with an LRU cache of ``maxsize`` results, for its object to keep.

    ``functools.lru_cache(obj.method)`` refers back to ``obj``: the cycle keeps an index and
    every array it holds in memory after its last use, until the garbage collector next
    looks for cycles. This cache refers to ``obj`` weakly.
    """
    owner, function = weakref.ref(method.__self__), method.__func__

    def call(*args: Any) -> Any:
        return function(owner(), *args)

    return functools.lru_cache(maxsize=maxsize)(call)

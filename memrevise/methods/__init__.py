"""Ranking methods for ``memrevise run``: MemRevise and the baselines, made by name
(:mod:`.registry`) and run over benchmark items (:mod:`.run`)."""

from memrevise.methods.base import BatchMethod, MemReviseMethod, Method, Ranked, searched
from memrevise.methods.baselines import (
    BASELINES,
    PronounRewriter,
    QueryMethod,
    all_history_query,
    last_turn_query,
    original_query,
)
from memrevise.methods.registry import LLM_METHODS, MEMORY_FREE, METHODS, MethodSpec, make_method
from memrevise.methods.run import check_tag, rank_items, trec_lines, write_run
from memrevise.workers import available_cores

__all__ = [
    "BASELINES",
    "LLM_METHODS",
    "MEMORY_FREE",
    "METHODS",
    "BatchMethod",
    "MemReviseMethod",
    "Method",
    "MethodSpec",
    "PronounRewriter",
    "QueryMethod",
    "Ranked",
    "all_history_query",
    "available_cores",
    "check_tag",
    "last_turn_query",
    "make_method",
    "original_query",
    "rank_items",
    "searched",
    "trec_lines",
    "write_run",
]

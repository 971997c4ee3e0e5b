"""Evaluation of TREC runs on benchmark items: ir_measures metrics, stale-above-gold, paired
bootstrap over conversations, and a Markdown report with plots."""

from memrevise.evaluate.bootstrap import Interval, paired_bootstrap, stratified_bootstrap
from memrevise.evaluate.evaluation import evaluate
from memrevise.evaluate.measures import METRICS, per_query
from memrevise.evaluate.report import markdown, summary
from memrevise.evaluate.results import (
    COLUMNS,
    MIN_TIER_QUESTIONS,
    NATURAL,
    STALE,
    Evaluation,
    Group,
)
from memrevise.evaluate.runs import Ranking, Run, RunError, load_runs, read_run
from memrevise.evaluate.stale import REVISION_TIERS, per_query_stale, stale_above_gold

__all__ = [
    "COLUMNS",
    "METRICS",
    "MIN_TIER_QUESTIONS",
    "NATURAL",
    "REVISION_TIERS",
    "STALE",
    "Evaluation",
    "Group",
    "Interval",
    "Ranking",
    "Run",
    "RunError",
    "evaluate",
    "load_runs",
    "markdown",
    "paired_bootstrap",
    "per_query",
    "per_query_stale",
    "read_run",
    "stale_above_gold",
    "stratified_bootstrap",
    "summary",
]

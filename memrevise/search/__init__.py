"""Memory-guided search: composable, switchable stages over any index (paper §4.4, §4.5)."""

from memrevise.search.numbers import NumberRule
from memrevise.search.pipeline import MemRevise, SearchConfig, SearchResult, Session
from memrevise.search.repair import TopicRepair
from memrevise.search.stages import Exclusion, FactsVote, Retrieve, Stage, TitlePrior
from memrevise.search.state import Component, Hit, SearchState

__all__ = [
    "Component",
    "Exclusion",
    "FactsVote",
    "Hit",
    "MemRevise",
    "NumberRule",
    "Retrieve",
    "SearchConfig",
    "SearchResult",
    "SearchState",
    "Session",
    "Stage",
    "TitlePrior",
    "TopicRepair",
]

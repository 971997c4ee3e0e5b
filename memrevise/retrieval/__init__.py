"""Passage collections and BM25 retrieval with weighted queries."""

from memrevise.retrieval.bm25 import BM25Index, IndexLoadError
from memrevise.retrieval.collection import (
    CollectionError,
    Passage,
    read_collection,
    write_collection,
)
from memrevise.retrieval.query import Query, WeightedQuery, as_query, tokenize
from memrevise.retrieval.ranking import Ranking
from memrevise.retrieval.scores import standardise

__all__ = [
    "BM25Index",
    "CollectionError",
    "IndexLoadError",
    "Passage",
    "Query",
    "Ranking",
    "WeightedQuery",
    "as_query",
    "read_collection",
    "standardise",
    "tokenize",
    "write_collection",
]

"""Passage collections and retrievers: BM25 (weighted queries), dense, hybrid and ColBERT.

The dense, hybrid and ColBERT backends import their libraries only when used; open any saved
index with :func:`load_index`.
"""

from memrevise.retrieval.base import DocScores, PassageIndex, Retriever
from memrevise.retrieval.bm25 import BM25Index
from memrevise.retrieval.collection import (
    CollectionError,
    Passage,
    UntitledWarning,
    iter_collection,
    read_collection,
    write_collection,
)
from memrevise.retrieval.loading import BACKENDS, build_index, load_index
from memrevise.retrieval.query import (
    Query,
    WeightedQuery,
    as_query,
    query_text,
    text_query,
    token_set,
    tokenize,
    unaccented,
)
from memrevise.retrieval.ranking import Ranking
from memrevise.retrieval.scores import standardise
from memrevise.retrieval.storage import IndexLoadError

__all__ = [
    "BACKENDS",
    "BM25Index",
    "CollectionError",
    "DocScores",
    "IndexLoadError",
    "Passage",
    "PassageIndex",
    "Query",
    "Ranking",
    "Retriever",
    "UntitledWarning",
    "WeightedQuery",
    "as_query",
    "build_index",
    "iter_collection",
    "load_index",
    "query_text",
    "read_collection",
    "standardise",
    "text_query",
    "token_set",
    "tokenize",
    "unaccented",
    "write_collection",
]

"""The tokenizer shared by indexing and querying, and weighted bag-of-words queries."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import Stemmer
from bm25s.stopwords import STOPWORDS_EN

_TOKEN = re.compile(r"(?u)\b\w+\b")
_STOPWORDS = frozenset(STOPWORDS_EN)
_STEMMER = Stemmer.Stemmer("english", 1_000_000)  # a cache of stemmed words
TOKENIZER = "words-lower/stopwords-en/snowball-en"  # recorded in saved indexes


def tokenize(text: str) -> list[str]:
    """Lower-cased, Snowball-stemmed word tokens without English stopwords; single characters
    are kept ("Toy Story 2" keeps "2")."""
    return _STEMMER.stemWords([t for t in _TOKEN.findall(text.lower()) if t not in _STOPWORDS])


@dataclass(frozen=True)
class WeightedQuery:
    """A bag of ``(token, weight)`` terms, each token once, in order of first appearance.

    Repeated tokens are merged by adding their weights; weights must be positive and finite.
    The paper's template query weights the topic twice::

        WeightedQuery.of(topic, 2.0) + WeightedQuery.of(question)

    ``text`` keeps the words the query was made of, for retrievers that read plain text and
    cannot weight words (a single-vector encoder).
    """

    terms: tuple[tuple[str, float], ...] = ()
    text: str = ""

    def __post_init__(self) -> None:
        merged: dict[str, float] = {}
        for token, weight in self.terms:
            if not (math.isfinite(weight) and weight > 0):
                raise ValueError(f"weight of {token!r} must be positive and finite, not {weight}")
            merged[token] = merged.get(token, 0.0) + float(weight)
        object.__setattr__(self, "terms", tuple(merged.items()))

    @classmethod
    def of(cls, text: str, weight: float = 1.0) -> WeightedQuery:
        """The tokens of ``text``, each occurrence counting ``weight``."""
        return cls(tuple((token, weight) for token in tokenize(text)), text)

    def __add__(self, other: WeightedQuery) -> WeightedQuery:
        if not isinstance(other, WeightedQuery):
            return NotImplemented
        return WeightedQuery(self.terms + other.terms, f"{self.text} {other.text}".strip())

    @property
    def tokens(self) -> tuple[str, ...]:
        """The distinct tokens, in order of first appearance."""
        return tuple(token for token, _ in self.terms)

    @property
    def empty(self) -> bool:
        """Whether the query has no terms (it then matches nothing)."""
        return not self.terms


Query = str | WeightedQuery


def as_query(query: Query) -> WeightedQuery:
    """``query`` itself, or a plain string read as ``WeightedQuery.of(query)``."""
    return query if isinstance(query, WeightedQuery) else WeightedQuery.of(query)


def query_text(query: Query) -> str:
    """``query`` as plain text, word weights dropped: a string itself, a weighted query the
    words it was made of (else its tokens)."""
    if isinstance(query, str):
        return query
    return query.text or " ".join(query.tokens)

"""The tokenizer shared by indexing and querying, and weighted bag-of-words queries."""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property

import Stemmer
from bm25s.stopwords import STOPWORDS_EN

WORD = re.compile(r"\w+")  # a word of lower-cased text (the tokenizer's "\b\w+\b")
_ACCENT = re.compile(r"[\u0300-\u036f]")  # a combining accent, once letters are decomposed
STOPWORDS = frozenset(STOPWORDS_EN)
_STEMMER = Stemmer.Stemmer("english", 0)  # its stems are kept in _STEMS instead
STEMS_KEPT = 1_000_000  # words whose stems are kept
_STEMS: dict[str, str] = {}
TOKENIZER = "words-lower-unaccented/stopwords-en/snowball-en"  # recorded in saved indexes


def tokenize(text: str) -> list[str]:
    """Lower-cased, Snowball-stemmed word tokens without English stopwords or accents, as
    people type them ("perignon" for Pérignon); single characters are kept ("Toy Story 2"
    keeps "2")."""
    return stem(_unstemmed(text))


def token_set(text: str) -> frozenset[str]:
    """The distinct tokens of ``text`` (each distinct word stemmed once)."""
    return frozenset(stem(list(set(_unstemmed(text)))))


def _unstemmed(text: str) -> list[str]:
    return [t for t in WORD.findall(lowered(text)) if t not in STOPWORDS]


def lowered(text: str) -> str:
    """``text`` lower-cased and without accents, the form the tokenizer finds words in."""
    return unaccented(text.lower())


def unaccented(text: str) -> str:
    """``text`` without accents ("Galapagos" for "Galápagos"), as people type names."""
    if text.isascii():
        return text
    # decomposed to drop the accents, composed again ("가" is two letters decomposed)
    return unicodedata.normalize("NFC", _ACCENT.sub("", unicodedata.normalize("NFD", text)))


def stem(words: list[str]) -> list[str]:
    """The Snowball stem of each lower-cased word (the words are not stopwords), the words
    not stemmed before in one call: a process reads the same words again and again."""
    if len(_STEMS) > STEMS_KEPT:
        _STEMS.clear()
    new = [word for word in words if word not in _STEMS]
    if new:
        _STEMS.update(zip(new, _STEMMER.stemWords(new), strict=True))
    return [_STEMS[word] for word in words]


@dataclass(frozen=True)
class WeightedQuery:
    """A bag of ``(token, weight)`` terms, each token once, in order of first appearance.

    Repeated tokens are merged by adding their weights; weights must be positive and finite.
    The paper's template query weights the topic twice::

        WeightedQuery.of(topic, 2.0) + WeightedQuery.of(question)

    ``text`` keeps the words the query was made of, for retrievers that read plain text and
    cannot weight words (a single-vector encoder). A sum remembers its summands in ``parts``:
    a retriever whose scores are linear in the terms (BM25) scores each part once and reuses
    it, so a long answer searched with several questions is scored only once.
    """

    terms: tuple[tuple[str, float], ...] = ()
    text: str = ""
    parts: tuple[WeightedQuery, ...] = field(default=(), repr=False)

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
        text = f"{self.text} {other.text}".strip()
        pieces = tuple(piece for piece in (*self.pieces, *other.pieces) if piece.terms)
        return WeightedQuery(self.terms + other.terms, text, pieces if len(pieces) > 1 else ())

    @property
    def pieces(self) -> tuple[WeightedQuery, ...]:
        """The summands of this query (itself when it is not a sum)."""
        return self.parts or (self,)

    @cached_property
    def key(self) -> WeightedQuery:
        """The same terms and summands without their words: queries that a term-weighting
        retriever scores alike have equal keys (computed once per query)."""
        parts = tuple(_of_merged(part.terms) for part in self.parts)
        return _of_merged(self.terms, parts)

    @property
    def tokens(self) -> tuple[str, ...]:
        """The distinct tokens, in order of first appearance."""
        return tuple(token for token, _ in self.terms)

    @property
    def empty(self) -> bool:
        """Whether the query has no terms (it then matches nothing)."""
        return not self.terms


Query = str | WeightedQuery


def _of_merged(
    terms: tuple[tuple[str, float], ...], parts: tuple[WeightedQuery, ...] = ()
) -> WeightedQuery:
    """A query without words of ``terms`` that another query merged and checked already (its
    key's parts): not merged again."""
    query = object.__new__(WeightedQuery)
    for name, value in (("terms", terms), ("text", ""), ("parts", parts)):
        object.__setattr__(query, name, value)
    return query


@functools.lru_cache(maxsize=16_384)
def text_query(text: str) -> WeightedQuery:
    """``WeightedQuery.of(text)``, memoised: a conversation's answers and facts are read again
    at every later turn."""
    return WeightedQuery.of(text)


def as_query(query: Query) -> WeightedQuery:
    """``query`` itself, or a plain string read as ``WeightedQuery.of(query)``."""
    return query if isinstance(query, WeightedQuery) else WeightedQuery.of(query)


def query_text(query: Query) -> str:
    """``query`` as plain text, word weights dropped: a string itself, a weighted query the
    words it was made of (else its tokens)."""
    if isinstance(query, str):
        return query
    return query.text or " ".join(query.tokens)

"""The words of many texts at once, numbered without a Python step per word.

:func:`number_words` finds the words of a batch of texts exactly as ``WORD.findall`` finds
them in each text lower-cased and without accents (the tokenizer before its stopwords and
stems), and numbers the distinct words in order of first appearance. The words are found with
NumPy in the texts' code points and grouped by a 64-bit key: a short word's key is the word
itself, its letters as the digits of one number, and a longer word's adds a polynomial hash of
its further letters, so a longer word is compared letter by letter with the first word of its
group.
Should two different words share a key (crafted words of thousands of letters can), the batch
is numbered word by word with a dictionary.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from memrevise.retrieval.query import WORD, lowered

_CODE_POINTS = 0x110000
_SEPARATOR = "\n"  # between the texts of a batch: no word character
# A word's key is Σ letter · weight(position in the word) · multiplier, modulo 2^64: the
# weight of the first positions is (2^bits)^position for letters of ``bits`` bits, as many
# positions as fit in 64 bits, and multiplier^position further on.
_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)  # odd: multiplying by it mixes bits reversibly


@dataclass(frozen=True, eq=False)
class NumberedWords:
    """The words of a batch of texts: ``words`` lists the distinct ones in order of first
    appearance; the batch's i-th word is ``words[numbers[i]]``, from text ``docs[i]`` (both
    int32, ``docs`` ascending) of the ``texts`` texts."""

    words: list[str]
    numbers: np.ndarray
    docs: np.ndarray
    texts: int


def number_words(texts: Sequence[str]) -> NumberedWords:
    """The words of ``texts`` (lower-cased and without accents here), numbered."""
    plain = [lowered(text) for text in texts]
    return _by_hash(plain) or _by_dictionary(plain)


def _by_dictionary(texts: list[str]) -> NumberedWords:
    numbers: dict[str, int] = {}
    found = [WORD.findall(text) for text in texts]
    sequence = [numbers.setdefault(word, len(numbers)) for words in found for word in words]
    docs = np.repeat(np.arange(len(texts), dtype=np.int32), [len(words) for words in found])
    return NumberedWords(list(numbers), np.array(sequence, dtype=np.int32), docs, len(texts))


@functools.cache
def _word_characters() -> np.ndarray:
    """Whether ``WORD`` matches each code point (a boolean per code point)."""
    every = np.arange(_CODE_POINTS, dtype=np.uint32).tobytes().decode("utf-32-le", "surrogatepass")
    table = np.zeros(_CODE_POINTS, dtype=bool)
    for run in WORD.finditer(every):
        table[run.start() : run.end()] = True
    return table


def _by_hash(texts: list[str]) -> NumberedWords | None:
    """The words numbered by their keys; None when two different words share a key."""
    joined = _SEPARATOR.join(texts)
    if joined.isascii():  # a byte a letter, a quarter of the memory to go through
        points = np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
        bits = 7
    else:
        points = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        bits = (_CODE_POINTS - 1).bit_length()
    exact = 64 // bits  # the longest word that is its own key
    inside = _word_characters()[points]
    bounds = np.flatnonzero(np.diff(inside, prepend=False, append=False))
    starts, ends = bounds[0::2], bounds[1::2]
    count = len(starts)
    if not count:
        nothing = np.zeros(0, dtype=np.int32)
        return NumberedWords([], nothing, nothing, len(texts))
    lengths = ends - starts
    letters = points[inside]  # the words' letters, one word after another
    first_letters = np.zeros(count, dtype=np.int64)
    np.cumsum(lengths[:-1], out=first_letters[1:])
    offset = np.int32 if len(letters) <= np.iinfo(np.int32).max else np.int64
    position = np.arange(len(letters), dtype=offset)  # each letter's place in its word
    position -= np.repeat(first_letters.astype(offset), lengths)
    weights = np.cumprod(np.full(int(lengths.max()), _MULTIPLIER))
    weights[:exact] = [1 << (bits * place) for place in range(min(exact, len(weights)))]
    weighted = weights[position]
    weighted *= letters
    keys = np.add.reduceat(weighted, first_letters)
    keys *= _MULTIPLIER
    del weighted, position

    # Sorting the keys' high bits with each word's number in the low bits groups equal
    # keys, each group led by its first word.
    numbering = max(count - 1, 1).bit_length()
    low = np.uint64((1 << numbering) - 1)
    sorted_keys = np.sort(keys & ~low | np.arange(count, dtype=np.uint64))
    order = (sorted_keys & low).astype(offset)
    sorted_keys &= ~low
    opens = np.empty(count, dtype=bool)
    opens[0] = True
    np.not_equal(sorted_keys[1:], sorted_keys[:-1], out=opens[1:])
    firsts = order[opens]
    group = np.empty(count, dtype=offset)
    group[order] = np.cumsum(opens, dtype=offset) - 1
    leader = firsts[group]
    if not (np.array_equal(lengths[leader], lengths) and np.array_equal(keys[leader], keys)):
        return None
    hashed = np.flatnonzero(lengths > exact)  # words whose keys are not the words themselves
    if len(hashed) and not _same_letters(letters, first_letters, lengths, hashed, leader):
        return None

    by_appearance = np.argsort(firsts)
    rank = np.empty(len(firsts), dtype=np.int32)
    rank[by_appearance] = np.arange(len(firsts), dtype=np.int32)
    appearing = firsts[by_appearance]
    words = [
        joined[s:e]
        for s, e in zip(starts[appearing].tolist(), ends[appearing].tolist(), strict=True)
    ]
    text_starts = np.zeros(len(texts), dtype=np.int64)
    np.cumsum(np.fromiter(map(len, texts[:-1]), np.int64) + len(_SEPARATOR), out=text_starts[1:])
    per_text = np.diff(np.searchsorted(starts, text_starts), append=count)
    docs = np.repeat(np.arange(len(texts), dtype=np.int32), per_text)
    return NumberedWords(words, rank[group], docs, len(texts))


def _same_letters(
    letters: np.ndarray,
    first_letters: np.ndarray,
    lengths: np.ndarray,
    words: np.ndarray,
    leader: np.ndarray,
) -> bool:
    """Whether each of ``words`` has the letters of its group's leader (of its length)."""
    sizes = lengths[words]
    place = np.arange(sizes.sum()) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    mine = np.repeat(first_letters[words], sizes) + place
    theirs = np.repeat(first_letters[leader[words]], sizes) + place
    return np.array_equal(letters[mine], letters[theirs])

"""Small text helpers shared by the memory, the writers and the search."""

from __future__ import annotations

import re
import unicodedata

MAX_DIGITS = 4300  # the most digits Python converts to an int by default
_QUALIFIER = re.compile(r"\s*\([^()]*\)\s*$")
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


class _ControlCharacters(dict[int, str | None]):
    """A :meth:`str.translate` table, filled as characters are met: a control character
    (Cc) reads as a space, other ``C*`` characters (format, private, unassigned) are dropped,
    every other character stays."""

    def __missing__(self, code: int) -> str | None:
        category = unicodedata.category(chr(code))
        kept = " " if category == "Cc" else None if category[0] == "C" else chr(code)
        self[code] = kept
        return kept


_CONTROLS = _ControlCharacters()


def clean(text: str) -> str:
    """Normalise unicode (NFKC), drop control and format characters, collapse whitespace.

    One pass of :meth:`str.translate` (no Python call per character), so a megabyte takes
    milliseconds."""
    text = unicodedata.normalize("NFKC", text)
    return " ".join(text.translate(_CONTROLS).split())  # split: the whitespace of "\s"


def integer(text: str) -> int | None:
    """The number that a string of decimal digits writes ("12", " 3 ", "١٢"); None when it is
    not one ("²", "1.5", "-1", "") or has more than :data:`MAX_DIGITS` digits."""
    digits = text.strip()
    if not digits.isdecimal() or len(digits) > MAX_DIGITS:
        return None
    return int(digits)


def is_one_word(text: str) -> bool:
    """Whether ``text`` is non-empty without whitespace, as an id in a TREC file must be."""
    return text.split() == [text]


def strip_qualifier(title: str) -> str:
    """``"Avatar (2009 film)"`` -> ``"Avatar"``: the page name without its bracketed qualifier."""
    return (_QUALIFIER.sub("", title) if "(" in title else title).strip()  # most have none


def qualifier(title: str) -> str:
    """``"Avatar (2009 film)"`` -> ``"2009 film"``; ``""`` when the title has none."""
    match = _QUALIFIER.search(title) if "(" in title else None
    return match.group(0).strip()[1:-1].strip() if match else ""


def same_name(a: str, b: str) -> bool:
    """Whether two titles name the same thing once bracketed qualifiers are ignored."""
    return strip_qualifier(a).casefold() == strip_qualifier(b).casefold()


def words(text: str) -> list[str]:
    """Lower-cased word tokens (letters and digits, inner apostrophes kept)."""
    return [w.casefold() for w in _WORD.findall(text)]


ANSWER_CUT = 600  # the characters of an answer that every method reads
QUESTION_CUT = 2000  # the characters of a question that a writer reads (no question is longer)


def cut(text: str, limit: int = ANSWER_CUT) -> str:
    """Cut ``text`` to ``limit`` characters, as every method does with history answers."""
    return text if len(text) <= limit else text[:limit].rstrip()


_PRONOUN = re.compile(
    r"\b(?:he|him|his|himself|she|her|hers|herself|it|its|itself|they|them|their|theirs|"
    r"themselves)\b",
    re.IGNORECASE,
)
POSSESSIVES = frozenset({"his", "her", "hers", "its", "their", "theirs"})


def replace_pronouns(text: str, name: str, count: int = 0) -> str:
    """Third-person pronouns replaced by ``name`` ("his" -> "name's"); ``count`` limits how
    many (0: all)."""

    def swap(match: re.Match[str]) -> str:
        return name + ("'s" if match.group().casefold() in POSSESSIVES else "")

    return _PRONOUN.sub(swap, text, count=count)


def rename(
    text: str, old: str, new: str, *, pattern: str = r"\b{}\b", count: int = 1
) -> str | None:
    """``text`` with the name ``old``, failing that ``old`` without its qualifier, replaced by
    ``new`` (the first ``count`` times; 0: every time), case ignored; None when neither occurs.
    ``pattern`` is the regular expression around the escaped name (whole words by default)."""
    for variant in dict.fromkeys([old, strip_qualifier(old)]):
        found = re.compile(pattern.format(re.escape(variant)), re.IGNORECASE)
        if found.search(text):
            return found.sub(lambda _: new, text, count=count)
    return None

"""Small text helpers shared by the memory, the writers and the search."""

from __future__ import annotations

import re
import unicodedata

MAX_DIGITS = 4300  # the most digits Python converts to an int by default
_SPACE = re.compile(r"\s+")
_QUALIFIER = re.compile(r"\s*\([^()]*\)\s*$")
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


def _replacement(char: str) -> str:
    category = unicodedata.category(char)
    if category == "Cc":
        return " "
    return "" if category[0] == "C" else char


def clean(text: str) -> str:
    """Normalise unicode (NFKC), drop control and format characters, collapse whitespace."""
    text = unicodedata.normalize("NFKC", text)
    if not text.isprintable():  # only then can it hold control or format characters
        text = "".join(_replacement(c) for c in text)
    return _SPACE.sub(" ", text).strip()


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
    return _QUALIFIER.sub("", title).strip()


def qualifier(title: str) -> str:
    """``"Avatar (2009 film)"`` -> ``"2009 film"``; ``""`` when the title has none."""
    match = _QUALIFIER.search(title)
    return match.group(0).strip()[1:-1].strip() if match else ""


def same_name(a: str, b: str) -> bool:
    """Whether two titles name the same thing once bracketed qualifiers are ignored."""
    return strip_qualifier(a).casefold() == strip_qualifier(b).casefold()


def words(text: str) -> list[str]:
    """Lower-cased word tokens (letters and digits, inner apostrophes kept)."""
    return [w.casefold() for w in _WORD.findall(text)]


def cut(text: str, limit: int = 600) -> str:
    """Cut ``text`` to ``limit`` characters, as every method does with history answers."""
    return text if len(text) <= limit else text[:limit].rstrip()


_PRONOUN = re.compile(
    r"\b(?:he|him|his|himself|she|her|hers|herself|it|its|itself|they|them|their|theirs|"
    r"themselves)\b",
    re.IGNORECASE,
)
_POSSESSIVES = frozenset({"his", "her", "hers", "its", "their", "theirs"})


def replace_pronouns(text: str, name: str, count: int = 0) -> str:
    """Third-person pronouns replaced by ``name`` ("his" -> "name's"); ``count`` limits how
    many (0: all)."""

    def swap(match: re.Match[str]) -> str:
        return name + ("'s" if match.group().casefold() in _POSSESSIVES else "")

    return _PRONOUN.sub(swap, text, count=count)

"""Numbers in names and turns: a turn that swaps a number, decade or Roman numeral renames a topic.

"Apollo 11" + "sorry, i meant 12, not 11" -> "Apollo 12"; "Rocky II" + "i meant III" ->
"Rocky III"; "The 1960s" + "no, the 70s" -> "The 1970s".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memrevise.text import integer, rename, strip_qualifier

CENTURY = 100  # a two-digit value may stand for a year of a century ("the 84 one": 1984)
FIRST_YEAR = 1000  # a value this large is a year ("in 1972"), not a count or a number
_NEGATORS = frozenset({"not", "instead", "than"})  # "not 11", "instead of 11", "rather than 11"
_NEGATION_REACH = 3  # words after a negator within which it marks a number as the rejected one
_TOKEN = re.compile(r"[^\W_]+")
_DECADE = re.compile(r"(?:\d{2}|\d{4})s")
_NUMBER = re.compile(r"\d+")
_ROMAN = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
SMALL_ROMAN = re.compile(r"(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")  # I to LXXXIX
_ROMAN_VALUES = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Mention:
    """A number in a text: its kind, a comparable value, and where it stands."""

    kind: str  # "decade", "number" or "roman"
    value: str
    text: str
    start: int
    end: int

    @property
    def number(self) -> int:
        """The value as a number, a Roman numeral read ("XLV" -> 45); not for a decade."""
        return roman_value(self.value) if self.kind == "roman" else int(self.value)


def _mention(token: re.Match[str], in_title: bool) -> Mention | None:
    text = token.group()
    if _DECADE.fullmatch(text):
        return Mention("decade", text[-3:], text, token.start(), token.end())
    value = integer(text) if _NUMBER.fullmatch(text) else None
    if value is not None:
        return Mention("number", str(value), text, token.start(), token.end())
    roman = text if in_title else text.upper()
    # In a title a numeral is upper case; in a turn "i" is the pronoun, never one, and a
    # lower-case word is a numeral only below 90 ("xlv", not "mix" or "cd").
    pattern = _ROMAN if in_title or text.isupper() else SMALL_ROMAN
    if roman and pattern.fullmatch(roman) and (in_title or roman != "I"):
        return Mention("roman", roman, text, token.start(), token.end())
    return None


def roman_value(numeral: str) -> int:
    """The value of an upper-case Roman numeral ("XLV" -> 45)."""
    total = 0
    rest = numeral
    for value, letters in _ROMAN_VALUES:
        while rest.startswith(letters):
            total += value
            rest = rest[len(letters) :]
    return total


def roman(value: int) -> str:
    """``value`` (1 to 3999) as an upper-case Roman numeral (45 -> "XLV")."""
    letters = []
    for step, written in _ROMAN_VALUES:
        count, value = divmod(value, step)
        letters.append(written * count)
    return "".join(letters)


def mentions(text: str, in_title: bool = False) -> list[tuple[Mention, bool]]:
    """Every number in ``text``, each with whether a negation marks it ("not 11")."""
    found: list[tuple[Mention, bool]] = []
    reach = 0
    for token in _TOKEN.finditer(text):
        mention = _mention(token, in_title)
        if mention is not None:
            found.append((mention, reach > 0))
            reach = 0
        elif token.group().casefold() in _NEGATORS:
            reach = _NEGATION_REACH
        else:
            reach = max(reach - 1, 0)
    return found


def _spelled(new: Mention, old: Mention | None) -> str:
    """``new`` as the title writes it: Roman numerals upper case, "70s" after "1960s" -> "1970s"."""
    if new.kind == "roman":
        return new.value
    if new.kind == "decade" and old is not None and len(old.text) == 5 and len(new.text) == 3:
        return old.text[:2] + new.text
    return new.text


def renamed(topic: str, question: str) -> str | None:
    """``topic`` with the one new number of ``question`` in place of one of the same kind.

    The question must name exactly one number (of any kind) that is neither in the topic
    nor marked as rejected by a negation. It replaces the topic's number of the same kind
    that the question rejects, else the topic's last one of that kind. When the topic has
    none of that kind but the question rejects one ("i meant 2, not 1" on "Toy Story"), the
    first of a series being usually unnumbered, the number is appended to the name without
    its qualifier ("Toy Story 2"). Otherwise ``None``: the rule does not apply to ``topic``.
    """
    in_topic = [m for m, _ in mentions(topic, in_title=True)]
    known = {(m.kind, m.value) for m in in_topic}
    said = mentions(question)
    new = {(m.kind, m.value): m for m, rejected in said if not rejected}
    new = {key: m for key, m in new.items() if key not in known}
    if len(new) != 1:
        return None
    (mention,) = new.values()
    rejected = {m.value for m, negated in said if negated and m.kind == mention.kind}
    same_kind = [m for m in in_topic if m.kind == mention.kind]
    if not same_kind:
        return f"{strip_qualifier(topic)} {_spelled(mention, None)}" if rejected else None
    old = next((m for m in same_kind if m.value in rejected), same_kind[-1])
    return topic[: old.start] + _spelled(mention, old) + topic[old.end :]


def requery(query: str, old: str, new: str) -> str:
    """The writer's query with the old name (or, failing that, its base name) replaced by the
    new one; the new name is appended when neither occurs and the query lacks it."""
    renamed_query = rename(query, old, new, pattern=r"(?<!\w){}(?!\w)", count=0)
    if renamed_query is not None:
        return renamed_query
    if new.casefold() in query.casefold():
        return query
    return f"{query} {new}"

"""Numbers in names and turns: a turn that swaps a number, decade or Roman numeral renames a topic.

"Apollo 11" + "sorry, i meant 12, not 11" -> "Apollo 12"; "Rocky II" + "i meant III" ->
"Rocky III"; "The 1960s" + "no, the 70s" -> "The 1970s".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memrevise.text import strip_qualifier

_NEGATORS = frozenset({"not", "instead", "than"})  # "not 11", "instead of 11", "rather than 11"
_NEGATION_REACH = 3  # words after a negator within which it marks a number as the rejected one
_TOKEN = re.compile(r"[^\W_]+")
_DECADE = re.compile(r"(?:\d{2}|\d{4})s")
_NUMBER = re.compile(r"\d+")
_ROMAN = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_SMALL_ROMAN = re.compile(r"(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")  # I to LXXXIX
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


def _mention(token: re.Match[str], in_title: bool) -> Mention | None:
    text = token.group()
    if _DECADE.fullmatch(text):
        return Mention("decade", text[-3:], text, token.start(), token.end())
    if _NUMBER.fullmatch(text):
        return Mention("number", str(int(text)), text, token.start(), token.end())
    roman = text if in_title else text.upper()
    # In a title a numeral is upper case; in a turn "i" is the pronoun, never one, and a
    # lower-case word is a numeral only below 90 ("xlv", not "mix" or "cd").
    pattern = _ROMAN if in_title or text.isupper() else _SMALL_ROMAN
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
    for name in dict.fromkeys([old, strip_qualifier(old)]):
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)
        if pattern.search(query):
            return pattern.sub(lambda _: new, query)
    if new.casefold() in query.casefold():
        return query
    return f"{query} {new}"


_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}  # fmt: skip
_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
# Words that say which one of a numbered series: "the third instalment", "part two".
_SERIES_NOUNS = (
    r"one|instal?lment|film|movie|picture|book|novel|game|part|season|series|edition|episode|"
    r"sequel|mission|flight|volume|chapter|album|record|release|version|generation|model|"
    r"tournament|cup|bowl|game|war|world\s+cup|olympics"
)
_ORDINAL_STEP = re.compile(
    rf"\b(?P<ord>{'|'.join(_ORDINAL_WORDS)}|\d{{1,3}}(?:st|nd|rd|th))\s+(?:{_SERIES_NOUNS})\b",
    re.IGNORECASE,
)
_PART = re.compile(
    rf"\b(?:part|number|no\.?|#)\s*(?P<n>\d{{1,3}}|{'|'.join(_NUMBER_WORDS)})\b", re.IGNORECASE
)
_NEXT = re.compile(
    r"\b(?:next|following|subsequent|later|newer|sequel|one\s+after(?:\s+(?:that|it))?)\b",
    re.IGNORECASE,
)
_PREVIOUS = re.compile(
    r"\b(?:previous|preceding|prior|earlier|older|prequel|one\s+before(?:\s+(?:that|it))?)\b",
    re.IGNORECASE,
)
_ORIGINAL = re.compile(r"\b(?:original|very\s+first)\b", re.IGNORECASE)


def _series_number(topic: str) -> Mention | None:
    """The number that places ``topic`` in a series: its last number below 1,000 or numeral."""
    found = [
        m
        for m, _ in mentions(strip_qualifier(topic), in_title=True)
        if m.kind == "roman" or (m.kind == "number" and int(m.value) < 1000)
    ]
    return found[-1] if found else None


def _written(value: int, like: Mention | None) -> list[str]:
    """``value`` as a title would write it: in the style of ``like``, else both styles."""
    if like is not None:
        return [roman(value) if like.kind == "roman" else str(value)]
    return [str(value), roman(value)]


def _with_number(topic: str, value: int) -> list[str]:
    """``topic`` as the ``value``-th of its series: the first is often unnumbered."""
    base = strip_qualifier(topic)
    old = _series_number(topic)
    if old is None:
        return [] if value == 1 else [f"{base} {n}" for n in _written(value, None)]
    prefix, suffix = base[: old.start].rstrip(), base[old.end :]
    names = [f"{prefix} {n}{suffix}".strip() for n in _written(value, old)]
    return names + ([f"{prefix}{suffix}".strip()] if value == 1 else [])


def _current_value(topic: str) -> int:
    old = _series_number(topic)
    if old is None:
        return 1
    return roman_value(old.value) if old.kind == "roman" else int(old.value)


def sibling_names(topic: str, question: str) -> list[str]:
    """The names ``question`` may move ``topic`` to by a value, best first (not checked
    against any collection): a number swapped as :func:`renamed` does ("12, not 11"), a
    number in another style ("Rocky II" + "3" -> "Rocky III"), an ordinal ("the third
    instalment"), a part ("part 2"), a step ("the next one" +1, "the one before" -1) or the
    original (the unnumbered first)."""
    names: list[str] = []
    swapped = renamed(topic, question)
    if swapped is not None:
        names.append(swapped)
    current = _current_value(topic)
    wanted: list[int] = []
    said = [m for m, negated in mentions(question) if not negated and m.kind != "decade"]
    for mention in said:
        value = roman_value(mention.value) if mention.kind == "roman" else int(mention.value)
        if 0 < value < 1000 and value != current:
            wanted.append(value)
    for match in _ORDINAL_STEP.finditer(question):
        ordinal = match["ord"].casefold()
        wanted.append(_ORDINAL_WORDS.get(ordinal) or int(re.sub(r"\D", "", ordinal)))
    for match in _PART.finditer(question):
        number = match["n"].casefold()
        wanted.append(_NUMBER_WORDS.get(number) or int(number))
    if _NEXT.search(question):
        wanted.append(current + 1)
    if _PREVIOUS.search(question) and current > 1:
        wanted.append(current - 1)
    if _ORIGINAL.search(question):
        wanted.append(1)
    for value in dict.fromkeys(wanted):
        if value != current and 0 < value < 4000:
            names.extend(_with_number(topic, value))
    return list(dict.fromkeys(n for n in names if n.casefold() != topic.casefold()))

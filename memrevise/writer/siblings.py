"""Numbered families among a collection's page titles, and the member a value revision means.

"Apollo 11", "Apollo 12" and "Apollo 13" are one family ("apollo #"), as are "Rocky",
"Rocky II" and "Rocky III" (the unnumbered first counts as 1), "1990 FIFA World Cup" and
"1994 FIFA World Cup", or "Avatar (2009 film)" and "Avatar (2022 film)". Where a page's
opening is known, works of one kind whose titles open with the same name ("Mad Max (1979
film)", "Mad Max 2", "Mad Max: Fury Road"; "Alien", "Aliens", "Alien 3") are a family too,
valued and ordered by the year each opening names. A turn that changes a value ("7 not 6",
"xlv", "the 1990 one", "the next one", "the one before", "the third instalment", "the
original") moves a topic to the member with that value, and only ever to a page that exists.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from memrevise.language import cues
from memrevise.language.entities import STOPWORDS, initials, name_key
from memrevise.language.kinds import looks_like_person
from memrevise.numbers import CENTURY, FIRST_YEAR, mentions
from memrevise.text import qualifier, strip_qualifier
from memrevise.writer.pages import Opening, same_kind, year_of

_SLOT = "#"
_OWN_NAME_AFTER_SLOT = re.compile(r"# [a-z][\w'-]* of ")  # "charles # gustav of sweden"
# The nouns a family's members are called ("the first film"), and those a step along a
# family counts in ("the tournament after", "4 numbers on")
_MEMBER_NOUNS = r"season|edition|film|movie|game|book|part|mission|model|version"
_UNIT = (
    rf"(?:one|year|{_MEMBER_NOUNS}|number|tournament|cup|symphony|album|record|flight|episode|"
    r"chapter|volume|instal{1,2}ment|race|final|olympics|championship|console|issue)"
)
_STEP_WORDS = {"two": 2, "three": 3, "2": 2, "3": 3}  # "the one two before that"
_STEP = f"(?:{'|'.join(_STEP_WORDS)})"
# "earlier" and "later" step ("the earlier one", "four years later"), except after a verb of
# saying ("the one you told me about earlier", "from earlier").
_NOT_AFTER_SAYING = "".join(
    rf"(?<!\b{verb}\s)" for verb in "about discussed mentioned said from asked named listed".split()
)
# one step, said as a count: "plus one", "one number back", "1 step forward"
_ONE_STEP = r"(?:one|1)\s+(?:(?:number|step|place|spot)\s+)?"
_NEXT = re.compile(
    rf"\b(?:next|following|subsequent|successors?|{_NOT_AFTER_SAYING}later|newer|sequel|{_UNIT}\s+"
    rf"(?:{_STEP}\s+)?after|(?:came\s+)?after\s+(?:that|it|her|him)|(?:ahead|forward)\s+"
    rf"(?:one|a)|{_ONE_STEP}(?:ahead|forward)|plus\s+(?:one|1)|numbered\s+(?:just\s+)?above)\b",
    re.IGNORECASE,
)
_PREVIOUS = re.compile(
    rf"\b(?:previous|preceding|prior|predecessors?|{_NOT_AFTER_SAYING}earlier|older|prequel|{_UNIT}\s+"
    rf"(?:{_STEP}\s+)?before|before\s+(?:that|it|him|her)|back\s+(?:one|a)|{_ONE_STEP}"
    r"back|minus\s+(?:one|1)|numbered\s+(?:just\s+)?below)\b",
    re.IGNORECASE,
)
_STEPS = re.compile(rf"\b({_STEP})\s+(?:before|after)\b", re.IGNORECASE)
_COUNTED_STEP = re.compile(rf"\b{_ONE_STEP}(?:back|ahead|forward)\b", re.IGNORECASE)
# A number word after a word that numbers parts of a series: "part three", "season two".
_NUMBERING = r"\b(?:part|season|series|episode|chapter|volume|vol|book|number|no)\.?\s+"
_NUMBERED = re.compile(_NUMBERING + r"$", re.IGNORECASE)  # "part " before a member's number
_TENS = {
    w: 10 * n
    for n, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)
}
_UNITS = "|".join(w for w, n in cues.NUMBER_WORDS.items() if n < 10)
# "two", "twelve", "sixty four", "sixty-four"
_SPELT = rf"(?:(?:{'|'.join(_TENS)})(?:[\s-]+(?:{_UNITS}))?|{'|'.join(cues.NUMBER_WORDS)})"
_NUMBER_WORD = re.compile(
    _NUMBERING + rf"(?P<word>(?!one\b){_SPELT})\b"
    # a number said in words that is a sentence of its own: "four. and what games were
    # exclusive", "SIXTY FOUR lol"
    r"|^\W*(?:(?:no|nope|sorry|i\s+meant?)\W+)*"
    rf"(?P<alone>(?!one\b){_SPELT})\s*(?:(?:lol|lmao|haha)\b\s*)?(?:[.,;!?…]|$)",
    re.IGNORECASE,
)
_NUMBER_WORDS = {w: n for w, n in cues.NUMBER_WORDS.items() if n > 1}  # not "part one"


def _spelt_value(said: str) -> int:
    """The number a match of ``_SPELT`` writes ("sixty four": 64)."""
    words = re.split(r"[\s-]+", said.casefold())
    return _TENS.get(words[0], 0) + sum(cues.NUMBER_WORDS[w] for w in words if w not in _TENS)


# A title ending in an ordinal or a number word: "Shrek the Third", "The Godfather Part Two".
_SPELT_NUMBER = re.compile(r"\s+(?P<lead>the|part)\s+(?P<word>[a-z]+)$", re.IGNORECASE)
_SPELT_VALUES = {
    **{w: n for w, n in cues.ORDINALS.items() if n > 1 and " " not in w and w != "latter"},
    **_NUMBER_WORDS,
}
_SERIES_STEM = 2  # words of a title's opening name that a series shares ("mad max", "alien")
_NAMES_KIND = re.compile(
    r"\d|\b(?:" + "|".join(sorted(frozenset().union(*cues.KIND_WORDS))) + r")\b"
)
_SERIES_CANDIDATES = 40  # more titles opening with that name: too common a name for a series
_SERIES_KEPT = 4096  # titles whose series is remembered
_QUALIFIER_MEMBERS = 8  # more pages sharing a qualifier: a kind ("film"), not a family
_QUALIFIER_YEAR = re.compile(r"\b1[89]\d\d\b|\b20\d\d\b")  # "1984 film"
_THE_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)
_TITLE_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d\b")  # "1906 San Francisco earthquake"
_ARTICLES = frozenset("the a an".split())
_PART_WORDS = frozenset("part chapter episode volume vol.".split())  # before a member's number
# A count of steps or years, in digits or words ("4", "two"): the family places share it.
COUNT_PATTERN = rf"(?:\d{{1,2}}|{'|'.join(cues.NUMBER_WORDS)})"
_COUNT = rf"(?P<count>{COUNT_PATTERN})"


def counted_step(text: str) -> bool:
    """Whether ``text`` steps along a family by a count ("one number back", "1 step
    forward"), which no "back" of a return is."""
    return _COUNTED_STEP.search(text) is not None


def says_step(text: str) -> bool:
    """Whether ``text`` says a step along a family ("the next one", "the one numbered just
    below", "4 numbers on")."""
    return any(p.search(text) for p in (_NEXT, _PREVIOUS, _MOVE))


def count_of(said: str) -> int:
    """The number a match of :data:`COUNT_PATTERN` writes ("4", "two")."""
    said = said.casefold()
    return int(said) if said.isdigit() else cues.NUMBER_WORDS[said]


# "4 yrs earlier", "eight years later": a family of years, that many years away
_YEARS_APART = re.compile(
    rf"\b{_COUNT}\s+(?:years?|yrs?)\s+(?P<way>earlier|before|prior|later|after|on)\b",
    re.IGNORECASE,
)
# "the one after 8": a step from the member of that value, not from the topic
_FROM_VALUE = re.compile(
    rf"\b{_UNIT}\s+(?P<way>after|before)\s+(?P<value>\d{{1,4}}|[IVXLC]{{1,7}})\b", re.IGNORECASE
)
_LATER = frozenset("later after on".split())
_MOVE = re.compile(  # not by years: "4 years later" counts years, read above
    rf"\b(?:(?P<way>back|ahead|forward)\s+)?{_COUNT}\s+(?!years?\b){_UNIT}s?"
    r"(?:\s+(?P<after>back|ahead|forward|earlier|later|before|after|down|up|on))?\b",
    re.IGNORECASE,
)
_BACK = frozenset("back earlier before down".split())
# "Nicholas I of Russia", "Philip IV of Spain": a ruler with a numeral, of a realm
_RULER_TITLE = re.compile(r"(?P<name>[^,()]+?) (?P<numeral>[IVXLC]+) of (?P<realm>[^,()]+)")
_RULER = r"(?:kings?|queens?|tsars?|czars?|emperors?|empress(?:es)?|popes?|monarchs?|rulers?|"
_RULER += r"sultans?|shahs?|kaisers?|pharaohs?|caliphs?)"
# A step by a ruler's noun: "the next king", "the tsar right before him", "2 kings ahead"
_RULER_STEP = re.compile(
    rf"\b(?:(?P<count>{COUNT_PATTERN})\s+{_RULER}\s+(?P<way>ahead|forward|back|earlier|later|"
    rf"before|after|on)|(?P<lead>ahead|forward|back)\s+(?P<led>{COUNT_PATTERN})\s+{_RULER}|"
    rf"(?:next|following|subsequent)\s+{_RULER}|{_RULER}\s+(?:right\s+|just\s+|"
    rf"immediately\s+)?(?:after|following)|(?P<back>(?:previous|preceding|prior)\s+{_RULER}|"
    rf"{_RULER}\s+(?:right\s+|just\s+|immediately\s+)?before))\b",
    re.IGNORECASE,
)
# The way a step goes, after a family's name ("the thutmose after him")
_WAY_AFTER_NAME = r"(?P<after>before|after|earlier|later|back|ahead|forward)\b"
_STEP_WORD = re.compile(rf"\b{_WAY_AFTER_NAME}", re.IGNORECASE)
_ON = re.compile(r"\bon\b", re.IGNORECASE)
# "the first film" is the family's first member; not "the first year", nor "the last
# tournament" of a series page
_MEMBER = rf"(?:one|{_MEMBER_NOUNS})"
_FIRST = re.compile(rf"\b(?:original|very\s+first|first\s+{_MEMBER}|numero\s+uno)\b")
_LAST = re.compile(rf"\b(?:latest|newest|most\s+recent|last\s+{_MEMBER})\b")
_ORDINAL = re.compile(
    rf"\b(?:the\s+)?(?P<ord>{'|'.join(w for w, n in cues.ORDINALS.items() if n > 1)}|"
    r"\d{1,2}(?:st|nd|rd|th))\b(?!\s+(?:person|guy|man|woman|name|item|entry|member|"
    r"mentioned|listed|in\s+(?:that|the|this)\s+list))",
    re.IGNORECASE,
)
# A number that counts things ("3 songs", "2 sets") is not a value of the topic's name.
_COUNTED = re.compile(r"\s*(?:[a-z]{3,})", re.IGNORECASE)
_VALUE_FOLLOWERS = frozenset(
    "not one one's then instead please version edition film movie mission game season "
    "model sequel again or and still though tho too sorry lol right is was i you actually "
    "rather maybe perhaps pls plz thx thanks ty".split()
)


@dataclass(frozen=True, slots=True)
class Member:
    """A page of a family and its value (a number, a year or a numeral's value)."""

    value: int
    title: str


def _slot(title: str) -> tuple[str, int] | None:
    """The family key of ``title`` (its last number or numeral replaced by a slot) and the
    value there; None for a title without one. A title that ends in an ordinal ("Shrek the
    Third") or a number word after "Part" is numbered by it: "Shrek the Third" is "Shrek 3"."""
    found = [m for m, _ in mentions(title, in_title=True) if m.kind in ("number", "roman")]
    if not found:
        spelt = _SPELT_NUMBER.search(strip_qualifier(title))
        value = spelt and _SPELT_VALUES.get(spelt["word"].casefold())
        if not value:
            return None
        lead = spelt["lead"] if spelt["lead"].casefold() == "part" else ""
        key = f"{title[: spelt.start()]} {lead} {_SLOT}{title[spelt.end() :]}"
        return " ".join(key.casefold().split()), value
    last = found[-1]
    key = title[: last.start] + _SLOT + title[last.end :]
    return " ".join(key.casefold().split()), last.number


class Siblings:
    """The numbered families of a collection's titles (families of two pages or more), and
    with ``openings`` (a page's kind and year) the series of works that share a name."""

    def __init__(
        self, titles: Iterable[str], openings: Callable[[str], Opening | None] | None = None
    ):
        titles = list(titles)
        members: dict[str, dict[int, str]] = {}
        plain: dict[str, str] = {}
        self._openings = openings
        self._titles = titles
        self._series = lru_cache(maxsize=_SERIES_KEPT)(self._find_series)
        dated: dict[str, list[tuple[int, str]]] = {}  # "ghostbusters": its films by year
        for title in titles:
            slot = _slot(title)
            year = _QUALIFIER_YEAR.search(qualifier(title))
            if year is not None:
                base = " ".join(strip_qualifier(title).casefold().split())
                dated.setdefault(base, []).append((int(year.group()), title))
            if slot is None:
                plain.setdefault(" ".join(title.casefold().split()), title)
                continue
            key, value = slot
            members.setdefault(key, {}).setdefault(value, title)
        # "Charles X Gustav of Sweden" is of the family of "Charles XI of Sweden" too: a name
        # after the numeral, before "of", is the member's own
        for key, values in list(members.items()):
            loose = _OWN_NAME_AFTER_SLOT.sub(f"{_SLOT} of ", key)
            if loose != key and loose in members:
                for value, title in values.items():
                    members[loose].setdefault(value, title)
        # "Rocky" is the first of "Rocky II", "Rocky III"; without a plain "Ghostbusters", the
        # earliest "Ghostbusters (YEAR film)" is the first of "Ghostbusters II"
        for key, values in members.items():
            words = key.replace(_SLOT, " ").split()
            if words and words[-1] in _PART_WORDS:  # "The Godfather" of "The Godfather Part II"
                words = words[:-1]
            base = " ".join(words)
            first = plain.get(base) or min(dated.get(base, [(0, None)]))[1]
            if first is not None and 1 not in values:  # "Ghostbusters (1984 film)" too
                values[1 if min(values) < FIRST_YEAR else 0] = first
        self._families = {
            key: tuple(Member(v, t) for v, t in sorted(values.items()))
            for key, values in members.items()
            if len(values) > 1
        }
        self._key_of = {m.title.casefold(): key for key, ms in self._families.items() for m in ms}

    @staticmethod
    def named_step(title: str, text: str) -> str | None:
        """The words of ``text`` that step along ``title``'s family by its own name ("two
        thutmoses back", "the thutmose after"), if any."""
        found = _named_steps(title, text)
        return found.group() if found is not None else None

    def family(self, title: str) -> tuple[Member, ...]:
        """The members of ``title``'s family in order of value (empty when it has none): its
        numbered family, else its series; the series where it holds the numbered family and
        more."""
        key = self._key_of.get(title.casefold())
        numbered = self._families[key] if key is not None else ()
        series = self._series(title) if self._openings is not None else ()
        in_series = {m.title for m in series}
        if len(series) > len(numbered) and all(m.title in in_series for m in numbered):
            return series  # "Grand Theft Auto: Vice City" between "... III" and "... V"
        return numbered or series

    def _years(self, titles: Iterable[str]) -> dict[int, str]:
        """Pages of a family by each year that one page's opening alone names ("the 72 one"
        among The Godfather's parts, "the 2012 one" of rovers launched in 2011)."""
        if self._openings is None:
            return {}
        openings = [(title, self._openings(title)) for title in titles]
        openings = [(title, opening) for title, opening in openings if opening is not None]
        found: dict[int, str] = {}
        for years in (lambda o: [o.year], lambda o: o.years):  # its own year first
            named: dict[int, list[str]] = {}
            for title, opening in openings:
                for year in years(opening):
                    named.setdefault(year, []).append(title)
            for year, titles in named.items():
                if len(titles) == 1 and year is not None:
                    found.setdefault(year, titles[0])
        return found

    @cached_property
    def _by_qualifier(self) -> dict[str, list[str]]:
        """The titles by their bracketed qualifier, built when first looked for."""
        by_qualifier: dict[str, list[str]] = {}
        for title in self._titles:
            said = qualifier(title).casefold()
            if said:
                by_qualifier.setdefault(said, []).append(title)
        return by_qualifier

    @staticmethod
    def _named_member(family: tuple[Member, ...], title: str, text: str) -> str | None:
        """The one other member whose own words beyond the family's name ``text`` says
        ("fury road" for Mad Max: Fury Road while on Mad Max)."""
        said = set(cues.words_of(text))
        stem = set(_stem(title))
        found = [
            m.title
            for m in family
            if m.title.casefold() != title.casefold()
            and (own := set(name_key(strip_qualifier(m.title))) - stem - STOPWORDS)
            and not any(w.isdigit() for w in own)  # a number is a value, read below
            and own <= said
        ]
        return found[0] if len(found) == 1 else None

    def _of_year(self, title: str, text: str) -> str | None:
        """The page sharing ``title``'s qualifier (:meth:`_qualified`) whose opening alone
        names a year ``text`` says ("and the 2012 one" on Opportunity (rover)); such pages
        have no order that "the next one" or "the third" could follow."""
        years = _with_last_digits(self._years(self._qualified(title)))
        found = [years[v] for v in said_values(text) if v in years]
        return next((m for m in found if m.casefold() != title.casefold()), None)

    def _namesake_step(self, title: str, text: str) -> str | None:
        """The next or previous of ``title``'s namesakes by the years their pages open with
        ("the enterprise that came after her" on USS Enterprise (CV-6): the one of 1960)."""
        if self._openings is None:
            return None
        step = 1 if _NEXT.search(text) else -1 if _PREVIOUS.search(text) else 0
        openings = {t: self._openings(t) for t in [title, *self.namesakes(title)]} if step else {}
        if len(openings) < 2 or any(
            opening is None or (not qualifier(t) and looks_like_person(t))
            for t, opening in openings.items()
        ):
            return None  # things of one name only: not Taylor Swift and her first album
        dated = [(year_of(opening), t) for t, opening in openings.items()]
        if any(year is None for year, _ in dated):
            return None
        order = [t for _, t in sorted(dated)]
        i = order.index(title) + step
        return order[i] if 0 <= i < len(order) else None

    def _qualified(self, title: str) -> list[str]:
        """The few pages that share ``title``'s qualifier, one that names no kind or year
        ("Spirit (rover)", "Opportunity (rover)", "Curiosity (rover)")."""
        said = qualifier(title).casefold()
        if not said or _NAMES_KIND.search(said):
            return []
        members = self._by_qualifier.get(said, [])
        return members if 1 < len(members) <= _QUALIFIER_MEMBERS else []

    @cached_property
    def _by_first(self) -> dict[str, list[str]]:
        """The titles by the first word of their stem, built when a series or a namesake is
        first looked for."""
        by_first: dict[str, list[str]] = {}
        for title in self._titles:
            stem = _stem(title)
            if stem:
                by_first.setdefault(stem[0], []).append(title)
        return by_first

    def namesakes(self, title: str) -> list[str]:
        """The other titles of ``title``'s name, whatever qualifies them: a bracket or a
        place's region ("Phoenix, Arizona" and "Phoenix (mythology)")."""
        own = _plain_name(title)
        stem = _stem(title)
        return [
            other
            for other in (self._by_first.get(stem[0], ()) if stem else ())
            if other != title and _plain_name(other) == own
        ]

    def _namesake_of(self, title: str, years: list[int]) -> str | None:
        """The page of ``title``'s name, of any kind, whose opening names one of ``years`` or
        ends in one of them said in two digits ("the one from 1818" on "Frankenstein (1931
        film)": "Frankenstein (novel)"; "96 i mean" on "Fargo (TV series)": "Fargo (1996
        film)"), else a work of its kind whose title ends in its name ("1992?" on "Dracula
        (1931 film)": "Bram Stoker's Dracula"), if only one does."""
        if self._openings is None or not years:
            return None
        own_year = year_of(self._openings(title))
        if own_year is not None and _said_year(own_year, years):
            return None  # "the 1948 one" on "Hamlet (1948 film)" names its own year
        own, stem = name_key(strip_qualifier(title)), _stem(title)
        dated = [
            candidate
            for candidate in (self._by_first.get(stem[0], ()) if stem else ())
            if candidate != title
            and name_key(strip_qualifier(candidate)) == own
            and _said_year(year_of(self._openings(candidate)), years)
        ]
        if not dated and own and (kind := self._openings(title)) is not None and kind.kind:
            dated = [
                candidate
                for candidate in self._by_last.get(own[-1], ())
                if candidate != title
                and name_key(strip_qualifier(candidate))[-len(own) :] == own
                and (opening := self._openings(candidate)) is not None
                and same_kind(opening.kind, kind.kind)
                and _said_year(opening.year, years)
            ]
        return dated[0] if len(dated) == 1 else None

    def _dated_alike(self, title: str, years: list[int]) -> str | None:
        """The one other page that ends in the same word as ``title``, both dated in their
        titles, whose year is one of ``years``, whole or by its last two digits ("n for 89?"
        on "1906 San Francisco earthquake": "1989 Loma Prieta earthquake")."""
        own = name_key(strip_qualifier(title))
        if not years or not own or not _TITLE_YEAR.search(title):
            return None
        found = [
            other
            for other in self._by_last.get(own[-1], ())
            if other != title
            and (year := _TITLE_YEAR.search(strip_qualifier(other))) is not None
            and _said_year(int(year.group()), years)
        ]
        return found[0] if len(found) == 1 else None

    @cached_property
    def _by_last(self) -> dict[str, list[str]]:
        """The titles by the last word of their name, built when first looked for."""
        by_last: dict[str, list[str]] = {}
        for title in self._titles:
            key = name_key(strip_qualifier(title))
            if key:
                by_last.setdefault(key[-1], []).append(title)
        return by_last

    def _find_series(self, title: str) -> tuple[Member, ...]:
        """The works of ``title``'s kind whose titles open with its stem (a plural of the
        stem's last word too: "Aliens" beside "Alien") or end in the name of a work of its
        kind that its own name ends in ("Rise of the Planet of the Apes", "Beneath the Planet
        of the Apes" and "Planet of the Apes (1968 film)"), by the year each opening names;
        none where two share a year or the stem opens too many titles."""
        assert self._openings is not None
        own, stem = self._openings(title), _stem(title)
        if own is None or own.year is None or not own.kind or not stem:
            return ()
        first = stem[0]
        candidates = {
            t: None
            for word in (first, first + "s", first.removesuffix("s"))
            for t in self._by_first.get(word, ())
        }
        tail = self._series_name(title, own.kind)
        ending = [t for t in self._by_last.get(tail[-1], ()) if _ends_in(t, tail)] if tail else []
        candidates.update(dict.fromkeys(ending))
        if len(candidates) > _SERIES_CANDIDATES:
            return ()
        by_year: dict[int, str] = {}
        for candidate in candidates:
            if not (_same_stem(_stem(candidate), stem) or candidate in ending):
                continue
            opening = self._openings(candidate)
            if opening is None or opening.year is None:
                continue
            if not same_kind(opening.kind, own.kind):
                continue
            if opening.year in by_year:
                return ()  # two works of a year: no order to go by
            by_year[opening.year] = candidate
        if len(by_year) < 2 or by_year.get(own.year) != title:
            return ()
        return tuple(Member(year, t) for year, t in sorted(by_year.items()))

    def _series_name(self, title: str, kind: str) -> tuple[str, ...]:
        """The shortest end of ``title``'s name, of two words or more and not opening with a
        function word, that is the whole name of a work of ``kind`` ("planet of the apes" of
        "Rise of the Planet of the Apes"; "christmas carol" of "The Muppet Christmas Carol",
        an article aside); empty where none is."""
        assert self._openings is not None
        key = _unarticled(_plain_name(title))
        names = (
            [(t, _unarticled(_plain_name(t))) for t in self._by_last.get(key[-1], ())]
            if key
            else []
        )
        for size in range(_SERIES_STEM, len(key) + 1):
            tail = key[-size:]
            if tail[0] in STOPWORDS:
                continue
            if any(
                name == tail
                and (opening := self._openings(t)) is not None
                and same_kind(opening.kind, kind)
                for t, name in names
            ):
                return tail
        return ()

    def typed(self, title: str, text: str) -> str | None:
        """The words of ``text`` that type ``title`` by its family's initials and its number
        ("t2" for Terminator 2: Judgment Day), if any."""
        family = self.family(title)
        own = {m.value for m in family if m.title.casefold() == title.casefold()}
        number = _number_in_title(title)  # a series by year keeps its numbered titles' numbers
        own |= {number} if number is not None else set()
        return next((m.group() for m in _typed_short(family, text) if int(m["value"]) in own), None)

    @cached_property
    def _by_realm(self) -> dict[str, list[str]]:
        """The titles of numbered rulers by their realm ("Nicholas I of Russia": "russia"),
        built when first looked for."""
        by_realm: dict[str, list[str]] = {}
        for title in self._titles:
            ruler = _RULER_TITLE.fullmatch(title)
            if ruler is not None:
                by_realm.setdefault(ruler["realm"].casefold(), []).append(title)
        return by_realm

    def _reign_step(self, title: str, said: re.Match[str], ruler: re.Match[str]) -> str | None:
        """The ruler of ``title``'s realm (``ruler``, its title read) so many reigns before or
        after it, by the years their pages open with, where a turn steps by a ruler's noun
        (``said``: "the tsar right before him" on Nicholas I of Russia: Alexander I; "jump 2
        kings ahead" on Philip IV of Spain: Philip V, past Charles II)."""
        if self._openings is None:
            return None
        realm = self._by_realm.get(ruler["realm"].casefold(), [])
        dated = [(year_of(self._openings(t)), t) for t in realm]
        if title not in realm or len(dated) < 2 or any(year is None for year, _ in dated):
            return None  # a topic not spelled as its page, or a realm without a page's year
        order = [t for _, t in sorted(dated)]
        i = order.index(title) + _reigns(said)
        return order[i] if 0 <= i < len(order) else None

    def moved(self, title: str, text: str) -> str | None:
        """The member of ``title``'s family that ``text`` asks for instead of it: a value
        said in it (not one it rejects: "7 not 6"), a step ("the next one", "the one
        before"; "the king after him" across the names of one realm's rulers), an ordinal
        ("the third instalment") or the first or latest one."""
        said_reigns = _RULER_STEP.search(text)
        ruler = _RULER_TITLE.fullmatch(title) if said_reigns is not None else None
        if said_reigns is not None and ruler is not None:
            by_reign = self._reign_step(title, said_reigns, ruler)
            if by_reign is not None:
                return by_reign
        family = self.family(title)
        said = said_values(text)
        if not family:
            return (
                self._of_year(title, text)
                or self._namesake_of(title, said)
                or self._namesake_step(title, text)
                or self._dated_alike(title, said)
                or self._numbered_alike(title, said)
            )
        values = [m.value for m in family]
        here = next(i for i, m in enumerate(family) if m.title.casefold() == title.casefold())
        named = self._named_member(family, title, text)
        if named is not None:
            return named
        by_value = {m.value: m.title for m in family}
        for member in family:  # a series by year keeps its numbered titles' numbers
            number = _number_in_title(member.title)
            if number is not None:
                by_value.setdefault(number, member.title)
        years = self._years(m.title for m in family)  # "the 72 one" of The Godfather's parts
        if values[0] >= CENTURY:  # years: "the 84 one", "90 i mean"
            years = {value: by_value[value] for value in values} | years
        for value, member in _with_last_digits(years).items():
            by_value.setdefault(value, member)
        in_decade = _in_decade(years, text)  # "the 90s version"
        if in_decade is not None and in_decade.casefold() != title.casefold():
            return in_decade
        apart = _YEARS_APART.search(text)
        if apart is not None:
            step = count_of(apart["count"]) * (1 if apart["way"].casefold() in _LATER else -1)
            if values[0] >= FIRST_YEAR:
                found = by_value.get(family[here].value + step)
            else:  # numbered, "2 years before" Super Bowl LI: by the years the pages open with
                own = family[here].title
                year = next((y for y, member in years.items() if member == own), None)
                found = years.get(year + step) if year is not None else None
            if found is not None:
                return found
        anchor = _FROM_VALUE.search(text)
        if anchor is not None:
            at = next(iter(said_values(anchor["value"])), None)
            if at in by_value:
                i = next(i for i, m in enumerate(family) if m.title == by_value[at])
                i += 1 if anchor["way"].casefold() == "after" else -1
                return family[i].title if 0 <= i < len(family) else None
        typed = [int(m["value"]) for m in _typed_short(family, text)]
        for value in [*typed, *said]:
            if value in by_value and by_value[value].casefold() != title.casefold():
                return by_value[value]
            # "and 3" in a series by year: its third work ("Die Hard with a Vengeance")
            if values[0] >= CENTURY and 0 < value <= len(family) and value not in by_value:
                counted = family[value - 1].title
                if counted.casefold() != title.casefold():
                    return counted
        if said_reigns is not None and ruler is not None and values[0] < CENTURY:
            # "go back two kings" by their numerals, where the pages' years cannot order them
            return by_value.get(family[here].value + _reigns(said_reigns))
        # "go back 4 games", "two thutmoses back", "one james on"
        move = _MOVE.search(text) or _named_steps(title, text) or _counted_on(title, text)
        way = move and (move["way"] or move["after"])
        if way:
            size = count_of(move["count"] or "1")  # "the thutmose after him": one step
            size = -size if way.casefold() in _BACK else size
            # numbered: "back 4 games" from X is VI, by number or year
            number = family[here].value if values[0] < CENTURY else _number_in_title(title)
            if (
                number is not None
                and number < CENTURY
                and (number + size in by_value or values[0] < CENTURY)
            ):
                return by_value.get(number + size)
            i = here + size  # a series by year: "ahead two films" from III is the fifth film
            return family[i].title if 0 <= i < len(family) else None
        if any(by_value.get(v, "").casefold() == title.casefold() for v in said):
            return None  # "the 1970 sequel" of the film of 1970 is that film
        steps = _STEPS.search(text)
        size = _STEP_WORDS[steps.group(1).casefold()] if steps else 1
        for direction, step in ((1, _NEXT), (-1, _PREVIOUS)):
            if step.search(text) and 0 <= here + direction * size < len(family):
                return family[here + direction * size].title
        for match in _ORDINAL.finditer(text):
            ordinal = match["ord"].casefold()
            wanted = cues.ORDINALS.get(ordinal) or int(re.sub(r"\D", "", ordinal))
            chosen = (
                by_value.get(wanted)
                if values[0] < FIRST_YEAR
                else (family[wanted - 1].title if wanted <= len(family) else None)
            )
            if chosen is not None and chosen.casefold() != title.casefold():
                return chosen
        end = _named_end(title, text)  # "the first nicholas", "the last mariner of all"
        first = _FIRST.search(text.casefold()) or _only_first(text) or end == "first"
        if first and here > 0:
            return family[0].title
        if (_LAST.search(text.casefold()) or end == "last") and here + 1 < len(family):
            return family[-1].title
        return self._numbered_alike(title, said)

    def _numbered_alike(self, title: str, values: list[int]) -> str | None:
        """The one page outside ``title``'s family whose name opens with the same words and
        holds a number said ("and 64?" on Super Mario Bros. 3: Super Mario 64)."""
        stem = _stem(title)
        if len(stem) < _SERIES_STEM or not values:
            return None
        found = {
            other
            for other in self._by_first.get(stem[0], ())
            if other != title
            and _stem(other) == stem
            and _number_in_title(other) in values
            and self._key_of.get(other.casefold()) != self._key_of.get(title.casefold())
        }
        return found.pop() if len(found) == 1 else None


# A family's initials typed with a member's number: "ff7", "t3", "gta5".
_SHORT_TYPED = re.compile(r"\b(?P<letters>[a-z]{1,4})(?P<value>\d{1,2})\b", re.IGNORECASE)


def _typed_short(family: tuple[Member, ...], text: str) -> list[re.Match[str]]:
    """Where ``text`` types a value after the initials of the words that open a member's
    title before its number or subtitle ("ff7" in Final Fantasy VI's family, "t3" in The
    Terminator's)."""
    typed_as: set[str] = set()
    for member in family:
        opening = re.split(r"[:\d]", strip_qualifier(member.title))[0]
        words = [w for w in name_key(opening) if w != "the" and not _NUMERAL_WORD.fullmatch(w)]
        if words:
            typed_as.add(initials(words))
    return [m for m in _SHORT_TYPED.finditer(text) if m["letters"].casefold() in typed_as]


_NUMERAL_WORD = re.compile(r"[ivxl]+")


def _in_decade(years: dict[int, str], text: str) -> str | None:
    """The one page of ``years`` whose year falls in a decade ``text`` says and does not
    reject ("the 90s version", "the 1990s one")."""
    for mention, negated in mentions(text):
        if mention.kind == "decade" and not negated:
            decade = int(mention.value[:2])
            found = {page for year, page in years.items() if year % CENTURY // 10 * 10 == decade}
            return found.pop() if len(found) == 1 else None
    return None


def _number_in_title(title: str) -> int | None:
    """The number a title holds for its place in a series ("Terminator 3: ..." -> 3), not a
    year ("1990 FIFA World Cup")."""
    slot = _slot(title)
    return slot[1] if slot is not None and slot[1] < CENTURY else None


def _reigns(said: re.Match[str]) -> int:
    """The reigns a match of :data:`_RULER_STEP` steps, back below zero ("2 kings back", "go
    back two kings", "the king before him")."""
    way = said["way"] or said["lead"]
    back = said["back"] or (way and way.casefold() in _BACK)
    return count_of(said["count"] or said["led"] or "1") * (-1 if back else 1)


def _named_steps(title: str, text: str) -> re.Match[str] | None:
    """Steps counted in the family's own name: "2 louis's before him" from Louis XVI, "three
    apollos later", "two thutmoses back from him", and one step: "the thutmose after him"."""
    if not _STEP_WORD.search(text):  # no step said: no pattern of the name to compile
        return None
    stem = _stem(title)
    return _steps_named_by(stem[0]).search(text) if stem else None


def _counted_on(title: str, text: str) -> re.Match[str] | None:
    """Steps on, counted in the family's own name: "one james on", "2 louis's on"."""
    stem = _stem(title)
    return _counted_on_by(stem[0]).search(text) if stem and _ON.search(text) else None


@lru_cache(maxsize=4096)
def _counted_on_by(word: str) -> re.Pattern[str]:
    """Steps on counted in ``word``, a family's name (see :func:`_counted_on`)."""
    return re.compile(
        rf"\b{_COUNT}\s+{re.escape(word)}(?:'?s|es)?\s+(?P<way>)(?P<after>on)\b", re.IGNORECASE
    )


def _named_end(title: str, text: str) -> str | None:
    """ "first" or "last" said of the family by its own name ("the first nicholas", "the
    last mariner of all"), if either is."""
    stem = _stem(title)
    found = _ends_named_by(stem[0]).search(text) if stem else None
    return found["end"].casefold() if found is not None else None


@lru_cache(maxsize=4096)
def _ends_named_by(word: str) -> re.Pattern[str]:
    """ "first" or "last" before ``word``, a family's name (see :func:`_named_end`)."""
    return re.compile(rf"\b(?P<end>first|last)\s+{re.escape(word)}(?:'?s|es)?\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _steps_named_by(word: str) -> re.Pattern[str]:
    """Steps counted in ``word``, a family's name (see :func:`_named_steps`), compiled once."""
    return re.compile(
        rf"\b(?:{_COUNT}|the)\s+{re.escape(word)}(?:'?s|es)?\s+(?P<way>){_WAY_AFTER_NAME}",
        re.IGNORECASE,
    )


def _said_year(year: int | None, said: list[int]) -> bool:
    """Whether ``year`` is one of the values ``said``, whole or by its last two digits."""
    return year is not None and (year in said or year % CENTURY in said)


def _with_last_digits(years: dict[int, str]) -> dict[int, str]:
    """Pages by year, and by a year's last two digits where no other page has them first
    ("the 84 one")."""
    found = dict(years)
    for year, page in years.items():
        found.setdefault(year % CENTURY, page)
    return found


def _plain_name(title: str) -> tuple[str, ...]:
    """A title's name without its qualifier or its place's region ("Phoenix, Arizona" ->
    ("phoenix",))."""
    return name_key(strip_qualifier(title).split(",")[0])


def _unarticled(key: tuple[str, ...]) -> tuple[str, ...]:
    """A name's words without an article before them ("a christmas carol")."""
    return key[1:] if key and key[0] in _ARTICLES else key


def _ends_in(title: str, tail: tuple[str, ...]) -> bool:
    """Whether ``title``'s name ends in the words ``tail``."""
    return _plain_name(title)[-len(tail) :] == tail


def _stem(title: str) -> tuple[str, ...]:
    """The opening words of a title's name that a series of works shares: up to
    :data:`_SERIES_STEM` words before any function word, number or subtitle ("Mad Max: Fury
    Road" -> ("mad", "max"), "Alien 3" -> ("alien",), "Halo: Reach" -> ("halo",), "The
    Godfather" -> ("godfather",))."""
    words = list(name_key(strip_qualifier(title).split(":")[0]))  # a subtitle is no stem
    if words and words[0] == "the":
        words = words[1:]
    stem: list[str] = []
    for word in words[:_SERIES_STEM]:
        if word in STOPWORDS or not word.isalpha():
            break
        stem.append(word)
    return tuple(stem)


def _same_stem(key: tuple[str, ...], stem: tuple[str, ...]) -> bool:
    """Whether ``key`` opens with ``stem``, either one's last word maybe a plural of the
    other's ("aliens", "alien")."""
    if len(key) < len(stem) or key[: len(stem) - 1] != stem[:-1]:
        return False
    said, wanted = key[len(stem) - 1], stem[-1]
    return said in (wanted, wanted + "s") or wanted == said + "s"


def _only_first(text: str) -> bool:
    """Whether the turn says "first" and nothing else but filler ("first actually?", "no,
    the first")."""
    said = cues.words_of(text)
    return "first" in said and all(w in cues.FILLER for w in said)


def said_values(text: str) -> list[int]:
    """The values a turn names for a topic's number, not the ones it rejects ("7 not 6" ->
    [7]) nor counts ("top 3 songs"); number words only after a word that numbers parts
    ("part three"); a number after such a word is a value whatever follows ("when did part
    3 come out")."""
    values = [_spelt_value(m["word"] or m["alone"]) for m in _NUMBER_WORD.finditer(text)]
    for mention, negated in mentions(text):
        if negated or mention.kind == "decade":
            continue
        after = text[mention.end :]
        word = cues.words_of(after[:20])[:1]
        numbered = _NUMBERED.search(text[: mention.start])  # "part 3 come out" counts nothing
        # "the 1906 quake" dates the quake; it counts none
        dated = mention.number >= FIRST_YEAR and _THE_BEFORE.search(text[: mention.start])
        counted = word and word[0] not in _VALUE_FOLLOWERS and _COUNTED.match(after)
        if counted and not numbered and not dated:
            continue
        values.append(mention.number)
    return values

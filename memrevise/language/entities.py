"""Names in text: known names (memory, page titles) and capitalised spans, and lists of them."""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher, get_close_matches
from functools import lru_cache

from jellyfish import damerau_levenshtein_distance

from memrevise.language.cues import KIND_WORDS
from memrevise.numbers import SMALL_ROMAN, roman_value
from memrevise.text import qualifier, strip_qualifier

_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_CAP = r"[A-Z][\w'’.\-]*"
_NUM = r"(?:\d+(?:st|nd|rd|th)?|[IVX]{1,5})\b"
_CONNECTOR = r"(?:of|the|de|da|del|von|van|der|la|le|du)"
_SPAN = re.compile(rf"\b{_CAP}(?:[ \t]+(?:{_CONNECTOR}[ \t]+)*(?:{_CAP}|{_NUM}))*")
_LEADING = frozenset(
    [
        "the",
        "a",
        "an",
        "in",
        "on",
        "at",
        "he",
        "she",
        "it",
        "they",
        "his",
        "her",
        "its",
        "their",
        "this",
        "that",
        "these",
        "those",
        "when",
        "where",
        "what",
        "who",
        "which",
        "why",
        "how",
        "after",
        "before",
        "during",
        "since",
        "although",
        "however",
        "also",
        "yes",
        "no",
        "sorry",
        "i",
        "but",
        "and",
        "or",
        "so",
        "as",
        "for",
        "from",
        "to",
        "with",
        "by",
        "is",
        "was",
        "are",
        "were",
        "did",
        "do",
        "does",
        "then",
        "there",
        "here",
        "if",
        "because",
        "while",
        "many",
        "most",
        "some",
        "both",
        "each",
        "all",
        "according",
        "born",
        "although",
        "today",
        "later",
        "meanwhile",
        "following",
        "under",
        "over",
        "between",
        "among",
        "despite",
        "unlike",
        "like",
    ]
)
_DETERMINER_REACH = 40  # characters before a word in which a determiner is looked for
FOUND_TEXTS = 4096  # texts whose names a table keeps
SPELLINGS_KEPT = 65_536  # casefolded names whose spelling a table keeps
_ENDS_SENTENCE = re.compile(r"[.?!…]\s*$")  # a sentence's end, just before a word
_DETERMINER = re.compile(
    r"\b(?:the|a|an|its|their|his|her|this|that|these|those|our|your|my|some|any|which|what|"
    r"whose|each|every|no)\s+$",
    re.IGNORECASE,
)
_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an)\s+$", re.IGNORECASE)  # "the stethoscope"
_LIST_GAP = re.compile(  # after a bracketed aside: "Apollo 8 (December 1968), Apollo 9"
    r"^\s*(?:\([^()]*\)\s*)?(?:,|&|and|or|,\s*and|,\s*or|as\s+well\s+as|with|and\s+then(?:\s+to)?)"
    # a short aside of time between commas: "Charles XI and, from 1697, Charles XII"
    r"(?:\s*,\s*(?:from|in|since|after|until|by)\s+[^,()]{1,24},)?"
    r"(?:\s+(?:the|a|an))?"
    r"(?-i:\s+(?:[A-Z][\w-]*\s+){0,2}[A-Z][\w-]*['’]s)?\s*$",  # "and Van Gogh's Sunflowers"
    re.IGNORECASE,
)
_POSSESSES = re.compile(r"^['’]s\s+$")  # "Caravaggio's Judith ...": the work is the item
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "if",
        "in",
        "into",
        "is",
        "it",
        "no",
        "not",
        "of",
        "on",
        "or",
        "such",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "will",
        "with",
        "what",
        "who",
        "when",
        "where",
        "which",
        "why",
        "how",
        "does",
        "did",
        "do",
        "i",
        "you",
        "he",
        "she",
        "him",
        "her",
        "his",
        "its",
        "we",
        "us",
        "our",
        "me",
        "my",
        "your",
    ]
)


@dataclass(frozen=True, slots=True)
class Mention:
    """A name found in text: its name as known, and where it is (character offsets)."""

    name: str
    start: int
    end: int


@lru_cache(maxsize=65_536)
def folded(word: str) -> str:
    """A word lower-cased and without accents, as people type names ("bronte" for "Brontë")."""
    if word.isascii():
        return word.lower()  # nothing to fold beyond case (most words)
    plain = unicodedata.normalize("NFKD", word.casefold().replace("’", "'"))
    return "".join(c for c in plain if not unicodedata.combining(c))


@lru_cache(maxsize=FOUND_TEXTS)
def word_spans(text: str) -> tuple[tuple[str, int, int], ...]:
    """Lower-cased words without accents, with their character offsets (memoised: a turn's
    texts are read by several rules)."""
    return tuple((folded(m.group()), m.start(), m.end()) for m in _TOKEN.finditer(text))


def after_article(text: str, start: int) -> bool:
    """Whether the word at ``start`` of ``text`` follows an article ("the stethoscope")."""
    return bool(_ARTICLE_BEFORE.search(text[max(0, start - _DETERMINER_REACH) : start]))


@lru_cache(maxsize=65_536)
def name_key(name: str) -> tuple[str, ...]:
    """The words by which a name is found in text, its bracketed qualifier ignored (memoised:
    a conversation's topic names are looked up again at every turn)."""
    return tuple(w for w, _, _ in word_spans(strip_qualifier(name)))


_SHORT_FORM = 3  # letters a short form of a word keeps at least ("man", "utd")
ONE_EDIT_LETTERS = 5  # letters a misspelt name needs to be read through a single typo


def shortens(short: str, word: str) -> bool:
    """Whether ``short`` is ``word`` or a short form people type for it: its opening ("man"
    for "manchester") or some of its letters in order, from the first ("utd" for "united")."""
    if short == word:
        return True
    if len(short) < _SHORT_FORM or len(short) >= len(word) or short[0] != word[0]:
        return False
    if word.startswith(short):
        return True
    rest = iter(word[1:])
    return all(letter in rest for letter in short[1:])


def short_form_of(said: Sequence[str], key: tuple[str, ...]) -> int:
    """How many of the words ``said`` (from the first) say the name ``key`` word for word or
    in short forms (:func:`shortens`), two or more single letters at its end ("F.C.") left
    out; 0 when they do not."""
    words = key
    while len(words) > 1 and len(words[-1]) == 1:
        words = words[:-1]
    if len(key) - len(words) < 2:  # "World War I" ends in a numeral, not in initials
        words = key
    n = len(words)
    fits = len(said) >= n and all(shortens(s, w) for s, w in zip(said[:n], words, strict=True))
    return n if fits else 0


def name_keys(name: str) -> list[tuple[str, ...]]:
    """The word sequences by which a name is found (:func:`_name_keys`), each also as people
    type it: an apostrophe left out ("stephensons rocket" for Stephenson's Rocket) and
    initials run together ("born in the usa" for Born in the U.S.A.)."""
    keys = _name_keys(name)
    for key in list(keys):
        typed = _as_typed(key)
        if typed != key and typed not in keys:
            keys.append(typed)
    for typed in _typed_forms(name, keys[0]):
        if typed not in keys:
            keys.append(typed)
    return keys


def _typed_forms(name: str, key: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Other ways people type a name: its hyphenated words run together ("kohinoor" for
    Koh-i-Noor), a middle initial left out ("anthony pratt" for Anthony E. Pratt), and a
    generic word before a name of two words or more left out ("hale bopp" for Comet
    Hale–Bopp)."""
    forms = []
    base = strip_qualifier(name)
    if _HYPHEN.search(base):
        forms.append(name_key(_HYPHEN.sub("", base)))
    if len(key) > 2 and _MIDDLE_INITIAL.search(base):
        forms.append(name_key(_MIDDLE_INITIAL.sub(" ", base)))
    if len(key) > 2 and key[0] in _GENERIC_LEADING:
        forms.append(key[1:])
    return [form for form in forms if form and form != key]


def _as_typed(key: tuple[str, ...]) -> tuple[str, ...]:
    """``key`` without apostrophes, and two or more single letters in a row as one word."""
    words: list[str] = []
    letters = ""
    for word in (*key, ""):
        if len(word) == 1 and word.isalpha():
            letters += word
            continue
        if letters:
            words.append(letters)
        letters = ""
        if word:
            words.append(word.replace("'", ""))
    return tuple(words)


def _name_keys(name: str) -> list[tuple[str, ...]]:
    """The word sequences by which a name is found: its words; for "Place, Region" (a
    comma title) also "place in region" and "region place"; for a name of initials ("R.E.M.")
    also its letters as one word; for a ruler "Name Numeral of Realm" also "name numeral";
    for "Series: Subtitle" or "Series – Subtitle" also its subtitle where that says a name
    of its own ("vice city" of "Grand Theft Auto: Vice City", "rogue nation" of "Mission:
    Impossible – Rogue Nation", not "the movie"); for a title of three words or more after an
    article, also those words ("star is born")."""
    key = name_key(name)
    base = strip_qualifier(name)
    if is_initialism(name):
        return [key, ("".join(key),)]  # "rem" for R.E.M., as it is typed without its dots
    regnal = _REGNAL.fullmatch(base)
    if regnal and (regnal["rank"] or regnal["realm"]):
        return [key, name_key(regnal["name"])]  # "henry viii" for Henry VIII of England
    if len(key) == 2 and (generic := {*key} & _GENERIC_PLACE_WORDS) and len(generic) == 1:
        return [key, tuple(w for w in key if w not in generic)]  # "alcatraz", "santos"
    dashed = _SUBTITLE_DASH.split(base)
    if len(dashed) == 2 or base.count(":") == 1:  # "Mission: Impossible – Rogue Nation"
        subtitle = name_key(dashed[-1] if len(dashed) == 2 else base.split(":")[1])
        distinctive = [w for w in subtitle if w not in STOPWORDS and w not in _GENERIC_SUBTITLE]
        if len(subtitle) > 1 and distinctive:
            if subtitle[0] in ARTICLES and len(subtitle) > 2:  # "wrath of khan"
                return [key, subtitle, subtitle[1:]]
            return [key, subtitle]
    if base.count(",") != 1:
        # "star is born" for A Star Is Born: a long title without its article, as typed
        bare = key[1:] if len(key) > _BARE_TITLE_WORDS and key[0] in ARTICLES else None
        return [key, bare] if bare else [key]
    person, style = base.split(",")
    if _STYLE.match(style.strip()) and len(name_key(person)) > 1:
        return [key, name_key(person)]  # "walter rothschild" for "..., 2nd Baron Rothschild"
    place, region = name_key(person), name_key(style)
    return [key, (*place, "in", *region), (*region, *place)] if place and region else [key]


# A ruler's title: "Henry VIII of England", "Philip II of Spain", "Louis XIV of France",
# "Henry IV, Holy Roman Emperor", "Pope Gregory VII"
_REGNAL = re.compile(
    r"(?P<rank>(?:Pope|Saint|King|Queen|Emperor|Empress|Tsar|Sultan|Pharaoh) )?"
    r"(?P<name>[A-Z][a-z]+(?: [A-Z][a-z]+)? [IVXL]+)(?P<realm>(?: of|,) [A-Z][\w ]+)?"
)


def is_initialism(name: str) -> bool:
    """Whether a name is written as initials alone ("R.E.M.", "U. S. A.")."""
    return bool(_INITIALS.fullmatch(strip_qualifier(name).replace(" ", "")))


# Words beside a name in a title that people leave out ("Alcatraz Island", "Santos FC",
# "Mount Kilimanjaro").
_GENERIC_PLACE_WORDS = frozenset("mount island fc afc cf lake".split())
# A person's style after the comma of a title ("2nd Baron Rothschild", "Duchess of Parma",
# "Lord Darnley"): the name before it is how people say it
_STYLE = re.compile(
    r"(?:\d+(?:st|nd|rd|th)\s+)?(?:Baron|Baroness|Viscount|Viscountess|Earl|Countess|Count|"
    r"Duke|Duchess|Marquess|Marchioness|Lord|Lady|Prince|Princess|Holy Roman Emperor)\b"
)
_GENERIC_LEADING = frozenset({"comet"})  # "Comet Hale–Bopp" is "hale bopp"
_MIDDLE_INITIAL = re.compile(r"(?<=\w) [A-Z]\. (?=\w)")  # "Anthony E. Pratt"
_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")  # between letters: "Koh-i-Noor"
_SUBTITLE_DASH = re.compile(r" [–—] ")  # a subtitle after a spaced dash
# Subtitle words that name no work of their own ("Pokémon: The Movie", "Part Two").
_GENERIC_SUBTITLE = frozenset(
    "movie film game series part episode season chapter volume edition saga story show "
    "one two three four five six seven eight nine ten i ii iii iv v vi vii viii ix x".split()
)


class NameTable:
    """Names found in text by their words, longest match first.

    Built from page titles (the corpus's gazetteer) or from the topics of a memory. A
    single-word name written in lower case is only found where ``common`` (a test of corpus
    frequency) says the word is rare and no determiner precedes it. With ``short_forms``,
    names are also found in short forms ("man utd"); with ``unmarked_possessives``, with a
    possessive "s" typed without its apostrophe ("dicaprios first role"); with ``proper`` (a
    test of whether the corpus writes a word as a name), in the plural of a title that opens
    with one ("komodo dragons" of Komodo dragon).
    """

    def __init__(
        self,
        names: Iterable[str] = (),
        common: Callable[[str], bool] = lambda _: False,
        short_forms: bool = False,
        unmarked_possessives: bool = False,
        proper: Callable[[str], bool] | None = None,
    ):
        self._unmarked_possessives = unmarked_possessives
        self._proper = proper
        self._names: dict[tuple[str, ...], list[str]] = {}
        self._first_words: set[str] = set()  # the first word of every name
        self._beginnings: set[tuple[str, ...]] = set()  # every name's first words, short of all
        self._common = common
        self._longest = 0
        self._found = lru_cache(maxsize=FOUND_TEXTS)(self._find)
        self._spellings = lru_cache(maxsize=SPELLINGS_KEPT)(self._spelling)
        # Keys by word count and first letter, built when a misspelt name is first looked up.
        self._openings: dict[tuple[int, str], list[tuple[str, ...]]] | None = None
        # Names by the initials they are typed in, built when an acronym is first looked up.
        self._acronyms: dict[str, set[str]] | None = None
        # Names of several words by their first word's opening and second word's initial,
        # when short forms are looked for.
        self._initials: dict[tuple[str, str], list[tuple[str, ...]]] | None = (
            {} if short_forms else None
        )
        for name in names:
            self.add(name)

    def add(self, name: str, key: tuple[str, ...] | None = None) -> None:
        """Find ``name`` by ``key`` (its words, by default). A name "Place, Region" is also
        found as "place in region" ("a paris in texas")."""
        keys = [key] if key is not None else name_keys(name)
        for key in keys:
            if not key or (len(key) == 1 and key[0] in STOPWORDS):
                continue
            entries = self._names.setdefault(key, [])
            self._first_words.add(key[0])
            self._beginnings.update(key[:n] for n in range(1, len(key)))
            if name not in entries:
                entries.append(name)
                self._found.cache_clear()
                self._spellings.cache_clear()
                self._openings = None
                self._acronyms = None
                if self._initials is not None and len(key) > 1 and len(entries) == 1:
                    opening = (key[0][:_SHORT_FORM], key[1][0])
                    self._initials.setdefault(opening, []).append(key)
            self._longest = max(self._longest, len(key))

    def __len__(self) -> int:
        return len(self._names)

    def closest(self, said: str, cutoff: float) -> str | None:
        """The name that ``said``, a name the table does not know, most likely misspells: of
        the names with as many words and the same first letter, the most alike by
        :class:`difflib.SequenceMatcher`, if at least ``cutoff`` alike and alone there; else
        the one name of :data:`ONE_EDIT_LETTERS` letters or more that a letter changed, added,
        left out or two letters swapped make ("bryne" for Byrne, "roice" for Royce)."""
        typed = name_key(said)
        if not typed:
            return None
        keys = self._keys_like(typed)
        found = get_close_matches(" ".join(typed), keys, 2, cutoff)
        if not found:  # "bryne" for Byrne
            return self.one_typo(said)
        if len(found) > 1 and _alike(found[1], typed) == _alike(found[0], typed):
            return None
        return self._names[tuple(found[0].split())][0]

    def one_typo(self, said: str) -> str | None:
        """The one name of :data:`ONE_EDIT_LETTERS` letters or more that ``said`` misspells
        by a letter changed, added or left out, or two letters swapped ("seinfield")."""
        typed = name_key(said)
        written = " ".join(typed)
        if not typed or len(written) < ONE_EDIT_LETTERS:
            return None
        found = [k for k in self._keys_like(typed) if damerau_levenshtein_distance(k, written) == 1]
        return self._names[tuple(found[0].split())][0] if len(found) == 1 else None

    def _keys_like(self, typed: tuple[str, ...]) -> list[str]:
        """The names' keys, written out, with as many words as ``typed`` and its first letter."""
        if self._openings is None:
            self._openings = {}
            for key in self._names:
                self._openings.setdefault((len(key), key[0][:1]), []).append(key)
        return [" ".join(k) for k in self._openings.get((len(typed), typed[0][:1]), [])]

    def named(self, name: str) -> list[str]:
        """Every known name sharing ``name``'s words (the same-name pages of a title)."""
        return list(self._names.get(name_key(name), ()))

    def spelled(self, folded: str) -> str:
        """The known name that ``folded`` (a name casefolded) writes, as it is spelled: the
        first such of the names sharing its words; ``folded`` itself when none is (memoised:
        a conversation's searches find the same pages turn after turn)."""
        return self._spellings(folded)

    def _spelling(self, folded: str) -> str:
        return next((n for n in self.named(folded) if n.casefold() == folded), folded)

    def find(self, text: str) -> list[Mention]:
        """Non-overlapping known names in ``text``, left to right, longest first at each word
        (memoised: a writer looks for names in a question again, and again once answered)."""
        return list(self._found(text))

    def _find(self, text: str) -> tuple[Mention, ...]:
        spans = word_spans(text)
        words = [w for w, _, _ in spans]
        found, i = [], 0
        while i < len(spans):
            first = words[i] in self._first_words or _bare(words[i]) in self._first_words
            first = first or (self._unmarked_possessives and words[i][:-1] in self._first_words)
            # "hodgkins lymphoma": a name's first word with a possessive "s" typed bare
            owner = words[i][:-1] if first and self._unmarked_possessive(words[i]) else None
            reach = self._reach(words, i) if first else 0
            if owner is not None:
                reach = max(reach, self._reach(words, i, owner))
            for n in range(reach, 0, -1):
                key, end = tuple(words[i : i + n]), spans[i + n - 1][2]
                names = self._names.get(key)
                if not names and owner is not None and n > 1:
                    names = self._names.get((owner, *key[1:]))
                if not names and key[-1] != _bare(key[-1]):  # "interstellar's cast"
                    names = self._names.get((*key[:-1], _bare(key[-1])))
                    end -= len(_POSSESSIVE)
                elif not names and i + n < len(spans) and self._unmarked_possessive(key[-1]):
                    names = self._names.get((*key[:-1], key[-1][:-1]))
                    end -= 1
                plain = [w for w in key if w not in ARTICLES]
                if not names and len(plain) > 1 and _PLURAL.fullmatch(key[-1]):  # "nobel prizes"
                    singular = self._names.get((*key[:-1], key[-1][:-1]), ())
                    # not "Video game"; "komodo dragons" where the corpus writes "Komodo"
                    names = [
                        t for t in singular if _capitalised_words(t) or self._proper_word(key[0])
                    ]
                    end = spans[i + n - 1][2]
                if names and (
                    n > 1 or self._single_ok(text, spans[i]) or _kind_named(text, names, end)
                ):
                    name, end = _qualified_as_written(text, names, end)
                    found.append(Mention(name, spans[i][1], end))
                    i += n
                    break
            else:
                typed = self._acronym(spans, i)
                if typed is not None:
                    found.append(Mention(typed[0], spans[i][1], spans[i + typed[1] - 1][2]))
                i += typed[1] if typed is not None else 1
        return tuple(found)

    def _reach(self, words: list[str], i: int, opening: str | None = None) -> int:
        """The most words from ``i`` on that a name may span: those that open a longer name,
        and one more (a name's last word alone is also read in other forms: "interstellar's");
        with ``opening``, read in place of the word at ``i``."""
        reach = min(self._longest, len(words) - i)
        first = words[i] if opening is None else opening
        n = 1
        while n < reach and (first, *words[i + 1 : i + n]) in self._beginnings:
            n += 1
        return n

    def _acronym(self, spans: Sequence[tuple[str, int, int]], i: int) -> tuple[str, int] | None:
        """The one name whose initials and number the word at ``i`` spells, and how many words
        spell it: "ps4" for PlayStation 4, "gta 3" and "gta v" for Grand Theft Auto III and V,
        where the table reads short forms. Initials without a number are left alone: typos
        ("wht", "thr") and an answer's capitals ("the FBI agent") spell names as often as
        people mean them."""
        if self._initials is None:
            return None
        word = spans[i][0]
        spelt = [(word, 1)] if _ACRONYM_TYPED.fullmatch(word) else []
        if i + 1 < len(spans) and _ACRONYM_LETTERS.fullmatch(word):
            number = spans[i + 1][0]
            if (number.isdigit() and len(number) < 3) or _TYPED_NUMERAL.fullmatch(number):
                spelt.append((word + number, 2))
        for typed, n in spelt:
            name = self._acronym_of(typed)
            if name is not None:
                return name, n
        return None

    def by_initials(self, typed: str) -> str | None:
        """The one name whose initials ``typed`` spells ("tlou" for The Last of Us), if one."""
        return self._acronym_of(typed)

    def _acronym_of(self, typed: str) -> str | None:
        if self._acronyms is None:
            self._acronyms = {}
            for entries in self._names.values():
                for name in entries:
                    for spelt in acronyms_of(name):
                        self._acronyms.setdefault(spelt, set()).add(name)
        named = self._acronyms.get(typed, set())
        return next(iter(named)) if len(named) == 1 else None

    def short_forms(self, text: str) -> list[Mention]:
        """Names of several words written in short forms ("man utd", "man united" for
        "Manchester United F.C."), left to right; none unless the table was built with
        ``short_forms``."""
        if self._initials is None:
            return []
        spans = word_spans(text)
        found, i = [], 0
        while i < len(spans) - 1:
            short = self._short_form(text, spans, i)
            if short is None:
                i += 1
                continue
            key, n = short
            found.append(Mention(self._names[key][0], spans[i][1], spans[i + n - 1][2]))
            i += n
        return found

    def _short_form(
        self, text: str, spans: list[tuple[str, int, int]], i: int
    ) -> tuple[tuple[str, ...], int] | None:
        """The name whose words the words from ``i`` shorten, one for one, at least one of
        them shortened ("man utd", "man united" for "Manchester United F.C."), and how many
        words that is; the first word keeps the name's first three letters, single letters at
        the name's end ("F.C.") may be left out. Shortened words after a determiner are common
        words ("a man united them")."""
        first, second = spans[i][0], spans[i + 1][0]
        if first in STOPWORDS or second in STOPWORDS or len(first) < _SHORT_FORM:
            return None
        for key in self._initials.get((first[:_SHORT_FORM], second[0]), ()):
            said = tuple(w for w, _, _ in spans[i : i + len(key)])
            n = short_form_of(said, key)
            if not n or said == key:
                continue
            before = text[max(0, spans[i][1] - _DETERMINER_REACH) : spans[i][1]]
            if said[:n] == key[:n] or not _DETERMINER.search(before):
                return key, n  # "a man united them" is no club
        return None

    def _unmarked_possessive(self, word: str) -> bool:
        """Whether ``word``, followed by another, may be a name with a possessive "s" typed
        without its apostrophe ("dicaprios first role"; not "what is centaurs"): where the
        table reads them, a word the corpus hardly uses, ending in one "s" after a name of at
        least four letters."""
        return (
            self._unmarked_possessives
            and len(word) > 4
            and word.endswith("s")
            and not word.endswith("ss")
            and not self._common(word)
        )

    def is_common(self, word: str) -> bool:
        """Whether ``word`` is common in the corpus behind the table."""
        return self._common(word)

    def never_a_name(self, word: str) -> bool:
        """Whether the corpus behind the table never writes ``word`` as a name (False where
        the table has no test of it)."""
        return self._proper is not None and not self._proper(word)

    def _proper_word(self, word: str) -> bool:
        """Whether the corpus writes ``word`` as a name (never without a test of it)."""
        return self._proper is not None and self._proper(word)

    def _single_ok(self, text: str, span: tuple[str, int, int]) -> bool:
        """A one-word name written in lower case must be rare in the corpus and not follow a
        determiner or possessive ("its climate"); a short one must be initials or letters and
        digits ("k2", "u2"), which no common word is."""
        word, start, _ = span
        if text[start].isupper():
            return True
        before = text[max(0, start - _DETERMINER_REACH) : start]  # not the whole text: linear
        names = self._names.get((word,), ())
        long_enough = (
            len(word) > 3 or any(map(is_initialism, names)) or _LETTERS_AND_DIGITS.fullmatch(word)
        )
        return long_enough and not self._common(word) and not _DETERMINER.search(before)


def _capitalised_words(title: str) -> bool:
    """Whether every word of a title is written with a capital: a name ("Nobel Prize"), not
    a common noun's page ("Video game")."""
    return all(w[:1].isupper() or not w[:1].isalpha() for w in strip_qualifier(title).split())


_POSSESSIVE = "'s"
_OWNER_AFTER = re.compile(r"(?:['’]?s\b)?")
_PLURAL = re.compile(r"[a-z]{3,}[^s's]s")  # "prizes", not "glass" or "its"
_QUALIFIER_AFTER = re.compile(r"\s*\((?P<qualifier>[^()]{1,40})\)")
_WORD_AFTER = re.compile(r"\s+(?P<word>[A-Za-z]+)")
_LETTERS_AND_DIGITS = re.compile(r"(?=\w*\d)(?=\w*[a-z])[a-z\d]+")  # "k2", "b52", "u2"
_ACRONYM_TYPED = re.compile(r"[a-z]{2,6}\d{1,2}")
_ACRONYM_LETTERS = re.compile(r"[a-z]{2,6}")
_TYPED_NUMERAL = re.compile(r"(?!i$)x{0,3}(?:ix|iv|v?i{0,3})")  # "v", "iii"; "i" is a pronoun
_INITIALS = re.compile(r"(?:[A-Z]\.){2,}")
_NAME_PART = re.compile(r"[A-Z][a-z]+|[A-Z]+(?![a-z])|[a-z]+|\d+")  # "PlayStation" -> Play, Station


def acronyms_of(name: str) -> tuple[str, ...]:
    """The initials a name is typed in, lower case, with the number it ends in: its words'
    and its main words' ("cod2" and "cd2" for Call of Duty 2, "ps4" for PlayStation 4, "psg"
    for Paris Saint-Germain F.C., "nasa" for National Aeronautics and Space
    Administration); a Roman numeral at the end of three parts or more is typed as its
    value or as written ("ff7" and "ffvii" for Final Fantasy VII, "ww2" for World War II);
    none for a name of one part or with other numbers."""
    said = strip_qualifier(name).split()
    if said and _INITIALS.fullmatch(said[-1]):
        said.pop()  # "F.C." is left out as people leave it out
    parts = [p for word in said for p in _NAME_PART.findall(_bare(word))]  # "Hudson's"
    number = parts.pop() if parts and parts[-1].isdigit() else ""
    if not number and len(parts) > 2 and SMALL_ROMAN.fullmatch(parts[-1]):
        numeral = parts.pop()
        return tuple(
            dict.fromkeys(
                initials(parts) + n for n in (str(roman_value(numeral)), numeral.casefold())
            )
        )
    main = [p for p in parts if p not in _TITLE_WORDS]
    if len(main) < 2 or any(p.isdigit() for p in parts):
        return ()
    spelt = (initials(words) + number for words in (parts, main))
    return tuple(dict.fromkeys(spelt))


_NUMERAL = re.compile(r"[IVXLCDM]+")


def initials(words: Sequence[str]) -> str:
    """The first letters of ``words``, lower case ("ff" for Final Fantasy)."""
    return "".join(w[0] for w in words).casefold()


def _kind_named(text: str, names: list[str], end: int) -> bool:
    """Whether the word after ``end`` is the kind that one of ``names`` has as its qualifier
    ("the jumanji book": Jumanji (book); "the garamond typeface" where the punchcutter's page
    is "Claude Garamond")."""
    kind = _WORD_AFTER.match(text, end)
    return kind is not None and bool(_of_kind(names, kind["word"]))


def _qualified_as_written(text: str, names: list[str], end: int) -> tuple[str, int]:
    """The name of ``names`` that the text writes with its qualifier after ``end``, and where
    that ends ("Night of the Living Dead (1990 film)" in an answer); else the one name whose
    qualifier says the kind word that follows ("the shining film", "the shining movie": The
    Shining (film)); else the first name."""
    written = _QUALIFIER_AFTER.match(text, end)
    if written is not None:
        qualified = f"({written['qualifier'].casefold()})"
        for name in names:
            if name.casefold().endswith(qualified):
                return name, written.end()
    kind = _WORD_AFTER.match(text, end)
    if kind is not None and len(names) > 1:
        fitting = _of_kind(names, kind["word"])
        if len(fitting) == 1:
            return fitting[0], end
    return names[0], end


def _of_kind(names: list[str], word: str) -> list[str]:
    """The names whose qualifier says the kind ``word`` names ("movie": The Shining (film))."""
    said = word.casefold()
    said_kind = next((group for group in KIND_WORDS if said in group), {said})
    return [n for n in names if said_kind & set(name_key(qualifier(n)))]


def _bare(word: str) -> str:
    """A folded word without its possessive ending ("interstellar" for "interstellar's")."""
    return word.removesuffix(_POSSESSIVE)


def _alike(found: str, typed: tuple[str, ...]) -> float:
    return SequenceMatcher(None, found, " ".join(typed)).ratio()


_DATE = re.compile(
    r"(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December)(?:\s+\d{1,2}(?:st|nd|rd|th)?)?,?\s+\d{3,4}"
)


# One capitalised word between an indefinite article and a lower-case word describes ("a
# French marksman", "an American actor"): it names no entity of its own.
_INDEFINITE = re.compile(r"\b(?:a|an)\s+$", re.IGNORECASE)
_MODIFIER = re.compile(r"[ \t]+[a-z]")


def capitalised(text: str) -> list[Mention]:
    """Capitalised spans such as "Neil Armstrong" or "Apollo 11", leading function words cut."""
    found = []
    for match in _SPAN.finditer(text):
        span = match.group()
        start = match.start()
        parts = span.split()
        while parts and parts[0].casefold().strip(".") in _LEADING:
            start = text.index(parts[1], start + len(parts[0])) if len(parts) > 1 else match.end()
            parts = parts[1:]
        if not parts or not parts[0][0].isupper():
            continue
        name = re.sub(r"['’]s$", "", " ".join(parts)).rstrip(".,")
        if (
            name.casefold() in STOPWORDS
            or len(name) < 2
            or _NUMERAL.fullmatch(name)  # "part III" names a value, not a page
            or _DATE.fullmatch(name)  # "May 1969" is a date
            or (
                name.isalpha()
                and _MODIFIER.match(text, start + len(name))
                and _INDEFINITE.search(text, 0, start)
            )
        ):
            continue
        found.append(Mention(name, start, start + len(name)))
    return found


def mentions(text: str, *tables: NameTable) -> list[Mention]:
    """Names in ``text`` from each table in turn, then capitalised spans, ordered by position.
    Earlier tables win overlaps, except that a longer known name holding the earlier ones
    wins ("orville wright" over the topic "Wilbur Wright" found by "wright")."""
    chosen: list[Mention] = []  # non-overlapping, in order of position
    starts: list[int] = []
    spans = [] if careless_case(text) else capitalised(text)
    if tables:  # a common word in capitals is emphasis: "the FILM", "wrong YEAR"
        spans = [m for m in spans if not _shouted(text[m.start : m.end], tables[-1])]
    for candidates, known in [*((t.find(text), True) for t in tables), (spans, False)]:
        for mention in candidates:
            last = bisect.bisect_left(starts, mention.end)  # chosen[:last] start before its end
            first = last
            while first and chosen[first - 1].end > mention.start:
                first -= 1
            overlapping = chosen[first:last]
            if known and overlapping and all(_holds(mention, m, text) for m in overlapping):
                del chosen[first:last], starts[first:last]
                overlapping = []
            if not overlapping:
                chosen.insert(first, mention)
                starts.insert(first, mention.start)
    return chosen


# Words that are never a name's first word: written with a capital inside a sentence, they
# show that the writer's capitals are random.
FUNCTION_WORDS = STOPWORDS | frozenset(
    "all about after me my you your know tell what which who whom how when where why is are "
    "was were be do does did can could would should any some more most other sorry please "
    "mean meant wait though".split()
)


ARTICLES = frozenset("the a an".split())  # words a title may open with
# A word that may follow a noun phrase rather than continue it: a function word or a verb
# form ("when was the stethoscope invented", "the theremin works how", not "the libya
# intervention")
_AFTER_A_NOUN_PHRASE = re.compile(rf"(?:{'|'.join(sorted(FUNCTION_WORDS))})|\w+(?:ed|ing|s)")


def after_noun_phrase(word: str) -> bool:
    """Whether ``word`` (lower case) may follow a noun phrase rather than continue it."""
    return _AFTER_A_NOUN_PHRASE.fullmatch(word) is not None


_BARE_TITLE_WORDS = 3  # words beside its article a title is also found without it
# Words people write in capitals to stress which one they mean ("her OWN mum", "the OTHER one")
_EMPHASIS_WORDS = frozenset("own one only first last other same real very never not".split())
_TITLE_WORDS = frozenset("the a an of and in on at to for from with by is".split())


def careless_case(text: str) -> bool:
    """Whether capitals in ``text`` say nothing of names: a function word written with a
    capital inside a sentence ("tell Me about its Development", "What Do you know"), where
    titles' own words ("The", "Of") count only twice."""
    weight = 0
    for word, start, _ in word_spans(text):
        if not (text[start].isupper() and word in FUNCTION_WORDS):
            continue  # only a function word in capitals counts: what precedes others is not read
        if start > 0 and not _ENDS_SENTENCE.search(text[max(0, start - 3) : start]):
            weight += 1 if word in _TITLE_WORDS else 2
    return weight >= 2


def _shouted(span: str, table: NameTable) -> bool:
    """Whether ``span`` is a word in capitals for emphasis ("her OWN mum", "how did HE die",
    "the FILM", "in the OPERA i said"): a function word, a word people stress, or a common
    word or one the corpus never writes as a name; words in capitals that are each of these
    ("SIXTY FOUR lol")."""
    if not span.isupper():
        return False
    if " " in span:
        return all(_shouted(word, table) for word in span.split())
    word = span.casefold()
    if word in FUNCTION_WORDS or word in _EMPHASIS_WORDS:
        return True
    return len(span) > 3 and (table.is_common(word) or table.never_a_name(word))


def _holds(outer: Mention, inner: Mention, text: str) -> bool:
    """Whether ``outer`` covers ``inner`` and is longer, with the possessive "s" it is written
    with ("jim browns birthday": Jim Brown holds the "browns" of Cleveland Browns)."""
    end = outer.end + len(_OWNER_AFTER.match(text, outer.end)[0])
    longer = outer.end - outer.start > inner.end - inner.start
    return longer and outer.start <= inner.start and inner.end <= end


def lists(text: str, found: list[Mention]) -> list[list[str]]:
    """Groups of two or more names joined by commas, "and" or "or": "A, B and C"; a name in
    a bracketed aside after an item is no item ("Sputnik 2 (with the dog Laika) and ..."),
    nor is a name that owns the next one ("Caravaggio's Judith ... and Artemisia's Judith
    ...": the two paintings)."""
    asides = [m.span() for m in _ASIDE.finditer(text)]
    found = [
        mention
        for mention in found
        if not any(start <= mention.start and mention.end <= end for start, end in asides)
    ]
    groups: list[list[Mention]] = []
    owner: int | None = None  # where the owner of the next item starts
    for i, mention in enumerate(found):
        after = found[i + 1] if i + 1 < len(found) else None
        if after is not None and _POSSESSES.match(text[mention.end : after.start]):
            owner = mention.start if owner is None else owner
            continue  # an item's owner is no item of its own
        start, owner = (mention.start if owner is None else owner), None
        if groups and _LIST_GAP.match(text[groups[-1][-1].end : start]):
            groups[-1].append(mention)
        else:
            groups.append([mention])
    return [_unique(m.name for m in g) for g in groups if len({m.name for m in g}) > 1]


_PLAIN_SPLIT = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.;:!?])\s+")
_ITEM_WORDS = 3
_NAME_JOINERS = frozenset({"of", "de", "von", "van", "the"})
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)


def _tail(words: list[str]) -> list[str]:
    """The words after the segment's last stopword: the item a list opens with ("William I"
    keeps its numeral)."""
    cut = max(
        (
            i + 1
            for i, w in enumerate(words)
            if _breaks(w)
            and (i == 0 or not _joins(words[i - 1]))
            and not (w == "I" and i > 0 and words[i - 1][:1].isupper())
        ),
        default=0,
    )
    return words[cut:]


# Verbs that introduce a list beside the stopwords: "the early jets were the 707, the 727, ..."
_INTRODUCES = frozenset("were include includes including included has have had been".split())


def _breaks(word: str) -> bool:
    folded = word.casefold()
    return (folded in STOPWORDS or folded in _INTRODUCES) and not _joins(word)


def _joins(word: str) -> bool:
    return word.casefold() in _NAME_JOINERS


def _head(words: list[str]) -> list[str]:
    """The words before the segment's first stopword after its first word: the item a list
    ends with ("souvlaki to name a few" -> "souvlaki"); name joiners such as "of" stay."""
    for i, word in enumerate(words[1:], 1):
        if _breaks(word):
            return words[:i]
    return words


def plain_lists(text: str, least: int = 3) -> list[list[str]]:
    """Lists of at least ``least`` short items whatever their case, within one sentence:
    "Moussaka, pastitsio, fasolada, and souvlaki to name a few" -> the four dishes; bracketed
    asides left out ("Vice City (2002)" -> "Vice City")."""
    found = []
    for sentence in _SENTENCE_END.split(text.strip()):
        sentence = _ASIDE.sub("", sentence)  # "Vice City (2002), San Andreas (2004)"
        segments = [
            _ARTICLE.sub("", s.strip(" .!?;:\"'()")).split() for s in _PLAIN_SPLIT.split(sentence)
        ]
        run: list[list[str]] = []
        for number, words in enumerate([*segments, []]):
            if number == 0:
                words = _tail(words)
                words = words[1:] if words and _ARTICLE.match(words[0] + " ") else words
            if words and len(words) <= _ITEM_WORDS and (run or number == 0):
                run.append(words)
                continue
            # the words a list ends with, unless only they lack the capitals of its names
            # ("William II and William III, followed by Queen Wilhelmina")
            if (
                run
                and words
                and (words[0][:1].isupper() or not all(i[0][:1].isupper() for i in run))
            ):
                run.append(_head(words))
            if len(run) >= least:
                found.append(_unique(" ".join(w) for w in run if w))
            run = [tail] if words and (tail := _tail(words)) and len(tail) <= _ITEM_WORDS else []
    return found


_ASIDE = re.compile(r"\s*\([^()]*\)")  # a bracketed aside after a list item


def _unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))

"""What the words of a turn signal: corrections, self-repairs, positions, pronouns, numbers."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

QUESTION_WORDS = frozenset(
    [
        "what",
        "who",
        "whom",
        "whose",
        "which",
        "when",
        "where",
        "why",
        "how",
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "can",
        "could",
        "will",
        "would",
        "should",
        "has",
        "have",
        "had",
        "tell",
        "name",
        "list",
        "give",
        "explain",
        "describe",
    ]
    # negative questions, with or without their apostrophe: "wasnt there a silly one"
    + [
        f"{verb}{apostrophe}t"
        for verb in "isn wasn aren weren don doesn didn can couldn wouldn hasn haven hadn".split()
        for apostrophe in ("'", "")
    ]
)
PERSON_PRONOUNS = frozenset(["he", "him", "his", "himself", "she", "her", "hers", "herself"])
THING_PRONOUNS = frozenset(["it", "its", "itself"])
PLURAL_PRONOUNS = frozenset(["they", "them", "their", "theirs", "themselves"])
PRONOUNS = PERSON_PRONOUNS | THING_PRONOUNS | PLURAL_PRONOUNS
# Words that point back to an earlier topic ("back to", "the original", "again")
BACK_WORDS = frozenset("back again earlier original originally first before initially".split())
PERSON_NOUNS = frozenset(
    [
        "guy",
        "man",
        "woman",
        "person",
        "one",
        "people",
        "lady",
        "gentleman",
        "boy",
        "girl",
        "he",
        "she",
        "him",
        "her",
        "player",
        "actor",
        "actress",
        "singer",
        "astronaut",
        "author",
        "writer",
        "politician",
        "president",
        "king",
        "queen",
        "artist",
        "musician",
        "rapper",
        "director",
        "character",
        "scientist",
    ]
)
PERSON_KINDS = PERSON_NOUNS - {"one"} | frozenset(
    [
        "person",
        "human",
        "footballer",
        "composer",
        "poet",
        "painter",
        "athlete",
        "coach",
        "businessman",
        "entrepreneur",
        "comedian",
        "dancer",
        "model",
        "journalist",
        "reporter",
        "frontman",
        "philosopher",
        "economist",
        "inventor",
        "explorer",
        "emperor",
        "pilot",
        "general",
        "soldier",
        "lawyer",
        "judge",
        "senator",
        "governor",
        "minister",
        "prince",
        "princess",
        "saint",
        "pope",
        "drummer",
        "bassist",
        "keyboardist",
        "guitarist",
        "songwriter",
        "producer",
        "novelist",
        "playwright",
        "physicist",
        "chemist",
        "mathematician",
        "biologist",
        "engineer",
        "architect",
        "designer",
        "chef",
        "presenter",
        "host",
        "youtuber",
        "wrestler",
        "boxer",
        "cricketer",
        "golfer",
        "swimmer",
        "tennis",
    ]
)

# Nouns that describe the same kind of thing ("the movie" fits "Sleeper (1973 film)").
KIND_WORDS = (
    {"film", "movie", "picture"},
    {"song", "single", "track", "hit"},
    {"show", "series", "sitcom", "programme", "program", "miniseries"},
    {"singer", "artist", "musician", "rapper", "vocalist", "frontman"},
    {"journalist", "reporter", "correspondent"},
    {"team", "club", "side"},
    {"book", "novel"},
    {"typeface", "font"},
    {"writer", "author", "novelist"},
    {"place", "city", "town", "village"},
    {"mythology", "myth", "myths", "god", "goddess", "deity", "legend"},
    {"locomotive", "engine", "train"},
)
# Kinds of works and things that are never a person ("Stories We Tell is a ... film").
THING_KINDS = frozenset(
    "film movie picture documentary song single track album show series miniseries sitcom "
    "programme program book novel poem play opera musical symphony painting sculpture game video "
    "franchise team club band company city town village place country state island river "
    "lake mountain planet constellation element spacecraft ship telescope mission "
    "university".split()
)
# Nouns for what a person does ("the drummer", "the producer"); not the ones that also name
# things or bands ("queen", "model") or any person at all ("one", "people").
ROLE_NOUNS = PERSON_KINDS - frozenset(
    "one he she him her people person human guy man woman lady gentleman boy girl character "
    "queen king model general host tennis saint".split()
)
# Words that name a relative: "his older brother" means a person a page relates to the topic.
RELATIONS = frozenset(
    "brother brothers sister sisters sibling siblings son sons daughter daughters father mother "
    "dad mom mum parent parents wife husband spouse uncle aunt nephew niece cousin grandson "
    "granddaughter grandfather grandmother bro sis grandpa grandma granddad grandad child "
    "children kid kids grandchild grandchildren grandkid grandkids missus hubby".split()
)
# Words that name a relative only after a possessive ("his boy", "her girl"): alone they
# name no one's relative ("the boy who lived")
_OWNED_ONLY = {"boy": "son", "girl": "daughter"}
# How a relation is written, and its canonical word ("dad" is "father", "sisters" "sister").
_RELATION_OF = {word: word.removesuffix("s") for word in RELATIONS} | {
    "siblings": "sibling",
    "dad": "father",
    "mom": "mother",
    "mum": "mother",
    "parents": "parent",
    "bro": "brother",
    "sis": "sister",
    "grandpa": "grandfather",
    "granddad": "grandfather",
    "grandad": "grandfather",
    "grandma": "grandmother",
    "children": "child",
    "kid": "child",
    "kids": "child",
    "old man": "father",
    "old lady": "mother",
    "grandchildren": "grandchild",
    "grandkid": "grandchild",
    "grandkids": "grandchild",
    "missus": "wife",
    "hubby": "husband",
}
# Words for a relative's age: "older", "big" -> "older"; "younger", "little" -> "younger".
# ("youngest" is no step from one person: "their youngest brother" is read otherwise)
_AGE_OF = dict.fromkeys("older elder big".split(), "older") | dict.fromkeys(
    "younger little baby kid".split(), "younger"
)


def _aged_relation(words: Iterable[str]) -> str:
    """A pattern of a relation of ``words`` with the age before it ("older brother", "mum")."""
    return (
        rf"(?:(?P<age>{'|'.join(_AGE_OF)})\s+)?"
        rf"(?P<relation>{'|'.join(sorted(words, key=len, reverse=True))})"
    )


_AGED_RELATION = _aged_relation(_RELATION_OF)
_RELATION = re.compile(  # "his dad's first win", typed "his dads first win"; "his boy"
    rf"\b(?:his|her|their|its)\s+{_aged_relation([*_RELATION_OF, *_OWNED_ONLY])}"
    r"(?P<owner>['’]?s)?\b",
    re.IGNORECASE,
)
# "what about the father", "the founder dad": a relative by an article (and a word that
# describes them), for a turn about a person that says nothing else
_BARE_RELATION = re.compile(
    rf"\bthe\s+(?:(?P<described>[a-z]+)\s+)??{_AGED_RELATION}\b", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class Relation:
    """A relative named by relation: "her younger sister" -> ("sister", "younger")."""

    relation: str
    age: str = ""


def relations(text: str) -> list[tuple[Relation, int, int]]:
    """The relatives a text names by a possessive and a relation ("his older brother", "her
    dad", "their parents") or by age alone ("the older one": a sibling), with where each is
    written; canonical words ("dad" is "father")."""
    found = [(_relation_in(m), m.start(), m.end()) for m in _RELATION.finditer(text)]
    for m in _SIBLING_BY_AGE.finditer(text):
        relation = _RELATION_OF[(m["relation"] or "sibling").casefold()]
        found.append((Relation(relation, _AGE_OF[m["age"].casefold()]), m.start(), m.end()))
    return sorted(found, key=lambda item: item[1])


def relation_after(text: str, at: int) -> tuple[Relation, int] | None:
    """The relation said right after a name that ends at ``at``, by its possessive ("nero's
    mother", typed "neros mum"), and where it ends; None where none is."""
    found = _OWNED_RELATION.match(text, at)
    return (_relation_in(found), found.end()) if found is not None else None


def _relation_in(match: re.Match[str]) -> Relation:
    """The relation a match of :data:`_AGED_RELATION` says, in canonical words."""
    age = _AGE_OF.get((match["age"] or "").casefold(), "")
    said = match["relation"].casefold()
    return Relation(_RELATION_OF.get(said) or _OWNED_ONLY[said], age)


def bare_relation(text: str) -> tuple[Relation, int, int, str] | None:
    """The one relative a text names by an article ("what about the father", "the founder
    dad"), where it is written and the word that describes them ("founder"); None where
    none or several are."""
    found = list(_BARE_RELATION.finditer(text))
    if len(found) != 1:
        return None
    match = found[0]
    return _relation_in(match), match.start(), match.end(), match["described"] or ""


def names_relation(text: str) -> bool:
    """Whether a possessive before a relation is said anywhere ("caligulas mum"): the cheap
    test before names are looked for."""
    return _OWNED_RELATION.search(text) is not None


def relative_owns(text: str) -> bool:
    """Whether a relative is named as the owner of what is asked ("his dad's first win",
    typed "n his dads first win"), not as what is asked ("who was his dad", "his son's
    name?")."""
    return any(
        m["owner"] and (owned := words_of(text[m.end() :])) and owned[0] not in _IDENTITY
        for m in _RELATION.finditer(text)
    )


_IDENTITY = frozenset("name names called".split())  # what asks who the relative is


# after a name: the possessive is needed ("the williams sister" is no one's)
_OWNED_RELATION = re.compile(rf"(?:['’]s|['’]|s)\s+{_AGED_RELATION}\b", re.IGNORECASE)
_SIBLING_BY_AGE = re.compile(
    r"\bthe\s+(?P<age>older|elder|younger)\s+(?:one|(?P<relation>brother|sister|sibling))\b",
    re.IGNORECASE,
)

# Words that only correct, hesitate, point or change a value: a turn of these asks nothing new.
FILLER = frozenset(
    "no nope nah naw noo nooo not wrong incorrect sorry oops whoops actually wait hold hang "
    "on correction meant mean intended rather bad my never mind ugh hm hmm hmmm uh uhh um er "
    "erm well ok okay oh yeah yes right so and but then instead again still please thanks "
    "one ones other another that's thats it's its that this those these there here "
    "i i'm me you your asking asked talking thinking wondering referring looking after said "
    "wanted want typed meant guy person man woman lady thing time "
    "first second third fourth fifth last latter former next previous before earlier later "
    "original sequel prequel following newer older latest year years four five six seven "
    "eight nine ten two three instead lol haha ah k kk lmao pls plz thx ty".split()
)
MIDDLE = 0  # "the middle one": the middle of a list of odd length
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "last": -1, "former": 1, "latter": -1,
    "penultimate": -2, "second last": -2, "second to last": -2, "third last": -3,
    "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
    "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
    "middle": MIDDLE, "final": -1,
}  # fmt: skip
_ORDINAL = (
    r"(?P<ord>second(?:\s+to)?\s+last|third\s+last|penultimate|former|latter|middle|first|second|"
    r"third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|[1-9]\d?(?:st|nd|rd|th))"
)
_POSITION = re.compile(rf"\b(?:the|that|this)\s+{_ORDINAL}(?:\s+(?P<noun>[a-z]+))?", re.IGNORECASE)
_A_LIST = r"(?:on|in|of|from)\s+(?:that|the|this|ur|your|ya)\s+list\b"
# "2nd on that list", "number two of those", "the one at the top of that list"
_IN_A_LIST_AFTER = re.compile(rf"\s+{_A_LIST}", re.IGNORECASE)
_ON_THE_LIST = re.compile(rf"\b{_ORDINAL}\s+(?:one\s+)?{_A_LIST}", re.IGNORECASE)
_NUMBERED = re.compile(
    r"\bnumber\s+(?P<count>one|two|three|four|five|six|[1-9])\b"
    r"(?=\s+(?:of|on|in|from)\s+(?:those|these|them|that|the|this|ur|your)\b)",
    re.IGNORECASE,
)
_NOUN_NEEDED = frozenset({"middle", "final"})  # places that name a list's item only before a noun
_LIST_END = re.compile(rf"\b(?:at\s+)?the\s+(?P<end>top|bottom|end)\s+{_A_LIST}", re.IGNORECASE)
# Numbers said in words ("number two of those", "eight years later")
NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        "one two three four five six seven eight nine ten eleven twelve".split(), start=1
    )
}
_POSITION_NOUNS = PERSON_NOUNS | frozenset(
    [
        "mentioned",
        "named",
        "listed",
        "item",
        "entry",
        "name",
        "option",
        "choice",
        "company",
        "band",
        "film",
        "movie",
        "song",
        "album",
        "book",
        "show",
        "team",
        "group",
        "city",
        "country",
        "place",
    ]
)
# Misspellings of the words that signal a correction, as people type them.
_TYPOS = {
    "ment": "meant", "menat": "meant", "meaned": "meant", "mant": "meant", "ment'": "meant",
    "actualy": "actually", "acutally": "actually", "actully": "actually", "acually": "actually",
    "wrnog": "wrong", "worng": "wrong", "wromg": "wrong", "ohter": "other", "othr": "other",
    "teh": "the", "im": "i'm", "nvm": "never mind", "nevermind": "never mind", "u": "you",
    "ur": "your", "wat": "what", "wut": "what", "sry": "sorry", "srry": "sorry", "soz": "sorry",
    "pls": "please", "plz": "please", "askin": "asking", "talkin": "talking", "thats": "that's",
    "isnt": "isn't", "wasnt": "wasn't", "dont": "don't", "didnt": "didn't", "wanna": "want to",
}  # fmt: skip
_TYPO = re.compile(r"(?<![\w'])(?:" + "|".join(map(re.escape, _TYPOS)) + r")(?![\w'])", re.I)
# A turn that rejects the last answer or its own first reference: an opening "no", "wrong",
# "actually"..., or words anywhere that say the user meant something else.
_CORRECTION = re.compile(
    r"^(?:(?:ha+|haha+|lol|lmao|ugh|hm+|oh|ah+|um+|uh+|erm?|well|ok|okay|hey)\b[\s,.!…]*)*"
    r"(?:no+|nope|nah+|naw|not\b|wrong|incorrect|sorry|oops|whoops|actually|wait|hold\s+on|"
    r"hang\s+on|correction|i\s+meant|i\s+mean|meant(?!\s+to\b)|rather|my\s+bad|never\s+mind|"
    r"ugh|hmm+|uh+|err?m?|well\s+no|that'?s\s+not|that\s+is\s+not|that\s+was\s+not|that\s+wasn'?t|"
    r"that'?s\s+the\s+wrong|not\s+quite)\b"
    r"|\bi\s+(?:meant|mean|intended)\b(?!\s+to\s+(?:ask|say)\s+(?:also|too)\b)"
    r"|\bmeant\s+to\s+(?:ask|say|type|write)\b"
    r"|\bi(?:\s+was|'m|\s+am)\s+(?:asking|talking|thinking|wondering|on\s+about|"
    r"referring|looking\s+for|after)\b"
    r"|\b(?:was|is|it'?s)\s+(?:the\s+)?(?:one|guy|person|film|movie)\s+i\s+(?:meant|wanted)\b"
    r"|\bnot\s+what\s+i\b|\bnot\s+the\s+one\s+i\b|\bnot\s+(?:him|her|it|them|that\s+one)\b"
    r"|\bisn'?t\s+(?:what|the\s+one|who)\s+i\b|\bmy\s+question\s+was\s+(?:about|on|for)\b"
    r"|(?:\.{2,}|…|\s[-–—]\s)\s*not\s+(?!(?:sure|really|yet|much|many|quite|only|bad)\b)"
    r"[\w'.-]+(?:\s+[\w'.-]+){0,3}\s*[.!?]*\s*$"
    r"|\bwrong\s+(?:one|person|guy|girl|man|woman|film|movie|year|season|edition|version|"
    r"page|thing|album|song|book|game|team|city|place|band|mission|show|series|entity|match)\b"
    r"|\b(?:you|u)\s+(?:answered|gave|got|picked|found|told|showed|mixed|confused|pulled)\b"
    r"|\bnot\s+(?:that|this)\s+(?:[a-z0-9]+\s+)?[a-z0-9]+\b"
    r"|\bnot\s+the\s+(?:[a-z0-9]+\s+)?(?:one|guy|person|man|woman|lady|version|edition)\b"
    r"|\b(?:the|that)\s+other\s+(?:one|guy|person|man|woman|film|movie)\b"
    r"|\b(?:no|nope|nah|wait|sorry|oops),?\s+(?:wait|no|i\s+mean|sorry|actually|scratch)\b"
    r"|\b(?:scratch|forget|ignore)\s+that\b|\bor\s+rather\b|\bhang\s+on\b|\bhold\s+on\b"
    r"|^(?!.*\b(?:who|whom|whose|what|when|where|why|how|which|did|does|do|is|are|was|were|can|"
    r"could|would|should|has|have|had)\b)[\w' .-]{2,40}?,?\s+not\s+(?:the\s+)?[\w'.-]+"
    r"(?:\s+[\w'.-]+)?\s*(?:lol|haha|pls|please|obviously)?[\s.!?…]*$"  # "henry not gregory lol"
    r"|\b[a-z]{0,4}\d+\s*,?\s+not\s+\d+\b|(?:^|[,;])\s*not\s+(?:the\s+)?[\w'.-]+(?:\s+[\w'.-]+)?\s*(?:[,.;!?…]|$)|\b(?:no|nope),?\s+(?:the|it'?s|its|i)\b"
    # "shot ≠ polio", "pretty sure it was 1609", "his RIVAL i said", "berlin isnt cologne lol."
    r"|≠|^(?:(?:hm+|um+|uh+|well|ok|okay)\W+)*(?:i'?m\s+|im\s+)?(?:pretty|fairly|quite)\s+sure\b"
    r"|\bi\s+said\b(?!\s+(?:that|earlier|before|about)\b)"
    r"|^\W*(?!(?:it|that|this|he|she|they|there|which|what|who|one)\b)[a-z]+\s+(?:isn'?t|is\s+not)"
    r"\s+(?:the\s+)?[a-z]+\s*(?:lol|lmao|haha)?\s*[.,!…]",
    re.IGNORECASE,
)
# Where a turn restarts its own correction: "the second guy… wait, no, the first one".
_REPAIR_SPLIT = re.compile(
    r"(?:\.{2,}|…|[.;!?]|,|\s-+\s|\s?—\s?|\s-{2,}\s?)\s*|\b(?:wait|no+|nope|nah|sorry|"
    r"i\s+mean|i\s+meant|actually|rather|or\s+rather|oops|whoops|my\s+bad|scratch\s+that|"
    r"hang\s+on|hold\s+on|never\s+mind|no\s+no|er+m?|um+|uh+)\b",
    re.IGNORECASE,
)
_NOT = re.compile(r"\bnot\s+(?:the\s+)?(?P<what>[\w' .()-]+?)(?=[,.;!?…]|$)", re.IGNORECASE)
_OTHER = re.compile(r"\bthe\s+other\b", re.IGNORECASE)
# "that's liam. noel!!", "thats crick.. wilkins": the answer's subject, then another sentence
_THATS = re.compile(
    r"(?:^|(?<=[.!?…]\s))\s*(?:that'?s|that\s+is|that\s+was|thats)\s+"
    r"(?!(?:so\s+|really\s+|very\s+|not\s+)?(?:right|correct|true|it|great|cool|fine|ok|okay|good|"
    r"nice|interesting|awesome|amazing|wild|crazy|sad|funny|weird|wrong|him|her|them|one)\b)"
    r"(?P<what>[\w' -]+?)(?=\s*(?:\.+|…|[,;!]+|\s-\s)\s*\w)",
    re.IGNORECASE,
)
_DESCRIPTION = re.compile(
    r"\b(?:the|that|this|those|these)\s+(?P<noun>(?:[a-z0-9]+\s+){0,2}?[a-z]+)"
    r"(?=\s*(?:one\b|$|[,.;!?…]|\s+(?:who|which|that|where|whose|from|with|in|of|about|"
    r"mentioned|you|we|i|is|was|did|does|do|has|had)\b))",
    re.IGNORECASE,
)
_RELATIVE = re.compile(
    r"\b(?:the|that)\s+(?:one|guy|person|man|woman|lady|thing|film|movie|song|album|book|show|"
    r"series|company|band|group|team|place|city|country|game|player|character)\s+"
    r"(?:who|which|that|where|whose)\s+"
    r"(?P<clause>[^,.;!?…]+)",
    re.IGNORECASE,
)


def words_of(text: str) -> list[str]:
    return _WORD_OF.findall(text.casefold())


_WORD_OF = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def is_question(text: str) -> bool:
    """Whether ``text`` asks something (a question word or a question mark)."""
    tokens = words_of(text)
    return text.rstrip().endswith("?") or bool(tokens and tokens[0] in QUESTION_WORDS)


TEXTS_KEPT = 4096  # texts whose reading is memoised: several rules read a turn's text


@lru_cache(maxsize=TEXTS_KEPT)
def normalised(text: str) -> str:
    """``text`` with common misspellings of the words people correct with spelled out
    ("i ment the other" -> "i meant the other")."""
    return _TYPO.sub(lambda m: _TYPOS[m.group().casefold()], text)


# A cue inside a turn after which the user restates what they meant ("... wait, no, the first
# one", "where was nolan born - hold on, where was tarkovsky born").
_REPAIR_CUE = re.compile(
    r"(?:(?<=[,.;!?…—-])|(?<=\s))\s*(?:no+\s+wait|wait(?:\s+no+)?|hang\s+on|hold\s+on|"
    r"scratch\s+that|scrap\s+that|make\s+that|forget\s+that|or\s+rather|no+\s+no+|"
    r"never\s+mind(?:\s+that)?|forget\s+(?:about\s+)?(?:the\s+)?[\w']+(?:\s+for\s+now)?(?=\s*[,.;!?…—-])|"
    # "wait ill ask about him later", "no skip latham"
    r"i'?ll\s+ask\s+(?:about\s+)?(?:[\w']+\s+){0,2}?(?:later|another\s+time)|"
    r"no+[\s,]+skip\s+[\w']+|"
    r"wrong\s+(?:chat|window|tab|convo|thread)|"
    r"i\s+mean|i\s+meant|my\s+bad|oops|whoops|rather|(?:er+m?|uh+|um+),?\s+(?:no+|nope|sorry))\b"
    r"|(?<=[,.;!?…—-])\s*(?:(?:ugh|argh|oh|ah|eh|meh|uh+|um+|er+m?)[\s,]+)?"  # ", ugh no, norman"
    r"(?:no+|nope|nah|sorry|actually|hm+,?\s+no+|hm+|whatever|nvm)\b"  # "— eh whatever."
    # "— meh, not the vasa.": a hesitation, then what it drops
    r"|(?<=[,.;!?…—-])\s*(?:ugh|argh|oh|ah|eh|meh|uh+|um+|er+m?)[\s,]+not\s+(?:the\s+)?[\w']+"
    r"(?=\s*[.!?…])"
    r"|(?<=[.…—-])\s*(?:or)\b|(?<=,)\s*or\s+no+\b",
    re.IGNORECASE,
)
# "1990 err 98 i mean": a hesitation, then what was meant, then "i mean" at the end
_HESITATION = re.compile(r"(?:(?<=[,.;!?…—-])|(?<=\s))\s*(?:er+m?|uh+|um+|hm+)\s+", re.IGNORECASE)
_BREAK = re.compile(r"\s*(?:\.{2,}|…|[,;]|\s[-–—]+)\s*")
_MEANT_AT_END = re.compile(r"\s+i\s+mean[t]?[\s.!?…]*$", re.IGNORECASE)


_GAP = " ,;.!?…—-"
# What opens a repair after a break ("ok no, ...", "hmm wait", "sorry i mean")
_REPAIR_OPENING = re.compile(
    r"\W*(?:(?:ok|okay|k|hm+|uh+|um+|er+m?|eh|meh|oh|ah|ugh)\W+)*(?:no+|nope|nah|sorry|wait|"
    r"actually|rather|i\s+mean|i\s+meant|hang\s+on|hold\s+on)\b",
    re.IGNORECASE,
)
# A word broken off by a dash, what the user then says dropping what they were saying ("was
# unity back in england by th— yes she was"; not a range "1914–18" nor a dash set apart)
_CUT_OFF = re.compile(r"(?<=[a-z])[—–-]+(?=\s)", re.IGNORECASE)
# hesitations before a cue: "when did it land — eh forget it", "who flew it.. meh never mind"
_HESITATING = re.compile(r"(?:[\s,.;!?…—-]+(?:eh|meh|ah|oh|ugh|um+|uh+|er+m?|hm+))+\s*$", re.I)
_BETWEEN_CUES = frozenset("sorry no nope ugh uh um er hm hmm oh oops ok okay".split())


def repair_split(text: str) -> tuple[str, str] | None:
    """A turn that repairs itself, split at its last repair cue into what the user first said
    and what they meant instead ("when was the iphone 7 released - hang on, when did the 6
    come out"); None without such a cue after some words of substance."""
    text = normalised(text)
    found = list(_REPAIR_CUE.finditer(text))
    for last in range(len(found) - 1, -1, -1):
        first = last  # cues in a row ("- hang on, i mean", "- no sorry, i mean") repair once
        while first and set(words_of(text[found[first - 1].end() : found[first].start()])) <= (
            _BETWEEN_CUES
        ):
            first -= 1
        before = _HESITATING.sub("", text[: found[first].start()]).strip(_GAP)
        after = text[found[last].end() :].strip(_GAP)
        if after and _has_substance(before):
            return before, after
    meant = _MEANT_AT_END.search(text)
    if meant is None:
        return None
    # "1990 err 98 i mean", "when was t2 released.. t3 i mean": what was meant follows the
    # last hesitation, else the last break, and ends before "i mean"
    breaks = list(_HESITATION.finditer(text, 0, meant.start())) or list(
        _BREAK.finditer(text, 0, meant.start())
    )
    if breaks:
        before = text[: breaks[-1].start()].strip(_GAP)
        after = text[breaks[-1].end() : meant.start()].strip(_GAP)
        if after and _has_substance(before):
            return before, after
    return None


def broken_off(text: str) -> tuple[str, str] | None:
    """A turn that breaks a word off with a dash and goes on to something else ("gustav was
    dead by th— yeah obv he was. when did she marry werfel"), split there into what was
    dropped and what the user said after it; None without such a break after some words of
    substance, or where what follows corrects ("fi— no, the car i mean": a repair, read as
    one)."""
    found = list(_CUT_OFF.finditer(text))
    if not found:
        return None
    before, after = text[: found[-1].start()].strip(_GAP), text[found[-1].end() :].strip(_GAP)
    if not after or not _has_substance(before):
        return None
    return None if _REPAIR_OPENING.match(after) or is_correction(after) else (before, after)


def _has_substance(words: str) -> bool:
    """Whether a first part says something beyond fillers and a few function words."""
    return bool(set(words_of(words)) - FILLER - {"the", "a", "an", "is", "was", "of", "in"})


@lru_cache(maxsize=TEXTS_KEPT)
def is_correction(text: str) -> bool:
    """Whether the turn rejects the current interpretation ("no, i meant ...", "wrong one",
    "i was asking about the other film", "i asked about the 2004 one", "sorry, 12 not 11"),
    in any case and with common typos; "i asked about" in a question that opens with a
    question word is a relative clause ("where did the first person i asked about die"), and
    one that names a place in the conversation without a word of refusal returns ("back to
    the first one i asked about", "first thing i asked tho")."""
    text = normalised(text).strip()
    if _CORRECTION.search(text) or _THATS.match(text):  # "thats smith. carlos, the bronze guy"
        return True
    said = words_of(text)
    if positions(text) and in_a_list(text) and not set(said) & QUESTION_WORDS - {"list"}:
        return True  # "2nd on that list pls": a place in the answer's list, asking nothing
    if conversation_position(text) is not None:
        return False  # "going back to the first emperor i asked about", "first thing i asked"
    return bool(_SAID_BEFORE.search(text)) and bool(said) and said[0] not in QUESTION_WORDS


def described_only(text: str) -> tuple[str, str] | None:
    """The head word and the words before it, where the turn is only a description of the
    one meant after an answer, asking nothing ("lol the city in arizona": ("city", ""), "the
    older one": ("one", "older"), "the singer obviously lol": ("singer", "")); None for
    anything else. Whether its words name what is asked about ("the wachowskis first movie")
    is the caller's to decide."""
    found = _BARE_DESCRIPTION.fullmatch(normalised(text).strip())
    if found is None:
        return None
    said = words_of(found["rest"])
    if len(said) > _DESCRIPTION_WORDS or set(said) & (QUESTION_WORDS | _VERBS):
        return None
    chunk = list(itertools.takewhile(lambda w: w not in _AFTER_HEAD, said))
    while len(chunk) > 1 and (chunk[-1] in _TRAILING or chunk[-1].endswith("ly")):
        chunk.pop()  # "the singer obviously lol"
    if not chunk:
        return None
    return chunk[-1], " ".join(chunk[:-1])


_BARE_DESCRIPTION = re.compile(
    r"(?:(?:lol|haha|ok|okay|um+|uh+|hm+|no+|nope|nah|oh|ah|well|so|i\s+mean[t]?)[\s,.!]+)*"
    r"(?:the|that)\s+(?P<rest>[\w' -]+?)[\s.!?]*",
    re.IGNORECASE,
)
_DESCRIPTION_WORDS = 6  # a description longer than this is a sentence of its own
_VERBS = frozenset("is are was were do does did has have had can could will would be".split())
_AFTER_HEAD = frozenset(
    "in with from of who that which where whose i you we by on at for married born known called "
    "named".split()
)
_TRAILING = frozenset("lol haha please obviously again then instead".split())
_SAID_BEFORE = re.compile(
    r"\bi\s+(?:wanted|asked|said|typed|was\s+after)(?:\s+(?!to\b)|\W*$)", re.I
)  # "i asked about the drummer", "the younger one i said"


def repair_segments(text: str) -> list[str]:
    """The pieces of a turn between repair cues, in order, without "after all"; empty pieces
    and pieces that only point back at the one before ("..., that one after all") dropped."""
    pieces = (_AFTER_ALL.sub("", s).strip() for s in _REPAIR_SPLIT.split(normalised(text)) if s)
    return [p for p in pieces if p and not _POINTER.fullmatch(p)]


def comes_back(text: str) -> bool:
    """Whether a turn's repair returns to something already said ("... X after all")."""
    return bool(_AFTER_ALL.search(text))


_AFTER_ALL = re.compile(r"\b(?:a[a-z]{1,4}r\s+all|all\s+along)\b", re.IGNORECASE)  # "aftr all"
_POINTER = re.compile(r"(?:(?:yes|yeah|ok|so)\s+)?(?:that|this|it)(?:\s+one)?", re.IGNORECASE)


def switch_lead(text: str) -> int | None:
    """Where the words that name a new topic start after a lead announcing a switch
    ("switching to the hobbit, ...", "new topic: the hobbit", "let's talk about the hobbit",
    "ok moving on to the hobbit"); None without one."""
    lead = _SWITCH_LEAD.match(text)
    return lead.end() if lead is not None else None


_SWITCH_LEAD = re.compile(
    r"\s*(?:(?:ok(?:ay)?|so|now|right|alright|anyway|and|um+|hm+)[\s,.]+)*"
    r"(?:(?:switching|switch|moving|move|changing|change|turning|jumping)\s+"
    r"(?:(?:the\s+)?(?:topics?|subjects?|gears)\s+)?(?:to|over\s+to|on\s+to|onto)\s+"
    r"|(?:new|different|another)\s+(?:topic|subject|question)\s*[:,.\-–—]+\s*"
    r"|(?:let'?s|lets|can\s+we|could\s+we)\s+(?:talk|chat)\s+about\s+"
    r"|(?:changing|change\s+of)\s+(?:the\s+)?(?:topic|subject)\s*[:,.\-–—]+\s*)",
    re.IGNORECASE,
)


def returned_to(text: str) -> tuple[str, int] | None:
    """The words that a turn's lead names as a topic it comes back to, before its question,
    and where the lead ends ("eleanor again — how many kids", "k the nephew again, what was
    his thesis", "ok jena guy once more, when did he marry"); None without such a lead, or
    where the words ask something themselves ("when did he marry again")."""
    lead = _RETURN_LEAD.match(text)
    if lead is None or set(words_of(lead["what"])) & QUESTION_WORDS:
        return None
    return lead["what"], lead.end()


_RETURN_LEAD = re.compile(
    r"\s*(?:(?:ok(?:ay)?|k+|so|now|right|alright|anyway|and|also|well|yeah|um+|hm+|re|to)"
    r"[\s,.]+)*"
    r"(?P<what>[a-z0-9][\w'’-]*(?:\s+[\w'’-]+){0,3}?)\s+(?:again|once\s+more)"
    r"(?:\s+(?:pls|please|tho|though|then))?"
    r"(?=\s*[,.;:!?…—–]+\s*\S|\s+-\s+\S)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Position:
    """A reference to a place in an earlier list: 1-based, negative from the end, or
    :data:`MIDDLE`."""

    index: int
    noun: str

    def within(self, size: int) -> int | None:
        """The 0-based place in a list of ``size`` items; None where the list has no such
        place (a fourth of three, the middle of two)."""
        if self.index == MIDDLE:
            return size // 2 if size % 2 and size > 1 else None
        index = self.index - 1 if self.index > 0 else size + self.index
        return index if 0 <= index < size else None


def positions(text: str) -> list[Position]:
    """Every list position named in ``text``, in order ("the second last person" -> -2, "the
    one you named first" -> 1, "number two of those" -> 2, "at the top of that list" -> 1,
    "the 2nd dad in ur list" -> 2: any noun, where the list is said)."""
    found = []
    for match in _positions(text):
        if match.re is _NUMBERED:
            count = match["count"].casefold()
            found.append(Position(NUMBER_WORDS.get(count) or int(count), ""))
            continue
        if match.re is _LIST_END:
            found.append(Position(1 if match["end"].casefold() == "top" else -1, ""))
            continue
        ordinal = re.sub(r"\s+", " ", match["ord"].casefold())
        noun = (match["noun"] or "").casefold() if "noun" in match.re.groupindex else ""
        pair = ordinal in {"former", "latter"}
        # "the final name", never "the final" of a contest; nor "the middle of the film"
        loose = ordinal not in _NOUN_NEEDED and (not noun or noun in {"of", "in", "from"})
        listed = _IN_A_LIST_AFTER.match(text, match.end()) is not None  # "the 2nd dad in ur list"
        if pair or noun in _POSITION_NOUNS or loose or listed:
            value = ORDINALS[ordinal] if ordinal in ORDINALS else int(ordinal[:-2])
            found.append(Position(value, noun))
    return found


def _positions(text: str) -> list[re.Match[str]]:
    """The matches of list positions, the ordinal before the noun or after what the answer did
    ("the first one you named", "the one you named first"), or placed on a list ("2nd on that
    list"), in order; of two that overlap, the first."""
    patterns = (_POSITION, _LISTED_AFTER, _ON_THE_LIST, _NUMBERED, _LIST_END)
    found = sorted(
        (m for pattern in patterns for m in pattern.finditer(text)),
        key=lambda match: (match.start(), -match.end()),
    )
    kept: list[re.Match[str]] = []
    for match in found:
        if not kept or match.start() >= kept[-1].end():
            kept.append(match)
    return kept


def conversation_position(text: str) -> Position | None:
    """The last place in the conversation ``text`` names, with any noun and the ordinal
    before or after the verb ("the third film we talked about", "the place we discussed
    second", "the very first pope i asked u about", "first thing i asked"), or the first
    place as the conversation's opening ("the frenchman i opened with")."""
    patterns = (_PLACE_BEFORE, _PLACE_AFTER, _OPENED_WITH)
    found = [m for pattern in patterns for m in pattern.finditer(text)]
    if not found:
        return None
    last = max(found, key=lambda match: match.start())
    place = ORDINALS[last["ord"].casefold()] if last.re is not _OPENED_WITH else 1
    return Position(place, last["noun"].casefold())


_PLACE_ORDINAL = r"(?P<ord>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)"
_TALKED = (
    r"(?:that\s+|which\s+)?(?:we|you|u|i)\s+(?:talked\s+about|discussed|spoke\s+about|"
    r"were\s+talking\s+about|asked(?:\s+(?:you|u))?(?:\s+about)?|covered|mentioned)"
)
# "the third film we talked about", "the very first pope i asked u about", "first thing i asked"
_PLACE_BEFORE = re.compile(
    rf"\b(?:the\s+)?(?:very\s+)?{_PLACE_ORDINAL}\s+(?P<noun>[a-z]+)\s+{_TALKED}\b",
    re.IGNORECASE,
)
# "the person i started with", "the frenchman i opened with": the conversation's first topic
_OPENED_WITH = re.compile(
    r"\bthe\s+(?P<noun>[a-z]+)\s+(?:that\s+|who\s+|which\s+)?(?:we|i)\s+"
    r"(?:started|began|opened|kicked\s+off)\s+with\b",
    re.IGNORECASE,
)
_PLACE_AFTER = re.compile(
    rf"\bthe\s+(?P<noun>[a-z]+)\s+{_TALKED}\s+{_PLACE_ORDINAL}\b", re.IGNORECASE
)


# "the one you named first", "the person you listed second": an answer's list, after its verb
_LISTED_AFTER = re.compile(
    rf"\bthe\s+(?P<noun>one|person|guy|name)\s+(?:that\s+|which\s+)?(?:you|u)\s+"
    rf"(?:listed|named|gave|said)\s+{_PLACE_ORDINAL}\b",
    re.IGNORECASE,
)
_LIST_SCOPE = re.compile(
    r"\s+(?:in|of|from)\s+(?:that|this|the|those|these)\s+(?:above\s+|previous\s+)?"
    r"(?:list|ones|names|options|items)\b",
    re.IGNORECASE,
)


def position_phrase(text: str) -> str | None:
    """The words of the last list position named in ``text`` ("the second last person")."""
    matches = _positions(text)
    for match in reversed(matches):
        if match.re in (_LISTED_AFTER, _ON_THE_LIST, _NUMBERED, _LIST_END):
            return match.group()
        noun = (match["noun"] or "").casefold()
        if noun in _POSITION_NOUNS:
            end = match.end()
            rest = re.match(r"\s+one\b", text[end:]) if noun == "mentioned" else None
            return text[match.start() : end + (rest.end() if rest else 0)]
        end = match.end("ord")
        scope = _LIST_SCOPE.match(text, end)  # "the 3rd in that list"
        return text[match.start() : scope.end() if scope else end]
    return None


def in_a_list(text: str) -> bool:
    """Whether the turn places what it means in a list an answer gave ("the last one you
    listed", "the second of those", "the latter"), not in a numbered family."""
    return bool(_IN_A_LIST.search(text))


_IN_A_LIST = re.compile(
    r"\b(?:you|u)\s+(?:listed|named|mentioned|gave|said)\b|\bof\s+(?:those|these|them|the\s+two)\b"
    rf"|\b{_A_LIST}|\b(?:latter|former)\b",
    re.IGNORECASE,
)


def final_position(text: str) -> Position | None:
    """The position the turn settles on: the last one named (self-repairs end in the winner)."""
    found = positions(text)
    return found[-1] if found else None


def conversation_place(text: str) -> Position | None:
    """A place in the conversation said without an ordinal: "the one we started with" (the
    very first topic, index 0), "the earlier person" (the first of the two, 1) or "the later
    film" (2)."""
    if _OPENING.search(text):
        return Position(0, "")
    found = _EARLIER.search(text)
    if found is None:
        return None
    return Position(1 if found["which"].casefold() == "earlier" else 2, found["noun"].casefold())


_OPENING = re.compile(
    r"\b(?:we|i|you)\s+(?:started|began|opened|kicked\s+off)\s+with\b", re.IGNORECASE
)
_EARLIER = re.compile(r"\bthe\s+(?P<which>earlier|later)\s+(?P<noun>[a-z]+)\b", re.IGNORECASE)
_CONVERSATION_ORDER = re.compile(
    r"\b(?:we|you|u|i)\s+(?:talked|discussed|spoke|were\s+talking|asked|covered)\b"
    r"|\b(?:we|i)\s+(?:started|began|opened|kicked\s+off)\s+with\b",
    re.IGNORECASE,
)


def in_conversation_order(text: str) -> bool:
    """Whether a position counts the conversation's topics ("the second one we discussed")."""
    return bool(_CONVERSATION_ORDER.search(text))


def wants_other(text: str) -> bool:
    return bool(_OTHER.search(text))


def other_noun(text: str) -> str:
    """The noun after "the other" ("the other film" -> "film"), else ""."""
    found = _OTHER_NOUN.search(text)
    return found["noun"].casefold() if found else ""


_OTHER_NOUN = re.compile(r"\bthe\s+other\s+(?P<noun>[a-z]+)\b", re.IGNORECASE)


_ASKED_ABOUT = re.compile(
    r"\bi(?:\s+was|'m|\s+am)?\s+ask(?:ed|ing)\s+(?:about|for)\b"
    r"|\bmy\s+question\s+was\s+(?:about|on|for)\b",
    re.IGNORECASE,
)


def says_what_was_asked(text: str) -> bool:
    """Whether the user says again what their question was about ("i asked about the
    cityscape", "my question was about the uni")."""
    return bool(_ASKED_ABOUT.search(text))


def negated(text: str) -> list[str]:
    """What the user says they did not mean ("not the actor", "not 1", and "liam" of "that's
    liam. noel!!": what the answer was about, said before what was meant)."""
    said = [m["what"].strip() for m in _NOT.finditer(text)]
    return said + [m["what"].strip() for m in _THATS.finditer(text)]


def descriptions(text: str) -> list[str]:
    """Nouns the turn uses to describe a topic: "the mission", "that song", "the 2004 one"."""
    stop = {"one", "other", "same", *ORDINALS, "to", *QUESTION_WORDS, *PRONOUNS}
    found = []
    for match in _DESCRIPTION.finditer(text):
        kept = []
        for word in match["noun"].casefold().split():
            if word in stop:
                break
            kept.append(word)
        if kept:
            found.append(" ".join(kept))
    return found


def relative_phrase(text: str) -> str | None:
    """The head of a describing phrase: "the guy" in "the guy who walked first"."""
    match = _RELATIVE.search(text)
    return " ".join(match.group().split()[:2]) if match else None


def relative_clause(text: str) -> str | None:
    """The clause describing a topic by a fact ("the guy who walked first" -> "walked first")."""
    match = _RELATIVE.search(text)
    return match["clause"].strip() if match else None


def pronouns(text: str) -> list[str]:
    """The pronouns of ``text`` in order, not those inside a compound ("the she-wolf") nor an
    "it" that stands for no thing ("is it true ...", "it's said that ...")."""
    plain = _COMPOUND.sub(" ", text) if "-" in text else text  # a compound has a hyphen
    if "it" in plain.casefold():
        plain = _DUMMY_IT.sub(_without_it, plain)
    return [w for w in words_of(plain) if w in PRONOUNS]


def dummy_its(text: str) -> set[int]:
    """Where each "it" of the sentence's form starts ("is it true ...", "it's said that ...")."""
    return {match.start(_it_of(match)) for match in _DUMMY_IT.finditer(text)}


def _without_it(match: re.Match[str]) -> str:
    """A match of :data:`_DUMMY_IT` with its "it" blanked."""
    group = _it_of(match)
    start, end = match.start(group) - match.start(), match.end(group) - match.start()
    return f"{match.group()[:start]}  {match.group()[end:]}"


def _it_of(match: re.Match[str]) -> str:
    """The group of a match of :data:`_DUMMY_IT` that holds its "it"."""
    return "it" if match["it"] is not None else "it2"


_COMPOUND = re.compile(r"\w+(?:-\w+)+")
# "is it true isabellas get in free", "it's said that he ...": an "it" of the sentence's form
_DUMMY_IT = re.compile(
    r"\b(?:(?:is|was|isn['’]?t|wasn['’]?t)\s+(?P<it>it)\s+(?:really\s+|actually\s+)?"
    r"(?:true|possible|likely|worth|ok|okay|normal|safe|legal|common)\b"
    r"|(?P<it2>it)(?:['’]?s|\s+is|\s+was)\s+(?:true|said|believed|rumou?red|claimed)\s+that\b)",
    re.IGNORECASE,
)

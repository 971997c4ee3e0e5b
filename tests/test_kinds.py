"""What kind of thing a name is: the head noun after "<name> was a ...", found as one regular
expression over the name and the sentence would find it."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memrevise.language.entities import STOPWORDS
from memrevise.language.kinds import _KIND_AFTER, _NOT_KINDS, infer_kind
from memrevise.text import strip_qualifier

WORDS = [
    "Neil", "Armstrong", "neil", "armstrong", "Apollo", "11", "was", "is", "were", "an", "a",
    "the", "one", "of", "American", "astronaut", "mission", "who", "flew", "band", "(film)",
    "'s", ",", ".", "based", "in", "Ohio", "released", "most", "first",
]  # fmt: skip


def one_pattern_kind(name: str, texts: list[str]) -> str:
    """The kind as a single compiled pattern per name finds it (the reference)."""
    base = strip_qualifier(name)
    aliases = [re.escape(base)] + ([re.escape(base.split()[-1])] if len(base.split()) > 1 else [])
    pattern = re.compile(rf"\b(?:{'|'.join(aliases)}){_KIND_AFTER}", re.IGNORECASE)
    for text in texts:
        match = pattern.search(text)
        if match and match["kind"].casefold() not in STOPWORDS | _NOT_KINDS:
            return match["kind"].casefold()
    return ""


def test_the_head_noun_after_the_name_or_its_last_word():
    facts = ["Armstrong was an American astronaut who flew on Apollo 11."]
    assert infer_kind("Neil Armstrong", facts) == "astronaut"
    assert infer_kind("Apollo 11", ["Apollo 11 was a spaceflight that landed."]) == "spaceflight"
    assert infer_kind("Neil Armstrong", ["He was one of the most famous people."]) == ""


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*WORDS[:4], "Apollo", "11"]), min_size=1, max_size=3),
    st.lists(st.lists(st.sampled_from(WORDS), max_size=14), max_size=3),
)
def test_it_finds_what_one_pattern_per_name_finds(name_words, texts):
    name = " ".join(name_words)
    sentences = [" ".join(words) for words in texts]
    assert infer_kind(name, sentences) == one_pattern_kind(name, sentences)

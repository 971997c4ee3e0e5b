"""A turn that breaks a word off with a dash and goes on to something else drops what it was
saying: "pierre died in a street acci— yeah he did, 1906. when did she get her second
nobel" asks about Marie Curie, not Pierre. Where what follows the break corrects ("— no, the
..."), the turn is a repair as before."""

from __future__ import annotations

import pytest
from fixtures_writer import converse
from hypothesis import given
from hypothesis import strategies as st

from memrevise.language import cues

PAGES = {
    "Marie Curie": [
        "Marie Curie was a Polish and French physicist and chemist, born in 1867 in Warsaw. She "
        "studied at the University of Paris and won the Nobel Prize in Physics in 1903 and the "
        "Nobel Prize in Chemistry in 1911."
    ],
    "Pierre Curie": [
        "Pierre Curie was a French physicist, born in 1859 in Paris. He shared the Nobel Prize "
        "in Physics in 1903 and died in a street accident in Paris in 1906."
    ],
    "Radium": [
        "Radium is a chemical element with the symbol Ra, discovered by Marie and Pierre Curie "
        "in 1898. It glows faintly blue in the dark."
    ],
}
MARIE = ("marie curie nobel prizes", "Two: Physics in 1903 and Chemistry in 1911.")


@pytest.mark.parametrize(
    "said",
    [
        "pierre died in a street acci— yeah he did, 1906. when did she get her second nobel",
        "was pierre born in par— yes he was. where did she study",
    ],
)
def test_what_follows_a_broken_off_word_is_the_turn(writer, said):
    output, _ = converse(writer, [MARIE], said)
    assert output.topic == "Marie Curie"


def test_a_break_then_a_correction_is_a_repair(writer):
    history = [MARIE, ("when did pierre die", "In 1906, in a street accident in Paris.")]
    output, _ = converse(writer, history, "how old was he when he disc— no, the element i mean")
    assert output.topic == "Radium"


@given(st.text(alphabet="abc —-.,no ", max_size=80))
def test_a_break_splits_the_text_into_two_parts_it_holds(text):
    found = cues.broken_off(text)
    if found is not None:
        before, after = found
        assert before and after
        assert text.find(before) < text.rfind(after)


@pytest.mark.parametrize(
    "said", ["the spider-man film", "bell rock — when did it go automatic", "1914–18 war"]
)
def test_a_dash_inside_a_word_or_set_apart_breaks_nothing_off(said):
    assert cues.broken_off(said) is None

"""A correction may rebut the answer instead of saying "no": "pretty sure it was orville",
"flew ≠ built lol", "the younger one i said", "glider isnt plane lol" reject the last
answer, and a rebuttal that only sets the answer's word against the asked one ("glider
isnt plane lol") points at nothing, so the rest of the turn says what is meant. A person
may be corrected to by a nickname a page gives after a place ("known in Dayton as the
Old Reliable")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.writer.grounding import Nicknames

PAGES = {
    "Wilbur Wright": [
        "Wilbur Wright was an American aviation pioneer, born in 1867 near Millville, Indiana. "
        "He won the coin toss at Kitty Hawk in 1903 but his first try failed."
    ],
    "Orville Wright": [
        "Orville Wright was an American aviation pioneer, born in 1871 in Dayton, Ohio. On 17 "
        "December 1903 he flew the Wright Flyer for twelve seconds at Kitty Hawk."
    ],
    "Milton Wright": [
        "Milton Wright was an American bishop of the United Brethren Church, born in 1828 in "
        "Rush County, Indiana, and the father of the aviators. Known in Dayton as the Old "
        "Reliable, he kept a diary for sixty years."
    ],
    "Octave Chanute": [
        "Octave Chanute was a French-born American engineer, born in 1832 in Paris. He built "
        "gliders on the shore of Lake Michigan in 1896 and wrote to the Wrights for years."
    ],
}
ASKED = ("who flew the first plane at kitty hawk", "Wilbur Wright, who won the coin toss.")


@pytest.mark.parametrize(
    "said",
    [
        "pretty sure it was orville",
        "the younger one i said. orville",
        "won ≠ flew lol. orville",
    ],
)
def test_a_rebuttal_corrects_and_carries_the_question(writer, said):
    output, _ = converse(writer, [ASKED], said)
    assert output.topic == "Orville Wright"
    assert "kitty hawk" in output.query.casefold()


def test_a_word_set_against_another_points_nowhere(writer):
    history = [("who built the first plane", "Octave Chanute built gliders in 1896.")]
    output, _ = converse(writer, history, "glider isnt plane lol. who flew at kitty hawk in 1903")
    assert output.topic == "Orville Wright"


def test_a_nickname_given_after_a_place(writer):
    history = [("who was the wrights dad", "Wilbur Wright was born near Millville.")]
    output, _ = converse(writer, history, "nope, the old reliable")
    assert output.topic == "Milton Wright"


def test_a_nickname_stated_after_a_place_is_read(index):
    assert Nicknames(index)("old reliable") == ("Milton Wright",)


@pytest.mark.parametrize("said", ["ORVILLE lol not wilbur. ffs", "ORVILLE lol not wilbur. ollie"])
def test_the_name_asked_about_set_against_the_answers_is_kept(writer, said):
    """The question named Orville and the answer went to Wilbur: "ORVILLE lol not wilbur"
    names what was asked, though the memory already holds it, and asks the question again."""
    history = [("when was orville born", "Wilbur Wright was born in 1867 near Millville.")]
    output, memory = converse(writer, history, said)
    assert output.topic == memory.current.name == "Orville Wright"
    assert output.query == "when was orville born"

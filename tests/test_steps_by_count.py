"""One step along a numbered family said as a count: "k plus one" after Surveyor 6 is
Surveyor 7, "minus one" and "ok one number back, where did that one land" are Surveyor 5;
"back" after such a count is a step, not a return."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.writer.siblings import counted_step

PAGES = {
    "Surveyor 5": [
        "Surveyor 5 was the fifth lunar lander of the American Surveyor program, landing in "
        "Mare Tranquillitatis on 11 September 1967."
    ],
    "Surveyor 6": [
        "Surveyor 6 was the sixth lunar lander of the Surveyor program; on 17 November 1967 it "
        "made the first liftoff from the Moon, hopping about three metres."
    ],
    "Surveyor 7": [
        "Surveyor 7 was the seventh and last lunar lander of the Surveyor program, landing near "
        "the crater Tycho on 10 January 1968."
    ],
}
LANDED = ("when did surveyor 6 land", "On 10 November 1967.")


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("k plus one", "Surveyor 7"),
        ("minus one", "Surveyor 5"),
        ("ok one number back, where did that one land", "Surveyor 5"),
        ("1 step forward", "Surveyor 7"),
    ],
)
def test_a_step_said_as_a_count_moves_along_the_family(writer, said, meant):
    output, _ = converse(writer, [LANDED], said)
    assert output.topic == meant


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        ("one number back", True),
        ("1 step forward", True),
        ("going back to surveyor 5", False),
        ("a step back in time", False),
    ],
)
def test_only_a_count_makes_back_a_step(text, counted):
    assert counted_step(text) is counted

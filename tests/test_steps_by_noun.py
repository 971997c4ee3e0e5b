"""A step along a numbered family said with the noun it counts in: "n the tournament after"
after the 2003 Rugby World Cup is the 2007 one, "same for 4 numbers on" after Gemini 8 is
Gemini 12, and a question about "the one numbered just below" Symphony No. 4 asks about No.
3; "the one with nathan" describes and steps nowhere."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.writer.siblings import says_step

PAGES = {
    "2003 Rugby World Cup": ["The 2003 Rugby World Cup was held in Australia; England won."],
    "2007 Rugby World Cup": ["The 2007 Rugby World Cup was held in France; South Africa won."],
    "Gemini 8": ["Gemini 8 was flown by Neil Armstrong and David Scott in March 1966."],
    "Gemini 12": ["Gemini 12 was flown by Jim Lovell and Buzz Aldrin in November 1966."],
    "Symphony No. 3 (Mendelssohn)": ["Mendelssohn's Symphony No. 3, the Scottish, is in A minor."],
    "Symphony No. 4 (Mendelssohn)": ["Mendelssohn's Symphony No. 4, the Italian, is in A major."],
}


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (("2003 rugby world cup final venue", "Sydney."), "n the tournament after", "2007"),
        (("who flew gemini 8", "Neil Armstrong and David Scott."), "same for 4 numbers on", "12"),
        (
            ("symphony no 4 mendelssohn key", "A major."),
            "whats the key of the one numbered just below",
            "No. 3",
        ),
    ],
)
def test_a_step_in_the_familys_own_noun_moves_along_it(writer, history, said, meant):
    output, _ = converse(writer, [history], said)
    assert meant in output.topic


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("n the tournament after", True),
        ("skip ahead two numbers, same q", True),
        ("the one numbered just below", True),
        ("actuually the one with nathan", False),
        ("how far below the surface is it", False),
    ],
)
def test_what_says_a_step(text, steps):
    assert says_step(text) is steps

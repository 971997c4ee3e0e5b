"""Value changes as people type them: the same question for a relative ("same for his son",
"n his dads first win"), a year said first on its own ("1907!! ugh, the one that fell into
the river"), and the year an answer opens with, which tells which of two dated pages a turn
was about ("The 1997 Beetle is built in Puebla.")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Jackie Stewart": [
        "Jackie Stewart is a Scottish racing driver, born in 1939, Formula One champion in "
        "1969, 1971 and 1973 with 27 wins. His son Paul Stewart founded Paul Stewart Racing."
    ],
    "Paul Stewart": [
        "Paul Stewart is a Scottish racing driver and team owner, born in 1965, the son of "
        "Jackie Stewart. His first win came at Brands Hatch in 1987."
    ],
    "Quebec Bridge (1917)": [
        "The Quebec Bridge (1917) is the cantilever bridge over the Saint Lawrence River that "
        "opened in December 1917 and still carries trains."
    ],
    "Quebec Bridge (1907)": [
        "The Quebec Bridge (1907) was a cantilever bridge over the Saint Lawrence River that "
        "fell down during construction on 29 August 1907, killing 75 workers."
    ],
    "Volkswagen Beetle (1938)": [
        "The Volkswagen Beetle (1938) is a small car designed by Ferdinand Porsche and built "
        "in Wolfsburg from 1938."
    ],
    "Volkswagen Beetle (1997)": [
        "The Volkswagen Beetle (1997) is a retro car built in Puebla, Mexico, from 1997."
    ],
}


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (
            [("how many grands prix did jackie stewart win", "27.")],
            "same for his son",
            "Paul Stewart",
        ),
        (
            [("when was paul stewart's first win", "At Brands Hatch in 1987.")],
            "n his dads first win",
            "Jackie Stewart",
        ),
    ],
)
def test_the_same_question_for_a_relative(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_the_year_an_answer_opens_with_picks_the_dated_page(writer):
    """The question fits both Beetles; the answer says which one it was taken to be about,
    so "the old one" is then the other."""
    history = [("where was the volkswagen beetle built", "The 1997 Beetle is built in Puebla.")]
    _, memory = converse(writer, history, "who designed it")
    assert memory.nodes[0].topic == "Volkswagen Beetle (1997)"
    output, _ = converse(writer, history, "nah the old one, 1938")
    assert output.topic == "Volkswagen Beetle (1938)"


@pytest.mark.parametrize(
    "said",
    ["1907!! ugh, the one that fell into the river", "1907!! bessie, the one that fell"],
)
def test_a_year_said_first_on_its_own(writer, said):
    """A year said first and on its own changes the value, however long the description
    after it and though that has a relative clause."""
    history = [("when did the quebec bridge open", "The present bridge opened in December 1917.")]
    output, _ = converse(writer, history, said)
    assert output.topic == "Quebec Bridge (1907)"

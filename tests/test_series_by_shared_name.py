"""Sequels named around the first work's name are one series with it: "Escape from the Planet
of the Apes" and "Conquest of the Planet of the Apes" follow "Planet of the Apes (1968 film)",
and "Muppet Treasure Island" follows "Treasure Island (1990 film)" (an article aside: "A
Christmas Carol" and "The Muppet Christmas Carol" too). A value or a step moves along them by
the years their pages open with: "and the 71 one", "the next one", "6 yrs earlier", "the first
film" (a film, not the novel of that name). A value that names the current work ("the 1972
sequel" on the film of 1972) moves nowhere."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Planet of the Apes (novel)": [
        "Planet of the Apes is a 1963 science fiction novel by the French writer Pierre Boulle."
    ],
    "Planet of the Apes (1968 film)": [
        "Planet of the Apes is a 1968 American science fiction film directed by Franklin J. "
        "Schaffner, with a score by Jerry Goldsmith."
    ],
    "Escape from the Planet of the Apes": [
        "Escape from the Planet of the Apes is a 1971 American science fiction film directed by "
        "Don Taylor, in which Cornelius and Zira travel back to Los Angeles."
    ],
    "Conquest of the Planet of the Apes": [
        "Conquest of the Planet of the Apes is a 1972 American science fiction film directed by "
        "J. Lee Thompson and shot at Century City."
    ],
    "Battle for the Planet of the Apes": [
        "Battle for the Planet of the Apes is a 1973 American science fiction film directed by "
        "J. Lee Thompson, the last of the original series."
    ],
    "Treasure Island (1950 film)": [
        "Treasure Island is a 1950 adventure film made by Walt Disney, with Robert Newton as "
        "Long John Silver."
    ],
    "Treasure Island (1990 film)": [
        "Treasure Island is a 1990 adventure film written and directed by Fraser Clarke Heston, "
        "with Charlton Heston as Long John Silver."
    ],
    "Muppet Treasure Island": [
        "Muppet Treasure Island is a 1996 musical adventure film directed by Brian Henson, "
        "with Tim Curry as Long John Silver."
    ],
}
CONQUEST = ("who directed conquest of the planet of the apes", "J. Lee Thompson.")
MUPPETS = ("who played long john silver in muppet treasure island", "Tim Curry.")


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize(
    ("history", "turn", "meant", "asked"),
    [
        ([CONQUEST], "and the 71 one", "Escape from the Planet of the Apes", "directed"),
        ([CONQUEST], "and the next one?", "Battle for the Planet of the Apes", "directed"),
        ([CONQUEST], "n the first film", "Planet of the Apes (1968 film)", "directed"),
        ([MUPPETS], "and 6 yrs earlier?", "Treasure Island (1990 film)", "silver"),
    ],
)
def test_a_value_moves_along_a_series_named_around_its_first_work(
    writer, history, turn, meant, asked
):
    output, _ = converse(writer, history, turn)
    assert output.topic == meant
    assert asked in output.query  # the open question, carried to the work meant


def test_a_value_that_names_the_current_work_moves_nowhere(writer):
    output, _ = converse(writer, [CONQUEST], "the 1972 sequel — where was it shot")
    assert output.topic == "Conquest of the Planet of the Apes"

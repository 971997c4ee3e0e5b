"""People of one last name told apart by age, as the years their pages open with say: "and
the younger williams" is the one born later of the two, "n the one 6 yrs older" the one born
six years before the person in focus."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Venus Williams": [
        "Venus Williams is an American tennis player, born in 1980 in Lynwood, California. She "
        "won Wimbledon five times."
    ],
    "Serena Williams": [
        "Serena Williams is an American tennis player, born in 1981 in Saginaw, Michigan. She "
        "won 23 Grand Slam singles titles."
    ],
    "Steffi Graf": [
        "Steffi Graf is a German tennis player, born in 1969 in Mannheim. She won 22 Grand Slam "
        "singles titles."
    ],
    "Ralf Schumacher": [
        "Ralf Schumacher is a German racing driver, born in 1975 in Hürth. He won six Formula "
        "One races."
    ],
    "Michael Schumacher": [
        "Michael Schumacher is a German racing driver, born in 1969 in Hürth. He won seven "
        "Formula One titles."
    ],
}
GRAF = ("how many slams did steffi graf win", "22.")


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("and the younger williams", "Serena Williams"),
        ("and the older williams, how many wimbledons", "Venus Williams"),
        ("the elder williams, where was she born", "Venus Williams"),
    ],
)
def test_the_older_or_younger_of_two_people_of_a_name(writer, said, meant):
    output, _ = converse(writer, [GRAF], said)
    assert output.topic == meant


def test_the_one_so_many_years_older(writer):
    history = [("when was ralf schumacher born", "In 1975, in Hürth.")]
    output, _ = converse(writer, history, "n the one 6 yrs older")
    assert output.topic == "Michael Schumacher"
    assert output.query == "when was Michael Schumacher born"

"""A step along numbered rulers said by the ruler's noun after the way ("go back two kings")
or by the family's own name and "on" ("k one edward on?") moves by their numerals, even where
their pages open with years too early to order them by."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    f"Edward {numeral} of England": [
        f"Edward {numeral} of England (born {born}) was King of England from {crowned}; "
        f"he was {what}."
    ]
    for numeral, born, crowned, what in [
        ("I", 1239, 1272, "the conqueror of Wales and the builder of Caernarfon Castle"),
        ("II", 1284, 1307, "beaten by the Scots at Bannockburn"),
        ("III", 1312, 1327, "the founder of the Order of the Garter"),
        ("IV", 1442, 1461, "the first Yorkist king, the winner at Towton"),
    ]
}


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize(
    ("asked", "turn", "meant"),
    [
        ("edward iv", "go back two kings", "Edward II of England"),
        ("edward ii", "k one edward on?", "Edward III of England"),
        ("edward ii", "and two edwards on", "Edward IV of England"),
    ],
)
def test_a_step_by_rulers_moves_by_their_numerals(writer, asked, turn, meant):
    output, _ = converse(writer, [(f"when was {asked} crowned", "In his twenties.")], turn)
    assert output.topic == meant
    assert "crowned" in output.query  # the open question, asked of the one meant

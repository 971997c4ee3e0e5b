"""A step by a ruler's noun goes across the names of one realm's rulers, in the order of the
years their pages open with: on Charles I of England "the king right before him" is James I,
and "jump 2 kings ahead" from Edward VI passes James I to Charles I; "the next charles"
still steps by the name."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Henry VIII of England": [
        "Henry VIII of England, born in 1491 at Greenwich, was King of England from 1509 until "
        "his death. He married six times and broke with Rome."
    ],
    "Edward VI of England": [
        "Edward VI of England, born in 1537 at Hampton Court, was King of England from 1547 "
        "until his death at fifteen in 1553."
    ],
    "James I of England": [
        "James I of England, born in 1566 at Edinburgh Castle, was King of Scotland as James VI "
        "and King of England from 1603. He sponsored a translation of the Bible."
    ],
    "Charles I of England": [
        "Charles I of England, born in 1600 at Dunfermline, was King of England from 1625 until "
        "his execution in 1649 after the Civil War."
    ],
    "Charles II of England": [
        "Charles II of England, born in 1630 at St James's Palace, was restored as King of "
        "England in 1660 and founded the Royal Society's charter."
    ],
}


@pytest.mark.parametrize(
    ("asked", "said", "meant"),
    [
        (
            "when was charles i of england executed",
            "and the king right before him",
            "James I of England",
        ),
        ("when did edward vi of england die", "jump 2 kings ahead", "Charles I of England"),
        ("where was james i of england born", "n the next king?", "Charles I of England"),
        ("when was charles i of england executed", "the next charles", "Charles II of England"),
    ],
)
def test_a_step_by_a_rulers_noun(writer, asked, said, meant):
    output, _ = converse(writer, [(asked, "In the year the page gives.")], said)
    assert output.topic == meant

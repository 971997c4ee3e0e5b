"""A relative that a page names by a first name alone is the page of that first name and
the person's last name ("his son Mick" on Michael Schumacher's page: Mick Schumacher), and
"his old man" is his father."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Michael Schumacher": [
        "Michael Schumacher is a German racing driver, born in 1969 in Hürth. He won seven "
        "world titles; his son Mick raced in Formula One for Haas."
    ],
    "Mick Schumacher": [
        "Mick Schumacher is a German racing driver, born in 1999 in Vufflens-le-Château. He won "
        "the Formula 2 title in 2020 and drove for Haas."
    ],
    "Alexandre Dumas": [
        "Alexandre Dumas was a French writer, born in 1802 in Villers-Cotterêts. He wrote The "
        "Three Musketeers; his father Thomas-Alexandre Dumas was a general."
    ],
    "Thomas-Alexandre Dumas": [
        "Thomas-Alexandre Dumas was a French general, born in 1762 in Saint-Domingue. He led the "
        "cavalry of the Army of the Alps."
    ],
}


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        ([("michael schumacher titles", "Seven.")], "and his kid?", "Mick Schumacher"),
        (
            [("when was alexandre dumas born", "In 1802.")],
            "and his old man",
            "Thomas-Alexandre Dumas",
        ),
    ],
)
def test_a_relative_by_a_first_name_or_a_word_for_him(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant

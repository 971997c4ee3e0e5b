"""The youngest or the eldest of the people of a last name, by the years their pages open
with ("and the youngest jackson?", "and the eldest jackson?"), is that person, however many
share the name; the older or the younger of two ("the younger charlton") as before."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Jackie Jackson": ["Jackie Jackson (born 1951) is an American singer, the eldest brother."],
    "Tito Jackson": ["Tito Jackson (1953–2024) was an American singer and guitarist."],
    "Marlon Jackson": ["Marlon Jackson (born 1957) is an American singer and dancer."],
    "Randy Jackson": [
        "Randy Jackson (born 1961) is an American musician, the youngest Jackson brother."
    ],
    "The Jackson 5": ["The Jackson 5 were an American pop band formed in Gary, Indiana, in 1964."],
}


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize(
    ("turn", "meant"),
    [
        ("and the youngest jackson?", "Randy Jackson"),
        ("and the eldest jackson?", "Jackie Jackson"),
    ],
)
def test_the_youngest_or_eldest_of_a_name_is_that_person(writer, turn, meant):
    history = [("when was the jackson 5 formed", "In 1964, in Gary, Indiana.")]
    output, _ = converse(writer, history, turn)
    assert output.topic == meant

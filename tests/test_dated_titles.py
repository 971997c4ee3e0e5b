"""Pages dated in their titles that share their last word ("1755 Lisbon earthquake", "1908
Messina earthquake"): a year said whole or in two digits moves between them ("n for 08?",
"now the 1923 one"), and "the 1755 quake" dates a quake rather than counting 1,755 of them."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.memory import Status
from memrevise.writer.siblings import Siblings, said_values

PAGES = {
    "1755 Lisbon earthquake": [
        "The 1755 Lisbon earthquake struck Portugal on 1 November 1755; between 30,000 and "
        "50,000 people died in the shaking, the fires and the tsunami."
    ],
    "1908 Messina earthquake": [
        "The 1908 Messina earthquake struck Sicily and Calabria on 28 December 1908 with a "
        "magnitude of 7.1; about 80,000 people died."
    ],
    "1923 Great Kantō earthquake": [
        "The 1923 Great Kantō earthquake struck Tokyo and Yokohama on 1 September 1923 with a "
        "magnitude of 7.9; more than 100,000 people died."
    ],
    "Lisbon": ["Lisbon is the capital and largest city of Portugal, on the Tagus estuary."],
}
LISBON = (
    "how many died in the 1755 earthquake",
    "Between 30,000 and 50,000 people died in the 1755 Lisbon earthquake.",
)


@pytest.mark.parametrize(
    ("said", "meant"),
    [("n for 08?", "1908 Messina earthquake"), ("now the 1923 one", "1923 Great Kantō earthquake")],
)
def test_a_year_said_moves_to_the_page_dated_by_it(writer, said, meant):
    output, memory = converse(writer, [LISBON], said)
    assert output.topic == meant
    assert memory.topic("1755 Lisbon earthquake").status is Status.DROPPED


def test_the_year_of_a_quake_is_no_count_of_quakes(writer):
    messina = ("magnitude of the 1908 quake", "The 1908 Messina earthquake had a magnitude of 7.1.")
    output, _ = converse(writer, [messina], "ok the 1755 quake then, its magnitude?")
    assert output.topic == "1755 Lisbon earthquake"
    assert "magnitude" in output.query


def test_a_year_two_dated_pages_share_moves_nowhere():
    titles = [*PAGES, "1908 Tunguska earthquake"]
    assert Siblings(titles).moved("1755 Lisbon earthquake", "n for 08?") is None
    assert Siblings(list(PAGES)).moved("1755 Lisbon earthquake", "n for 08?") == (
        "1908 Messina earthquake"
    )


def test_a_year_after_the_dates_and_a_small_number_counts():
    assert said_values("ok the 1755 quake then") == [1755]
    assert said_values("were there 3 quakes") == []

"""A page's whole title typed word for word names that page, though its words are all in the
current topic's name: "john adams, the second president" while on John Quincy Adams is his
father; a word of the current name alone ("adams") still refers to the current topic."""

from __future__ import annotations

from fixtures_writer import converse

PAGES = {
    "John Quincy Adams": [
        "John Quincy Adams was the sixth president of the United States, from 1825 to 1829, "
        "the eldest son of John Adams and Abigail Adams."
    ],
    "John Adams": [
        "John Adams was the second president of the United States, from 1797 to 1801. He was "
        "born in Braintree, Massachusetts, in 1735."
    ],
    "Abigail Adams": [
        "Abigail Adams was the wife of John Adams and an adviser to him, born in Weymouth, "
        "Massachusetts, in 1744."
    ],
}
ASKED = ("when was john quincy adams president", "From 1825 to 1829, the sixth president.")


def test_a_whole_title_inside_the_current_name_switches_to_it(writer):
    output, _ = converse(writer, [ASKED], "john adams the second president, where was he born")
    assert output.topic == "John Adams"


def test_a_word_of_the_current_name_stays_on_it(writer):
    output, _ = converse(writer, [ASKED], "where was adams born")
    assert output.topic == "John Quincy Adams"

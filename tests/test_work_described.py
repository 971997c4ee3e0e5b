"""A work described by a word its page says, asked after one of its kind ("and the kurosawa
one?" after a question about Polanski's Macbeth), is the one other work of that kind that the
collection finds for the word and the current work's name, whose page says both: Throne of
Blood, Kurosawa's film of Macbeth. Not a work of another kind (the play itself), and nothing
where no page says both."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Macbeth": [
        "Macbeth is a tragedy by William Shakespeare, first performed around 1606, about a "
        "Scottish general who murders King Duncan."
    ],
    "Macbeth (1971 film)": [
        "Macbeth is a 1971 historical drama film directed by Roman Polanski, shot in Wales and "
        "Northumberland, with Jon Finch as Macbeth."
    ],
    "Throne of Blood": [
        "Throne of Blood is a 1957 Japanese film directed by Akira Kurosawa, a retelling of "
        "Macbeth set in feudal Japan, with Toshiro Mifune as Washizu."
    ],
    "Rashomon": [
        "Rashomon is a 1950 Japanese film directed by Akira Kurosawa, in which four witnesses "
        "tell the story of a killing in a forest."
    ],
}
POLANSKI = ("where was the 1971 macbeth shot", "In Wales and Northumberland.")


@pytest.fixture(scope="module")
def writer():  # the default writer: the rules alone read the first turn as the play
    return make_writer("learned", index_of(PAGES))


def test_a_work_described_by_a_word_of_its_page_is_that_work(writer):
    output, _ = converse(writer, [POLANSKI], "and the kurosawa one?")
    assert output.topic == "Throne of Blood"


def test_no_work_is_found_where_no_page_of_the_kind_says_the_word(writer):
    output, _ = converse(writer, [POLANSKI], "and the welles one?")
    assert output.topic == "Macbeth (1971 film)"

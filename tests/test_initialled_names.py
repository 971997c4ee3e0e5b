"""A person whose title opens with initials ("J. M. Barrie") is found by the last name alone,
as people type it: "did barrie have any kids" while on Peter Pan asks about the writer, and so
does "barrie himself"; "wells's actual novella" is the novella, not the writer."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.writer import make_writer
from memrevise.writer.rules import people_named

PAGES = {
    "J. M. Barrie": [
        "J. M. Barrie was a Scottish novelist and playwright, born in Kirriemuir in 1860, who "
        "created Peter Pan. He left the rights to Great Ormond Street Hospital."
    ],
    "Peter Pan": [
        "Peter Pan is a fictional boy who never grows up, created by the Scottish writer J. M. "
        "Barrie, first seen in a 1902 novel.",
        "Peter Pan lives in Neverland with the Lost Boys and fights Captain Hook.",
    ],
    "Captain Hook": [
        "Captain Hook is a fictional pirate, the villain of Peter Pan, whose right hand was cut "
        "off by Peter and eaten by a crocodile."
    ],
    "H. G. Wells": [
        "H. G. Wells was an English writer, born in Bromley in 1866, who wrote The Time Machine "
        "and The War of the Worlds."
    ],
    "The Time Machine": [
        "The Time Machine is an 1895 novella by H. G. Wells about a Victorian inventor who "
        "travels to the year 802,701."
    ],
    "The Time Machine (2002 film)": [
        "The Time Machine is a 2002 American film loosely based on the novella, starring Guy "
        "Pearce as Alexander Hartdegen."
    ],
}
NEVERLAND = ("where does peter pan live", "In Neverland, with the Lost Boys.")


@pytest.mark.parametrize(
    "said", ["did barrie have any kids", "ok so where was barrie himself born"]
)
def test_a_last_name_after_initials_names_the_person(writer, said):
    output, _ = converse(writer, [NEVERLAND], said)
    assert output.topic == "J. M. Barrie"
    assert output.query == said


def test_a_work_said_with_its_authors_possessive_is_the_work(index):
    writer = make_writer("learned", index)
    history = [
        (
            "in the time machine does the time traveller have a name",
            "In the 2002 film the time traveller is Alexander Hartdegen, played by Guy Pearce.",
        )
    ]
    output, _ = converse(writer, history, "i meant in wells's actual novella, not the film")
    assert output.topic == "The Time Machine"


def test_initials_open_a_name_only_where_the_page_is_a_persons():
    assert people_named(["J. M. Barrie"]) == [("J. M. Barrie", ("j", "m", "barrie"))]
    assert people_named(["J. M. Barrie"], person=lambda _: False) == []

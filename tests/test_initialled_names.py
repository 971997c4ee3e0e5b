"""A person whose title opens with initials ("J. M. Barrie") is found by the last name alone,
as people type it: "did barrie have any kids" while on Peter Pan asks about the writer, and so
does "barrie himself"."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

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
}
NEVERLAND = ("where does peter pan live", "In Neverland, with the Lost Boys.")


@pytest.mark.parametrize(
    "said", ["did barrie have any kids", "ok so where was barrie himself born"]
)
def test_a_last_name_after_initials_names_the_person(writer, said):
    output, _ = converse(writer, [NEVERLAND], said)
    assert output.topic == "J. M. Barrie"
    assert output.query == said


def test_initials_open_a_name_only_where_the_page_is_a_persons():
    assert people_named(["J. M. Barrie"]) == [("J. M. Barrie", ("j", "m", "barrie"))]
    assert people_named(["J. M. Barrie"], person=lambda _: False) == []

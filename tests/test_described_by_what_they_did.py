"""A turn that only describes the one meant by what it did, in a relative clause ("the
norwegian one who got there first", "the one that hit the iceberg"), corrects the last answer,
as "the norwegian one" does. Not where the clause refers back by a pronoun, which asks about
the current topic ("the famous one who painted it")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Roald Amundsen": [
        "Roald Amundsen was a Norwegian explorer who led the first expedition to reach the "
        "South Pole, in December 1911."
    ],
    "Robert Falcon Scott": [
        "Robert Falcon Scott was a British explorer who reached the South Pole in January 1912 "
        "and died on the way back."
    ],
    "RMS Olympic": ["RMS Olympic was a British ocean liner that served from 1911 to 1935."],
    "Titanic": [
        "RMS Titanic was a British ocean liner that hit an iceberg and sank on her maiden "
        "voyage in April 1912."
    ],
    "Mona Lisa": ["The Mona Lisa is a portrait by Leonardo da Vinci, in the Louvre."],
}
POLE = ("who got to the south pole first", "Robert Falcon Scott, in January 1912.")
RESCUE = ("which liner did the carpathia rescue people from", "RMS Olympic, in 1912.")


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize(
    ("history", "turn", "meant", "rejected"),
    [
        ([POLE], "the norwegian one who got there first", "Roald Amundsen", "Robert Falcon Scott"),
        ([RESCUE], "the one that hit the iceberg", "Titanic", "RMS Olympic"),
    ],
)
def test_a_description_by_what_it_did_corrects_the_answer(writer, history, turn, meant, rejected):
    output, _ = converse(writer, history, turn)
    assert output.topic == meant
    assert rejected in output.contradictions


def test_a_clause_that_refers_back_asks_about_the_topic(writer):
    history = [("tell me about the mona lisa", "The Mona Lisa is a portrait in the Louvre.")]
    output, _ = converse(writer, history, "the famous one who painted it")
    assert not output.contradictions
    assert output.topic == "Mona Lisa"

"""Relatives as people name them beyond "his son": a grandchild or grandparent that no page
states as such, found through the child or parent that pages do state ("and his grandkid,
the naturalist?"); a relative by an article in a turn about a person ("what about the
father"); "his boy", "his girl"; a relative before a question of their own, which the query
keeps ("ok his father then — when did he die"); a relative said of the wrong answer ("thats
his son lol") is not the one meant; and a peer's title is found by the name before its
comma ("horatio nelson")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.language.entities import name_keys

PAGES = {
    "Erasmus Darwin": [
        "Erasmus Darwin (1731 – 1802) was an English physician and poet, born at Elston in "
        "Nottinghamshire. His son Robert Darwin became a doctor in Shrewsbury."
    ],
    "Robert Darwin": [
        "Robert Waring Darwin (1766 – 1848) was an English physician, born at Lichfield, who "
        "practised in Shrewsbury. His son Charles Darwin wrote On the Origin of Species."
    ],
    "Charles Darwin": [
        "Charles Darwin (1809 – 1882) was an English naturalist, born in Shrewsbury, who "
        "published On the Origin of Species in 1859. His daughter Annie Darwin died at ten."
    ],
    "Annie Darwin": [
        "Anne Elizabeth Darwin (1841 – 1851), called Annie, was born in London and died in "
        "Malvern; she was the eldest daughter of Charles Darwin."
    ],
    "Horatio Nelson, 1st Viscount Nelson": [
        "Horatio Nelson (1758 – 1805) was a British admiral, born at Burnham Thorpe, who was "
        "killed at the Battle of Trafalgar."
    ],
    "Paris, Texas": ["Paris, Texas is a city in Lamar County, Texas, founded in 1844."],
}


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (  # no page says "grandson": Erasmus's son Robert, and Robert's son Charles
            [("when was erasmus darwin born", "Erasmus Darwin was born in 1731.")],
            "and his grandkid, the naturalist?",
            "Charles Darwin",
        ),
        (  # by an article, in a turn about a person that says nothing else
            [("when was charles darwin born", "Charles Darwin was born in 1809.")],
            "what about the father",
            "Robert Darwin",
        ),
        (
            [("where was charles darwin born", "In Shrewsbury, in 1809.")],
            "and his girl?",
            "Annie Darwin",
        ),
    ],
)
def test_a_relative_by_other_words_steps_to_them(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant
    assert "Abandon" in " ".join(str(op) for op in output.operations)


def test_the_stepped_question_is_carried_with_the_relative(writer):
    history = [("when was erasmus darwin born", "Erasmus Darwin was born in 1731.")]
    output, _ = converse(writer, history, "and his grandkid, the naturalist?")
    assert "Charles Darwin" in output.query
    assert "born" in output.query


def test_a_relative_before_a_question_of_their_own_keeps_that_question(writer):
    history = [("where was robert darwin born", "At Lichfield, in 1766.")]
    output, _ = converse(writer, history, "ok his father then — when did he die")
    assert output.topic == "Erasmus Darwin"
    assert "die" in output.query and "born" not in output.query
    assert "Erasmus Darwin" in output.query


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (  # the answer was about Erasmus's son: "his boy" is Robert, not Robert's son
            [("when did erasmus darwin die", "Robert Darwin died in 1848.")],
            "thats his boy lol. the dad, the poet — where was he born",
            "Erasmus Darwin",
        ),
        (
            [("when was darwin the naturalist born", "Robert Darwin was born in 1766.")],
            "thats his dad lol. i meant his son, the naturalist",
            "Charles Darwin",
        ),
    ],
)
def test_a_relative_said_of_the_wrong_answer_is_not_meant(writer, history, said, meant):
    """ "thats his son" says what the answer was about, not whom the user meant."""
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_a_peer_is_found_by_the_name_before_the_comma(writer):
    output, _ = converse(writer, [], "when did horatio nelson die")
    assert output.topic == "Horatio Nelson, 1st Viscount Nelson"


def test_a_peers_title_is_said_by_the_name_a_place_by_its_whole_title():
    assert ("horatio", "nelson") in name_keys("Horatio Nelson, 1st Viscount Nelson")
    assert ("walter", "rothschild") in name_keys("Walter Rothschild, 2nd Baron Rothschild")
    assert ("paris",) not in name_keys("Paris, Texas")  # not every Paris

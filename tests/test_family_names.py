"""Relatives as people type them and families past an order number: "his big bro", "his
grandpa", "his sis"; "Karl Weber II" is a Weber, so "and his big bro?" after Franz Weber is the
Weber born nearest before him."""

from __future__ import annotations

from fixtures_writer import converse

from memrevise.language import cues
from memrevise.writer.rules import family_name

PAGES = {
    "Karl Weber I": ["Karl Weber I (1790 – 1850) was a German organ builder, born in Mainz."],
    "Karl Weber II": ["Karl Weber II (1818 – 1880) was a German organ builder, born in Mainz."],
    "Franz Weber": ["Franz Weber (1820 – 1871) was a German organ builder, born in Mainz."],
    "Anna Weber": ["Anna Weber (1824 – 1899) was a German organist, born in Mainz."],
    "Mainz": ["Mainz is a city in Germany, on the Rhine."],
}


def test_relatives_typed_short():
    assert [r.relation for r, _, _ in cues.relations("and his big bro?")] == ["brother"]
    assert [r.age for r, _, _ in cues.relations("and his big bro?")] == ["older"]
    assert [r.relation for r, _, _ in cues.relations("what about his grandpa")] == ["grandfather"]
    assert [r.relation for r, _, _ in cues.relations("her sis")] == ["sister"]


def test_a_family_name_is_read_past_an_order_number():
    assert family_name(("karl", "weber", "ii")) == "weber"
    assert family_name(("franz", "weber")) == "weber"
    assert family_name(("rocky", "iii")) == "iii"  # two words: no one's family name to read


def test_his_big_bro_is_the_nearest_elder_of_the_family(writer):
    died = ("how old was franz weber when he died", "Franz Weber died in 1871, aged 51.")
    output, _ = converse(writer, [died], "and his big bro?")
    assert output.topic == "Karl Weber II"

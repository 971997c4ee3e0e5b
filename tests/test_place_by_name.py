"""A place said by its name alone after "the", as people say rivers and lakes: "the volga
flows into which sea" moves to Volga River; a name two such titles share moves nowhere."""

from __future__ import annotations

from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Volga River": ["The Volga River is the longest river in Europe; it flows into the Caspian."],
    "Borscht": ["Borscht is a sour soup made with beetroot, common in Eastern Europe."],
    "Kazan": ["Kazan is a city in Russia on the Volga."],
}
SOUP = ("what is borscht", "Borscht is a sour beetroot soup.")


def test_the_river_by_its_name(writer):
    output, _ = converse(writer, [SOUP], "the volga flows into which sea")
    assert output.topic == "Volga River"


def test_a_name_two_places_share_names_neither():
    pages = {**PAGES, "Volga Lake": ["Volga Lake is a small lake in Iowa."]}
    writer = make_writer("rules", index_of(pages))
    output, _ = converse(writer, [SOUP], "the volga flows into which sea")
    assert output.topic != "Volga River"

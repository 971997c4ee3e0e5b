"""People type names without their accents: "perignon" finds Dom Pérignon's passages as
"Pérignon" does, "galapagos" names the Galápagos Islands, and "leotard" the acrobat Jules
Léotard. The tokenizer drops accents, in a query and in a bulk build alike, and leaves other
scripts whole."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.retrieval import BM25Index, Passage, tokenize
from memrevise.retrieval.batchwords import number_words
from memrevise.retrieval.query import lowered

PAGES = {
    "Galápagos Islands": [
        "The Galápagos Islands are a volcanic archipelago in the Pacific Ocean, about 900 km "
        "west of Ecuador, home to giant tortoises and marine iguanas."
    ],
    "Komodo dragon": [
        "The Komodo dragon is the largest living species of lizard, found on the Indonesian "
        "islands of Komodo, Rinca and Flores."
    ],
    "Jules Léotard": [
        "Jules Léotard was a French acrobat who developed the art of the trapeze; the "
        "one-piece garment he wore is named after him."
    ],
}


@pytest.mark.parametrize(
    ("typed", "written"),
    [("dom perignon", "Dom Pérignon"), ("sao paulo", "São Paulo"), ("bronte", "Brontë")],
)
def test_a_name_typed_without_accents_has_the_tokens_of_its_written_form(typed, written):
    assert tokenize(typed) == tokenize(written)


def test_other_scripts_are_left_whole():
    assert lowered("서울 가") == "서울 가"
    assert tokenize("東京 Straße") == ["東京", "straße"]


def test_a_bulk_build_drops_accents_as_a_query_does():
    numbered = number_words(["Jules Léotard", "São Paulo"])
    assert numbered.words == ["jules", "leotard", "sao", "paulo"]


def test_a_page_is_found_by_its_name_typed_without_accents():
    index = BM25Index.build(
        [Passage(str(i), title, texts[0]) for i, (title, texts) in enumerate(PAGES.items())]
    )
    assert index.title(int(index.search("leotard trapeze", 1).docs[0])) == "Jules Léotard"


def test_a_place_typed_without_accents_is_named(writer):
    history = [("how big do komodo dragons get", "Up to about three metres long.")]
    output, _ = converse(writer, history, "galapagos any lizards there")
    assert output.topic == "Galápagos Islands"

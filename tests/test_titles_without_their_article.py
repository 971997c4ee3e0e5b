"""A title of three words or more after its article is found without it, as people type it:
"the 76 star is born" is A Star Is Born (1976 film), "young and the restless who created it"
The Young and the Restless; a short one is not ("beatles" is no title's words here)."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.language.entities import NameTable

PAGES = {
    "A Star Is Born (1976 film)": [
        "A Star Is Born is a 1976 American musical drama film directed by Frank Pierson, "
        "starring Barbra Streisand and Kris Kristofferson. It won the Oscar for Evergreen."
    ],
    "A Star Is Born (2018 film)": [
        "A Star Is Born is a 2018 American musical drama film directed by Bradley Cooper, "
        "starring Lady Gaga. It won the Oscar for Shallow."
    ],
    "The Young and the Restless": [
        "The Young and the Restless is an American television soap opera created by William J. "
        "Bell and Lee Phillip Bell, first broadcast on CBS in 1973."
    ],
    "Network (1976 film)": [
        "Network is a 1976 American satirical film directed by Sidney Lumet, written by Paddy "
        "Chayefsky. It won four Academy Awards."
    ],
}
NETWORK = ("how many oscars did network win", "Four, in 1977.")


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("n the 76 star is born, how many did it win", "A Star Is Born (1976 film)"),
        ("young and the restless who created it", "The Young and the Restless"),
    ],
)
def test_a_title_typed_without_its_article(writer, said, meant):
    output, _ = converse(writer, [NETWORK], said)
    assert output.topic == meant


def test_only_long_titles_are_found_without_their_article():
    table = NameTable(["The Beatles", "A Star Is Born"])
    assert [m.name for m in table.find("when was star is born out")] == ["A Star Is Born"]
    assert table.find("who were beatles fans") == []


def test_a_name_without_words_is_found_nowhere():
    table = NameTable(["—", "≠", "The"])
    assert table.find("— ≠ the") == []

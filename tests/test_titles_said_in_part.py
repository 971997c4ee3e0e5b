"""A page said by a part of its title, as people type it: the name its title puts before a
common noun, opening the question ("fastnet, when was it lit" for Fastnet Lighthouse), also
without the title's accents ("chiloe" for Chiloé Island), or after "the" where the noun is a
place's ("the kiel opened when" for Kiel Canal); a word only one title has, misspelt
by a single typo ("keemum" for Keemun tea), also where the corpus stems the typo as it stems
the name ("stravinski" for Igor Stravinsky). An adjective later
in a question that names its own subject moves nowhere ("was it sicilian" is no question
about the Sicilian Defence)."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Chiloé Island": [
        "Chiloé Island is the largest island of the Chiloé Archipelago off the coast of Chile, "
        "known for its wooden churches.",
        "Magellanic and Humboldt penguins nest on the islets off Chiloé.",
    ],
    "Fastnet Lighthouse": [
        "Fastnet Lighthouse is a lighthouse on Fastnet Rock off the south coast of Ireland; the "
        "present granite tower was first lit in 1904.",
        "The lighthouse was automated in 1989, and a lighthouse keeper has not lived on the "
        "rock since.",
    ],
    "Keemun tea": [
        "Keemun tea is a Chinese black tea from Qimen County in Anhui, first made in 1875.",
        "Keemun has a winey, slightly smoky taste and is a base of English breakfast blends.",
    ],
    "Lapsang souchong": [
        "Lapsang souchong is a black tea from the Wuyi Mountains of Fujian whose leaves are "
        "smoke-dried over pinewood fires.",
        "Its smoky taste comes from the pine smoke.",
    ],
    "Sicily": [
        "Sicily is the largest island in the Mediterranean Sea and a region of Italy; its "
        "capital is Palermo.",
        "Mount Etna on Sicily is the most active volcano in Europe.",
    ],
    "Sicilian Defence": [
        "The Sicilian Defence is a chess opening that begins 1.e4 c5, the most popular reply to "
        "the king's pawn.",
        "Its Najdorf Variation was played by Bobby Fischer.",
    ],
    "Igor Stravinsky": [
        "Igor Stravinsky was a Russian composer, born in Oranienbaum in 1882, who wrote The "
        "Firebird and The Rite of Spring. Stravinsky later became a French and then an American "
        "citizen."
    ],
    "The Firebird": [
        "The Firebird is a ballet with music by Igor Stravinsky, first performed in Paris in 1910 "
        "by the Ballets Russes.",
        "The Firebird made Stravinsky famous overnight.",
    ],
    "Kiel Canal": [
        "The Kiel Canal is a canal of 98 kilometres in Schleswig-Holstein, Germany, opened in "
        "1895. It links the North Sea to the Baltic Sea."
    ],
    "Corinth Canal": [
        "The Corinth Canal is a canal of 6.4 kilometres across the Isthmus of Corinth in Greece, "
        "opened in 1893. Its walls rise 90 metres above the water."
    ],
    "Penguin": [
        "Penguins are flightless seabirds of the Southern Hemisphere.",
        "Humboldt penguins live on the coasts of Chile and Peru.",
    ],
}
PENGUINS = ("where do humboldt penguins live", "On the coasts of Chile and Peru.")
SMOKY = ("is lapsang souchong smoky", "Yes, from pine smoke.")
CORINTH = ("how deep is the corinth canal", "About 8 metres.")
FIREBIRD = ("when was the firebird first performed", "In Paris in 1910.")


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        ([PENGUINS], "fastnet, when was it lit", "Fastnet Lighthouse"),
        ([PENGUINS], "chiloe, are there penguins there", "Chiloé Island"),
        ([CORINTH], "the kiel opened when", "Kiel Canal"),
        ([SMOKY], "keemum is that smoky too", "Keemun tea"),
        ([FIREBIRD], "did stravinski become french", "Igor Stravinsky"),
    ],
)  # fmt: skip
def test_a_page_said_by_part_of_its_title(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_an_adjective_of_a_title_later_in_a_question_moves_nowhere(writer):
    output, _ = converse(writer, [("what is the capital of sicily", "Palermo.")], "was it sicilian")
    assert output.topic == "Sicily"

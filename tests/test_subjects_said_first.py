"""A subject said first, then asked about ("giraffe weevil was that named for its neck too",
"kalahari, are there lions there", "what was nobel himself famous for"); a family's first or
last member by the family's own name ("the first ramesses"); a common word shouted ("in the
OPERA i said"), which is no name, and a word only one title has, shouted ("ENDEAVOUR"), which
is that page; and a page that opens with "The" and its title, which is no person whatever
"his" it says."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.writer.pages import PageOpenings

PAGES = {
    "Giraffe": [
        "The giraffe is a large African mammal, the tallest living land animal, with a long neck.",
        "Giraffes live in the savannas of Africa, from the Kalahari to the Sahel; their "
        "closest living relative is the okapi, and giraffes too were first described from "
        "the Congo.",
    ],
    "Giraffe weevil": [
        "The giraffe weevil is a beetle endemic to Madagascar, named for the long neck of the "
        "male, described in 1860.",
        "Males use their necks to fight for mates.",
    ],
    "Kalahari Desert": [
        "The Kalahari Desert is a large semi-arid sandy savanna in southern Africa, covering "
        "much of Botswana.",
        "Lions and meerkats live in the Kalahari.",
    ],
    "Alfred Nobel": [
        "Alfred Nobel was a Swedish chemist, born in Stockholm in 1833, who invented dynamite.",
        "He left his fortune to found the Nobel Prizes.",
    ],
    "Nobel Prize": [
        "The Nobel Prize is a set of annual awards founded by the will of Alfred Nobel, first "
        "given in 1901.",
        "The prizes are handed out in Stockholm and Oslo.",
    ],
    "Ramesses I": [
        "Ramesses I was the founding pharaoh of the Nineteenth Dynasty of Egypt, who reigned "
        "for about two years around 1292 BC."
    ],
    "Ramesses II": [
        "Ramesses II was the third pharaoh of the Nineteenth Dynasty of Egypt, who reigned for "
        "66 years and built Abu Simbel."
    ],
    "Ramesses III": [
        "Ramesses III was the second pharaoh of the Twentieth Dynasty of Egypt, who fought the "
        "Sea Peoples."
    ],
    "Tower Bridge": [
        "The Tower Bridge is a bascule and suspension bridge in London, built between 1886 and "
        "1894; its designer Horace Jones died before his bridge was finished.",
        "It crosses the River Thames near the Tower of London.",
    ],
    "HMS Endeavour (1764)": [
        "HMS Endeavour was a British Royal Navy research vessel that James Cook commanded to "
        "Australia and New Zealand on his first voyage, from 1768 to 1771.",
    ],
    "James Cook": [
        "James Cook was a British explorer, born in Marton in 1728, who sailed the Endeavour "
        "to Tahiti in April 1769 and the Resolution to the Antarctic Circle in 1773.",
    ],
    "HMS Resolution (1771)": [
        "HMS Resolution was a sloop of the Royal Navy that James Cook sailed on his second "
        "voyage, from 1772 to 1775, with 112 men; Endeavour had been sold by then.",
    ],
    "Carmen (opera)": [
        "Carmen is an opera in four acts by the French composer Georges Bizet, first performed "
        "in Paris in 1875.",
        "The opera's heroine is a gypsy who works in a cigarette factory in Seville.",
    ],
    "Carmen (novella)": [
        "Carmen is a novella by Prosper Mérimée, written in 1845, about a Spanish gypsy and a "
        "soldier.",
        "The novella is told by a French traveller in Andalusia.",
    ],
}
GIRAFFE = ("how tall is a giraffe", "Up to 5.5 metres.")
NOBEL = ("when was the first nobel prize", "In 1901.")


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        # "that" is the subject said before it, not a determiner that refers back
        ([GIRAFFE], "giraffe weevil was that named for its neck too", "Giraffe weevil"),
        # a place by its name alone, without the kind of place its title ends in
        ([GIRAFFE], "kalahari, are there lions there", "Kalahari Desert"),
        # "himself" stresses the name just before it
        ([NOBEL], "ok so what was nobel himself famous for", "Alfred Nobel"),
    ],
)  # fmt: skip
def test_a_subject_said_first_is_the_topic(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant
    assert output.query == said  # the question names its subject: left as typed


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("k and the first ramesses", "Ramesses I"),
        ("the last ramesses, who did he fight", "Ramesses III"),
    ],
)
def test_the_first_or_last_of_a_family_by_its_own_name(writer, said, meant):
    output, _ = converse(writer, [("how long did ramesses ii reign", "66 years.")], said)
    assert output.topic == meant


def test_a_common_word_shouted_is_no_topic(writer):
    """ "in the OPERA i said" after an answer about the novella means the opera of that name;
    no topic is called "OPERA"."""
    history = [("who wrote carmen", "Prosper Mérimée wrote the novella Carmen in 1845.")]
    output, memory = converse(writer, history, "in the OPERA i said")
    assert output.topic == "Carmen (opera)"
    assert {topic.name for topic in memory.topics} <= set(PAGES)


def test_a_word_only_one_title_has_shouted_is_that_page(writer):
    """ "ENDEAVOUR — the first one, 1768" after an answer about Cook's other ship is HMS
    Endeavour, never a topic called "ENDEAVOUR"."""
    history = [("how many sailed on the endeavour", "Resolution carried 112 men in 1772.")]
    output, _ = converse(writer, history, "ENDEAVOUR — the first one, 1768")
    assert output.topic == "HMS Endeavour (1764)"


def test_a_page_that_opens_with_the_and_its_title_is_no_person(index):
    """ "The Tower Bridge is a bascule ... bridge ... his bridge" is a thing; a page that
    says "born" of its title is a person."""
    openings = PageOpenings(index)
    assert not openings("Tower Bridge").person
    assert openings("Alfred Nobel").person

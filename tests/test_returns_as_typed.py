"""Returns as people type them: to a place in the conversation ("the very first pope i asked u
about", "the frenchman i opened with", "first thing i asked tho") and by a description said
before the question ("and the metal — who found it", "and the ford from before — ..."), never
a step along a numbered family and never away from a topic the description fits."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Pope Leo XII": [
        "Pope Leo XII (1760–1829) was head of the Catholic Church from 1823 to 1829. He was "
        "born at Genga near Fabriano."
    ],
    "Pope Leo XIII": [
        "Pope Leo XIII (1810–1903) was head of the Catholic Church from 1878 to 1903. He was "
        "elected on 20 February 1878 and wrote the encyclical Rerum novarum."
    ],
    "Louis Pasteur": [
        "Louis Pasteur (1822–1895) was a French chemist and microbiologist, born in Dole, who "
        "developed pasteurization and vaccines against anthrax and rabies."
    ],
    "Robert Koch": [
        "Robert Koch (1843–1910) was a German physician and microbiologist who identified the "
        "bacteria of anthrax, tuberculosis and cholera."
    ],
    "Joseph Lister": [
        "Joseph Lister (1827–1912) was a British surgeon who introduced carbolic acid to "
        "sterilise surgical instruments in Glasgow."
    ],
    "Cobalt": [
        "Cobalt is a chemical element, a hard silvery metal with the symbol Co and atomic "
        "number 27, found by Georg Brandt in about 1735."
    ],
    "Ford Model T": [
        "The Ford Model T is a car built by the Ford Motor Company from 1908 to 1927 in "
        "Detroit, and from 1911 in Manchester, England."
    ],
}
LEO_XIII = ("when was pope leo xiii elected", "On 20 February 1878.")
LEO_XII = ("where was pope leo xii born", "At Genga, near Fabriano.")
PASTEUR = ("what did louis pasteur develop", "Pasteurization, and vaccines against rabies.")
KOCH = ("what did robert koch identify", "The bacteria of anthrax, tuberculosis and cholera.")
LISTER = ("what did joseph lister use carbolic acid for", "To sterilise surgical instruments.")
COBALT = ("what is the atomic number of cobalt", "27.")
FORD = ("when was the ford model t built", "From 1908 to 1927.")


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (  # the first pope discussed, not the first of the family of Leos
            [LEO_XIII, LEO_XII, KOCH],
            "going back to the very first pope i asked u about, how old was he when elected",
            "Pope Leo XIII",
        ),
        (
            [LEO_XIII, LEO_XII, KOCH],
            "and going way back to the first pope i asked about — where did he die",
            "Pope Leo XIII",
        ),
        ([COBALT, PASTEUR, KOCH], "lets go back to the frenchman i opened with", "Louis Pasteur"),
        ([COBALT, PASTEUR, KOCH], "the person i started with - where was he born", "Louis Pasteur"),
        ([COBALT, PASTEUR, KOCH], "first thing i asked tho — who found it", "Cobalt"),
    ],
)
def test_a_return_to_a_place_in_the_conversation(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant
    assert not any(op.op.value == "Abandon" for op in output.operations)


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        ([COBALT, KOCH, LISTER], "and the metal — who actually found it", "Cobalt"),
        (
            [FORD, PASTEUR, KOCH],
            "and the ford from before — was it built in england too",
            "Ford Model T",
        ),
        (
            [LEO_XIII, COBALT, LISTER],
            "re the pope tho, whats his encyclical called",
            "Pope Leo XIII",
        ),
    ],
)
def test_a_return_by_a_description_said_first(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_a_description_that_fits_the_current_topic_stays(writer):
    """ "the surgeon" is Lister, the topic of the last turn, not a return to the chemist."""
    output, _ = converse(writer, [PASTEUR, LISTER], "the surgeon — where did he work")
    assert output.topic == "Joseph Lister"

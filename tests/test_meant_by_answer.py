"""A correction's answer says what was meant: a turn that corrects or asks nothing ("his
son!!", "the later one w aldrin"), answered by naming first another page of its topic's
family ("Felix Mendelssohn founded ...", "That was Gemini 12, ..."), is about that page, and
so is the follow-up after it. Not where the turn asks something whose answer names an
attribute ("no, the 1972 one" answered "Andrei Tarkovsky directed the 1972 film"), nor where
the turn names its topic itself."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Abraham Mendelssohn Bartholdy": [
        "Abraham Mendelssohn Bartholdy was a German banker, the father of Fanny and Felix."
    ],
    "Felix Mendelssohn": [
        "Felix Mendelssohn was a German composer who founded the Leipzig Conservatory in 1843 "
        "and ran the Gewandhaus Orchestra."
    ],
    "Gemini 8": ["Gemini 8 was flown by Neil Armstrong and David Scott in March 1966."],
    "Gemini 12": [
        "Gemini 12 was flown by Jim Lovell and Buzz Aldrin in November 1966; Aldrin made "
        "three spacewalks."
    ],
    "Ars Conjectandi": ["Ars Conjectandi is a book on probability by Jacob Bernoulli, 1713."],
    "Jacob Bernoulli": [
        "Jacob Bernoulli was a Swiss mathematician who taught at Basel from 1687; he wrote "
        "Ars Conjectandi, which his nephew Nicolaus published after his death."
    ],
    "Nicolaus I Bernoulli": [
        "Nicolaus I Bernoulli was a Swiss mathematician, the nephew of Jacob Bernoulli."
    ],
    "Solaris (1972 film)": ["Solaris is a 1972 Soviet film directed by Andrei Tarkovsky."],
    "Solaris (2002 film)": ["Solaris is a 2002 American film directed by Steven Soderbergh."],
    "Andrei Tarkovsky": ["Andrei Tarkovsky was a Soviet film director, born in 1932."],
    "Planet of the Apes": ["Planet of the Apes is a science fiction media franchise."],
    "Beneath the Planet of the Apes": ["Beneath the Planet of the Apes is a 1970 film."],
}
FOUNDER = ("who founded leipzig conservatory", "Abraham Mendelssohn Bartholdy, the banker.")
ECLIPSE = ("which gemini took the first eclipse photo", "Gemini 8, in March 1966.")


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize(
    ("history", "follow_up", "meant"),
    [
        (
            [FOUNDER, ("his son!!", "Felix Mendelssohn founded the Leipzig Conservatory in 1843.")],
            "and which orchestra did he run there",
            "Felix Mendelssohn",
        ),
        (
            [ECLIPSE, ("lovell yes but the later one w aldrin", "That was Gemini 12, in 1966.")],
            "how did aldrin not get wiped out on his spacewalks",
            "Gemini 12",
        ),
        (
            [
                ("who wrote ars conjectandi", "Nicolaus I Bernoulli, in 1713."),
                (
                    "he only published it, it was his uncles",
                    "Right — Jacob Bernoulli wrote it, and his nephew Nicolaus I published it.",
                ),
            ],
            "when did he teach at basel",
            "Jacob Bernoulli",
        ),
    ],
)
def test_the_answer_to_a_correction_names_what_was_meant(writer, history, follow_up, meant):
    output, memory = converse(writer, history, follow_up)
    assert memory.nodes[0].topic != meant
    assert memory.nodes[1].topic == meant and output.topic == meant


def test_an_answer_that_names_an_attribute_leaves_the_corrected_topic(writer):
    history = [
        ("who directed solaris (2002 film)", "Steven Soderbergh directed the 2002 film."),
        ("no, the 1972 one", "Andrei Tarkovsky directed the 1972 film."),
    ]
    _, memory = converse(writer, history, "when was it released")
    assert memory.nodes[1].topic == "Solaris (1972 film)"


@pytest.mark.parametrize(
    "question, answer",
    [
        # the turn names its topic itself
        ("all the planet of the apes in order", "Beneath the Planet of the Apes came second."),
        # a question, by its mark, whose answer names another page
        ("and any film made on this?", 'Yes, a film, "Beneath the Planet of the Apes".'),
    ],
)
def test_a_turn_that_asks_or_names_its_topic_keeps_it_whatever_the_answer_names(
    writer, question, answer
):
    history = [
        ("what is planet of the apes", "A science fiction media franchise."),
        (question, answer),
    ]
    _, memory = converse(writer, history, "ok")
    assert memory.nodes[1].topic == "Planet of the Apes"

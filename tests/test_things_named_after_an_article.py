"""A page whose whole title is one rare word is named after an article, as people name
things ("who invented the metronome", "how do you tune an accordion"), while the same word
after a possessive or a demonstrative stays a noun ("his metronome"), and a word of the
current topic's own title after an article still refers to it ("did the typhoon reach
vietnam" while on Typhoon Haiyan, though a page is called Typhoon)."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.language.entities import after_article

PAGES = {
    "Harpsichord": [
        "The harpsichord is a keyboard instrument in which the strings are plucked by quills "
        "when the keys are pressed; it was widely used in Baroque music."
    ],
    "Metronome": [
        "A metronome is a device that produces an audible click at a regular interval set in "
        "beats per minute. Johann Maelzel patented the mechanical metronome in 1815."
    ],
    "Accordion": [
        "The accordion is a box-shaped bellows-driven free-reed instrument played by "
        "compressing or expanding the bellows while pressing buttons or keys."
    ],
    "Typhoon": [
        "A typhoon is a mature tropical cyclone that develops in the western part of the "
        "North Pacific Ocean between 180 and 100 degrees east."
    ],
    "Typhoon Haiyan": [
        "Typhoon Haiyan was a powerful tropical cyclone that struck the Philippines in "
        "November 2013, killing at least 6,300 people in that country alone."
    ],
}
HARPSICHORD = ("how are the strings of a harpsichord played", "They are plucked by quills.")
HAIYAN = ("when did typhoon haiyan hit the philippines", "In November 2013.")


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("who invented the metronome", "Metronome"),
        ("how do you tune an accordion", "Accordion"),
    ],
)
def test_a_thing_named_after_an_article_is_a_switch(writer, said, meant):
    output, _ = converse(writer, [HARPSICHORD], said)
    assert output.topic == meant


def test_a_word_of_the_current_title_after_an_article_refers_to_it(writer):
    output, _ = converse(writer, [HAIYAN], "did the typhoon reach vietnam too")
    assert output.topic == "Typhoon Haiyan"


@pytest.mark.parametrize(
    ("text", "after"),
    [
        ("who invented the metronome", True),
        ("how do you tune an accordion", True),
        ("A metronome clicks", True),
        ("where is his metronome", False),
        ("is this metronome loud", False),
        ("metronome history", False),
    ],
)
def test_only_an_article_opens_a_name_said_this_way(text, after):
    start = text.casefold().index("metronome" if "metronome" in text.casefold() else "accordion")
    assert after_article(text, start) is after

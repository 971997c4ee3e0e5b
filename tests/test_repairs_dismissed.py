"""A repair whose first part is dropped with a word that puts it off: "forget leonardo for
now", "wait ill ask about him later", "— eh whatever.", "— meh, not the raphael.", "no skip
raphael"; the question after it is what the turn asks, about whom it names. "the film, not the
book" stays a correction, and "can i skip class" no repair at all."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.language import cues

PAGES = {
    "Michelangelo": [
        "Michelangelo was an Italian sculptor and painter, born in Caprese in 1475; he carved "
        "the David in Florence and painted the Sistine Chapel ceiling in Rome."
    ],
    "Leonardo da Vinci": [
        "Leonardo da Vinci was an Italian painter and engineer, born in Vinci in 1452; he died "
        "at Amboise in France in 1519."
    ],
    "Raphael": ["Raphael was an Italian painter, born in Urbino in 1483, who worked in Rome."],
}
MICHELANGELO = (
    "who was michelangelo",
    "Michelangelo was an Italian sculptor and painter who carved the David.",
)


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        (
            "and leonardos death... no forget leonardo for now. why did michelangelo go to rome",
            "why did michelangelo go to rome",
        ),
        (
            "was his rival in rome when— wait ill ask about him later. when did michelangelo "
            "carve the david",
            "when did michelangelo carve the david",
        ),
        (
            "raphael had a famous patron too rig— eh whatever. how old was michelangelo then",
            "how old was michelangelo then",
        ),
        ("like the raphael it— meh, not the raphael. where is the david", "where is the david"),
        ("and leonardo— no skip leonardo. where was he born", "where was he born"),
    ],
)
def test_a_first_part_put_off_leaves_the_question_after_it(said, meant):
    assert cues.repair_split(said)[1] == meant


@pytest.mark.parametrize("said", ["can i skip class? who teaches it", "the film, not the book."])
def test_skipping_and_a_plain_not_are_no_repairs(said):
    assert cues.repair_split(said) is None


@pytest.mark.parametrize(
    "said",
    [
        "and leonardos death... no forget leonardo for now. why did michelangelo go to rome",
        "raphael had a famous patron too rig— eh whatever. how old was michelangelo then",
    ],
)
def test_the_topic_stays_on_the_one_the_question_names(writer, said):
    output, memory = converse(writer, [MICHELANGELO], said)
    assert output.topic == "Michelangelo"
    assert memory.topic("Michelangelo").status.value == "current"

"""A definite description that the current topic's page does not fit, and exactly one other
topic in play does: "when did the american die" after Luz Long, Jesse Owens before him; "the
older one" between two sisters; "when did the writer die" after a film of his novel (a writer
is an author)."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.writer import make_writer
from memrevise.writer.pages import same_kind

PAGES = {
    "Jesse Owens": [
        "Jesse Owens was an American track and field athlete who won four gold medals at the "
        "1936 Olympics in Berlin. He died in Tucson in 1980."
    ],
    "Luz Long": [
        "Luz Long was a German long jumper who won silver at the 1936 Olympics in Berlin. He "
        "died in a military hospital in Sicily in 1943."
    ],
    "Bram Stoker": [
        "Bram Stoker was an Irish author, best known for his 1897 novel Dracula. He died in "
        "London in 1912."
    ],
    "Dracula (1931 film)": [
        "Dracula is a 1931 horror film directed by Tod Browning, with Bela Lugosi as the count."
    ],
    "Venus Williams": [
        "Venus Williams is a tennis player, the older of the Williams sisters, born in 1980. "
        "She won four Olympic gold medals."
    ],
    "Serena Williams": [
        "Serena Williams is a tennis player, the younger sister of Venus, born in 1981. She won "
        "four Olympic gold medals and 23 major singles titles."
    ],
}

OWENS_THEN_LONG = [
    ("how did jesse owens do in berlin", "Four golds: the 100 m, 200 m, long jump and relay."),
    ("how did luz long die", "He was wounded in Sicily and died in a military hospital in 1943."),
]
STOKER_THEN_FILM = [
    ("who was bram stoker", "An Irish author (1847-1912), best known for Dracula."),
    ("who played dracula in the 1931 movie", "Bela Lugosi."),
]


def test_a_people_that_only_an_earlier_topic_belongs_to_returns_to_it(writer):
    output, _ = converse(writer, OWENS_THEN_LONG, "when did the american die")
    assert output.topic == "Jesse Owens"
    assert output.query == "when did the american die Jesse Owens"


def test_a_description_the_current_topic_fits_stays_on_it(writer):
    output, _ = converse(writer, OWENS_THEN_LONG, "when did the german die")
    assert output.topic == "Luz Long"


@pytest.mark.parametrize("final", ["did the american beat him", "who was the american"])
def test_a_description_beside_a_pronoun_or_asking_who_does_not_move_the_rules(index, final):
    # "him" is the current topic; "who was the american" asks who of Luz Long's event
    output, _ = converse(make_writer("rules", index), OWENS_THEN_LONG, final)
    assert output.topic == "Luz Long"


def test_the_older_one_is_the_sister_whose_page_says_older(writer):
    history = [
        ("how many slams did serena williams win", "23 major singles titles."),
        ("and venus williams", "Seven major singles titles."),
        ("who was born first", "Venus, in 1980."),
    ]
    output, _ = converse(writer, history, "how many olympic golds did the older one win")
    assert output.topic == "Venus Williams"


def test_a_writer_is_an_author():
    assert same_kind("writer", "author") and same_kind("novelist", "writer")


def test_the_writer_of_a_film_of_his_novel_is_the_author_talked_about_before(writer):
    output, _ = converse(writer, STOKER_THEN_FILM, "when did the writer die")
    assert output.topic == "Bram Stoker"

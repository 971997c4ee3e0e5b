"""A question that opens with the name a title of several words puts before its common noun
moves to that page: "golden gate why is it orange" after turns about the bridge's engineer is
about Golden Gate Bridge again, "sydney opera, when did it open" about Sydney Opera House;
"bramleys are just for cooking right" names Bramley apple in the plural."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Golden Gate Bridge": [
        "The Golden Gate Bridge is a suspension bridge across the Golden Gate strait, opened "
        "in 1937 and painted International Orange."
    ],
    "Joseph Strauss (engineer)": [
        "Joseph Strauss was an American engineer, born in Cincinnati, the chief engineer of "
        "the Golden Gate Bridge; he designed some four hundred drawbridges."
    ],
    "Sydney Opera House": [
        "The Sydney Opera House is a performing arts centre in Sydney, opened in 1973 and "
        "designed by Jørn Utzon."
    ],
    "Jørn Utzon": ["Jørn Utzon was a Danish architect, born in Copenhagen in 1918."],
}
STRAUSS = [
    ("who built the golden gate bridge", "Chief engineer Joseph Strauss."),
    ("was joseph strauss already famous", "Yes, for bascule drawbridges."),
    ("where was he from", "Cincinnati, Ohio."),
]
UTZON = [("who was jørn utzon", "A Danish architect."), ("where was he born", "Copenhagen.")]


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (STRAUSS, "golden gate why is it orange", "Golden Gate Bridge"),
        (UTZON, "ok sydney opera, when did it open", "Sydney Opera House"),
    ],
)
def test_a_name_before_its_title_s_noun_opening_the_question_moves_to_it(
    writer, history, said, meant
):
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_the_name_inside_a_question_about_the_topic_leaves_it(writer):
    output, _ = converse(writer, UTZON, "did he ever see it opened")
    assert output.topic == "Jørn Utzon"


APPLES = {
    "Bramley apple": ["The Bramley apple is a cooking apple first grown in Southwell in 1809."],
    "Granny Smith": ["Granny Smith is a green apple first grown in Australia in 1868."],
}


def test_the_name_before_a_title_s_noun_said_in_the_plural_names_it():
    """ "bramleys are just for cooking right" after a turn about Granny Smith: Bramley apple."""
    writer = make_writer("learned", index_of(APPLES))
    history = [("granny smith apple where from", "Australia, in 1868.")]
    output, _ = converse(writer, history, "bramleys are just for cooking right")
    assert output.topic == "Bramley apple"

"""Of the pages that share a name, a person's and a thing's, the name that does what people
do or is asked about as one is the person: "bodoni designed a roman too?" while on the
typeface is Giambattista Bodoni. A company of the name may do it too ("when did nike sign
jordan"), and a thing may be made of something ("what is bodoni made of")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Giambattista Bodoni": [
        "Giambattista Bodoni was an Italian printer and punchcutter, born in 1740 in Saluzzo. He "
        "ran the ducal press at Parma for forty-five years."
    ],
    "Bodoni (typeface)": [
        "Bodoni is a serif typeface with hairline serifs and strong contrast, cut at Parma in "
        "the 1790s. Fashion magazines revived it for their mastheads."
    ],
    "Nike (mythology)": [
        "Nike is the goddess who personifies victory in Greek mythology. She is often shown "
        "with wings, and the daughter of Pallas and Styx."
    ],
    "Nike, Inc.": [
        "Nike, Inc. is an American sportswear company founded in 1964 in Beaverton, Oregon. It "
        "signed Michael Jordan in 1984 and launched the Air Jordan shoe."
    ],
    "Michael Jordan": [
        "Michael Jordan is an American basketball player, born in 1963 in Brooklyn. He won six "
        "championships with the Chicago Bulls."
    ],
}


@pytest.mark.parametrize(
    "said", ["bodoni designed a roman too?", "so who was bodoni", "bodoni also worked in rome?"]
)
def test_the_name_that_does_what_people_do_is_the_person(writer, said):
    history = [("what is the bodoni typeface", "A serif typeface cut at Parma in the 1790s.")]
    output, _ = converse(writer, history, said)
    assert output.topic == "Giambattista Bodoni"


def test_a_company_of_the_name_may_do_it(writer):
    history = [("who is michael jordan", "An American basketball player.")]
    output, _ = converse(writer, history, "when did nike sign jordan")
    assert output.topic != "Nike (mythology)"


def test_a_thing_made_of_something_is_no_person(writer):
    history = [("what is the bodoni typeface", "A serif typeface cut at Parma in the 1790s.")]
    output, _ = converse(writer, history, "what is bodoni made of")
    assert output.topic == "Bodoni (typeface)"

"""A pronoun of the other sex than the current person's ("what other stones did he cut" after
a turn about Evalyn Walsh McLean) means the one person of that sex the last answer named
(Harry Winston), as their pages' pronouns say; a pronoun that fits the current person stays
with her."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Evalyn Walsh McLean": [
        "Evalyn Walsh McLean was an American heiress and socialite; she bought the Hope "
        "Diamond in 1911 and wore it to her parties in Washington."
    ],
    "Harry Winston": [
        "Harry Winston was an American jeweller born in 1896; he bought the McLean jewels in 1949 "
        "and cut some of the largest diamonds of his time."
    ],
}
ASKED = ("who bought evalyn mcleans jewels", "Harry Winston, in 1949.")


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


def test_a_pronoun_of_the_other_sex_means_the_person_the_answer_named(writer):
    history = [("when did evalyn mclean buy the hope diamond", "In 1911."), ASKED]
    output, _ = converse(writer, history, "what other stones did he cut")
    assert output.topic == "Harry Winston"


def test_a_pronoun_that_fits_the_current_person_stays_with_her(writer):
    history = [("when did evalyn mclean buy the hope diamond", "In 1911."), ASKED]
    output, _ = converse(writer, history, "why did she sell them")
    assert output.topic == "Evalyn Walsh McLean"

"""A relative asked for by relation ("and his daughter?", "n his mom", "now his dad") is the
one the collection states, however its pages write the relation: "the only child of George IV
and Caroline of Brunswick" on Princess Charlotte's page makes her George IV's daughter (her
page's pronouns say she is a daughter, not a son); a parent written as a title with a comma
("the only son of Mary, Countess of Elmet, and Robert Garth, Lord Penwick") is that whole
title, the father is the parent whose page is a man's wherever the statement puts him, and a
parent written by a part of a title between commas ("Lord Penwick") is that title's page."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer
from memrevise.writer.pages import sex_of

PAGES = {
    "George IV": [
        "George IV (1762–1830) was King of the United Kingdom from 1820. He married Caroline "
        "of Brunswick in 1795 and was crowned at Westminster Abbey in 1821."
    ],
    "Caroline of Brunswick": [
        "Caroline of Brunswick (1768–1821) was Queen of the United Kingdom as the wife of "
        "George IV. She was refused entry to his coronation in 1821."
    ],
    "Charlotte, Princess of Wales": [
        "Charlotte, Princess of Wales (1796–1817) was the only child of George IV and Caroline "
        "of Brunswick. She married Prince Leopold in 1816 and died giving birth to her son a "
        "year later, at Claremont House."
    ],
    "Thomas Garth": [
        "Thomas Garth (1702–1760) was an English landowner, the only son of Mary, Countess of "
        "Elmet, and Robert Garth, Lord Penwick. He built the bridge at Penwick in 1741."
    ],
    "Mary, Countess of Elmet": [
        "Mary, Countess of Elmet (1680–1751) was an English heiress. She kept the Elmet estates "
        "in her own name and founded a school at Elmet in 1720."
    ],
    "Robert Garth, Lord Penwick": [
        "Robert Garth, Lord Penwick (1671–1735) was an English judge. He sat for Penwick in "
        "Parliament and was made a baron in 1712, in his forty-second year."
    ],
}


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize(
    ("history", "turn", "meant"),
    [
        ([("when was george iv crowned", "In 1821, at Westminster Abbey.")], "and his daughter?",
         "Charlotte, Princess of Wales"),
        ([("when was thomas garth born", "In 1702.")], "n his mom", "Mary, Countess of Elmet"),
        ([("when was thomas garth born", "In 1702.")], "now his dad", "Robert Garth, Lord Penwick"),
    ],
)  # fmt: skip
def test_a_relative_is_the_one_the_pages_state(writer, history, turn, meant):
    output, _ = converse(writer, history, turn)
    assert output.topic == meant


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        (PAGES["Charlotte, Princess of Wales"][0], "female"),
        (PAGES["Robert Garth, Lord Penwick"][0], "male"),
        ("Pat Lee (born 1970) is a writer and painter from Leeds.", ""),
        # one pronoun, of someone else, says nothing of the subject
        ("After Kenley's death the chief replaces his head of surgery with Dr. Robbins.", ""),
    ],
)
def test_a_page_says_its_subjects_sex_by_its_pronouns(text, sex):
    assert sex_of(text) == sex

"""Names as people type them in ordinary turns: a one-word title misspelt by a single typo
("seinfield", not "palying" for "Praying"), a title in its initials without a number
("tlou"); a question that names its own subject left as typed ("hells kitchen on fox started
when", "noma copenhagen who opened it"); and a correction that only describes, in two pieces ("the
explorer — the guy it's named for"), read among the pages that share a word of the
rejected one's title."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.language.entities import NameTable

_TYPED = {"unmarked_possessives": True}  # a name table as the writer reads titles

PAGES = {
    "Seinfeld": ["Seinfeld is an American sitcom created by Larry David and Jerry Seinfeld."],
    "Larry David": ["Larry David is an American comedian, born in Brooklyn in 1947."],
    "The Last of Us (TV series)": [
        "The Last of Us is an American drama television series from 2023, with Pedro Pascal."
    ],
    "Pedro Pascal": ["Pedro Pascal is a Chilean-American actor, born in Santiago in 1975."],
    "Gordon Ramsay": [
        "Gordon Ramsay is a British chef, born in 1966, who has presented Hell's Kitchen on Fox "
        "since 2005 and trained under Marco Pierre White."
    ],
    "Danish cuisine": [
        "The New Nordic movement in Danish cuisine grew around Noma, which René Redzepi and "
        "Claus Meyer opened in Copenhagen in 2003."
    ],
    "Hudson River": [
        "The Hudson River is a river in New York, named after Henry Hudson, who sailed up it "
        "in 1609."
    ],
    "Henry Hudson": ["Henry Hudson was an English sea explorer, who vanished in 1611."],
    "Hudson Bay": ["Hudson Bay is a large bay in northeastern Canada."],
}


@pytest.mark.parametrize(
    ("title", "said", "meant"),
    [
        ("Larry David", "seinfield pilot original name", "Seinfeld"),
        ("Pedro Pascal", "who played riley in tlou", "The Last of Us (TV series)"),
    ],
)
def test_a_name_as_typed_switches_to_its_page(writer, title, said, meant):
    history = [(f"tell me about {title.casefold()}", PAGES[title][0])]
    output, _ = converse(writer, history, said)
    assert output.topic == meant


@pytest.mark.parametrize(
    ("said", "meant"),
    [("seinfield", "Seinfeld"), ("seinfelt", "Seinfeld"), ("palying", None), ("sein", None)],
)
def test_a_one_word_title_misspelt_by_a_single_typo(said, meant):
    table = NameTable(["Seinfeld", "Praying (song)"])
    assert table.one_typo(said) == meant


def test_a_correction_in_two_descriptions_is_the_page_sharing_a_word(writer):
    history = [("what happened to hudson", PAGES["Hudson River"][0])]
    output, _ = converse(writer, history, "the explorer — the guy it's named for")
    assert output.topic == "Henry Hudson"


@pytest.mark.parametrize(
    "said", ["hells kitchen on fox started when", "noma copenhagen who opened it"]
)
def test_a_question_that_names_its_own_subject_is_left_as_typed(writer, said):
    history = [("tell me about gordon ramsay", PAGES["Gordon Ramsay"][0])]
    output, _ = converse(writer, history, said)
    assert output.query == said


@pytest.mark.parametrize("said", ["who trained him", "where was he born"])
def test_a_question_that_refers_back_is_still_written_out(writer, said):
    history = [("tell me about gordon ramsay", PAGES["Gordon Ramsay"][0])]
    output, _ = converse(writer, history, said)
    assert "Gordon Ramsay" in output.query


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("and hodgkins lymphoma is what exactly", "Hodgkin lymphoma"),
        ("what is downs syndrome", "Down syndrome"),
    ],
)
def test_a_name_opened_by_a_possessive_typed_bare(said, meant):
    table = NameTable(["Hodgkin lymphoma", "Thomas Hodgkin", "Down syndrome"], **_TYPED)
    assert [m.name for m in table.find(said)] == [meant]


def test_a_bare_possessive_opens_no_name_it_is_not_the_opening_of():
    table = NameTable(["Hodgkin lymphoma", "Down syndrome"], **_TYPED)
    assert table.find("hodgkins disease got renamed") == []
    assert table.find("where are the downs") == []

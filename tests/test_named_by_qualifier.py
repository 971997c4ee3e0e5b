"""A name typed in lower case with a word of one of its pages' qualifiers just after it
names that page, also while on a person of that first name: "ada the programming language
who designed it" after Ada Lovelace is Ada (programming language)."""

from __future__ import annotations

from fixtures_writer import converse

PAGES = {
    "Ada Lovelace": [
        "Ada Lovelace was an English mathematician who wrote about Charles Babbage's "
        "Analytical Engine; Ada, Countess of Lovelace, was Byron's daughter."
    ],
    "Ada (programming language)": [
        "Ada is a programming language designed by Jean Ichbiah's team at CII Honeywell Bull "
        "for the United States Department of Defense and named after Ada Lovelace."
    ],
}


def test_a_name_with_its_page_s_qualifier_after_it_moves_to_that_page(writer):
    history = [("who was ada lovelace", "An English mathematician, Byron's daughter.")]
    output, _ = converse(writer, history, "ada the programming language who designed it")
    assert output.topic == "Ada (programming language)"

"""A thing or person the last answer named, said with "that" and a word for its kind: "when
did that bridge open" after an answer about its engineer that named the Golden Gate Bridge is
about the bridge; "how did that engineer get the idea" after an answer naming George de
Mestral is about him; "that year" is no page's kind."""

from __future__ import annotations

from fixtures_writer import converse

PAGES = {
    "Joseph Strauss (engineer)": [
        "Joseph Strauss was an American engineer, born in Cincinnati in 1870, chief engineer of "
        "the Golden Gate Bridge."
    ],
    "Golden Gate Bridge": [
        "The Golden Gate Bridge is a suspension bridge in San Francisco, opened on 27 May 1937."
    ],
    "Velcro": ["Velcro is a hook-and-loop fastener patented in 1955."],
    "George de Mestral": [
        "George de Mestral was a Swiss electrical engineer who invented Velcro after burrs "
        "stuck to his dog."
    ],
}


def test_that_bridge_is_the_bridge_the_answer_named(writer):
    history = [
        (
            "joseph strauss bridge engineer",
            "An American engineer, chief engineer of the Golden Gate Bridge.",
        )
    ]
    output, _ = converse(writer, history, "when did that bridge open")
    assert output.topic == "Golden Gate Bridge"


def test_that_engineer_is_the_engineer_the_answer_named(writer):
    history = [("who invented velcro", "The Swiss engineer George de Mestral, in 1955.")]
    output, _ = converse(writer, history, "how did that engineer get the idea")
    assert output.topic == "George de Mestral"


def test_that_year_names_no_page_of_the_answer(writer):
    history = [("who invented velcro", "The Swiss engineer George de Mestral, in 1955.")]
    output, _ = converse(writer, history, "was it patented that year")
    assert output.topic == "Velcro"


def test_that_war_after_a_preposition_in_a_question_about_him_stays_on_him(writer):
    history = [("where did george de mestral study", "At the EPFL in Lausanne, in the 1920s.")]
    output, _ = converse(writer, history, "what did he do during that war")
    assert output.topic == "George de Mestral"

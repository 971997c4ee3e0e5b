"""A turn that only opens with an interjection before a question of its own ("wait someone
cut the ribbon on a horse at the harbour bridge opening??") asks it, as typed, about the
topic; "wait no, the other bridge" still corrects."""

from __future__ import annotations

from fixtures_writer import converse

PAGES = {
    "Sydney Harbour Bridge": [
        "The Sydney Harbour Bridge opened on 19 March 1932; Francis de Groot, on horseback, "
        "cut the ribbon with his sword before the premier could."
    ],
    "Golden Gate Bridge": ["The Golden Gate Bridge opened in May 1937 in San Francisco."],
}
OPENED = [
    ("when did the sydney harbour bridge open", "On 19 March 1932."),
]


def test_a_question_after_wait_is_asked_as_typed(writer):
    said = "wait someone cut the ribbon on a horse at the harbour bridge opening??"
    output, _ = converse(writer, OPENED, said)
    assert output.topic == "Sydney Harbour Bridge"
    assert output.query == said


def test_wait_before_a_refusal_still_corrects(writer):
    history = [("when did the bridge in san francisco open", "The Sydney Harbour Bridge, 1932.")]
    output, _ = converse(writer, history, "wait no, the other bridge")
    assert output.topic == "Golden Gate Bridge"

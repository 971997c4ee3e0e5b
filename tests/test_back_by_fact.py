"""A return by a rare word an earlier answer said about a topic: "back to the ryan plane guy"
after an answer about Lindbergh named Ryan Airlines, "back to bachrachs swimmer" (a
possessive typed without its apostrophe)."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Charles Lindbergh": [
        "Charles Lindbergh was an American aviator, born in Detroit in 1902, who flew the "
        "Spirit of St. Louis from New York to Paris in 1927."
    ],
    "Amelia Earhart": ["Amelia Earhart was an American aviator, born in Kansas in 1897."],
    "Johnny Weissmuller": [
        "Johnny Weissmuller was an American swimmer and actor, born in 1904, coached by "
        "William Bachrach."
    ],
}
LINDBERGH = (
    "who flew the spirit of st louis",
    "Charles Lindbergh flew it in 1927; Ryan Airlines of San Diego built the plane.",
)
EARHART = ("and amelia earhart", "Amelia Earhart flew across the Atlantic alone in 1932.")
WEISSMULLER = (
    "who coached johnny weissmuller",
    "Johnny Weissmuller was coached by William Bachrach at the Illinois Athletic Club.",
)


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        ([LINDBERGH, EARHART], "back to the ryan plane guy — when did he die", "Charles Lindbergh"),
        ([WEISSMULLER, EARHART], "back to bachrachs swimmer — did he act", "Johnny Weissmuller"),
    ],
)
def test_back_to_a_topic_by_a_rare_word_its_answer_said(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant


NICKNAMED = {
    "New Zealand men's national football team": [
        "The New Zealand men's national football team, known as the All Whites, first "
        "played at a World Cup in 1982."
    ],
    "White House": ["The White House is the residence of the president of the United States."],
}


def test_a_nickname_that_opens_with_a_function_word():
    """ "the all whites" is the team its page calls so, though "all" is a function word."""
    writer = make_writer("rules", index_of(NICKNAMED))
    history = [("who lives in the white house", "The president of the United States.")]
    output, _ = converse(writer, history, "why are the all whites called that")
    assert output.topic == "New Zealand men's national football team"


PLAYERS = {
    "Earvin Johnson": [
        "Earvin Johnson is an American basketball player, born in 1959, nicknamed 'Magic Man' "
        "by a sportswriter in Lansing."
    ],
    "Larry Bird": ["Larry Bird is an American basketball player, born in 1956 in Indiana."],
}


def test_a_nickname_typed_with_a_possessive_s():
    """ "magic mans record?" names the player nicknamed 'Magic Man'."""
    writer = make_writer("rules", index_of(PLAYERS))
    history = [("when was larry bird born", "Larry Bird was born in 1956.")]
    output, _ = converse(writer, history, "magic mans record?")
    assert output.topic == "Earvin Johnson"

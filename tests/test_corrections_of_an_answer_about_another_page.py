"""A correction of an answer that was about another page than the one the question named:
"the actress, not her producer lol" after "when did vivien leigh die" was answered for her
producer keeps the actress asked about, drops the producer, and asks the question again."""

from __future__ import annotations

from fixtures_writer import converse, ops

PAGES = {
    "Vivien Leigh": [
        "Vivien Leigh was an English actress, born in Darjeeling in 1913, who played Scarlett "
        "O'Hara in Gone with the Wind.",
        "She died in London on 8 July 1967.",
    ],
    "David O. Selznick": [
        "David O. Selznick was an American film producer, born in Pittsburgh in 1902, who "
        "produced Gone with the Wind.",
        "He died in Los Angeles on 22 June 1965.",
    ],
    "Olivia de Havilland": [
        "Olivia de Havilland was a British-American actress, born in Tokyo in 1916, who played "
        "Melanie in Gone with the Wind.",
        "She died in Paris in 2020.",
    ],
}


def test_the_page_asked_about_by_name_stays_and_the_answered_one_is_dropped(writer):
    history = [("when did vivien leigh die", "David O. Selznick died in Los Angeles in 1965.")]
    output, _ = converse(writer, history, "the actress, not her producer lol")
    assert output.topic == "Vivien Leigh"
    assert ops(output) == ["Abandon(David O. Selznick)", "Refine(Vivien Leigh)"]
    assert output.query == "when did vivien leigh die"

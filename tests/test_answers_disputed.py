"""A turn that says something against what the last answer named, asking nothing, and then
describes the one meant is a correction of that answer: "irene was a baby in 1898 lol, the
mother who won two nobels" after "Irène Joliot-Curie, in 1898." means Marie Curie. The answer's
name may be said by a word of it, by a number the answer gave ("1498 is way too early") or by a
pronoun ("he went second lol. the commander"). A comment on the answer followed by a
description of nothing else ("leonardo was a genius, the notebooks are amazing") corrects
nothing, and neither does a question."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of, ops

from memrevise.writer import make_writer

PAGES = {
    "Marie Curie": [
        "Marie Curie was a Polish-French physicist and chemist who discovered polonium and "
        "radium in 1898 with her husband Pierre; she won two Nobel Prizes."
    ],
    "Irène Joliot-Curie": [
        "Irène Joliot-Curie was a French chemist born in 1897, the daughter of Marie and "
        "Pierre Curie; she won the Nobel Prize in Chemistry in 1935."
    ],
    "Pierre Curie": ["Pierre Curie was a French physicist, the husband of Marie Curie."],
    "Neil Armstrong": [
        "Neil Armstrong was an American astronaut, the commander of Apollo 11 and the first "
        "person to walk on the Moon."
    ],
    "Buzz Aldrin": [
        "Buzz Aldrin was the lunar module pilot of Apollo 11 and the second person to walk on "
        "the Moon."
    ],
    "Leonardo da Vinci": [
        "Leonardo da Vinci was an Italian painter of the Renaissance who painted the Mona Lisa "
        "and The Last Supper and filled notebooks with inventions."
    ],
    "Raphael": ["Raphael was an Italian painter of the Renaissance, born in Urbino in 1483."],
    "The Last Supper": ["The Last Supper is a mural painted by Leonardo da Vinci around 1498."],
}
POLONIUM = ("who discovered polonium", "Irène Joliot-Curie, in 1898.")
MOON = ("who was the first to step on the moon", "Buzz Aldrin, in July 1969.")
SUPPER = ("who painted the last supper", "Raphael, in 1498.")


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize(
    ("history", "turn", "meant", "query"),
    [
        (
            [POLONIUM],
            "irene was a baby in 1898 lol, the mother who won two nobels",
            "Marie Curie",
            "who discovered polonium Marie Curie",
        ),
        ([MOON], "aldrin went second — the commander. when was he born", "Neil Armstrong", None),
        # the claim in a part after the first
        (
            [SUPPER],
            "that cant be right tho, raphael was 15 then... so the one who did the mona lisa",
            "Leonardo da Vinci",
            None,
        ),
        # the answer's one name, said by a pronoun
        ([MOON], "he went second lol. the commander", "Neil Armstrong", None),
        (
            [SUPPER],
            "1498 is way too early for him, the one who did the mona lisa",
            "Leonardo da Vinci",
            None,
        ),
    ],
)
def test_a_disputed_answer_is_corrected_to_the_one_described(writer, history, turn, meant, query):
    output, _ = converse(writer, history, turn)
    assert output.topic == meant
    assert meant not in output.contradictions
    if query is not None:  # a correction only: the open question, asked of the one meant
        assert output.query == query


def test_the_named_question_after_a_dispute_is_asked_of_the_one_meant(writer):
    output, _ = converse(writer, [MOON], "aldrin went second — the commander. when was he born")
    assert output.query == "when was Neil Armstrong born"
    assert "Buzz Aldrin" in output.contradictions


@pytest.mark.parametrize(
    "turn",
    [
        "leonardo da vinci was a genius, the notebooks are amazing",  # a comment
        "he was a genius. the notebooks are amazing",  # a comment, by a pronoun
        "was leonardo da vinci the one, the painter from vinci",  # a question
    ],
)
def test_a_comment_or_a_question_about_the_answer_corrects_nothing(writer, turn):
    output, _ = converse(writer, [("who painted the last supper", "Leonardo da Vinci.")], turn)
    assert not output.contradictions
    assert not any(op.startswith("Abandon") for op in ops(output))

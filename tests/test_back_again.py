"""A return said as a lead before the question, "X again", to the earlier topic of the
conversation that the words fit, where other pages fit them too: by a name ("eleanor again —
how many kids did she have"), by what the topic's page says ("lackland again — where is he
buried", "the nephew again"); never words of the question itself ("when did he marry
again")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.language import cues
from memrevise.writer import make_writer

PAGES = {
    "Eleanor of Aquitaine": [
        "Eleanor of Aquitaine was Queen of France and then Queen of England as the wife of "
        "Henry II; she had ten children, among them Richard and John."
    ],
    "John, King of England": [
        "John, called John Lackland, was King of England from 1199 until his death in 1216; "
        "he is buried in Worcester Cathedral."
    ],
    "Nicolaus I Bernoulli": [
        "Nicolaus I Bernoulli was a Swiss mathematician, the nephew of Jacob and Johann "
        "Bernoulli, who wrote his law thesis on the use of probability in law."
    ],
    "Eleanor of Provence": [
        "Eleanor of Provence was Queen of England as the wife of Henry III, from 1236."
    ],
    "Henry II of England": [
        "Henry II of England left no land to his youngest son, whom he nicknamed Lackland."
    ],
    "Daniel Bernoulli": [
        "Daniel Bernoulli was a Swiss mathematician, the son of Johann and the nephew of "
        "Jacob Bernoulli."
    ],
    "Gemini 8": [
        "Gemini 8 was flown by Neil Armstrong and David Scott in March 1966 and made the "
        "first docking in orbit."
    ],
}
ELEANOR = ("eleanor of aquitaine first marriage where", "At Bordeaux, in 1137, to Louis VII.")
JOHN = ("what did john, king of england lose in the wash", "John lost his baggage train.")
NICOLAUS = ("nicolaus i bernoulli royal society", "A fellow from 1714.")
GEMINI = ("gemini 8 who flew it", "Neil Armstrong and David Scott, in March 1966.")


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("right, eleanor again. how many kids did she have w henry", "Eleanor of Aquitaine"),
        ("lackland again — wheres he buried", "John, King of England"),
        ("k the nephew again — what was his law thesis about", "Nicolaus I Bernoulli"),
        ("ok lackland once more, where is he buried", "John, King of England"),
    ],
)
def test_a_lead_before_again_returns_to_the_earlier_topic_it_names(writer, said, meant):
    output, _ = converse(writer, [ELEANOR, JOHN, NICOLAUS, GEMINI], said)
    assert output.topic == meant
    assert "Gemini" not in (output.query or "")


def test_again_inside_the_question_is_no_return(writer):
    history = [JOHN, GEMINI]
    output, _ = converse(writer, history, "when did it dock again")
    assert output.topic == "Gemini 8"


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("alright, scream queen again — what was her first movie", "scream queen"),
        ("k the nephew again, what was his thesis", "the nephew"),
        ("ok jena guy once more, when did he marry", "jena guy"),
        ("when did he marry again", None),
        ("count again lol, 5th is decca", None),
        ("and the boks won again in 07 under smit", None),
        ("eleanor again", None),  # nothing asked after it
    ],
)
def test_the_lead_of_a_return_is_the_words_before_again(text, lead):
    found = cues.returned_to(text)
    assert (found[0] if found else None) == lead
    if found:
        assert text[: found[1]].rstrip(" ,.").endswith(("again", "once more"))

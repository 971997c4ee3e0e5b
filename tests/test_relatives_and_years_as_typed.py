"""Value changes as people type them: the same question for a relative ("same for his son",
"n his dads first win"), a named person's relative ("caligulas mum", "neros mother"), a
relative before a question of their own ("his wife i think — when did she die"), a first
name joined by a hyphen ("n marie anne"), a first name beside a relation ("the father —
gilles"), a year said first on its own ("1907!! ugh, the one that fell into the river"), and
the year an answer opens with, which tells which of two dated pages a turn was about ("The
1997 Beetle is built in Puebla.")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Jackie Stewart": [
        "Jackie Stewart is a Scottish racing driver, born in 1939, Formula One champion in "
        "1969, 1971 and 1973 with 27 wins. His son Paul Stewart founded Paul Stewart Racing."
    ],
    "Paul Stewart": [
        "Paul Stewart is a Scottish racing driver and team owner, born in 1965, the son of "
        "Jackie Stewart. His first win came at Brands Hatch in 1987."
    ],
    "Agrippina the Elder": [
        "Agrippina the Elder was a Roman noblewoman, born in 14 BC, the wife of Germanicus and "
        "mother of nine children, among them the emperor Caligula and Agrippina the Younger."
    ],
    "Agrippina the Younger": [
        "Agrippina the Younger was a Roman empress, born in AD 15 at Oppidum Ubiorum, who was "
        "given the title Augusta in 50."
    ],
    "Caligula": [
        "Caligula was a Roman emperor, born in AD 12 at Antium, the son of Germanicus and "
        "Agrippina the Elder. He ruled from 37 until he was murdered in 41."
    ],
    "Nero": [
        "Nero was a Roman emperor, born in AD 37 at Antium, the son of Gnaeus Domitius "
        "Ahenobarbus and Agrippina the Younger. He had his mother Agrippina killed in 59."
    ],
    "Marie-Anne Paulze Lavoisier": [
        "Marie-Anne Pierrette Paulze (1758 – 1836) was a French chemist and illustrator, the "
        "wife of Antoine Lavoisier. She died in Paris in 1836."
    ],
    "Antoine Lavoisier": [
        "Antoine Lavoisier was a French chemist, born in Paris in 1743, who named oxygen. His "
        "wife Marie-Anne Paulze Lavoisier worked beside him. He was guillotined in 1794."
    ],
    "Gilles Villeneuve": [
        "Gilles Villeneuve was a Canadian racing driver, born in 1950, who died at Zolder in "
        "1982. His son Jacques Villeneuve became world champion."
    ],
    "Jacques Villeneuve": [
        "Jacques Villeneuve is a Canadian racing driver, born in 1971 in Saint-Jean-sur-Richelieu, "
        "the son of Gilles Villeneuve, and Formula One champion in 1997."
    ],
    "Quebec Bridge (1917)": [
        "The Quebec Bridge (1917) is the cantilever bridge over the Saint Lawrence River that "
        "opened in December 1917 and still carries trains."
    ],
    "Quebec Bridge (1907)": [
        "The Quebec Bridge (1907) was a cantilever bridge over the Saint Lawrence River that "
        "fell down during construction on 29 August 1907, killing 75 workers."
    ],
    "Volkswagen Beetle (1938)": [
        "The Volkswagen Beetle (1938) is a small car designed by Ferdinand Porsche and built "
        "in Wolfsburg from 1938."
    ],
    "Volkswagen Beetle (1997)": [
        "The Volkswagen Beetle (1997) is a retro car built in Puebla, Mexico, from 1997."
    ],
}


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (
            [("how many grands prix did jackie stewart win", "27.")],
            "same for his son",
            "Paul Stewart",
        ),
        (
            [("when was paul stewart's first win", "At Brands Hatch in 1987.")],
            "n his dads first win",
            "Jackie Stewart",
        ),
    ],
)
def test_the_same_question_for_a_relative(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_the_year_an_answer_opens_with_picks_the_dated_page(writer):
    """The question fits both Beetles; the answer says which one it was taken to be about,
    so "the old one" is then the other."""
    history = [("where was the volkswagen beetle built", "The 1997 Beetle is built in Puebla.")]
    _, memory = converse(writer, history, "who designed it")
    assert memory.nodes[0].topic == "Volkswagen Beetle (1997)"
    output, _ = converse(writer, history, "nah the old one, 1938")
    assert output.topic == "Volkswagen Beetle (1938)"


@pytest.mark.parametrize(
    "said",
    ["1907!! ugh, the one that fell into the river", "1907!! bessie, the one that fell"],
)
def test_a_year_said_first_on_its_own(writer, said):
    """A year said first and on its own changes the value, however long the description
    after it and though that has a relative clause."""
    history = [("when did the quebec bridge open", "The present bridge opened in December 1917.")]
    output, _ = converse(writer, history, said)
    assert output.topic == "Quebec Bridge (1907)"


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (  # a named person's relative, by the name's possessive typed without its apostrophe
            [("who was caligula", "A Roman emperor, who ruled from 37 to 41.")],
            "ok how many kids did caligulas mum have altogether",
            "Agrippina the Elder",
        ),
        (  # the same in a correction: "neros mother" is not Nero
            [("agrippina birthplace", "Agrippina the Elder was born in about 14 BC.")],
            "nah the younger agripina — neros mother",
            "Agrippina the Younger",
        ),
        (  # a relative, then a question of their own after a break
            [("when did antoine lavoisier name oxygen", "In 1777.")],
            "his wife i think — when did she die",
            "Marie-Anne Paulze Lavoisier",
        ),
        (  # a first name joined by a hyphen, typed without it
            [("when did antoine lavoisier die", "He was guillotined in Paris in 1794.")],
            "n marie anne",
            "Marie-Anne Paulze Lavoisier",
        ),
    ],
)
def test_a_relative_or_a_first_name_said_in_a_value_change(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_a_first_name_and_a_relation_before_a_new_question_correct(writer):
    """ "the father — gilles. also how did he die" after an answer about the son corrects to
    the father, whose surname the question asked by."""
    history = [("where was villeneuve born", "Jacques Villeneuve was born in 1971 in Quebec.")]
    output, _ = converse(writer, history, "the father — gilles. also how did he die")
    assert output.topic == "Gilles Villeneuve"
    assert "Jacques Villeneuve" in output.contradictions

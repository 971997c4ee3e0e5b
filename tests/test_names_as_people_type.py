"""Names as people type them in a question that moves to another page: letters and digits
("u2"), a last name joined by a hyphen ("day lewis", "levi strauss" of the anthropologist when
the words beside it say so), the plural of a title ("gila monsters"), a title said without
the common noun it ends in ("lady grey"), a one-word title by a single typo ("safron"), a
first question's misspelt last name ("pastuer"), and a first name shouted ("JACKIE lol")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer.grounding import Nicknames
from memrevise.writer.query import as_name

PAGES = {
    "U2": [
        "U2 are an Irish rock band from Dublin, formed in 1976, led by the singer Bono.",
        "U2 released The Joshua Tree in 1987.",
    ],
    "Dublin": ["Dublin is the capital city of Ireland, on the River Liffey."],
    "Daniel Day-Lewis": [
        "Daniel Day-Lewis is an English actor, born in London in 1957, who won three Academy "
        "Awards for Best Actor."
    ],
    "Lewis Carroll": [
        "Lewis Carroll was an English writer, born in 1832, who wrote Alice's Adventures in "
        "Wonderland."
    ],
    "Levi Strauss": [
        "Levi Strauss was a German-born American businessman, born in Buttenheim in 1829, who "
        "founded the company that made the first blue jeans."
    ],
    "Claude Lévi-Strauss": [
        "Claude Lévi-Strauss was a French anthropologist, born in Brussels in 1908, who "
        "taught in São Paulo and quarrelled with Jean-Paul Sartre."
    ],
    "Gila monster": [
        "The Gila monster is a venomous lizard of the south-western United States, named "
        "after the Gila River. A Gila monster can go months without eating."
    ],
    "Lady Grey tea": [
        "Lady Grey tea is a black tea flavoured with bergamot, orange and lemon peel, named "
        "after Mary Grey, wife of the prime minister Charles Grey. Lady Grey was sold by "
        "Twinings from the 1990s."
    ],
    "Saffron": [
        "Saffron is a spice made from the stigmas of the crocus flower, grown in Iran and "
        "Kashmir; it is the most expensive spice by weight."
    ],
    "Louis Pasteur": [
        "Louis Pasteur was a French chemist, born in Dole in 1822, who developed "
        "pasteurization and a vaccine against rabies."
    ],
    "Jackie Stewart": [
        "Jackie Stewart is a Scottish racing driver, born in 1939, Formula One champion in "
        "1969, 1971 and 1973 with 27 wins. His son Paul Stewart founded Paul Stewart Racing."
    ],
    "Galápagos Islands": [
        "The Galápagos Islands are a volcanic archipelago in the Pacific Ocean, part of "
        "Ecuador, known for their giant tortoises. Lonesome George, the last Pinta Island "
        "tortoise, died there in 2012."
    ],
    "George Mallory": [
        "George Mallory was an English mountaineer, born in 1886, who died on Everest in 1924."
    ],
    "Cleveland": ["Cleveland is a city in Ohio on the southern shore of Lake Erie."],
    "Cleveland Browns": [
        "The Cleveland Browns are an American football team from Cleveland, named after their "
        "first coach Paul Brown."
    ],
    "Jim Brown": ["Jim Brown was an American football player, born in 1936, who died in 2023."],
    "Rod Stewart": ["Rod Stewart is a British singer, born in London on 10 January 1945."],
}
BONO = ("who is the singer bono", "Bono is the singer of an Irish rock band from Dublin.")
CARROLL = ("who wrote alice in wonderland", "Lewis Carroll, in 1865.")
SAFFRON_BEFORE = ("what is the capital of ireland", "Dublin.")


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        ([SAFFRON_BEFORE], "u2 when did they form", "U2"),
        ([CARROLL], "how many oscars did day lewis win", "Daniel Day-Lewis"),
        ([CARROLL], "levi strauss did he know sartre", "Claude Lévi-Strauss"),
        ([SAFFRON_BEFORE], "gila monsters are they venomous", "Gila monster"),
        ([SAFFRON_BEFORE], "lady grey has orange peel in it right", "Lady Grey tea"),
        ([SAFFRON_BEFORE], "safron why is it so pricey", "Saffron"),
    ],
)
def test_a_name_typed_as_people_type_it_moves_the_topic(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_the_namesake_the_other_words_do_not_pick_stays_the_title(writer):
    """ "levi strauss" alone, beside nothing only the anthropologist's page says, is the
    title of that name."""
    output, _ = converse(writer, [CARROLL], "levi strauss when was he born")
    assert output.topic == "Levi Strauss"


def test_a_first_question_that_misspells_a_last_name(writer):
    """Asked first, before any answer, "pastuer" names the chemist."""
    output, _ = converse(writer, [], "pastuer what did he discover")
    assert output.topic == "Louis Pasteur"


def test_a_first_name_shouted_in_a_correction(writer):
    """ "JACKIE lol" after an answer about Rod Stewart corrects to Jackie Stewart, never to a
    topic called "JACKIE"."""
    history = [("when was jackie stewart born", "Rod Stewart was born in London in 1945.")]
    output, _ = converse(writer, history, "JACKIE lol")
    assert output.topic == "Jackie Stewart"


def test_a_name_given_at_birth_is_its_page():
    """A page that says whom it was born as is found by that name, whole or by its last
    word, and "a German-born American businessman" gives no name "American"."""
    names = Nicknames(
        index_of(
            {
                "Pope Paul VI": [
                    "Pope Paul VI (born Giovanni Battista Montini; 26 September 1897 – 6 August "
                    "1978) was head of the Catholic Church from 1963 to 1978."
                ],
                "Levi Strauss": PAGES["Levi Strauss"],
            }
        )
    )
    assert names("giovanni montini") == ("Pope Paul VI",)
    assert names("montini") == ("Pope Paul VI",)
    assert names("american") == ()


def test_a_self_repair_to_a_name_an_answer_gave_without_a_page(writer):
    """ "wait no not him, montini" after an answer that named two popes by their birth names
    moves to the page that says Montini was born so."""
    pages = {
        "Pope John XXIII": [
            "Pope John XXIII (born Angelo Giuseppe Roncalli; 1881 – 1963) was pope from 1958."
        ],
        "Pope Paul VI": [
            "Pope Paul VI (born Giovanni Battista Montini; 1897 – 1978) was pope from 1963."
        ],
    }
    from memrevise.writer import make_writer

    own = make_writer("rules", index_of(pages))
    history = [
        (
            "who were the popes of the 1960s",
            "Angelo Roncalli, pope from 1958 to 1963, and Giovanni Montini, pope from 1963.",
        )
    ]
    output, _ = converse(own, history, "what did roncalli open in 62— wait no not him, montini")
    assert output.topic == "Pope Paul VI"


def test_a_first_name_inside_a_name_the_corpus_writes_is_no_switch(writer):
    """ "lonesome george" is the tortoise the islands' page names, though it writes the name
    only at the start of a sentence: not George Mallory."""
    history = [("where are the galapagos islands", "In the Pacific Ocean, part of Ecuador.")]
    output, _ = converse(writer, history, "lonesome george what was he")
    assert output.topic == "Galápagos Islands"


def test_a_name_typed_with_a_possessive_s_holds_a_topic_it_ends_with(writer):
    """ "jim browns birthday" is Jim Brown's, though "browns" alone would be the team."""
    history = [
        ("who are the cleveland browns named after", "Their first coach, Paul Brown."),
        ("cleveland is on lake erie right", "Yes, on its southern shore."),
    ]
    output, _ = converse(writer, history, "whats jim browns birthday")
    assert output.topic == "Jim Brown"


def test_a_person_named_first_is_whom_he_means(writer):
    """ "lonesome george was he a tortoise": "he" is the one named first, a name the islands'
    page writes; the question is left as typed."""
    history = [("where are the galapagos islands", "In the Pacific Ocean, part of Ecuador.")]
    output, _ = converse(writer, history, "lonesome george was he a tortoise")
    assert output.query == "lonesome george was he a tortoise"


@pytest.mark.parametrize(
    ("question", "written"),
    [
        ("who taught her", "who taught Beth Harmon"),  # "her" ends the clause: no owner
        ("did he marry her and then leave", "did he marry Beth Harmon and then leave"),
        ("who was her coach", "who was Beth Harmon's coach"),
        ("his books", "Beth Harmon's books"),
    ],
)
def test_her_owns_only_what_follows_it(question, written):
    pronoun = "his" if "his" in question.split() else "her"
    assert as_name(question, pronoun, "Beth Harmon") == written


def test_a_person_named_first_is_whom_her_means(writer):
    """ "lonesome george who found her" asks of the tortoise named first, left as typed."""
    history = [("where are the galapagos islands", "In the Pacific Ocean, part of Ecuador.")]
    output, _ = converse(writer, history, "lonesome george who found her")
    assert output.query == "lonesome george who found her"


def test_a_name_a_page_says_it_is_often_called_is_that_page():
    """ "The Statue of Liberty, often simply called Lady Liberty, ..." names the statue by
    "lady liberty"; "a man called Bob" is no name of its page."""
    names = Nicknames(
        index_of(
            {
                "Statue of Liberty": [
                    "The Statue of Liberty, often simply called Lady Liberty, is a copper "
                    "statue on Liberty Island in New York Harbor, a gift from France in 1886."
                ],
                "Bob Dylan": ["Bob Dylan is an American singer; a man called Bob wrote to him."],
            }
        )
    )
    assert names("lady liberty") == ("Statue of Liberty",)
    assert names("bob") == ()

"""Revisions typed loosely: a subtitle after a spaced dash names its page ("dead reckoning part
one"); a word in capitals for emphasis is no name ("her OWN tomb", "how did HE die"); one
capitalised word between "a" and a noun describes ("a French admiral"); a
repair that points back by a pronoun stays on the topic; steps along a family said in its own
name ("the ramesses after him", "two ramesses back") or in films and parts ("jump ahead two
films", "the movie two before that", "back in part 2", "ramesses number three"); and "i asked
about the militia painting" after an answer about another painting; "the earlier one again"
and "back to the opera itself"; the namesake after or before one by the years their pages open
with ("the ark royal that came after her"); a first name only one
page has ("and nigella?"), unless it opens a longer name ("mark twain prize"); and a repair
from one person to another of the same surname ("charlotte bronty, no sorry emily")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.language import cues
from memrevise.language.entities import NameTable, capitalised, mentions, name_keys
from memrevise.memory import Status

PAGES = {
    "Mission: Impossible (film)": ["Mission: Impossible is a 1996 American action spy film."],
    "Mission: Impossible 2": ["Mission: Impossible 2 is a 2000 American action spy film."],
    "Mission: Impossible III": ["Mission: Impossible III is a 2006 American action spy film."],
    "Mission: Impossible – Fallout": [
        "Mission: Impossible – Fallout is a 2018 American action spy film set partly in Paris."
    ],
    "Mission: Impossible – Dead Reckoning Part One": [
        "Mission: Impossible – Dead Reckoning Part One is a 2023 American action spy film "
        "directed by Christopher McQuarrie."
    ],
    "Ramesses I": ["Ramesses I was the founding pharaoh of Egypt's Nineteenth Dynasty."],
    "Ramesses II": ["Ramesses II was the third pharaoh of the Nineteenth Dynasty, from 1279 BC."],
    "Ramesses III": ["Ramesses III was the second pharaoh of the Twentieth Dynasty."],
    "Nefertari": [
        "Nefertari was an Egyptian queen, the first of the Great Royal Wives of Ramesses II; "
        "her tomb, QV66, is in the Valley of the Queens."
    ],
    "Heston Blumenthal": [
        "Heston Blumenthal is a British chef who opened The Fat Duck in Bray in 1995; he has "
        "cooked on television with Nigella Lawson."
    ],
    "Nigella Lawson": [
        "Nigella Lawson is an English food writer, born in London in 1960, who has cooked "
        "with Heston Blumenthal."
    ],
    "Mark Cavendish": ["Mark Cavendish is a British cyclist, born on the Isle of Man in 1985."],
    "Julia Louis-Dreyfus": [
        "Julia Louis-Dreyfus is an American actress who received the Mark Twain Prize for "
        "American Humor in 2018; Mark Twain was an American writer."
    ],
    "Charlotte Brontë": ["Charlotte Brontë was an English novelist, born in Thornton in 1816."],
    "Emily Brontë": ["Emily Brontë was an English novelist, born in Thornton in 1818."],
    "Haworth": ["Haworth is a village in West Yorkshire where the Brontë sisters lived."],
    "HMS Ark Royal (91)": [
        "HMS Ark Royal (91) was a British aircraft carrier launched in 1937 and sunk in 1941."
    ],
    "HMS Ark Royal (R09)": [
        "HMS Ark Royal (R09) was a British aircraft carrier launched in 1950, in service until "
        "1979."
    ],
    "Carmen": [
        "Carmen is an opera in four acts by Georges Bizet, first performed in Paris in 1875; "
        "it ends with Carmen killed by Don José outside the bullring."
    ],
    "Georges Bizet": ["Georges Bizet was a French composer, born in Paris in 1838."],
    "Charles Gounod": ["Charles Gounod was a French composer who taught Georges Bizet."],
    "The Night Watch": [
        "The Night Watch is a 1642 painting by Rembrandt of a militia company of Amsterdam, "
        "363 by 437 centimetres."
    ],
    "The Anatomy Lesson of Dr. Nicolaes Tulp": [
        "The Anatomy Lesson of Dr. Nicolaes Tulp is a 1632 oil painting by Rembrandt of a "
        "surgeon's public dissection, held in the Mauritshuis."
    ],
}


def test_a_subtitle_after_a_spaced_dash_names_its_page():
    keys = name_keys("Mission: Impossible – Dead Reckoning Part One")
    assert ("dead", "reckoning", "part", "one") in keys


def test_a_repair_to_a_subtitle_is_the_page_it_names(writer):
    history = [("who directed fallout", PAGES["Mission: Impossible – Fallout"][0])]
    said = "who composed the music for fallout.. no wait dead reckoning part one"
    output, memory = converse(writer, history, said)
    assert output.topic == "Mission: Impossible – Dead Reckoning Part One"
    assert all(topic.name in PAGES for topic in memory.topics)


@pytest.mark.parametrize(
    ("said", "shouted"),
    [
        ("where is her husbands tomb... i mean her OWN tomb, not his", "OWN"),
        ("the french guy. how did HE die", "HE"),
        ("i asked about THIS one", "THIS"),
    ],
)
def test_a_word_in_capitals_for_emphasis_is_no_name(said, shouted):
    names = [said[m.start : m.end] for m in mentions(said, NameTable())]
    assert shouted not in names


@pytest.mark.parametrize(
    ("text", "name", "found"),
    [
        ("Nelson was shot by a French marksman at Trafalgar.", "French", False),
        ("Ader built the Théâtrophone and a V8 engine.", "V8", True),
        ("Apollo 11 landed in 1969.", "Apollo 11", True),
    ],
)
def test_one_capitalised_word_after_a_and_before_a_noun_describes(text, name, found):
    assert (name in [m.name for m in capitalised(text)]) is found


def test_a_repair_that_points_back_by_a_pronoun_stays_on_the_topic(writer):
    history = [("who was nefertari", PAGES["Nefertari"][0])]
    said = "where is her husbands tomb... i mean her OWN tomb, not his"
    output, memory = converse(writer, history, said)
    assert output.topic == "Nefertari"
    assert memory.topic("Nefertari").status is Status.CURRENT


@pytest.mark.parametrize(
    ("title", "said", "meant"),
    [
        ("Ramesses I", "and the ramesses after him, how long did he rule", "Ramesses II"),
        ("Ramesses III", "ok and two ramesses back from him - where was he buried", "Ramesses I"),
        ("Ramesses I", "so who was the wife of ramesses number two", "Ramesses II"),
        (
            "Mission: Impossible III",
            "jump ahead two films — wheres the big chase",
            "Mission: Impossible – Dead Reckoning Part One",
        ),
        (
            "Mission: Impossible – Fallout",
            "ok and in the movie two before that what does he climb",
            "Mission: Impossible 2",
        ),
        (
            "Mission: Impossible – Fallout",
            "and back in part 2, whats the big stunt",
            "Mission: Impossible 2",
        ),
    ],
)
def test_a_step_along_a_family_said_in_its_name_or_in_films(writer, title, said, meant):
    history = [(f"tell me about {title.casefold()}", PAGES[title][0])]
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_saying_what_was_asked_after_an_answer_about_another_page(writer):
    wrong = PAGES["The Anatomy Lesson of Dr. Nicolaes Tulp"][0]
    history = [("how big is the night watch", wrong)]
    said = "uh i asked about the militia painting. how big is it"
    output, memory = converse(writer, history, said)
    assert output.topic == "The Night Watch"
    assert memory.topic("The Anatomy Lesson of Dr. Nicolaes Tulp").status is Status.DROPPED


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("i asked about the cityscape", True),
        ("my question was about the uni", True),
        ("i was asking for the film", True),
        ("he asked about the war", False),
    ],
)
def test_saying_what_was_asked(text, says):
    assert cues.says_what_was_asked(text) is says


@pytest.mark.parametrize(
    ("title", "said", "meant"),
    [
        ("Heston Blumenthal", "and nigella, where was she born", "Nigella Lawson"),
        ("Nigella Lawson", "where did heston train", "Heston Blumenthal"),
    ],
)
def test_a_first_name_only_one_page_has_names_that_person(writer, title, said, meant):
    history = [(f"tell me about {title.casefold()}", PAGES[title][0])]
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_a_first_name_that_opens_a_longer_name_names_no_one(writer):
    history = [("who runs the fat duck", PAGES["Heston Blumenthal"][0])]
    output, _ = converse(writer, history, "who won the mark twain prize in 2018")
    assert output.topic != "Mark Cavendish"


def test_a_repair_to_a_first_name_is_the_person_of_the_same_surname(writer):
    history = [("tell me about haworth", PAGES["Haworth"][0])]
    said = "where was charlotte bronty born, no sorry emily"
    output, _ = converse(writer, history, said)
    assert output.topic == "Emily Brontë"


def test_a_return_to_the_earlier_one_again(writer):
    history = [
        ("tell me about ramesses i", PAGES["Ramesses I"][0]),
        ("tell me about ramesses ii", PAGES["Ramesses II"][0]),
    ]
    output, _ = converse(writer, history, "the earlier one again pls, how long did he rule")
    assert output.topic == "Ramesses I"


def test_back_to_the_opera_itself(writer):
    history = [
        ("how does carmen end", PAGES["Carmen"][0]),
        ("who wrote it", PAGES["Georges Bizet"][0]),
        ("and gounod, who did he teach", PAGES["Charles Gounod"][0]),
    ]
    output, _ = converse(writer, history, "ok back to the opera itself.. where was it first put on")
    assert output.topic == "Carmen"


@pytest.mark.parametrize(
    ("title", "said", "meant"),
    [
        (
            "HMS Ark Royal (91)",
            "and the ark royal that came after her, when",
            "HMS Ark Royal (R09)",
        ),
        ("HMS Ark Royal (R09)", "and her predecessor w the same name", "HMS Ark Royal (91)"),
    ],
)
def test_a_step_among_namesakes_by_the_years_their_pages_open_with(writer, title, said, meant):
    history = [(f"tell me about {title.casefold()}", PAGES[title][0])]
    output, _ = converse(writer, history, said)
    assert output.topic == meant

"""Minds changed in ordinary wording: a place in an answer's list said as people say it ("2nd
on that list", "the middle one", "the one at the top of that list", "number two of those"),
with dates in the answer that are no names; a repair that says "never mind", "forget it" or
"lol wrong chat"; a relative asked about by relation alone ("his son?"), or described ("his
son, the one with six wives"); "edward not henry"; a page by a kind its opening states under
a general word ("the scientist", "the plane", "the book"); a ruler's page found by name and
numeral; a nickname its page states; a thing of another kind than the topic, said by that
kind ("the wall" on Berlin), and a return to "the planet"; "the one 2 years before" a
numbered member, by the years its pages open with; the subject before the object of a
preposition; and a question whose "she" is no thing and whose "she-wolf" is no pronoun."""

from __future__ import annotations

import pytest
from fixtures_writer import converse
from hypothesis import given
from hypothesis import strategies as st

from memrevise.language import cues
from memrevise.language.entities import NameTable, capitalised, name_keys
from memrevise.memory import Status
from memrevise.writer.grounding import Nicknames
from memrevise.writer.pages import is_kind
from memrevise.writer.query import write_query

PAGES = {
    "Apollo 11": ["Apollo 11 was the spaceflight that first landed humans on the Moon, in 1969."],
    "Apollo 12": ["Apollo 12 was the second crewed mission to land on the Moon, in November 1969."],
    "Apollo 13": [
        "Apollo 13 was the seventh crewed mission of the Apollo program, launched in April 1970; "
        "its landing on the Moon was aborted after an oxygen tank failed."
    ],
    "Neil Armstrong": ["Neil Armstrong was an American astronaut, born in Ohio in 1930."],
    "Jim Lovell": ["Jim Lovell is an American astronaut who commanded Apollo 13."],
    "Henry VIII of England": [
        "Henry VIII was King of England from 1509 until his death in 1547, the second son of "
        "Henry VII. He was born at Greenwich Palace in 1491 and married six times."
    ],
    "Henry VII of England": ["Henry VII was King of England from 1485 until his death in 1509."],
    "Arthur, Prince of Wales": [
        "Arthur, Prince of Wales was the eldest son of Henry VII, born in Winchester in 1486; "
        "he died young, in 1502, before he could be king."
    ],
    "Edward VI of England": [
        "Edward VI was King of England from 1547 until 1553, the only son of Henry VIII, born "
        "at Hampton Court Palace in 1537."
    ],
    "Pope Leo X": ["Pope Leo X, born Giovanni de' Medici, was pope from 1513 to 1521."],
    "Frankenstein": [
        "Frankenstein is an 1818 novel by the English writer Mary Shelley, first published in "
        "London without her name."
    ],
    "Frankenstein (1931 film)": [
        "Frankenstein is a 1931 American horror film directed by James Whale for Universal."
    ],
    "Marie Curie": [
        "Marie Curie was a Polish-born physicist and chemist who worked in Paris, born in "
        "Warsaw in 1867."
    ],
    "Elizabeth Taylor": ["Elizabeth Taylor was a British-American actress, born in 1932."],
    "Richard Burton": ["Richard Burton was a Welsh actor, married to Elizabeth Taylor in 1964."],
    "Curie (unit)": [
        "The curie is a unit of radioactivity, named after Marie Curie and Pierre Curie in 1910."
    ],
    "Amelia Earhart": ["Amelia Earhart was an American aviator, born in Kansas in 1897."],
    "Lockheed Vega": [
        "The Lockheed Vega is an American monoplane built from 1927, flown by Amelia Earhart "
        "across the Atlantic in 1932."
    ],
    "Babe Ruth": [
        "George Herman Ruth, known as Babe Ruth and nicknamed the Bambino and the Sultan of "
        "Swat, was an American baseball player born in Baltimore in 1895."
    ],
    "Lou Gehrig": [
        "Lou Gehrig, nicknamed the Iron Horse, was an American baseball player who played for "
        "the New York Yankees from 1923 to 1939."
    ],
    "New York Yankees": [
        "The New York Yankees are an American baseball team based in the Bronx, New York City."
    ],
    "The Pride of the Yankees": [
        "The Pride of the Yankees is a 1942 American film about Lou Gehrig, with Babe Ruth "
        "playing himself; Gary Cooper plays the Iron Horse."
    ],
    "Berlin": ["Berlin is the capital and largest city of Germany, on the River Spree."],
    "Berlin Wall": [
        "The Berlin Wall was a guarded concrete barrier that divided Berlin from 1961 to 1989."
    ],
    "Jurassic Park (film)": [
        "Jurassic Park is a 1993 American science fiction film directed by Steven Spielberg."
    ],
    "Jurassic Park (novel)": [
        "Jurassic Park is a 1990 science fiction novel by the American writer Michael Crichton."
    ],
    "Michael Crichton": ["Michael Crichton was an American author, born in Chicago in 1942."],
    "Neptune": ["Neptune is the eighth planet from the Sun, first seen in 1846 by Johann Galle."],
    "Johann Galle": ["Johann Galle was a German astronomer, born in Radis in 1812."],
    "Urbain Le Verrier": ["Urbain Le Verrier was a French mathematician who predicted Neptune."],
    "Super Bowl XLVIII": ["Super Bowl XLVIII was an American football game played in 2014."],
    "Super Bowl XLIX": ["Super Bowl XLIX was an American football game played in 2015."],
    "Super Bowl 50": ["Super Bowl 50 was an American football game played in 2016."],
}

LANDINGS = "Apollo 11 (July 1969), Apollo 12 (November 1969) and Apollo 13 (April 1970)."
COMMANDED = (
    "who commanded apollo 11",
    f"Neil Armstrong commanded Apollo 11. The missions to the Moon then were {LANDINGS}",
)


@pytest.mark.parametrize(
    ("said", "index"),
    [
        ("2nd on that list pls", 2),
        ("the middle one on ur list", cues.MIDDLE),
        ("nah the one at the top of that list", 1),
        ("no the one at the bottom of the list", -1),
        ("no, number two of those", 2),
        ("i meant the last one u listed", -1),
    ],
)
def test_a_place_in_a_list_said_as_people_say_it(said, index):
    assert [p.index for p in cues.positions(said)] == [index]
    assert cues.in_a_list(said)


@pytest.mark.parametrize(
    "said", ["what happens in the middle of the film", "the middle ages", "number 9 was best"]
)
def test_the_middle_of_something_else_is_no_place_in_a_list(said):
    assert cues.positions(said) == []


def test_a_place_counts_from_the_start_the_end_or_the_middle():
    assert cues.Position(cues.MIDDLE, "").within(3) == 1
    assert cues.Position(cues.MIDDLE, "").within(2) is None  # two have no middle one
    assert cues.Position(-1, "").within(3) == 2
    assert cues.Position(4, "").within(3) is None


def test_a_date_in_an_answer_is_no_name():
    assert [m.name for m in capitalised(LANDINGS)] == ["Apollo 11", "Apollo 12", "Apollo 13"]


@pytest.mark.parametrize(
    "said",
    ["i meant the middle one on that list", "2nd on that list pls", "no, number two of those"],
)
def test_a_correction_to_a_place_in_a_list_with_dates_in_brackets(writer, said):
    output, memory = converse(writer, [COMMANDED], said)
    assert output.topic == "Apollo 12"
    assert memory.topic("Apollo 11").status is Status.DROPPED
    assert "Apollo 12" in output.query and "commanded" in output.query


@pytest.mark.parametrize(
    ("said", "first", "then"),
    [
        (
            "who commanded apollo 12.. never mind, who flew apollo 13",
            "who commanded apollo 12",
            "who flew apollo 13",
        ),
        (
            "when did apollo 12 land — eh forget it, who flew apollo 13",
            "when did apollo 12 land",
            "who flew apollo 13",
        ),
        (
            "when was the first moon landing - nvm. who was on it",
            "when was the first moon landing",
            "who was on it",
        ),
    ],
)
def test_never_mind_and_forget_it_repair_a_turn(said, first, then):
    assert cues.repair_split(said) == (first, then)


def test_wrong_chat_repairs_a_turn():
    said = "when did apollo 12 land.. lol wrong chat. who won super bowl 50"
    assert cues.repair_split(said) == ("when did apollo 12 land.. lol", "who won super bowl 50")


@pytest.mark.parametrize("said", ["i forget, who commanded it", "never mind, who commanded it"])
def test_never_mind_with_nothing_before_it_repairs_nothing(said):
    assert cues.repair_split(said) is None


def test_never_mind_drops_the_mission_first_asked_about(writer):
    output, _ = converse(
        writer,
        [("what was apollo 11", PAGES["Apollo 11"][0])],
        "who commanded apollo 12.. meh never mind that, who commanded apollo 13",
    )
    assert output.topic == "Apollo 13"
    assert output.query == "who commanded apollo 13"


@pytest.mark.parametrize("said", ["his son?", "and his son", "what about his son?"])
def test_a_relative_asked_by_relation_alone_is_asked_what_the_last_turn_asked(writer, said):
    output, memory = converse(
        writer, [("where was henry viii born", "At Greenwich Palace, in 1491.")], said
    )
    assert output.topic == "Edward VI of England"  # a step from the person, as a value is
    assert memory.topic("Henry VIII of England").status is Status.DROPPED
    assert output.query.startswith("where was Edward VI of England, Henry VIII")
    assert output.query.endswith("son, born")


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("his son, the one who married six times", "Henry VIII of England"),
        ("his son - the one who died young", "Arthur, Prince of Wales"),
    ],
)
def test_of_two_relatives_the_one_described(writer, said, meant):
    history = [("when was henry vii born", "Henry VII was born at Pembroke Castle in 1457.")]
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_a_relative_in_a_question_of_its_own_stays_a_question_about_the_person(writer):
    output, _ = converse(
        writer, [("where was henry viii born", "At Greenwich Palace, in 1491.")], "his son's name?"
    )
    assert output.topic == "Henry VIII of England"


def test_one_name_not_another_is_a_correction(writer):
    assert cues.is_correction("edward not henry lol")
    assert not cues.is_correction("why not")
    output, memory = converse(
        writer,
        [("when did the tudor king die", "Henry VIII died in January 1547.")],
        "edward not henry lol",
    )
    assert output.topic == "Edward VI of England"
    assert memory.topic("Henry VIII of England").status is Status.DROPPED


def test_a_ruler_is_found_by_name_and_numeral():
    assert ("henry", "iv") in name_keys("Henry IV, Holy Roman Emperor")
    assert ("leo", "x") in name_keys("Pope Leo X")
    assert name_keys("Apollo 11") == [("apollo", "11")]


def test_a_short_form_of_a_ruler_in_an_answer_is_the_page(writer):
    output, _ = converse(
        writer,
        [("who was pope leo x", "Leo X, born Giovanni de' Medici, was pope from 1513.")],
        "when did leo x die",
    )
    assert output.topic == "Pope Leo X"


@pytest.mark.parametrize(
    ("stated", "word", "right"),
    [
        ("monoplane", "plane", True),
        ("astronomer", "scientist", True),
        ("novella", "book", True),
        ("film", "movie", True),
        ("film", "book", False),
        ("relax", "ax", False),
        ("psychiatrist", "doctor", True),
        ("disorder", "illness", True),
        ("disorder", "doctor", False),
    ],
)
def test_a_page_is_of_the_kind_its_opening_states_or_under_a_general_word(stated, word, right):
    assert is_kind(stated, word) is right


def test_the_subject_of_a_repair_before_the_object_of_its_preposition(writer):
    output, _ = converse(
        writer,
        [("who flew apollo 13", "Jim Lovell commanded Apollo 13.")],
        "and apollo 12, no forget it, what did armstrong do before apollo 11",
    )
    assert output.topic == "Neil Armstrong"


def test_a_compound_holds_no_pronoun():
    assert cues.pronouns("mum!! the she-wolf one. where did she live") == ["she"]
    query = write_query("the she-wolf one. where did she live", "Isabella", None, None, False, [])
    assert query == "the she-wolf one. where did Isabella live"


def test_a_person_s_pronoun_is_not_replaced_by_a_thing():
    query = write_query(
        "what happens to her in the end", "Frankenstein", None, None, False, [], person=False
    )
    assert query == "what happens to her in the end Frankenstein"


def test_a_nickname_is_what_a_page_states_as_one(index):
    nicknames = Nicknames(index)
    assert nicknames("bambino") == ("Babe Ruth",)
    assert nicknames("Sultan of Swat") == ("Babe Ruth",)
    assert nicknames("iron horse") == ("Lou Gehrig",)
    assert nicknames("baltimore") == ()  # written on the page, never as a nickname


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("when did the sultan of swat retire", "Babe Ruth"),
        ("the iron horse born where", "Lou Gehrig"),
        ("bambino was born in baltimore?", "Babe Ruth"),
    ],
)
def test_a_nickname_switches_to_the_page_that_states_it(writer, said, meant):
    history = [("tell me about the new york yankees", PAGES["New York Yankees"][0])]
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_a_nickname_the_current_page_writes_too_stays_with_it(writer):
    history = [("what is the pride of the yankees", PAGES["The Pride of the Yankees"][0])]
    output, _ = converse(writer, history, "who plays the iron horse")
    assert output.topic == "The Pride of the Yankees"


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (("what is berlin", PAGES["Berlin"][0]), "when was the wall built", "Berlin Wall"),
        (
            ("who directed jurassic park", "Steven Spielberg directed Jurassic Park (1993)."),
            "is the book different",
            "Jurassic Park (novel)",
        ),
        (("what is berlin", PAGES["Berlin"][0]), "how big is the city", "Berlin"),
        (
            ("who was michael crichton", PAGES["Michael Crichton"][0]),
            "did he direct the film too",
            "Michael Crichton",
        ),
    ],
)
def test_a_thing_said_by_a_kind_the_topic_is_not_is_the_related_page_of_that_kind(
    writer, history, said, meant
):
    output, _ = converse(writer, [history], said)
    assert output.topic == meant


def test_back_to_a_kind_is_the_earlier_topic_whose_page_opens_as_one(writer):
    history = [
        ("when was neptune found", "In 1846, by Johann Galle."),
        ("who was johann galle", PAGES["Johann Galle"][0]),
    ]
    output, _ = converse(writer, history, "ok back to the planet, how far out is it")
    assert output.topic == "Neptune"


def test_years_before_a_numbered_member_count_by_the_years_its_pages_open_with(writer):
    history = [("who won super bowl 50", "The Denver Broncos won Super Bowl 50.")]
    output, _ = converse(writer, history, "what about the one 2 years before")
    assert output.topic == "Super Bowl XLVIII"


def test_a_repair_from_a_kind_back_to_the_topic_of_another_kind(writer):
    history = [("who directed jurassic park", "Steven Spielberg directed Jurassic Park (1993).")]
    said = "what happens in the book... sorry, the film, who plays the lawyer"
    output, _ = converse(writer, history, said)
    assert output.topic == "Jurassic Park (film)"


def test_forget_the_movie_repairs_to_the_book(writer):
    history = [("who directed jurassic park", "Steven Spielberg directed Jurassic Park (1993).")]
    said = "who's in it... actually forget the movie, who wrote the book it's based on?"
    output, _ = converse(writer, history, said)
    assert output.topic == "Jurassic Park (novel)"


@given(st.text(max_size=120))
def test_places_in_a_list_are_read_from_any_text(text):
    for position in cues.positions(text):
        for size in range(6):
            place = position.within(size)
            assert place is None or 0 <= place < size


@given(st.integers(-5, 25), st.integers(0, 8))
def test_a_place_is_inside_the_list_or_none(index, size):
    place = cues.Position(index, "").within(size)
    assert place is None or 0 <= place < size


def test_a_title_is_found_in_the_plural():
    table = NameTable(["Nobel Prize", "Alfred Nobel"])
    assert [m.name for m in table.find("when were the first nobel prizes")] == ["Nobel Prize"]
    assert table.find("nobel glass") == []


def test_the_older_one_of_two_people_in_play_by_the_years_their_pages_open_with(writer):
    history = [
        ("who was born first, babe ruth or lou gehrig", "Ruth, in 1895; Gehrig in 1903."),
        ("where was gehrig born", "Lou Gehrig was born in New York City."),
    ]
    output, memory = converse(writer, history, "the older one i meant")
    assert output.topic == "Babe Ruth"
    assert memory.topic("Lou Gehrig").status is Status.DROPPED


def test_a_correction_to_the_topic_the_memory_held_drops_what_the_answer_was_about(writer):
    history = [
        ("tell me about apollo 12", PAGES["Apollo 12"][0]),
        ("when did it land", "Apollo 11 landed on 20 July 1969."),
    ]
    output, memory = converse(writer, history, "no, i meant apollo 12")
    assert output.topic == "Apollo 12"
    assert memory.topic("Apollo 11").status is Status.DROPPED


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (
            ("what is a curie", PAGES["Curie (unit)"][0]),
            "no the scientist!! where was she born",
            "Marie Curie",
        ),
        (
            (
                "when did frankenstein come out",
                "Frankenstein (1931), by James Whale, opened in 1931.",
            ),
            "ugh i meant the book",
            "Frankenstein",
        ),
        (
            ("when did jurassic park come out", "Michael Crichton's novel came out in 1990."),
            "the spielberg version",
            "Jurassic Park (film)",
        ),
        (
            ("when did taylor die", "Elizabeth Taylor died in 2011."),
            "the one married to elizabeth taylor",
            "Richard Burton",
        ),
    ],
)
def test_a_correction_by_a_description_of_the_one_meant(writer, history, said, meant):
    """By a kind its opening states ("the scientist", "the book"), by a name beside a kind
    of version ("the spielberg version"), by whom they married."""
    output, _ = converse(writer, [history], said)
    assert output.topic == meant

"""Names and references as people type them loosely: a full name with a typo in one word
beside a word that names another page, "these days" that points nowhere, a sequel numbered
by an ordinal word, "the third one" of a numbered family, a role word that a page opens
with, a relative a page states by "son of" or "married", a title typed without its
apostrophe or its initials' dots, a hesitation before a repair, and an answer whose name
opens with an initial."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.language.cues import repair_split
from memrevise.language.entities import NameTable
from memrevise.language.kinds import facts_of, looks_like_person
from memrevise.memory import Status
from memrevise.retrieval import BM25Index
from memrevise.writer import make_writer
from memrevise.writer.siblings import Siblings

PAGES = {
    "Jordan": ["Jordan is a country in Western Asia; its capital is Amman."],
    "Michael Jordan": [
        "Michael Jordan is an American basketball player born in Brooklyn in 1963.",
        "Jordan won six championships with the Chicago Bulls.",
    ],
    "Chicago Bulls": ["The Chicago Bulls are an American basketball team based in Chicago."],
    "Paris": ["Paris is the capital of France, on the Seine."],
    "Paris Hilton": ["Paris Hilton is an American media personality born in New York City."],
    "Shrek": ["Shrek is a 2001 American animated comedy film from DreamWorks."],
    "Shrek 2": ["Shrek 2 is a 2004 American animated comedy film, the sequel to Shrek."],
    "Shrek the Third": ["Shrek the Third is a 2007 American animated comedy film."],
    "Queen (band)": [
        "Queen are a British rock band formed in London in 1970, with the singer Freddie "
        "Mercury and the guitarist Brian May; his voice made them famous."
    ],
    "Freddie Mercury": ["Freddie Mercury was a British singer, born in Zanzibar in 1946."],
    "Brian May": ["Brian May is an English guitarist and astrophysicist born in 1947."],
    "Bob Woodward": ["Bob Woodward is an American journalist born in Geneva, Illinois, in 1943."],
    "Richard Nixon": ["Richard Nixon was the 37th president of the United States, born in 1913."],
    "Alexander the Great": [
        "Alexander the Great was a king of Macedon, the son of Philip II of Macedon, born in "
        "Pella in 356 BC."
    ],
    "Philip II of Macedon": ["Philip II of Macedon was a king of Macedon, born in 382 BC."],
    "John Lennon": [
        "John Lennon was an English singer born in Liverpool in 1940. He married Yoko Ono in "
        "Gibraltar in 1969."
    ],
    "Yoko Ono": ["Yoko Ono is a Japanese artist, born in Tokyo in 1933."],
    "Apollo 12": ["Apollo 12 was the second crewed Moon landing, in November 1969."],
    "Apollo 13": ["Apollo 13 was the third crewed Moon mission, aborted in April 1970."],
}


@pytest.fixture(scope="module")
def index() -> BM25Index:
    return index_of(PAGES)


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request, index):
    return make_writer(request.param, index)


def about(title: str) -> tuple[str, str]:
    return f"tell me about {title.casefold()}", PAGES[title][0]


@pytest.mark.parametrize(
    ("current", "final", "meant"),
    [
        ("Jordan", "how tall is micheal jordan", "Michael Jordan"),
        ("Paris", "is paris hiltn from new york", "Paris Hilton"),
    ],
)
def test_a_full_name_with_a_typo_wins_over_the_word_of_it_that_names_a_page(
    writer, current, final, meant
):
    output, _ = converse(writer, [about(current)], final)
    assert output.topic == meant
    assert output.query.casefold() == final  # it names its subject: nothing to add


def test_these_days_refers_back_to_nothing(writer):
    output, _ = converse(writer, [about("Michael Jordan")], "where do the bulls play these days")
    assert output.topic == "Chicago Bulls"


def test_a_sequel_numbered_by_an_ordinal_word_is_a_member_of_its_family():
    siblings = Siblings(["Shrek", "Shrek 2", "Shrek the Third"])
    assert [m.title for m in siblings.family("Shrek 2")] == ["Shrek", "Shrek 2", "Shrek the Third"]
    assert siblings.moved("Shrek 2", "and 3?") == "Shrek the Third"
    assert siblings.moved("Shrek the Third", "the original") == "Shrek"


def test_a_value_revision_reaches_a_sequel_numbered_by_an_ordinal_word(writer):
    history = [("when did shrek 2 come out", "Shrek 2 came out in 2004.")]
    output, memory = converse(writer, history, "and 3?")
    assert output.topic == "Shrek the Third"
    assert memory.topic("Shrek 2").status is Status.DROPPED


def test_the_third_one_in_a_self_repair_is_the_family_member_not_an_answer_s_third_name(
    writer,
):
    history = [("who voiced shrek", "Mike Myers, with Eddie Murphy and Cameron Diaz.")]
    output, _ = converse(writer, history, "when did shrek 2 come out... ugh no, the third one")
    assert output.topic == "Shrek the Third"


def test_a_correction_by_a_role_means_the_person_whose_page_opens_with_it(writer):
    history = [about("Queen (band)"), ("when was the guitarist born", "On 19 July 1947.")]
    output, memory = converse(writer, history, "no, the singer")
    assert output.topic == "Freddie Mercury"  # not the band, whose page says "singer" too
    assert memory.topic("Brian May").status is Status.DROPPED


def test_a_return_by_a_role_word_of_the_same_kind(writer):
    history = [
        ("who broke the watergate story", "Bob Woodward, a reporter at the Washington Post."),
        ("when did nixon resign", "Richard Nixon resigned on 9 August 1974."),
    ]
    output, _ = converse(writer, history, "and where was the reporter born")
    assert output.topic == "Bob Woodward"  # his page opens: an American journalist


def test_a_band_is_no_person_whatever_its_page_says_of_a_member():
    assert not looks_like_person("Queen (band)", "band", PAGES["Queen (band)"])
    assert looks_like_person("Brian May", "", ["He was born in 1947."])


def test_a_hesitation_before_no_starts_a_repair(writer):
    assert repair_split("where is apollo 12 heading er no 13") == (
        "where is apollo 12 heading",
        "13",
    )
    assert repair_split("the number er 5") is None
    output, _ = converse(writer, [about("Apollo 13")], "who flew apollo 12 uh, no 13")
    assert output.topic == "Apollo 13"


def test_an_answer_is_not_cut_at_an_initial():
    assert facts_of("F. Scott Fitzgerald wrote it; Scribner published it. It sold slowly.") == (
        "F. Scott Fitzgerald wrote it; Scribner published it.",
        "It sold slowly.",
    )
    assert facts_of("It was in the U.S. Army. Then he left.") == (
        "It was in the U.S. Army.",
        "Then he left.",
    )


def test_a_title_is_found_typed_without_its_apostrophe_or_its_initials_dots():
    table = NameTable(["Stephenson's Rocket", "Born in the U.S.A. (album)"])
    assert [m.name for m in table.find("was stephensons rocket fast")] == ["Stephenson's Rocket"]
    assert [m.name for m in table.find("when did born in the usa come out")] == [
        "Born in the U.S.A. (album)"
    ]


@pytest.mark.parametrize(
    ("history", "final", "meant"),
    [
        (
            [("where was alexander the great born", "In Pella, in 356 BC.")],
            "ugh no, his dad",
            "Philip II of Macedon",  # his page: "the son of Philip II of Macedon"
        ),
        (
            [("when was john lennon born", "On 9 October 1940, in Liverpool.")],
            "not him his wife",
            "Yoko Ono",  # his page: "He married Yoko Ono"
        ),
    ],
)
def test_a_correction_to_a_relative_the_page_states_by_son_of_or_married(
    writer, history, final, meant
):
    output, _ = converse(writer, history, final)
    assert output.topic == meant

"""Names and references as people type them loosely: a full name with a typo in one word beside
a word that names another page, "these days" that points nowhere, a sequel numbered by an
ordinal word, "the third one" of a numbered family, a role word that a page opens with or
says in its first sentence, a namesake by the kind its page opens with, a subtitle typed
without its article, "this one" and "back to 12" in a family, a page of the same name by two
digits of its year, a relative a page states by "son of" or "married", a title typed without
its apostrophe or its initials' dots, the thing "named after him", a hesitation before a
repair, and an answer whose name opens with an initial."""

from __future__ import annotations

import pytest
from fixtures_writer import asked_about, converse

from memrevise.language.cues import repair_split
from memrevise.language.entities import NameTable
from memrevise.language.kinds import facts_of, looks_like_person
from memrevise.memory import Status
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
    "Roger Taylor": [
        "Roger Taylor is an English musician and songwriter, co-founder and drummer of Queen. "
        "He was born in King's Lynn in 1949."
    ],
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
    "Westworld (film)": ["Westworld is a 1973 American science fiction film by Michael Crichton."],
    "Westworld (TV series)": ["Westworld is an American television series that began in 2016."],
    "Frankenstein (1931 film)": ["Frankenstein is a 1931 American horror film by James Whale."],
    "Mary Shelley's Frankenstein": [
        "Mary Shelley's Frankenstein is a 1994 horror film directed by Kenneth Branagh."
    ],
    "Jupiter": ["Jupiter is the fifth planet from the Sun and the largest in the Solar System."],
    "Jupiter (mythology)": ["Jupiter is the god of the sky and thunder in Roman mythology."],
    "Pirates of the Caribbean: The Curse of the Black Pearl": [
        "Pirates of the Caribbean: The Curse of the Black Pearl is a 2003 fantasy film."
    ],
    "Pirates of the Caribbean: Dead Man's Chest": [
        "Pirates of the Caribbean: Dead Man's Chest is a 2006 fantasy film, its sequel."
    ],
    "Gustave Eiffel": ["Gustave Eiffel was a French civil engineer, born in Dijon in 1832."],
    "Eiffel Tower": [
        "The Eiffel Tower is a wrought-iron lattice tower in Paris, completed in 1889 by the "
        "company of Gustave Eiffel."
    ],
    "Green Day": ["Green Day is an American rock band formed in the East Bay of California."],
    "Billie Joe Armstrong": [
        "Billie Joe Armstrong is an American musician, the singer and guitarist of Green Day."
    ],
    "Neil Armstrong": [
        "Neil Armstrong was an American astronaut, the first person to walk on the Moon, in 1969."
    ],
    "Louis Armstrong": [
        "Louis Armstrong was an American trumpeter and singer from New Orleans, born in 1901."
    ],
    "Alien (film)": ["Alien is a 1979 science fiction horror film directed by Ridley Scott."],
    "Aliens (film)": ["Aliens is a 1986 science fiction action film directed by James Cameron."],
    "Alien 3": ["Alien 3 is a 1992 science fiction horror film directed by David Fincher."],
    "Apollo 12": ["Apollo 12 was the second crewed Moon landing, in November 1969."],
    "Apollo 13": ["Apollo 13 was the third crewed Moon mission, aborted in April 1970."],
}


about = asked_about(PAGES)


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


@pytest.mark.parametrize(
    ("history", "final", "meant"),
    [
        (
            [("who created westworld", "Westworld (TV series) was created by Jonathan Nolan.")],
            "73 i mean",
            "Westworld (film)",  # a page of the same name, by its year's last two digits
        ),
        (
            [("who directed frankenstein 1931", "James Whale directed Frankenstein in 1931.")],
            "and 1994?",
            "Mary Shelley's Frankenstein",  # a film of that year whose title ends in the name
        ),
    ],
)
def test_a_value_revision_to_a_year_reaches_a_namesake_outside_any_numbered_family(
    writer, history, final, meant
):
    output, _ = converse(writer, history, final)
    assert output.topic == meant


def test_a_namesake_is_picked_by_the_kind_its_page_opens_with(writer):
    output, _ = converse(
        writer, [about("Jupiter (mythology)")], "why is the planet jupiter striped"
    )
    assert output.topic == "Jupiter"


def test_a_subtitle_is_a_name_typed_without_its_article(writer):
    history = [("who played jack sparrow in dead mans chest", "Johnny Depp.")]
    output, _ = converse(writer, history, "and in curse of the black pearl")
    assert output.topic == "Pirates of the Caribbean: The Curse of the Black Pearl"


def test_a_repair_back_to_this_one_keeps_the_topic_and_drops_what_it_withdrew(writer):
    output, memory = converse(
        writer, [about("Apollo 13")], "who flew apollo 12.. no wait, this one"
    )
    assert output.topic == "Apollo 13"
    assert memory.topic("Apollo 12").status is Status.DROPPED


def test_back_to_a_value_returns_to_that_member_of_the_family(writer):
    history = [about("Apollo 12"), about("Apollo 13"), ("when did it launch", "In April 1970.")]
    output, _ = converse(writer, history, "back to 12 - when did it land")
    assert output.topic == "Apollo 12"


def test_a_role_word_means_the_person_in_play_whose_first_sentence_says_it(writer):
    history = [("who was in queen", "Freddie Mercury, Brian May, Roger Taylor and John Deacon.")]
    output, _ = converse(writer, history, "where was the drummer born")
    assert output.topic == "Roger Taylor"  # "a musician ... and drummer of"
    assert output.query.casefold().startswith("where was the drummer roger taylor")


def test_the_thing_named_after_the_person_is_what_the_question_asks_about(writer):
    output, _ = converse(
        writer, [about("Gustave Eiffel")], "when was the tower named after him built"
    )
    assert output.topic == "Eiffel Tower"
    assert "Gustave Eiffel" in output.query  # "him" is still the man it was named after


def test_a_surname_misspelt_and_typed_with_its_possessive_s_switches_to_the_person(writer):
    output, _ = converse(writer, [about("Apollo 12")], "how old was eifels wife")
    assert output.topic == "Gustave Eiffel"


@pytest.mark.parametrize(
    ("final", "meant"),
    [
        ("ok the other armstrong lol, the trumpet guy. where was he from", "Louis Armstrong"),
        ("the other armstrong, the moon one", "Neil Armstrong"),
    ],
)
def test_the_other_namesake_of_a_name_in_play_is_the_page_the_rest_describes(writer, final, meant):
    history = [("who sings for green day", "Billie Joe Armstrong, who also plays guitar.")]
    output, _ = converse(writer, [*history, about("Billie Joe Armstrong")], final)
    assert output.topic == meant


def test_the_other_day_is_no_namesake(index):
    # the rule alone: "day" is a word of "Green Day", in the answer, but no namesake is meant
    rules = make_writer("rules", index)
    output, _ = converse(
        rules, [about("Billie Joe Armstrong")], "i saw him the other day, how old is he"
    )
    assert output.topic == "Billie Joe Armstrong"


def test_a_description_beside_what_is_not_meant_corrects_the_answer(writer):
    history = [
        (
            "who created westworld",
            "Westworld (film) was written and directed by Michael Crichton in 1973.",
        )
    ]
    output, memory = converse(writer, history, "the tv show, not michael crichtons movie")
    assert output.topic == "Westworld (TV series)"
    assert memory.topic("Westworld (film)").status is Status.DROPPED


@pytest.mark.parametrize(
    ("final", "meant"),
    [
        ("about that place from before: what about its museums?", "Paris"),
        ("back to the place - what about its museums?", "Paris"),
        ("back to the player - how tall is he", "Michael Jordan"),
        (
            "going back to the person you mentioned earlier, what about their early life?",
            "Michael Jordan",
        ),
    ],
)
def test_a_return_by_kind_goes_to_the_latest_earlier_topic_of_that_kind(writer, final, meant):
    history = [about("Paris"), about("Michael Jordan"), about("Chicago Bulls")]
    output, _ = converse(writer, history, final)
    assert output.topic == meant


def test_a_small_number_counts_the_works_of_a_series_by_year(writer):
    history = [("who directed alien 3", "David Fincher directed Alien 3 in 1992.")]
    output, _ = converse(writer, history, "and 2?")
    assert output.topic == "Aliens (film)"  # the second of Alien, Aliens, Alien 3


def test_steps_are_counted_in_the_family_s_own_name():
    siblings = Siblings(
        ["Louis XIV", "Louis XV", "Louis XVI", "Apollo 11", "Apollo 12", "Apollo 13"]
    )
    assert siblings.moved("Louis XVI", "2 louis's before him?") == "Louis XIV"
    assert siblings.moved("Apollo 11", "two apollos later") == "Apollo 13"


def test_and_in_a_year_asks_the_last_question_with_that_year(writer):
    history = [("how many people lived in paris in 1990", "About 2.15 million.")]
    output, _ = converse(writer, history, "and in 2010?")
    assert output.topic == "Paris"
    assert output.query.casefold().startswith("how many people lived in paris in 2010")

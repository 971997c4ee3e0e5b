"""Series and lists as people type them: a numbered title in initials ("ff7", "gta 3", "t2"),
a step of several parts ("go back 4 games"), "what about the first season", "the 60s
version", "in the very first one what ...", "going back to paul", a self-repair
whose correction ends in "i mean" or follows "ugh no", a kind word after a shared name ("the
shining film"), and "the second guy you named" among the people an answer named."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.language import cues
from memrevise.language.entities import NameTable, acronyms_of
from memrevise.language.kinds import looks_like_person
from memrevise.memory import Status
from memrevise.writer import make_writer
from memrevise.writer.siblings import Siblings

PAGES = {
    "Final Fantasy VI": ["Final Fantasy VI is a 1994 role-playing video game by Square."],
    "Final Fantasy VII": ["Final Fantasy VII is a 1997 role-playing video game set in Midgar."],
    "Final Fantasy X": ["Final Fantasy X is a 2001 role-playing video game for the PlayStation 2."],
    "The Terminator": ["The Terminator is a 1984 science fiction film by James Cameron."],
    "Terminator 2: Judgment Day": [
        "Terminator 2: Judgment Day is a 1991 science fiction film, the sequel to The Terminator."
    ],
    "Terminator 3: Rise of the Machines": [
        "Terminator 3: Rise of the Machines is a 2003 science fiction film directed by Jonathan "
        "Mostow."
    ],
    "Stranger Things season 1": ["The first season of Stranger Things premiered in July 2016."],
    "Stranger Things season 2": ["The second season of Stranger Things premiered in October 2017."],
    "Stranger Things season 3": ["The third season of Stranger Things premiered in July 2019."],
    "Stranger Things season 4": ["The fourth season of Stranger Things premiered in May 2022."],
    "The Shining (novel)": ["The Shining is a 1977 horror novel by Stephen King."],
    "The Shining (film)": ["The Shining is a 1980 horror film directed by Stanley Kubrick."],
    "Casino Royale (1967 film)": [
        "Casino Royale is a 1967 spy comedy film with five credited directors."
    ],
    "Casino Royale (2006 film)": [
        "Casino Royale is a 2006 spy film, the first with Daniel Craig as James Bond."
    ],
    "Stephen King": ["Stephen King is an American author born in Portland, Maine, in 1947."],
    "Paul Simon": ["Paul Simon is an American singer-songwriter born in Newark in 1941."],
    "Art Garfunkel": ["Art Garfunkel is an American singer born in Forest Hills in 1941."],
    "Tommie Smith": ["Tommie Smith is an American sprinter who won the 200 metres in 1968."],
    "Peter Norman": ["Peter Norman was an Australian sprinter, second in the 1968 200 metres."],
    "John Carlos": ["John Carlos is an American sprinter, third in the 1968 200 metres."],
}


def test_a_title_ending_in_a_roman_numeral_is_typed_by_its_initials_and_value():
    assert acronyms_of("Final Fantasy VII") == ("ff7", "ffvii")
    assert acronyms_of("World War II") == ("ww2", "wwii")
    assert acronyms_of("Malcolm X") == ("mx",)  # one word before the numeral: a name, no number
    table = NameTable(["Grand Theft Auto III", "Grand Theft Auto V"], short_forms=True)
    assert [m.name for m in table.find("when was gta 3 released")] == ["Grand Theft Auto III"]
    assert [m.name for m in table.find("who made gta v")] == ["Grand Theft Auto V"]
    assert [m.name for m in table.find("is gta3 better")] == ["Grand Theft Auto III"]
    assert table.find("was gta i think") == []  # "i" is a pronoun, not a numeral


FF6 = [("ff6 release date", "Final Fantasy VI came out in Japan in April 1994.")]


@pytest.mark.parametrize("final", ["ff7 not 6", "7 pls", "no ff7"])
def test_a_value_typed_with_the_series_initials_or_alone_moves_the_topic(writer, final):
    output, memory = converse(writer, FF6, final)
    assert output.topic == "Final Fantasy VII"
    assert memory.topic("Final Fantasy VI").status is Status.DROPPED


def test_a_step_of_several_parts_counts_the_series_numbers(writer):
    history = [("main character of final fantasy x", "The hero of Final Fantasy X is Tidus.")]
    output, _ = converse(writer, history, "go back 4 games")
    assert output.topic == "Final Fantasy VI"  # X less four is VI, though VIII and IX are missing
    output, _ = converse(writer, history, "go back 2 games")
    assert output.topic == "Final Fantasy X"  # VIII is no page: no page is invented


def test_what_about_the_first_season_asks_the_last_question_of_it(writer):
    history = [
        (
            "when did stranger things season 4 come out",
            "The fourth season of Stranger Things premiered in May 2022.",
        )
    ]
    output, memory = converse(writer, history, "what about the first season")
    assert output.topic == "Stranger Things season 1"
    assert "come out" in output.query  # the question carried forward
    assert memory.topic("Stranger Things season 4").status is Status.DROPPED


def test_a_self_repair_ending_in_i_mean_and_a_part_typed_in_initials(writer):
    history = [("who wrote the terminator", "James Cameron wrote The Terminator.")]
    output, memory = converse(writer, history, "when was t2 released.. t3 i mean")
    assert output.topic == "Terminator 3: Rise of the Machines"
    assert memory.topic("Terminator 2: Judgment Day").status is Status.DROPPED
    assert "t2" not in output.query.split()
    assert "released" in output.query


@pytest.mark.parametrize(
    ("final", "meant", "withdrawn"),
    [
        ("where was tommie smith born, ugh no, norman", "Peter Norman", "Tommie Smith"),
        ("what year was the shining film, er actually the novel", "The Shining (novel)", None),
    ],
)
def test_a_self_repair_after_a_hesitation_and_a_cue(writer, final, meant, withdrawn):
    history = [("where did stephen king go to college", "At the University of Maine.")]
    output, memory = converse(writer, history, final)
    assert output.topic == meant
    if withdrawn is not None:
        assert memory.topic(withdrawn).status is Status.DROPPED


def test_a_kind_word_after_a_shared_name_picks_its_page():
    table = NameTable(["The Shining (novel)", "The Shining (film)"])
    assert [m.name for m in table.find("what year was the shining movie")] == ["The Shining (film)"]
    assert [m.name for m in table.find("the shining book, who wrote it")] == ["The Shining (novel)"]


def test_a_place_name_is_no_person():
    assert not looks_like_person("New Jersey")
    assert not looks_like_person("San Diego")
    assert looks_like_person("Art Garfunkel")


DUO = [
    (
        "who were simon and garfunkel",
        "A folk duo: the songwriter Paul Simon and the singer Art Garfunkel, who met at school.",
    ),
    ("where was he born", "Paul Simon was born in Newark, New Jersey."),
]
PODIUM = [
    (
        "who were the three medallists in the 1968 200m",
        "Tommie Smith won gold, Peter Norman silver and John Carlos bronze.",
    ),
    ("which uni did he run for", "Tommie Smith ran for San Jose State University."),
]


@pytest.mark.parametrize(
    ("history", "final", "meant", "rejected"),
    [
        (DUO, "i meant the second guy u named", "Art Garfunkel", "Paul Simon"),
        (PODIUM, "nah the last one", "John Carlos", "Tommie Smith"),
    ],
)
def test_a_place_among_the_people_an_answer_named(writer, history, final, meant, rejected):
    output, memory = converse(writer, history, final)
    assert output.topic == meant
    assert memory.topic(rejected).status is Status.DROPPED
    assert meant.split()[-1] in output.query


CASINO = [("who played bond in casino royale", "Daniel Craig, in Casino Royale (2006 film).")]


@pytest.mark.parametrize(
    "final",
    [
        "wrong one.. the 60s version",
        "wasnt there a silly one in the 60s",  # a question without its apostrophe
    ],
)
def test_a_decade_picks_the_page_of_a_year_in_it(writer, final):
    output, _ = converse(writer, CASINO, final)
    assert output.topic == "Casino Royale (1967 film)"
    assert output.query  # the decade is no value to swap in the question: no crash


def test_the_very_first_one_before_a_question_of_its_own(writer):
    history = [
        (f"when did stranger things season {n} come out", PAGES[f"Stranger Things season {n}"][0])
        for n in (2, 3)
    ]
    output, _ = converse(writer, history, "in the very first one what do they call the monster")
    assert output.topic == "Stranger Things season 1"
    assert "monster" in output.query  # its own question, not the last one carried


def test_back_to_a_first_name_returns_to_that_person(writer):
    history = [
        ("when was paul simon born", "Paul Simon was born in Newark in 1941."),
        ("and art garfunkel", "Art Garfunkel was born in Forest Hills in 1941."),
    ]
    output, memory = converse(writer, history, "going back to paul, where did he study")
    assert output.topic == "Paul Simon"
    assert memory.topic("Art Garfunkel").status is Status.EARLIER  # a return drops nothing


def test_back_to_the_person_returns_to_the_latest_person_before(writer):
    history = [
        ("where was stephen king born", PAGES["Stephen King"][0]),
        ("when did the shining novel come out", PAGES["The Shining (novel)"][0]),
        ("and the shining film", PAGES["The Shining (film)"][0]),
    ]
    output, _ = converse(writer, history, "back to the person - what else did he write")
    assert output.topic == "Stephen King"


def test_a_self_repair_cut_off_after_a_place_in_the_series(writer):
    history = [("when was terminator 2 judgment day out", PAGES["Terminator 2: Judgment Day"][0])]
    output, memory = converse(writer, history, "how much did the first... no the third one cost")
    assert output.topic == "Terminator 3: Rise of the Machines"
    assert memory.topic("The Terminator").status is Status.DROPPED  # the first, withdrawn
    assert memory.topic("Terminator 2: Judgment Day").status is Status.EARLIER
    assert "cost" in output.query


def test_a_self_repair_from_a_question_about_him_to_another_topic_drops_him(writer):
    history = [("where was stephen king born", PAGES["Stephen King"][0])]
    final = "how many books has he written.. wait no, who directed the shining film"
    output, memory = converse(writer, history, final)
    assert output.topic == "The Shining (film)"
    assert memory.topic("Stephen King").status is Status.DROPPED


@pytest.mark.parametrize(
    "final",
    [
        "thats smith. carlos, the bronze guy",
        "that's tommie smith.. john carlos!! where was he born",
    ],
)
def test_thats_the_answered_one_then_the_one_meant_corrects(writer, final):
    history = [
        ("who were the medallists in the 1968 200m", PODIUM[0][1]),
        ("where was the bronze medallist born", "Tommie Smith was born in Clarksville, Texas."),
    ]
    output, memory = converse(writer, history, final)
    assert output.topic == "John Carlos"
    assert memory.topic("Tommie Smith").status is Status.DROPPED


def test_thats_right_is_no_correction():
    assert not cues.is_correction("that's right, and where was he born")
    assert cues.negated("that's right, and where was he born") == []
    assert cues.negated("that's liam. noel!! and when was he born") == ["liam"]


def test_the_first_guy_you_mentioned_is_the_first_person_an_answer_listed(writer):
    history = [
        (
            "who were smith and carlos",
            "Tommie Smith and John Carlos, the gold and bronze medallists.",
        ),
        ("and the silver medallist", "Peter Norman of Australia."),
    ]
    final = "what did the first guy you mentioned do after he retired"
    output, _ = converse(writer, history, final)
    assert output.topic == "Tommie Smith"
    assert "Tommie Smith" in output.query and "first guy" not in output.query


def test_a_description_before_the_question_means_the_topic_whose_page_says_it(writer):
    history = [
        ("where was john carlos born", "In Harlem, New York City."),
        ("what was peter normans time", "20.06 seconds, an Australian record."),
    ]
    final = "the american sprinter, what did he study"
    output, _ = converse(writer, history, final)
    assert output.topic == "John Carlos"  # his page says "American sprinter", not the last


def test_the_earliest_dated_namesake_is_the_first_of_a_numbered_sequel():
    siblings = Siblings(["Ghostbusters (1984 film)", "Ghostbusters II", "Ghostbusters (2016 film)"])
    assert [m.title for m in siblings.family("Ghostbusters II")] == [
        "Ghostbusters (1984 film)",
        "Ghostbusters II",
    ]
    assert siblings.moved("Ghostbusters II", "how much did the first one make") == (
        "Ghostbusters (1984 film)"
    )


JUMANJI = {
    "Jumanji (book)": ["Jumanji is a 1981 picture book by Chris Van Allsburg."],
    "Jumanji (1995 film)": ["Jumanji is a 1995 film with Robin Williams, from the book."],
    "Jumanji (game)": ["Jumanji is a board game sold after the film, by Milton Bradley."],
    "Chris Van Allsburg": ["Chris Van Allsburg is an American author of picture books."],
}


@pytest.mark.parametrize(
    ("final", "meant"),
    [
        ("how does the jumanji book end", "Jumanji (book)"),
        ("who was in the jumanji movie", "Jumanji (1995 film)"),
    ],
)
@pytest.mark.parametrize("kind", ["rules", "learned"])
def test_a_kind_word_after_a_shared_name_names_that_page_after_the(kind, final, meant):
    writer = make_writer(kind, index_of(JUMANJI))
    output, _ = converse(writer, [("who is chris van allsburg", "An American author.")], final)
    assert output.topic == meant

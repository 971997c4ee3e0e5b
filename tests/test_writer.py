"""The CPU rule writer, behaviour by behaviour, on small conversations."""

import pytest
from fixtures_writer import converse, ops

from memrevise.language.entities import plain_lists
from memrevise.language.kinds import facts_of, infer_kind
from memrevise.memory import Memory, Op, Status
from memrevise.text import QUESTION_CUT
from memrevise.writer import RuleWriter, Turn, TurnError, Writer

TITLES = [
    "Apollo 11", "Apollo 12", "Neil Armstrong", "Buzz Aldrin", "Michael Collins", "Moon",
    "Avatar (2009 film)", "Avatar (2004 film)", "James Cameron", "Jayson Blair",
    "Jayson Blair (actor)", "Thriller (album)", "Michael Jackson", "Quincy Jones",
    "The Beatles", "John Lennon", "Paul McCartney", "George Harrison", "Ringo Starr",
    "Toy Story", "Toy Story 2", "Rocky II", "Rocky III",
]  # fmt: skip

APOLLO = [
    ("what was apollo 11?",
     "Apollo 11 was the American spaceflight mission that first landed humans on the Moon."),
    ("who were the astronauts that walked on the moon?",
     "Neil Armstrong and Buzz Aldrin walked on the Moon, while Michael Collins stayed in orbit."),
    ("where did he grow up?", "Buzz Aldrin grew up in Montclair, New Jersey."),
]  # fmt: skip
BEATLES = [
    ("who were the beatles?", "The Beatles were an English rock band formed by John Lennon, "
     "Paul McCartney, George Harrison and Ringo Starr."),
    ("when was the first one born?", "John Lennon was born on 9 October 1940."),
]  # fmt: skip
THRILLER = [
    ("who produced the album thriller?",
     "Thriller (album) was produced by Quincy Jones and Michael Jackson."),
]  # fmt: skip
AVATAR = [
    ("who directed avatar?", "Avatar (2009 film) was directed by James Cameron."),
    ("where was he born?", "James Cameron was born in Kapuskasing, Ontario."),
]  # fmt: skip


@pytest.fixture(scope="module")
def writer():
    return RuleWriter(TITLES)


def test_the_rule_writer_implements_the_writer_interface(writer):
    assert isinstance(writer, Writer)


def test_a_new_named_topic_is_added(writer):
    output, memory = converse(writer, [], "what was apollo 11?")
    assert ops(output) == ["Add(Apollo 11)"]
    assert memory.current.name == "Apollo 11"


def test_a_question_about_the_same_topic_refines_it(writer):
    output, _ = converse(writer, APOLLO[:1], "who were the astronauts that walked on the moon?")
    assert ops(output) == ["Refine(Apollo 11)"], "'on the moon' does not move the conversation"


def test_a_pronoun_continues_the_current_topic(writer):
    output, _ = converse(writer, APOLLO, "when was he born?")
    assert ops(output) == ["Refine(Buzz Aldrin)"]
    assert output.query == "when was Buzz Aldrin born?"


def test_a_pronoun_for_a_person_shifts_to_the_person_the_answer_names(writer):
    _, memory = converse(writer, APOLLO[:2], "where did he grow up?")
    assert memory.current.name == "Neil Armstrong", "no answer: the first person just named"
    history = [*APOLLO[:2], ("where did he grow up?", APOLLO[2][1])]
    _, memory = converse(writer, history, "when was he born?")
    assert [n.topic for n in memory.nodes] == [
        "Apollo 11",
        "Apollo 11",
        "Buzz Aldrin",
        "Buzz Aldrin",
    ]


@pytest.mark.parametrize(
    ("final", "topic"),
    [
        ("what about the former mentioned one?", "Quincy Jones"),
        ("what else did the latter produce?", "Michael Jackson"),
    ],
)
def test_a_shift_to_an_entity_named_in_the_previous_answer(writer, final, topic):
    output, _ = converse(writer, THRILLER, final)
    assert output.topic == topic
    assert output.operations[0].op is Op.REACTIVATE, "a name first given in an answer"
    assert topic in output.query


def test_a_return_by_pronoun(writer):
    output, memory = converse(writer, AVATAR, "when was it released?")
    assert ops(output) == ["Reactivate(Avatar (2009 film))"]
    assert memory.topic("James Cameron").status is Status.EARLIER
    assert output.query == "when was Avatar released?"  # no other Avatar in play: no qualifier


def test_a_return_by_description(writer):
    output, _ = converse(writer, AVATAR, "how much did the film make?")
    assert ops(output) == ["Reactivate(Avatar (2009 film))"]
    assert output.query == "how much did the film Avatar make?"  # "the film" fits: kept


def test_a_return_by_a_stored_fact(writer):
    history = [
        *BEATLES,
        ("what did the band release first?", "Their first album was Please Please Me."),
    ]
    output, _ = converse(writer, history, "what instrument did the guy who was born in 1940 play?")
    assert ops(output) == ["Reactivate(John Lennon)"]
    assert output.query == "what instrument did John Lennon who was born in 1940 play?"


def test_a_correction_to_a_position_in_a_list_carries_the_open_question(writer):
    output, memory = converse(writer, APOLLO, "no, i meant the first one")
    assert ops(output) == ["Abandon(Buzz Aldrin)", "Reactivate(Neil Armstrong)"]
    assert output.contradictions == ("Buzz Aldrin",)
    assert output.query == "where did Neil Armstrong grow up?"
    assert memory.topic("Buzz Aldrin").status is Status.DROPPED
    assert 2 in output.dependencies and 3 in output.dependencies


def test_a_self_repair_the_last_correction_wins(writer):
    output, _ = converse(
        writer, APOLLO, "no, i meant the second guy… wait, no, the first one. sorry"
    )
    assert output.topic == "Neil Armstrong"
    assert output.query == "where did Neil Armstrong grow up?"
    output, _ = converse(writer, APOLLO, "the first one... no wait, i mean the third guy")
    assert output.topic == "Michael Collins"


def test_the_second_last_person_in_that_list(writer):
    output, _ = converse(writer, BEATLES, "no, the second last person in that list")
    assert ops(output) == ["Abandon(John Lennon)", "Reactivate(George Harrison)"]
    assert output.query == "when was George Harrison born?"


def test_a_position_in_a_list_of_lower_case_words():
    writer = RuleWriter([*TITLES, "Greek cuisine", "Fasolada"])
    history = [
        ("what is greek cuisine?", "Greek cuisine is the cuisine of Greece."),
        ("what are its dishes?", "Moussaka, pastitsio, fasolada, and souvlaki to name a few."),
    ]
    output, _ = converse(writer, history, "what are the ingredients of the 3rd in that list?")
    assert output.topic == "Fasolada"
    assert output.query == "what are the ingredients of Fasolada?"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Moussaka, pastitsio, fasolada, and souvlaki to name a few.",
         [["Moussaka", "pastitsio", "fasolada", "souvlaki"]]),
        ("The Bill of Rights, the Magna Carta and the Petition of Right are charters.",
         [["Bill of Rights", "Magna Carta", "Petition of Right"]]),
        ("Neil Armstrong and Buzz Aldrin walked on the Moon.", []),
        ("It was first performed in Paris, then in London.", []),
        ("Halo games: Halo 2 (2004), Halo 3 (2007), Reach (2010) and Halo 4 (2012).",
         [["Halo 2", "Halo 3", "Reach", "Halo 4"]]),
    ],
)  # fmt: skip
def test_plain_lists_are_runs_of_short_items_in_one_sentence(text, found):
    assert plain_lists(text) == found


@pytest.mark.parametrize("final", ["not that one, the other", "no, i meant michael jackson"])
def test_a_correction_to_the_other_one(writer, final):
    history = [*THRILLER, ("when was he born?", "Quincy Jones was born in 1933.")]
    output, _ = converse(writer, history, final)
    assert ops(output) == ["Abandon(Quincy Jones)", "Reactivate(Michael Jackson)"]
    assert output.query == "when was Michael Jackson born?"


def test_a_value_revision(writer):
    history = [
        *APOLLO[:1],
        ("when did the mission launch?", "Apollo 11 launched on July 16, 1969."),
    ]
    output, _ = converse(writer, history, "sorry, i meant 12, not 11")
    assert ops(output) == ["Abandon(Apollo 11)", "Revise(Apollo 12)"]
    assert output.query == "when did the mission Apollo 12 launch?"  # the noun is kept


@pytest.mark.parametrize(
    ("start", "final", "topic"),
    [
        ("toy story", "sorry, i meant 2, not 1", "Toy Story 2"),
        ("rocky ii", "sorry, i meant iii", "Rocky III"),
        ("avatar", "no, the 2004 one", "Avatar (2004 film)"),
    ],
)
def test_value_revisions_of_numbers_roman_numerals_and_years(writer, start, final, topic):
    output, _ = converse(writer, [(f"who made {start}?", None)], final)
    assert output.topic == topic
    assert output.operations[-1].op is Op.REVISE


def test_a_correction_to_a_same_name_entity(writer):
    history = [
        ("who is jayson blair?", "Jayson Blair is an American former journalist."),
        ("where did he study?", "He studied at the University of Maryland."),
    ]
    output, _ = converse(writer, history, "no, the actor")
    assert ops(output) == ["Abandon(Jayson Blair)", "Revise(Jayson Blair (actor))"]
    assert output.query == "where did Jayson Blair (actor) study?"


def test_a_same_name_entity_unknown_to_the_collection_is_never_invented():
    # No page "Jayson Blair (singer)" exists and nobody said that name: no such topic.
    output, memory = converse(RuleWriter(), [("who is jayson blair?", None)], "no, the singer")
    assert output.topic == "Jayson Blair"
    assert [t.name for t in memory.topics] == ["Jayson Blair"]


def test_facts_are_the_answer_sentences_stored_under_the_topic(writer):
    _, memory = converse(writer, APOLLO, "when was he born?")
    assert memory.topic("Buzz Aldrin").facts == ("Buzz Aldrin grew up in Montclair, New Jersey.",)
    assert facts_of("UNANSWERABLE") == ()
    assert facts_of("One. Two! Three?") == ("One.", "Two!", "Three?")
    assert sum(map(len, facts_of("word. " * 500))) <= 600


def test_kinds_come_from_qualifiers_and_definitions():
    assert infer_kind("Avatar (2009 film)", []) == "film"
    assert infer_kind("Neil Armstrong", ["Neil Armstrong was an American astronaut who flew."]) == (
        "astronaut"
    )
    assert (
        infer_kind("The Beatles", ["The Beatles were an English rock band formed by x."]) == "band"
    )


def test_the_query_is_only_written_when_requested(writer):
    memory = Memory()
    assert writer.write(memory, None, Turn.of("what was apollo 11?"), False).query is None


def test_without_a_memory_a_correction_is_an_ordinary_turn(writer):
    output, _ = converse(writer, [], "no, i meant apollo 12")
    assert ops(output) == ["Add(Apollo 12)"]


def test_empty_and_odd_turns(writer):
    with pytest.raises(TurnError, match="empty"):
        Turn.of(" \x00\t ")
    output, _ = converse(writer, APOLLO, "wh\x00ere did he   grow\u200b up? 🚀")
    assert output.topic == "Buzz Aldrin"
    long = "and his " + "early life " * 10_000
    output, _ = converse(writer, APOLLO, long)
    assert output.topic == "Buzz Aldrin"


HUGE = "1" + "2" * 4300  # one digit more than Python converts to an int by default


@pytest.mark.parametrize(
    "final",
    [f"sorry, i meant {HUGE}, not 11", f"the {HUGE}s?", f"apollo {HUGE}", "²³ ١٢ 1e999 NaN -0"],
)
def test_hostile_numbers_are_an_ordinary_turn(writer, final):
    output, _ = converse(writer, APOLLO[:1], final)
    assert output.query


def test_the_writer_is_deterministic(writer):
    first, _ = converse(writer, APOLLO, "no, i meant the first one")
    second, _ = converse(writer, APOLLO, "no, i meant the first one")
    assert first == second


def test_a_megabyte_question_is_read_as_its_first_characters(writer):
    # A writer reads a question as it reads an answer: cut, so a huge turn costs a long one.
    huge = "where did he grow up " + "and what else " * 80_000
    turn = Turn.of(huge)
    assert len(turn.question) <= QUESTION_CUT and turn.question.startswith("where did he grow up")
    output, _ = converse(writer, APOLLO, huge)
    assert output.topic == "Buzz Aldrin"

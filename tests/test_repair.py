"""Topic repair (paper §4.4, appendix "Search rules"): grounding a history turn's topic."""

from __future__ import annotations

import pytest
from fixtures_search import ScriptedWriter, build_index, memory, node

from memrevise.memory import Memory, Op, Operation
from memrevise.retrieval import BM25Index
from memrevise.search import MemRevise, SearchConfig, TopicRepair
from memrevise.search.repair import names, reassigned
from memrevise.writer.base import Turn

COMMANDER = "Neil Armstrong commanded Apollo 11, with Buzz Aldrin as lunar module pilot."
BORN = Turn("where was he born?", "He was born in Wapakoneta, Ohio, in 1930.")


@pytest.fixture(scope="module")
def index() -> BM25Index:
    return build_index()


def misattached(operations: tuple[str, ...] = ("Refine(Apollo 11)",), facts=None) -> Memory:
    """The writer kept "he" on Apollo 11, though the previous answer introduced Armstrong."""
    return memory(
        node(1, "who commanded apollo 11?", ["Add(Apollo 11)"], facts=[COMMANDER]),
        node(2, BORN.question, operations, facts=facts or ["born in Wapakoneta, Ohio, in 1930"]),
    )


def test_agreeing_searches_move_the_node_to_a_page_named_in_the_previous_answer(index) -> None:
    repaired = TopicRepair()(misattached(), BORN, COMMANDER, index).nodes[-1]
    assert repaired.topic == "Neil Armstrong"
    assert repaired.operations == (Operation(op=Op.ADD, topic="Neil Armstrong"),)
    assert repaired.facts == ("born in Wapakoneta, Ohio, in 1930",)
    assert (repaired.turn, repaired.question) == (2, BORN.question)


def test_an_earlier_topic_is_reactivated(index) -> None:
    mem = memory(
        node(1, "who was the first man on the moon?", ["Add(Neil Armstrong)"]),
        node(2, "which mission was that?", ["Add(Apollo 11)"], facts=[COMMANDER]),
        node(3, BORN.question, ["Refine(Apollo 11)"], facts=["born in Wapakoneta, Ohio"]),
    )
    repaired = TopicRepair()(mem, BORN, "It was Apollo 11.", index).nodes[-1]
    assert repaired.operations == (Operation(op=Op.REACTIVATE, topic="Neil Armstrong"),)


def test_other_operations_stay_and_the_page_comes_first() -> None:
    before = node(2, "q", ["Abandon(Buzz Aldrin)", "Refine(Apollo 11)", "Add(Moon)"], "Apollo 11")
    after = reassigned(before, "Neil Armstrong", earlier=False)
    assert [str(op) for op in after.operations] == [
        "Abandon(Buzz Aldrin)",
        "Add(Neil Armstrong)",
        "Add(Moon)",
    ]
    assert after.topics == ("Neil Armstrong", "Buzz Aldrin", "Moon")


@pytest.mark.parametrize(
    ("turn", "previous_answer", "facts"),
    [
        # The facts point at Aldrin, the question and answer at Armstrong: no agreement.
        (BORN, COMMANDER, ["earned a doctorate in astronautics from MIT"]),
        # The turn's own answer names the page: the writer saw it and chose otherwise.
        (Turn(BORN.question, "Neil Armstrong was born in Wapakoneta, Ohio."), COMMANDER, None),
        # Neither named in the previous answer nor an earlier topic.
        (BORN, "Apollo 11 landed in July 1969.", None),
    ],
)
def test_the_node_stays_unless_every_condition_holds(index, turn, previous_answer, facts) -> None:
    mem = misattached(facts=facts)
    assert TopicRepair()(mem, turn, previous_answer, index) is mem


def test_a_node_already_on_the_page_stays(index) -> None:
    mem = misattached(("Add(Neil Armstrong)",))
    assert TopicRepair()(mem, BORN, COMMANDER, index) is mem


def test_the_first_turn_is_never_repaired(index) -> None:
    mem = memory(node(1, BORN.question, ["Add(Apollo 11)"], facts=["born in Wapakoneta, Ohio"]))
    assert TopicRepair()(mem, BORN, None, index) is mem


def test_untitled_collections_keep_the_writers_topics() -> None:
    mem = misattached()
    assert TopicRepair()(mem, BORN, COMMANDER, build_index(titled=False)) is mem


def test_names_matches_whole_words_without_qualifier_or_case() -> None:
    assert names("the film avatar was a hit", "Avatar (2009 film)")
    assert names(COMMANDER, "neil armstrong")
    assert not names("Neil Armstrongs", "Neil Armstrong")
    assert not names(COMMANDER, "Michael Collins")


@pytest.mark.parametrize(("switch", "topic"), [(True, "Neil Armstrong"), (False, "Apollo 11")])
def test_sessions_repair_history_turns_unless_switched_off(index, switch, topic) -> None:
    writer = ScriptedWriter(misattached().nodes)
    session = MemRevise(index, writer, SearchConfig(topic_repair=switch)).session()
    session.add_turn("who commanded apollo 11?", COMMANDER)
    assert session.add_turn(BORN.question, BORN.answer).topic == topic
    assert session.memory.nodes[-1].topic == topic
    assert session.repairs == ({2: "Apollo 11"} if switch else {})

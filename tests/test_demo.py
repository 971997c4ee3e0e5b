"""`memrevise demo` tells the Apollo 11 conversation as a transcript: each question, the answer
the user saw, what the writer did and why, the query and the passages, and how an answer
re-filed its turn."""

import subprocess
import sys

import pytest

from memrevise.memory import Act, Node, act_of, explain


@pytest.fixture(scope="module")
def transcript() -> dict[int, str]:
    """The demo's output, by turn."""
    text = subprocess.run(
        [sys.executable, "-m", "memrevise.cli", "demo"], capture_output=True, text=True, check=True
    ).stdout
    parts = text.split("\nTurn ")[1:]
    return {int(part.split()[0]): part for part in parts}


def lines(turn: str, prefix: str) -> list[str]:
    return [line.strip() for line in turn.splitlines() if line.strip().startswith(prefix)]


def test_every_turn_shows_the_question_the_answer_the_writer_the_query_and_passages(transcript):
    assert sorted(transcript) == [1, 2, 3, 4, 5, 6, 7]
    for turn in transcript.values():
        labels = ("answer you saw:", "writer:", "query:", "topic:", "passages:", "memory:")
        order = [turn.index(f"\n  {label}") for label in labels]
        assert order == sorted(order)
        assert "    1. " in turn and "    3. " in turn


def test_the_answer_shows_who_he_was_before_the_correction(transcript):
    assert lines(transcript[3], "answer you saw:") == [
        "answer you saw: Buzz Aldrin grew up in Montclair, New Jersey."
    ]
    assert (
        "after the answer, re-filed: return to an earlier topic: reactivated Buzz Aldrin"
        in (transcript[3])
    )


def test_the_correction_says_what_it_dropped_and_reactivated(transcript):
    turn = transcript[4]
    assert lines(turn, "writer:")[0].startswith(
        "writer: correction: dropped Buzz Aldrin, reactivated Neil Armstrong"
    )
    assert "Abandon(Buzz Aldrin), Reactivate(Neil Armstrong)" in turn
    assert lines(turn, "query:") == ["query:  where did Neil Armstrong grow up?"]
    assert lines(turn, "1. ")[0].startswith("1. Neil Armstrong")


def test_the_value_revision_is_a_correction_to_apollo_12(transcript):
    assert lines(transcript[7], "writer:")[0].startswith(
        "writer: correction: dropped Apollo 11, revised to Apollo 12"
    )


@pytest.mark.parametrize(
    ("operations", "act"),
    [
        (["Add(Apollo 11)"], Act.NEW_TOPIC),
        (["Refine(Apollo 11)"], Act.FOLLOW_UP),
        (["Reactivate(Neil Armstrong)"], Act.RETURN),
        (["Revise(Avatar (2009 film))"], Act.REVISION),
        (["Abandon(Buzz Aldrin)", "Reactivate(Neil Armstrong)"], Act.CORRECTION),
    ],
)
def test_the_act_follows_from_the_operations(operations, act):
    topic = operations[-1][operations[-1].index("(") + 1 : -1]
    node = Node(turn=2, operations=operations, topics=[topic], depends_on=[1])
    assert act_of(node) is act
    assert explain(node).startswith(f"{act}: ")
    assert explain(node).endswith("(depends on turn 1)")

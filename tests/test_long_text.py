"""Text costs linear in the text: a megabyte through the cleaning, the rendering and the parsers."""

from __future__ import annotations

import json
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from memrevise.jsonl import read_objects
from memrevise.memory import Memory, Node, Operation
from memrevise.memory.render import render_input
from memrevise.memory.schema import parse_writer_output
from memrevise.retrieval import iter_collection
from memrevise.text import clean

MEGABYTE = 1_000_000
SENTENCE = (
    "Neil Armstrong and Buzz Aldrin landed Apollo 11 on the Moon in 1969, sorry, i meant 2.\n"
)
LONG = (SENTENCE * (MEGABYTE // len(SENTENCE) + 1))[:MEGABYTE]


def slow_clean(text: str) -> str:
    """The definition: NFKC, control characters as spaces, other C* characters dropped,
    whitespace runs as one space, no space at either end."""
    kept = []
    for char in unicodedata.normalize("NFKC", text):
        category = unicodedata.category(char)
        kept.append(" " if category == "Cc" else "" if category[0] == "C" else char)
    return " ".join("".join(kept).split())


@given(st.text(max_size=60))
def test_clean_keeps_its_definition(text: str) -> None:
    assert clean(text) == slow_clean(text)


def test_clean_examples() -> None:
    assert clean("  Avatar\u200b (2009\tfilm)\x00\n") == "Avatar (2009 film)"
    assert clean("\ufb01lm\u00a0noir") == "film noir"  # NFKC: the ligature and the no-break space


def seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def test_a_megabyte_question_and_answer_render_in_under_a_second() -> None:
    memory = Memory().append(
        Node(
            turn=1,
            question="who landed Apollo 11?",
            operations=(Operation(op="Add", topic="Apollo 11"),),
            topics=("Apollo 11",),
        )
    )
    elapsed = seconds(lambda: render_input(memory, LONG, LONG, LONG, want_query=True))
    assert elapsed < 1.0
    rendered = render_input(memory, LONG, LONG, None, want_query=True)
    assert json.dumps(LONG, ensure_ascii=False) in rendered


def test_a_megabyte_writer_output_parses_in_under_a_second() -> None:
    output = {
        "operations": [{"op": "Add", "topic": "Apollo 11"}],
        "topic": "Apollo 11",
        "facts": [LONG, "Armstrong walked first"],
        "query": LONG,
    }
    text = json.dumps(output)
    assert seconds(lambda: parse_writer_output(text)) < 1.0
    parsed = parse_writer_output(text)
    assert parsed.facts[0] == clean(LONG) and parsed.query == clean(LONG)


def test_a_megabyte_jsonl_line_and_passage_read_in_under_a_second(tmp_path: Path) -> None:
    path = tmp_path / "collection.jsonl"
    path.write_text(json.dumps({"id": "apollo-11", "title": "Apollo 11", "text": LONG}) + "\n")
    assert seconds(lambda: list(read_objects(path))) < 1.0
    assert seconds(lambda: list(iter_collection(path))) < 1.0
    [passage] = iter_collection(path)
    assert passage.text == clean(LONG) and len(passage.text) > MEGABYTE * 0.99

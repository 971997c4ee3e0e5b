"""Reading and writing JSONL passage collections (``memrevise.retrieval.collection``)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from memrevise.retrieval import (
    CollectionError,
    Passage,
    iter_collection,
    read_collection,
    write_collection,
)


def jsonl(path: Path, *lines: str | dict) -> Path:
    """Write ``lines`` (objects as JSON, strings verbatim) one a line."""
    rows = (json.dumps(row, ensure_ascii=False) if isinstance(row, dict) else row for row in lines)
    path.write_text("".join(f"{row}\n" for row in rows), encoding="utf-8")
    return path


def test_reads_passages_in_file_order(tmp_path: Path) -> None:
    path = jsonl(
        tmp_path / "corpus.jsonl",
        {"id": "a11", "title": "Apollo 11", "text": "First crewed Moon landing."},
        "",
        {"id": "a12", "text": "Second landing.", "source": "wiki"},
        "   ",
        {"id": "a13", "title": "", "text": "Aborted mission."},
    )
    assert read_collection(path) == [
        Passage("a11", "Apollo 11", "First crewed Moon landing."),
        Passage("a12", "", "Second landing."),
        Passage("a13", "", "Aborted mission."),
    ]


def test_titles_and_texts_are_cleaned_but_ids_are_kept_verbatim(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "c.jsonl", {"id": "X#1", "title": " Apollo\t11 ", "text": "a\n\n  b"})
    assert read_collection(path) == [Passage("X#1", "Apollo 11", "a b")]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('{"id": "b", "text": }', "invalid JSON"),
        ('{"id": "b", "text": "x"} trailing', "invalid JSON"),
        ('["b", "x"]', "expected a JSON object, not list"),
        ('"just a string"', "expected a JSON object, not str"),
        ('{"title": "T", "text": "x"}', 'missing field "id"'),
        ('{"id": "b", "title": "T"}', 'missing field "text"'),
        ('{"id": 7, "text": "x"}', 'field "id" must be a string, not int'),
        ('{"id": "", "text": "x"}', 'field "id" must be one word'),
        ('{"id": " x ", "text": "x"}', 'field "id" must be one word'),
        ('{"id": "b", "title": null, "text": "x"}', 'field "title" must be a string, not NoneType'),
        ('{"id": "b", "text": ["x"]}', 'field "text" must be a string, not list'),
    ],
)
def test_a_malformed_line_is_reported_as_file_and_line(
    tmp_path: Path, line: str, reason: str
) -> None:
    path = jsonl(tmp_path / "corpus.jsonl", {"id": "a", "text": "fine"}, "", line)
    with pytest.raises(CollectionError) as caught:
        read_collection(path)
    assert str(caught.value).startswith(f"{path}:3: {reason}")
    assert (caught.value.path, caught.value.line) == (str(path), 3)


def test_a_duplicate_id_names_both_lines(tmp_path: Path) -> None:
    path = jsonl(
        tmp_path / "corpus.jsonl",
        {"id": "a", "text": "one"},
        {"id": "b", "text": "two"},
        {"id": "a", "text": "three"},
    )
    with pytest.raises(
        CollectionError, match=r'corpus\.jsonl:3: duplicate id "a" \(first on line 1\)'
    ):
        read_collection(path)


def test_a_collection_streams_its_passages_up_to_a_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    path.write_text('{"id": "a", "text": "x"}\n{"id": "b"}\n')
    passages = iter_collection(path)
    assert next(passages) == Passage("a", "", "x")
    with pytest.raises(CollectionError, match=r'corpus\.jsonl:2: missing field "text"'):
        next(passages)


def test_invalid_utf8_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    path.write_bytes(b'{"id": "a", "text": "ok"}\n{"id": "b", "text": "caf\xe9"}\n')
    with pytest.raises(CollectionError, match=r"corpus\.jsonl:2: invalid UTF-8"):
        read_collection(path)


def test_collection_error_is_a_value_error_that_survives_pickling() -> None:
    error = CollectionError("corpus.jsonl", 17, 'missing field "text"')
    assert isinstance(error, ValueError)
    assert str(error) == 'corpus.jsonl:17: missing field "text"'
    assert str(pickle.loads(pickle.dumps(error))) == str(error)


def test_unicode_survives_and_control_characters_are_removed(tmp_path: Path) -> None:
    path = jsonl(
        tmp_path / "corpus.jsonl",
        # A raw U+2028 inside a JSON string must not split the line.
        {
            "id": "été",
            "title": "Ｃａｆé (2004 film)",
            "text": "naïve\u2028東京 🚀\u0007bell\u200bzw",
        },
        {"id": "tab", "text": "raw\ttab"},
    )
    assert read_collection(path) == [
        Passage("été", "Café (2004 film)", "naïve 東京 🚀 bellzw"),
        Passage("tab", "", "raw tab"),
    ]


def test_a_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    path.write_bytes('\ufeff{"id": "a", "text": "x"}\n'.encode())
    assert read_collection(path) == [Passage("a", "", "x")]


def test_write_then_read_round_trips(tmp_path: Path) -> None:
    passages = [
        Passage("a", "Apollo 11", "Moon ☾ line\u2028separator"),
        Passage("b", "", "x" * 100_000),  # a 100 kB passage
        Passage("c", "Avatar (2009 film)", "ü" * 50_000),
    ]
    path = tmp_path / "out.jsonl"
    write_collection(passages, path)
    assert (
        read_collection(path)
        == [
            Passage("a", "Apollo 11", "Moon ☾ line separator"),  # reading cleans U+2028
            *passages[1:],
        ]
    )
    assert path.read_text(encoding="utf-8").count("\n") == 3


def test_a_failed_write_leaves_the_old_file_intact(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    write_collection([Passage("old", "", "kept")], path)
    before = path.read_bytes()

    def failing():
        yield Passage("new", "", "text")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        write_collection(failing(), path)
    with pytest.raises(ValueError, match='duplicate id "x"'):
        write_collection([Passage("x", "", "1"), Passage("x", "", "2")], path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus.jsonl"]  # no temp files left

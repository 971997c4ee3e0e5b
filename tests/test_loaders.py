"""Source loaders (TopiOCQA, OR-QuAC, CORAL) and the TopiOCQA pseudo-passage collection."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

import pytest

from memrevise.bench.collection import passage_id, topiocqa_collection
from memrevise.bench.conversation import Conversation, SourceError, SourceTurn
from memrevise.bench.sources import (
    SOURCES,
    load_coral,
    load_orquac,
    load_source,
    load_topiocqa,
)
from memrevise.retrieval.collection import read_collection, write_collection

SOURCES_DIR = Path(__file__).parent / "data" / "sources"
TOPIOCQA = SOURCES_DIR / "topiocqa.json.gz"
ORQUAC = SOURCES_DIR / "orquac_train.txt"
ORQUAC_QRELS = SOURCES_DIR / "orquac_qrels.txt"
ORQUAC_QUAC = SOURCES_DIR / "orquac_dev_quac.json"
CORAL = SOURCES_DIR / "coral_test_conversation.json"


def topiocqa_records() -> list[dict]:
    return json.loads(gzip.decompress(TOPIOCQA.read_bytes()))


def write_json(path: Path, value: object) -> Path:
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


# ------------------------------------------------------------------------------- TopiOCQA


def test_topiocqa_conversations_turns_and_ids():
    conversations = load_topiocqa(TOPIOCQA)
    assert [c.id for c in conversations] == ["topiocqa-1", "topiocqa-2"]
    assert {c.dataset for c in conversations} == {"topiocqa"}
    first = conversations[0]
    assert [t.question for t in first.turns] == [
        "define unit of force using second law of motion",
        "where was galileo born?",
        "how did he get into mathematics?",  # whitespace collapsed by clean
        "which city again?",
        "what is force?",
    ]
    assert first.turns[1] == SourceTurn(
        "where was galileo born?", "Pisa, Italy", "Galileo Galilei", "Early life", ()
    )
    # a no-break space is normalised by clean
    assert (
        first.turns[4].answer == "It is any interaction that will change the motion of an object."
    )


def test_topiocqa_unanswerable_and_empty_topic():
    turns = load_topiocqa(TOPIOCQA)[0].turns
    assert turns[0].answer == ""
    assert turns[0].topic is None and turns[0].section is None
    last = load_topiocqa(TOPIOCQA)[1].turns[-1]
    assert (last.answer, last.topic, last.section) == ("", None, None)


def test_topiocqa_plain_json_reads_like_gzip(tmp_path):
    plain = write_json(tmp_path / "plain.json", topiocqa_records())
    assert load_topiocqa(plain) == load_topiocqa(TOPIOCQA)
    # gzip is recognised by content, not by the name
    renamed = tmp_path / "noext"
    renamed.write_bytes(TOPIOCQA.read_bytes())
    assert load_topiocqa(renamed) == load_topiocqa(TOPIOCQA)


def test_topiocqa_groups_interleaved_conversations(tmp_path):
    records = topiocqa_records()
    interleaved = [records[0], records[5], records[1], records[6], *records[2:5], records[7]]
    path = write_json(tmp_path / "interleaved.json", interleaved)
    assert load_topiocqa(path) == load_topiocqa(TOPIOCQA)


def test_topiocqa_missing_field_names_file_record_and_turn():
    broken = SOURCES_DIR / "topiocqa_broken.json"
    with pytest.raises(SourceError) as caught:
        load_topiocqa(broken)
    message = str(caught.value)
    assert str(broken) in message
    assert "record 3" in message
    assert "conversation 1, turn 4" in message
    assert '"Answer"' in message


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("Turn_no", "2", 'field "Turn_no" must be an integer, not str'),
        ("Conversation_no", True, 'field "Conversation_no" must be an integer, not bool'),
        ("Question", None, 'field "Question" must be a string, not null'),
        ("is_nq", 0, 'field "is_nq" must be a boolean, not int'),
        ("Context", "", 'field "Context" must be a list, not str'),
        ("Question", "   ", "empty question"),
    ],
)
def test_topiocqa_wrong_types(tmp_path, field, value, reason):
    records = topiocqa_records()
    records[2][field] = value
    path = write_json(tmp_path / "bad.json", records)
    with pytest.raises(SourceError, match=re.escape(reason)) as caught:
        load_topiocqa(path)
    assert str(caught.value).startswith(f"{path}: record 2: ")


@pytest.mark.parametrize(
    ("turns", "index", "expected"),
    [
        ([1, 2, 4], 2, "Turn_no 4 where turn 3 was expected"),
        ([2], 0, "Turn_no 2 where turn 1 was expected"),
        ([1, 1], 1, "Turn_no 1 where turn 2 was expected"),
    ],
)
def test_topiocqa_turn_numbers_must_run_from_one(tmp_path, turns, index, expected):
    template = topiocqa_records()[1]
    records = [dict(template, Turn_no=number) for number in turns]
    path = write_json(tmp_path / "turns.json", records)
    with pytest.raises(SourceError) as caught:
        load_topiocqa(path)
    assert str(caught.value) == f"{path}: record {index}: conversation 1: {expected}"


def test_topiocqa_file_level_errors(tmp_path):
    with pytest.raises(SourceError, match="expected a JSON list, not dict"):
        load_topiocqa(write_json(tmp_path / "object.json", {"Question": "x"}))
    broken = tmp_path / "broken.json"
    broken.write_text('[\n{"Question": \n', encoding="utf-8")
    with pytest.raises(SourceError, match=re.escape(f"{broken}:3: invalid JSON")):
        load_topiocqa(broken)
    with pytest.raises(SourceError, match="record 0: expected a JSON object, not list"):
        load_topiocqa(write_json(tmp_path / "nested.json", [[]]))
    with pytest.raises(SourceError, match=re.escape(str(tmp_path / "absent.json"))):
        load_topiocqa(tmp_path / "absent.json")
    truncated = tmp_path / "truncated.json.gz"
    truncated.write_bytes(TOPIOCQA.read_bytes()[:100])
    with pytest.raises(SourceError, match="broken gzip data"):
        load_topiocqa(truncated)


# -------------------------------------------------------------------------------- OR-QuAC


def test_orquac_lines_group_order_and_fill_from_history():
    conversations = load_orquac(ORQUAC)
    assert [c.id for c in conversations] == ["orquac-C_aaa_1", "orquac-C_bbb_0"]
    assert {c.dataset for c in conversations} == {"orquac"}
    anna, ben = conversations
    assert [t.question for t in anna.turns] == [
        "What happened in 1983?",
        "Did she release an album?",
        "Was it a success?",
    ]
    assert [t.answer for t in anna.turns] == [
        "In May 1983, she married Nikos Karvelas.",
        "Yes, Kati Simveni.",
        "It went platinum.",
    ]
    assert {(t.topic, t.section) for t in anna.turns} == {("Anna Vissi", "1983-1989")}
    # q#1 of the second dialog has no line: it comes from q#2's history
    assert [t.question for t in ben.turns] == [
        "What was his first film?",
        "What about the second?",
        "Who directed it?",
    ]
    # CANNOTANSWER and NOTRECOVERED mean no answer; no title on these lines
    assert [t.answer for t in ben.turns] == ["", "Reality Bites, in 1994.", ""]
    assert {t.topic for t in ben.turns} == {None}
    assert all(t.passages == () for c in conversations for t in c.turns)


def test_orquac_gold_passages_from_qrels():
    anna, ben = load_orquac(ORQUAC, qrels=ORQUAC_QRELS)
    assert [t.passages for t in anna.turns] == [("1001@0",), ("1001@1",), ()]
    assert [t.passages for t in ben.turns] == [(), ("2001@3",), ()]


def test_orquac_quac_format_gives_title_and_section():
    (conversation,) = load_orquac(ORQUAC_QUAC, qrels=ORQUAC_QRELS)
    assert conversation.id == "orquac-C_aaa_1"
    assert [(t.question, t.answer) for t in conversation.turns] == [
        ("What happened in 1983?", "In May 1983, she married Nikos Karvelas."),
        ("Did she release an album?", "Yes, Kati Simveni."),
        ("Why?", ""),
    ]
    assert {(t.topic, t.section) for t in conversation.turns} == {("Anna Vissi", "1983-1989")}
    assert [t.passages for t in conversation.turns] == [("1001@0",), ("1001@1",), ()]


def test_orquac_broken_line_names_file_line_and_turn():
    broken = SOURCES_DIR / "orquac_broken.txt"
    with pytest.raises(SourceError) as caught:
        load_orquac(broken)
    assert str(caught.value) == (
        f'{broken}:3: conversation C_aaa_1, turn 1: field "answer.text" must be a string, not null'
    )


def test_orquac_line_errors(tmp_path):
    lines = ORQUAC.read_text(encoding="utf-8").splitlines()
    repeated = tmp_path / "repeat.txt"
    repeated.write_text("\n".join([*lines, lines[0]]) + "\n", encoding="utf-8")
    with pytest.raises(SourceError, match=re.escape(f"{repeated}:6: conversation C_aaa_1")):
        load_orquac(repeated)
    bad_qid = tmp_path / "qid.txt"
    bad_qid.write_text(lines[0].replace("_q#0", "_turn0") + "\n", encoding="utf-8")
    with pytest.raises(SourceError, match=re.escape(f"{bad_qid}:1: ") + ".*<dialog>_q#<turn>"):
        load_orquac(bad_qid)
    # a gap no later history can fill
    gap = tmp_path / "gap.txt"
    gap.write_text(
        lines[1] + "\n" + lines[4].replace('"history": [', '"history": [], "x": [') + "\n"
    )
    with pytest.raises(SourceError, match=re.escape(f"{gap}:1: conversation C_bbb_0: turn q#1")):
        load_orquac(gap)
    not_json = tmp_path / "bad.txt"
    not_json.write_text(lines[0] + "\n{oops\n", encoding="utf-8")
    with pytest.raises(SourceError, match=re.escape(f"{not_json}:2: invalid JSON")):
        load_orquac(not_json)


def test_orquac_dialog_title_reaches_lines_without_one(tmp_path):
    lines = ORQUAC.read_text(encoding="utf-8").splitlines()
    untitled = json.loads(lines[3])
    del untitled["title"], untitled["section_title"]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join([lines[0], json.dumps(untitled), lines[2]]) + "\n")
    (anna,) = load_orquac(path)
    assert {(t.topic, t.section) for t in anna.turns} == {("Anna Vissi", "1983-1989")}


def test_orquac_bad_qrels(tmp_path):
    qrels = write_json(tmp_path / "qrels.txt", {"C_aaa_1_q#0": ["1001@0"]})
    with pytest.raises(SourceError, match=re.escape(f"{qrels}: qid C_aaa_1_q#0")):
        load_orquac(ORQUAC, qrels=qrels)


def test_orquac_quac_format_errors(tmp_path):
    document = json.loads(ORQUAC_QUAC.read_text(encoding="utf-8"))
    del document["data"][0]["paragraphs"][0]["qas"][1]["question"]
    path = write_json(tmp_path / "dev.json", document)
    with pytest.raises(SourceError) as caught:
        load_orquac(path)
    assert str(caught.value) == (
        f'{path}: data[0].paragraphs[0].qas[1]: turn 0: missing field "question"'
    )
    with pytest.raises(SourceError, match="neither OR-QuAC JSON Lines"):
        load_orquac(write_json(tmp_path / "list.json", [1, 2]))


# ---------------------------------------------------------------------------------- CORAL


def test_coral_conversations():
    conversations = load_coral(CORAL)
    assert [c.id for c in conversations] == ["coral-Test_LDS_0", "coral-Test_SIDS_3"]
    assert {c.dataset for c in conversations} == {"coral"}
    danube = conversations[0]
    # ordered by turn_id, citation labels removed from the responses
    assert danube.turns == (
        SourceTurn(
            "How long is the Danube?", "The Danube is about 2,850 km long.", passages=("7",)
        ),
        SourceTurn(
            "Which cities does it flow through?",
            "It flows through Vienna and Budapest.",
            passages=("12", "40"),
        ),
    )
    (kakapo,) = conversations[1].turns
    assert kakapo.answer == "A flightless parrot of New Zealand."
    assert kakapo.passages == ("101", "102")  # strings kept, repeats dropped
    assert all(t.topic is None and t.section is None for c in conversations for t in c.turns)


def test_coral_json_lines_and_gzip(tmp_path):
    records = json.loads(CORAL.read_text(encoding="utf-8"))
    lines = tmp_path / "conversations.jsonl"
    lines.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    assert load_coral(lines) == load_coral(CORAL)
    packed = tmp_path / "conversations.json.gz"
    packed.write_bytes(gzip.compress(CORAL.read_bytes()))
    assert load_coral(packed) == load_coral(CORAL)


def test_coral_broken_record_names_file_record_and_conversation():
    broken = SOURCES_DIR / "coral_broken.json"
    with pytest.raises(SourceError) as caught:
        load_coral(broken)
    assert str(caught.value) == (
        f'{broken}: record 1: conversation Test_SIDS_3, turn 1: missing field "response"'
    )


def test_coral_errors(tmp_path):
    records = json.loads(CORAL.read_text(encoding="utf-8"))
    lines = tmp_path / "c.jsonl"
    records[0]["turns"][1]["turn_id"] = 2
    lines.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    with pytest.raises(SourceError, match=re.escape(f"{lines}:1: conversation Test_LDS_0: ")):
        load_coral(lines)
    records = json.loads(CORAL.read_text(encoding="utf-8"))
    records[1]["conv_id"] = "Test_LDS_0"
    path = write_json(tmp_path / "dup.json", records)
    with pytest.raises(SourceError, match=re.escape(f"{path}: record 1: conversation Test_LDS_0")):
        load_coral(path)
    records = json.loads(CORAL.read_text(encoding="utf-8"))
    records[0]["turns"][0]["golden_docs_pids"] = [1.5]
    path = write_json(tmp_path / "pids.json", records)
    with pytest.raises(SourceError, match="turn 2: golden_docs_pids holds a float"):
        load_coral(path)
    records = json.loads(CORAL.read_text(encoding="utf-8"))
    del records[1]["turns"][0]["turn_id"]
    path = write_json(tmp_path / "no_id.json", records)
    with pytest.raises(SourceError) as caught:
        load_coral(path)
    assert str(caught.value) == (
        f'{path}: record 1: conversation Test_SIDS_3: turns[0]: missing field "turn_id"'
    )


# --------------------------------------------------------------------------------- dispatch


def test_load_source_dispatches_and_rejects_unknown_names():
    assert SOURCES == ("topiocqa", "orquac", "coral")
    assert load_source("topiocqa", TOPIOCQA) == load_topiocqa(TOPIOCQA)
    assert load_source("orquac", ORQUAC, qrels=ORQUAC_QRELS) == load_orquac(
        ORQUAC, qrels=ORQUAC_QRELS
    )
    assert load_source("coral", CORAL) == load_coral(CORAL)
    with pytest.raises(ValueError, match="topiocqa, orquac, coral") as caught:
        load_source("quac", ORQUAC)
    assert not isinstance(caught.value, SourceError)


# ------------------------------------------------------------------------------ collection


def test_passage_id_is_stable_and_short():
    digest = hashlib.sha1(b"Galileo Galilei\x1fEarly life").hexdigest()
    assert passage_id("Galileo Galilei", "Early life") == "tq-" + digest[:12] == "tq-74531b20b4cc"
    assert passage_id("Galileo Galilei", "Early life") != passage_id("Galileo Galilei", "Death")
    assert passage_id("Apollo 11", None) == passage_id("Apollo 11", "")
    assert re.fullmatch(r"tq-[0-9a-f]{12}", passage_id("Force", "Introduction"))


def test_topiocqa_collection_one_passage_per_topic_section():
    passages = topiocqa_collection(load_topiocqa(TOPIOCQA))
    assert [p.id for p in passages] == sorted(p.id for p in passages)
    by_page = {(p.title, p.text.split(". ")[0]): p for p in passages}
    assert set(by_page) == {
        ("Galileo Galilei", "Early life"),
        ("Force", "Introduction"),
        ("Apollo 11", "Introduction"),
        ("Apollo 11", "Crew"),
    }
    galileo = by_page["Galileo Galilei", "Early life"]
    assert galileo.id == passage_id("Galileo Galilei", "Early life")
    # distinct answers in first-seen order; "pisa, italy." repeats "Pisa, Italy"
    assert galileo.text == (
        "Early life. Pisa, Italy. After accidentally attending a lecture on geometry."
    )
    assert by_page["Apollo 11", "Crew"].text == "Crew. Neil Armstrong and Buzz Aldrin."


def test_topiocqa_collection_is_deterministic(tmp_path):
    conversations = load_topiocqa(TOPIOCQA)
    forward = topiocqa_collection(conversations)
    assert topiocqa_collection(list(reversed(conversations))) == forward
    path = tmp_path / "collection.jsonl"
    write_collection(forward, path)
    assert read_collection(path) == forward


def test_topiocqa_collection_skips_turns_without_topic_and_keeps_answerless_pages():
    turns = (
        SourceTurn("q1", "an answer", None, None),
        SourceTurn("q2", "", "Mars", "Moons"),
        SourceTurn("q3", "Phobos and Deimos!", "Mars", "Moons"),
        SourceTurn("q4", 'They were named "Fear" and "Dread."', "Mars", "Moons"),
        SourceTurn("q5", "", "Venus", "Atmosphere"),
    )
    passages = topiocqa_collection([Conversation("x", "topiocqa", turns)])
    assert {p.title: p.text for p in passages} == {
        "Mars": 'Moons. Phobos and Deimos! They were named "Fear" and "Dread."',
        "Venus": "Atmosphere.",
    }

"""The correction model: which turns correct the last answer, learned from conversations people
wrote. Corrections of a revision set are its positives; follow-ups, returns and every later turn
of a follow-up set its negatives. The writer reads a turn the model is sure of, that no rule
reads as a correction and that stays on the current topic, as a correction where that reading
means another page ("the remake had that score surely, goldsmith did the 68 one" after an
answer that named the wrong composer)."""

from __future__ import annotations

import json

import pytest
from fixtures_writer import converse, index_of
from typer.testing import CliRunner

from memrevise.cli import app
from memrevise.errors import LineError, ModelError
from memrevise.train.corrections import (
    followup_examples,
    handwritten_examples,
    revision_examples,
    train_correction_model,
)
from memrevise.writer import make_writer
from memrevise.writer.grounding import Grounding
from memrevise.writer.learned import DEFAULT_MODEL, WriterModel
from memrevise.writer.rules import RuleWriter
from memrevise.writer.switch import CorrectionModel, SwitchInput, SwitchModel

CORRECTIONS = [
    ("elfman did burtons.. wasnt it goldsmith", "who scored it", "Danny Elfman."),
    ("thats the 2001 one lol. the original", "who directed it", "Tim Burton."),
    ("nope thats his brother.. the older one", "who was his partner", "Maurice."),
    ("wrong guy lol, the drummer", "who sang it", "Robin Gibb."),
    ("that was 84 not 51", "who played scrooge", "Alastair Sim."),
    ("isnt that the sequel tho.. the first film", "where was it shot", "In Lake Powell."),
]
FOLLOWUPS = [
    ("what else did he score", "who scored it", "Danny Elfman."),
    ("when was it released", "who directed it", "Tim Burton."),
    ("where was he born", "who was his partner", "Maurice."),
    ("how old was he then", "who sang it", "Robin Gibb."),
    ("did it win any awards", "who played scrooge", "Alastair Sim."),
    ("how long did the shoot take", "where was it shot", "In Lake Powell."),
]


def examples(n: int = 8):
    said = [(SwitchInput(q, p, a), 1) for q, p, a in CORRECTIONS]
    said += [(SwitchInput(q, p, a), 0) for q, p, a in FOLLOWUPS]
    return said * n


@pytest.fixture(scope="module")
def model() -> CorrectionModel:
    return train_correction_model(examples(), rounds=30)


def test_a_correction_reads_as_one_and_a_follow_up_does_not(model):
    correcting = model.corrects(SwitchInput(*CORRECTIONS[0]))
    asking = model.corrects(SwitchInput(*FOLLOWUPS[0]))
    assert correcting > 0.5 > asking


def test_a_saved_model_reads_as_it_was_trained(model, tmp_path):
    path = tmp_path / "correction_model.json"
    model.save(path)
    again = CorrectionModel.load(path)
    turn = SwitchInput("thats the 2001 one lol. the original")
    assert again.corrects(turn) == pytest.approx(model.corrects(turn))


def test_a_switch_model_is_no_correction_model(tmp_path):
    path = tmp_path / "switch.json"
    WriterModel.load(DEFAULT_MODEL).switch.save(path)
    with pytest.raises(ModelError, match="not a correction model"):
        CorrectionModel.load(path)
    assert isinstance(SwitchModel.load(path), SwitchModel)


def test_no_model_is_trained_without_a_correction():
    with pytest.raises(ValueError, match="no correction"):
        train_correction_model([(SwitchInput(q, p, a), 0) for q, p, a in FOLLOWUPS])


COPIES = 10  # each line of the small sets, so that its words are seen often enough to learn


def _item(qid: str, tier: str, question: str) -> dict:
    return {
        "qid": qid,
        "conversation_id": qid,
        "dataset": "t",
        "tier": tier,
        "history": [{"question": "who scored it", "answer": "Danny Elfman."}],
        "question": question,
        "gold": ["p1"],
    }


@pytest.fixture
def sets(tmp_path):
    revisions = tmp_path / "revisions-a"
    revisions.mkdir()
    lines = [
        line
        for n in range(COPIES)
        for line in (
            _item(f"a{n}", "correction", "elfman did burtons"),
            _item(f"b{n}", "follow-up", "what else did he score"),
            _item(f"c{n}", "self-repair", "and his bro— no, him"),  # read by rules of their own
        )
    ]
    (revisions / "items.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    followups = tmp_path / "followups-a"
    followups.mkdir()
    turns = [{"question": "who scored it", "answer": "Danny Elfman."}, {"question": "why"}]
    (followups / "conversations.jsonl").write_text(json.dumps({"turns": turns}) + "\n")
    return tmp_path


def test_examples_are_read_from_hand_written_sets(sets):
    items = sets / "revisions-a" / "items.jsonl"
    revised = [(x.question, label) for x, label in revision_examples(items)][:2]
    assert revised == [("elfman did burtons", 1), ("what else did he score", 0)]
    followed = list(followup_examples(sets / "followups-a" / "conversations.jsonl"))
    assert [(x.question, x.previous_answer, label) for x, label in followed] == [
        ("why", "Danny Elfman.", 0)
    ]
    assert len(list(handwritten_examples(sets))) == 2 * COPIES + 1
    assert len(list(handwritten_examples(sets, exclude=["revisions-a"]))) == 1


def test_a_conversation_without_turns_names_its_line(tmp_path):
    path = tmp_path / "conversations.jsonl"
    path.write_text(json.dumps({"turns": []}) + "\n" + json.dumps({"id": 2}) + "\n")
    with pytest.raises(LineError, match=r"conversations.jsonl:2: turns"):
        list(followup_examples(path))


def test_the_command_trains_a_model_the_writer_loads(sets, tmp_path):
    out = tmp_path / "model" / "correction_model.json"
    result = CliRunner().invoke(
        app, ["train", "corrections", "--data", str(sets), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert f"{COPIES} of them corrections" in result.output
    assert 0.0 <= CorrectionModel.load(out).corrects(SwitchInput("why")) <= 1.0


def test_the_shipped_model_tells_a_correction_from_a_follow_up():
    shipped = WriterModel.load(DEFAULT_MODEL).correction
    assert shipped is not None
    before = ("who wrote the score for jaws", "John Williams wrote it.")
    correcting = SwitchInput("williams did star wars lol, i meant the 1975 one", *before)
    asking = SwitchInput("what else did he write", *before)
    assert shipped.corrects(correcting) > shipped.corrects(asking)


PAGES = {
    "Danny Elfman": ["Danny Elfman is an American composer who scored Planet of the Apes (2001)."],
    "Jerry Goldsmith": [
        "Jerry Goldsmith was an American composer who scored Planet of the Apes (1968)."
    ],
    "Planet of the Apes (1968 film)": [
        "Planet of the Apes is a 1968 science fiction film, with a score by Jerry Goldsmith."
    ],
}
SCORE = ("who did the score for the 68 apes film", "Danny Elfman wrote a percussive score.")


@pytest.mark.parametrize(("sure", "meant"), [(0.95, "Jerry Goldsmith"), (0.05, "Danny Elfman")])
def test_a_turn_the_model_is_sure_of_is_read_as_a_correction(sure, meant):
    grounding = Grounding.of(index_of(PAGES))
    writer = RuleWriter(**grounding.kwargs(), corrects=lambda _: sure)
    turn = "the remake had that score surely, goldsmith did the 68 one"
    output, _ = converse(writer, [SCORE], turn)
    assert output.topic == meant


def test_the_default_writer_reads_the_model():
    writer = make_writer("learned", index_of(PAGES))
    assert writer.corrects is not None

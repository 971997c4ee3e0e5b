"""The named model: which page a turn that names something means, among the pages in play,
learned from hand-written follow-up sets (and TopiOCQA's training conversations). The writer
asks it about a turn that says a name, does not correct (the meant model's turns), does not
repair itself and does not step to a relative, and takes its best candidate where the model is
surer of it than of the rules' choice by :data:`NAMED_MARGIN`."""

from __future__ import annotations

import gzip
import json

import pytest
from fixtures_writer import Favouring, converse, index_of, ops
from typer.testing import CliRunner

from memrevise.cli import app
from memrevise.train.named import followup_groups, handwritten_groups, topiocqa_groups
from memrevise.writer import make_writer
from memrevise.writer.grounding import Grounding
from memrevise.writer.learned import DEFAULT_MODEL, WriterModel
from memrevise.writer.meant import FEATURES, NAMED_MARGIN, Candidate, MeantModel
from memrevise.writer.rules import RuleWriter

PAGES = {
    "Abraham Lincoln": [
        "Abraham Lincoln (1809 – 1865) was the 16th president of the United States, born in a "
        "log cabin in Hardin County, Kentucky, on 12 February 1809.",
        "He led the Union through the Civil War and was shot at Ford's Theatre in 1865.",
    ],
    "Lincoln Memorial": [
        "The Lincoln Memorial is a monument to Abraham Lincoln on the National Mall in "
        "Washington, built between 1914 and 1922, with a seated statue 19 feet tall.",
        "Martin Luther King Jr. gave his I Have a Dream speech on its steps in 1963.",
    ],
    "Lincoln (film)": [
        "Lincoln is a 2012 historical drama film directed by Steven Spielberg, starring Daniel "
        "Day-Lewis as the president during the passage of the Thirteenth Amendment.",
        "Day-Lewis won the Academy Award for Best Actor for the role.",
    ],
    "Lincoln Cathedral": [
        "Lincoln Cathedral is a Gothic cathedral in Lincoln, England, begun in 1072; its "
        "central spire made it the tallest building in the world for over two centuries.",
        "It holds one of the four surviving copies of the 1215 Magna Carta.",
    ],
}
ASKED = ("when was abraham lincoln born", "Lincoln was born on 12 February 1809 in Kentucky.")
NAMED = "lincoln statue how tall is it"


@pytest.fixture(scope="module")
def index():
    return index_of(PAGES)


def test_a_name_with_a_word_of_another_page_moves_to_that_page(index):
    """ "lincoln statue": the statue is the memorial's, not the president's."""
    writer = make_writer("learned", index)
    assert writer.named is not None
    output, _ = converse(writer, [ASKED], NAMED)
    assert output.topic == "Lincoln Memorial"
    assert "Add(Lincoln Memorial)" in " ".join(ops(output))
    assert output.contradictions == ()
    writer.named = None  # the rules alone stay on the president
    assert converse(writer, [ASKED], NAMED)[0].topic == "Abraham Lincoln"


def writer_with(index, named, chance: float = 0.05) -> RuleWriter:
    return RuleWriter(**Grounding.of(index).kwargs(), corrects=lambda _: chance, named=named)


@pytest.mark.parametrize(
    ("sure", "meant"),
    [
        (0.1 + NAMED_MARGIN + 0.05, "Lincoln Cathedral"),
        (0.1 + NAMED_MARGIN - 0.05, "Abraham Lincoln"),  # not sure enough
    ],
)
def test_the_writer_takes_the_models_reading_only_where_it_is_surer(index, sure, meant):
    model = Favouring("Lincoln Cathedral", sure)
    output, _ = converse(writer_with(index, model), [ASKED], "lincoln how tall")
    assert {c.name for c in model.asked} >= {"Abraham Lincoln", "Lincoln Cathedral"}
    assert all(len(c.features) == len(FEATURES) for c in model.asked)
    assert output.topic == meant


@pytest.mark.parametrize(
    ("turn", "chance"),
    [
        ("how tall was he", 0.05),  # names nothing
        ("no, lincoln i said", 0.95),  # read as a correction: the meant model's turn
        ("was lincoln— no wait, how tall was he", 0.05),  # repairs itself
    ],
)
def test_a_turn_that_names_nothing_or_corrects_is_not_asked(index, turn, chance):
    model = Favouring("Lincoln Cathedral", 0.99)
    output, _ = converse(writer_with(index, model, chance), [ASKED], turn)
    assert model.asked == []
    assert output.topic != "Lincoln Cathedral"


@pytest.fixture
def sets(tmp_path):
    folder = tmp_path / "followups-a"
    folder.mkdir()
    passages = [
        {"id": f"p{page}-{i}", "title": title, "text": text}
        for page, (title, texts) in enumerate(PAGES.items())
        for i, text in enumerate(texts)
    ]
    (folder / "collection.jsonl").write_text("".join(json.dumps(p) + "\n" for p in passages))
    turns = [
        (*ASKED, "Abraham Lincoln"),
        (NAMED, "The seated statue is 19 feet tall.", "Lincoln Memorial"),
        ("lincoln cathedral when begun", "In 1072.", "Lincoln Cathedral"),
        ("and the lincoln film who directed it", "Steven Spielberg.", "Lincoln (film)"),
        ("lincoln how old when shot", "He was 56.", "Abraham Lincoln"),
    ]
    conversation = {
        "conversation_id": "a-1",
        "turns": [{"question": q, "answer": a, "topic": t} for q, a, t in turns],
    }
    (folder / "conversations.jsonl").write_text(json.dumps(conversation) + "\n")
    return tmp_path


def test_groups_are_read_from_the_named_turns_of_a_follow_up_set(sets):
    groups = list(followup_groups(sets / "followups-a", WriterModel.load(DEFAULT_MODEL)))
    assert groups, "the named turns are asked about"
    assert "Lincoln Memorial" in [meant for _, meant in groups]
    for group, meant in groups:
        assert meant in [c.name for c in group]
    assert list(handwritten_groups(sets, exclude=["followups-a"])) == []


def test_the_command_trains_a_model_the_writer_loads(sets, tmp_path):
    out = tmp_path / "model" / "named_model.json"
    args = ["train", "named", "--data", str(sets), "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "turns" in result.output
    loaded = MeantModel.load(out)
    candidates = [Candidate(str(i), tuple(float(i) for _ in FEATURES)) for i in range(3)]
    assert len(loaded(candidates)) == 3
    again = tmp_path / "again" / "named_model.json"
    CliRunner().invoke(app, ["train", "named", "--data", str(sets), "--out", str(again)])
    assert again.read_bytes() == out.read_bytes()  # reproducible


def test_a_writer_model_saves_and_loads_its_named_model(tmp_path):
    model = WriterModel.load(DEFAULT_MODEL)
    assert model.named is not None
    model.save(tmp_path / "m")
    assert (tmp_path / "m" / WriterModel.NAMED).exists()
    assert WriterModel.load(tmp_path / "m").named is not None


@pytest.fixture
def topiocqa(tmp_path):
    """TopiOCQA's format: conversations that name a page of Lincoln's name after the man."""
    turns = [
        (*ASKED, "Abraham Lincoln", "Early life"),
        (NAMED, "The seated statue is 19 feet tall.", "Lincoln Memorial", "Statue"),
        ("lincoln cathedral when begun", "In 1072.", "Lincoln Cathedral", "History"),
    ]
    rows = [
        {
            "Context": [],
            "Conversation_no": number,
            "Turn_no": position,
            "Question": question,
            "Answer": answer,
            "Topic": topic,
            "Topic_section": section,
            "is_nq": position == 1,
        }
        for number in range(1, 13)
        for position, (question, answer, topic, section) in enumerate(turns, 1)
    ]
    path = tmp_path / "topiocqa.json.gz"
    path.write_bytes(gzip.compress(json.dumps(rows).encode()))
    return path


def test_topiocqa_conversations_are_read_as_groups_too(sets, topiocqa, tmp_path):
    groups = list(topiocqa_groups(topiocqa, conversations=20))
    assert groups, "the named turns of the training conversations are asked about"
    for group, meant in groups:
        assert meant in [c.name for c in group]
    fewer = list(topiocqa_groups(topiocqa, conversations=1))
    assert 0 < len(fewer) < len(groups)
    out = tmp_path / "model" / "named_model.json"
    args = ["train", "named", "--data", str(sets), "--topiocqa", str(topiocqa), "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--conversations", "20"])
    assert result.exit_code == 0, result.output
    alone = sum(1 for _ in handwritten_groups(sets))
    assert f"trained on {alone + len(groups)} turns" in result.output

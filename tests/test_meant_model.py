"""The meant model: which page a correction means, among the pages the rules hold in play,
learned from hand-written revision sets. The writer asks it about a turn that the rules or the
correction model read as a correction, that does not repair itself and whose reading the turn
does not state exactly (a place in a list, "the other", the chosen page's own name), and
takes its best candidate where the model is surer of it than of the rules' choice by
:data:`MEANT_MARGIN`, never the page the turn rejects."""

from __future__ import annotations

import json

import pytest
from fixtures_writer import Favouring, converse, index_of, ops
from typer.testing import CliRunner

from memrevise.cli import app
from memrevise.errors import ModelError
from memrevise.train.meant import handwritten_groups, revision_groups
from memrevise.writer import make_writer
from memrevise.writer.grounding import Grounding
from memrevise.writer.learned import DEFAULT_MODEL, WriterModel
from memrevise.writer.meant import FEATURES, MEANT_MARGIN, Candidate, MeantModel
from memrevise.writer.rules import RuleWriter
from memrevise.writer.switch import CorrectionModel

PAGES = {
    "Nineteen Eighty-Four": [
        "Nineteen Eighty-Four is a dystopian novel by George Orwell, published on 8 June 1949, "
        "set in Airstrip One under the rule of Big Brother.",
        "It ends with Winston Smith, broken by torture in Room 101, realising that he loves "
        "Big Brother.",
    ],
    "Animal Farm": [
        "Animal Farm is a satirical allegorical novella by George Orwell, published on 17 "
        "August 1945, a fable about farm animals who rebel against their farmer.",
        "It ends with the pigs walking on two legs, their faces indistinguishable from those "
        "of the men.",
    ],
    "Down and Out in Paris and London": [
        "Down and Out in Paris and London is the first full-length work by George Orwell, "
        "published in 1933, a memoir of poverty in two cities.",
        "Orwell worked as a dishwasher in a Paris hotel and tramped around London.",
    ],
    "George Orwell": [
        "George Orwell, born Eric Arthur Blair, was an English novelist and essayist, born in "
        "Motihari, India, on 25 June 1903.",
        "He fought in the Spanish Civil War and died of tuberculosis in London in 1950.",
    ],
}
# The user asked about Orwell's best-known book; the answer took it for Animal Farm.
ASKED = ("how does orwells most famous book end", "Animal Farm ends with the pigs on two legs.")
MEANT = "the 1949 one i meant"


@pytest.fixture(scope="module")
def index():
    return index_of(PAGES)


def test_a_correction_by_a_year_of_the_meant_page_moves_to_it(index):
    writer = make_writer("learned", index)
    assert writer.meant is not None
    output, _ = converse(writer, [ASKED], MEANT)
    assert output.topic == "Nineteen Eighty-Four"
    assert "Abandon(Animal Farm)" in ops(output)
    assert output.contradictions == ("Animal Farm",)
    writer.meant = None  # the rules alone keep the rejected book
    assert converse(writer, [ASKED], MEANT)[0].topic == "Animal Farm"


def writer_with(index, meant) -> RuleWriter:
    return RuleWriter(**Grounding.of(index).kwargs(), corrects=lambda _: 0.95, meant=meant)


@pytest.mark.parametrize(
    ("favoured", "sure", "meant"),
    [
        ("Nineteen Eighty-Four", 0.1 + MEANT_MARGIN + 0.05, "Nineteen Eighty-Four"),
        ("Nineteen Eighty-Four", 0.1 + MEANT_MARGIN - 0.05, "Animal Farm"),  # not sure enough
        ("Animal Farm", 0.99, "Animal Farm"),  # the page the turn rejects is never meant
    ],
)
def test_the_writer_takes_the_models_reading_only_where_it_is_surer(index, favoured, sure, meant):
    model = Favouring(favoured, sure)
    output, _ = converse(writer_with(index, model), [ASKED], MEANT)
    assert model.asked, "a correction is asked about"
    assert {c.name for c in model.asked} >= {"Animal Farm", "Nineteen Eighty-Four"}
    assert all(len(c.features) == len(FEATURES) for c in model.asked)
    assert output.topic == meant


@pytest.mark.parametrize(
    ("turn", "chance"),
    [
        ("who was george orwell", 0.95),  # moves on to a page it names, correcting nothing
        ("where was the farm in it", 0.3),  # stays on the topic, asking on
        ("nah thats the 1945 one— no wait, animal farm is right", 0.95),  # repairs itself
        ("no, animall farm i meant", 0.95),  # names the rules' reading, misspelt
        ("the first one you said", 0.95),  # a place in the answer's list
    ],
)
def test_a_turn_the_rules_read_exactly_is_not_asked(index, turn, chance):
    model = Favouring("Down and Out in Paris and London", 0.99)
    writer = RuleWriter(**Grounding.of(index).kwargs(), corrects=lambda _: chance, meant=model)
    output, _ = converse(writer, [ASKED], turn)
    assert model.asked == []
    assert output.topic != "Down and Out in Paris and London"


def candidates(n: int) -> list[tuple[list[Candidate], str]]:
    """``n`` groups: the meant candidate shares the turn's words with its page; the other
    is the rules' choice."""
    meant = [0.0] * len(FEATURES)
    meant[FEATURES.index("page_words")] = 2.0
    chosen = [0.0] * len(FEATURES)
    chosen[FEATURES.index("chosen")] = 1.0
    group = [Candidate("Meant", tuple(meant)), Candidate("Chosen", tuple(chosen))]
    return [(group, "Meant")] * n


def test_a_saved_model_reads_as_it_was_trained(tmp_path):
    model = MeantModel.fit(candidates(40), rounds=20)
    group = candidates(1)[0][0]
    assert model(group)[0] > model(group)[1]
    path = tmp_path / "meant_model.json"
    model.save(path)
    assert list(MeantModel.load(path)(group)) == pytest.approx(list(model(group)))


def test_no_model_is_trained_without_the_meant_page_among_the_candidates():
    group = candidates(1)[0][0]
    with pytest.raises(ValueError, match="no group holds the page it means"):
        MeantModel.fit([(group, "Elsewhere")] * 10)


def test_a_correction_model_is_no_meant_model(tmp_path):
    path = tmp_path / "correction.json"
    correction = WriterModel.load(DEFAULT_MODEL).correction
    assert isinstance(correction, CorrectionModel)
    correction.save(path)
    with pytest.raises(ModelError, match=r"correction\.json: not a meant model"):
        MeantModel.load(path)
    with pytest.raises(ModelError, match="cannot read the meant model"):
        MeantModel.load(tmp_path / "missing.json")


def _item(qid: str, tier: str, question: str, topic: str) -> dict:
    return {
        "qid": qid,
        "conversation_id": qid,
        "dataset": "t",
        "tier": tier,
        "history": [{"question": ASKED[0], "answer": ASKED[1]}],
        "question": question,
        "gold": ["p0-0"],
        "topic": topic,
    }


@pytest.fixture
def sets(tmp_path):
    folder = tmp_path / "revisions-a"
    folder.mkdir()
    passages = [
        {"id": f"p{page}-{i}", "title": title, "text": text}
        for page, (title, texts) in enumerate(PAGES.items())
        for i, text in enumerate(texts)
    ]
    (folder / "collection.jsonl").write_text("".join(json.dumps(p) + "\n" for p in passages))
    items = [
        _item("a", "correction", MEANT, "Nineteen Eighty-Four"),
        _item("b", "correction", "nah the big brother one", "Nineteen Eighty-Four"),
        _item("c", "follow-up", "where was the farm in it", "Animal Farm"),  # asks nothing
        _item("d", "correction", "the memoir of poverty lol", "Down and Out in Paris and London"),
    ]
    (folder / "items.jsonl").write_text("".join(json.dumps(x) + "\n" for x in items))
    return tmp_path


def test_groups_are_read_from_the_corrections_of_a_revision_set(sets):
    groups = list(revision_groups(sets / "revisions-a", WriterModel.load(DEFAULT_MODEL)))
    assert "Animal Farm" not in [meant for _, meant in groups]  # the follow-up asks nothing
    assert [meant for _, meant in groups][:1] == ["Nineteen Eighty-Four"]
    for group, meant in groups:
        assert meant in [c.name for c in group]
    assert list(handwritten_groups(sets, exclude=["revisions-a"])) == []


def test_the_command_trains_a_model_the_writer_loads(sets, tmp_path, index):
    out = tmp_path / "model" / "meant_model.json"
    result = CliRunner().invoke(app, ["train", "meant", "--data", str(sets), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "corrections" in result.output
    loaded = MeantModel.load(out)
    assert len(loaded(candidates(1)[0][0])) == 2
    again = tmp_path / "again" / "meant_model.json"
    CliRunner().invoke(app, ["train", "meant", "--data", str(sets), "--out", str(again)])
    assert again.read_bytes() == out.read_bytes()  # reproducible


def test_the_command_fails_cleanly_without_groups(sets, tmp_path):
    out = tmp_path / "model" / "meant_model.json"
    args = ["train", "meant", "--data", str(sets), "--out", str(out), "--exclude", "revisions-a"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert "no group holds the page it means" in result.output
    assert not out.exists()


def test_a_writer_model_saves_and_loads_its_meant_model(tmp_path):
    model = WriterModel.load(DEFAULT_MODEL)
    assert model.meant is not None
    model.save(tmp_path / "m")
    assert (tmp_path / "m" / WriterModel.MEANT).exists()
    assert WriterModel.load(tmp_path / "m").meant is not None

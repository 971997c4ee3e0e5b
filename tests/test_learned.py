"""The learned writer: candidates, features, training on a tiny set, and its model file."""

import json

import numpy as np
import pytest

from memrevise.bench.conversation import Conversation, SourceTurn
from memrevise.data import demo_collection
from memrevise.errors import LineError
from memrevise.memory import Memory, Status
from memrevise.retrieval import BM25Index, read_collection
from memrevise.search import MemRevise
from memrevise.train.sets import followup_conversations
from memrevise.train.writer import (
    SEARCHED_EVERY,
    examples,
    fit_writer,
    handwritten_groups,
    oracle_memories,
    switch_examples,
    written_memories,
)
from memrevise.writer import Turn, Writer
from memrevise.writer.learned import (
    DEFAULT_MODEL,
    FEATURES,
    Features,
    LearnedChooser,
    LearnedWriter,
    ModelError,
    TopicModel,
    WriterModel,
)
from memrevise.writer.rules import RuleWriter
from memrevise.writer.switch import CLASSES, SwitchInput, SwitchModel, dense, matrix


def turn(question, answer, topic):
    return SourceTurn(question, answer, topic, "Introduction")


CONVERSATIONS = [
    Conversation(f"c{n}", "demo", turns)
    for n, turns in enumerate(
        [
            (
                turn("what was apollo 11?", "The first crewed Moon landing, in 1969.", "Apollo 11"),
                turn("who commanded it?", "Neil Armstrong.", "Apollo 11"),
                turn("where did he grow up?", "Wapakoneta, Ohio.", "Neil Armstrong"),
                turn("when did the mission launch?", "July 16, 1969.", "Apollo 11"),
            ),
            (
                turn("who directed avatar?", "James Cameron directed it.", "Avatar (2009 film)"),
                turn("where was he born?", "Kapuskasing, Ontario.", "James Cameron"),
                turn("when was it released?", "In December 2009.", "Avatar (2009 film)"),
            ),
            (
                turn("who was buzz aldrin?", "An astronaut on Apollo 11.", "Buzz Aldrin"),
                turn("where did he grow up?", "Montclair, New Jersey.", "Buzz Aldrin"),
                turn("what was the mission?", "The first Moon landing.", "Apollo 11"),
            ),
        ]
    )
]


@pytest.fixture(scope="module")
def index():
    return BM25Index.build(read_collection(demo_collection()))


@pytest.fixture(scope="module")
def switch():
    inputs, labels = switch_examples(oracle_memories(CONVERSATIONS * 4))
    return SwitchModel.fit(inputs, labels, (inputs, labels), min_count=1, rounds=20)


@pytest.fixture(scope="module")
def rules(index):
    return RuleWriter(index.titles)


@pytest.fixture(scope="module")
def features(index, switch):
    return Features(index, switch)


@pytest.fixture(scope="module")
def tiny_model(rules, features, switch):
    groups = examples(rules, features, oracle_memories(CONVERSATIONS * 4))
    return fit_writer(groups, groups, switch, rounds=30)[0]


def test_candidates_come_from_memory_answers_question_and_corpus(rules, index, features):
    memory = Memory()
    writer = rules
    memory = memory.append(
        writer.update(
            memory, None, Turn.of("what was apollo 11?", "The first Moon landing."), False
        )
    )
    answer = "Neil Armstrong and Buzz Aldrin walked on it; Michael Collins stayed in orbit."
    memory = memory.append(writer.update(memory, None, Turn.of("who went?", answer), False))
    example = features.example(
        writer.context(memory), "where did he grow up?", Turn.of("where did he grow up?")
    )
    assert {"Apollo 11", "Neil Armstrong", "Buzz Aldrin", "Michael Collins"} <= set(
        example.candidates
    )
    assert example.features.shape == (len(example.candidates), len(FEATURES))
    column = {name: i for i, name in enumerate(FEATURES)}
    rows = dict(zip(example.candidates, example.features, strict=True))
    assert rows["Apollo 11"][column["current"]] == 1
    assert rows["Neil Armstrong"][column["new"]] == 1
    assert rows["Neil Armstrong"][column["in_previous_answer"]] == 1
    assert rows["Neil Armstrong"][column["previous_answer_rank"]] == 1
    assert rows["Buzz Aldrin"][column["previous_answer_rank"]] == 2
    assert rows["Neil Armstrong"][column["person_pronoun"]] == 1
    assert rows["Neil Armstrong"][column["person"]] == 1 and rows["Apollo 11"][column["thing"]] == 1


def _rows(rules, features, memory, question, answer=None):
    example = features.example(rules.context(memory), question, Turn.of(question, answer))
    column = {name: i for i, name in enumerate(FEATURES)}
    return {
        name: {feature: row[i] for feature, i in column.items()}
        for name, row in zip(example.candidates, example.features, strict=True)
    }


def _written(writer, turns):
    memory = Memory()
    for question, answer in turns:
        memory = memory.append(writer.update(memory, None, Turn.of(question, answer), False))
    return memory


def test_a_described_kind_fits_the_title_qualifier_and_the_words_around_a_name(rules, features):
    memory = _written(
        rules,
        [("who is james cameron?", "A filmmaker; he directed the film Avatar in 2009.")],
    )
    rows = _rows(rules, features, memory, "what is the genre of the movie?")
    assert rows["Avatar (2009 film)"]["qualifier_fit"] == 1  # movie ~ (2009 film)
    assert rows["James Cameron"]["qualifier_fit"] == 0
    memory = _written(
        rules,
        [("what was apollo 11?", "A flight whose crew included the astronaut Buzz Aldrin.")],
    )
    rows = _rows(rules, features, memory, "where did the astronaut grow up?")
    assert rows["Buzz Aldrin"]["context_fit"] == 1
    assert rows["Apollo 11"]["context_fit"] == 0


def test_a_description_fits_a_topic_asked_about_in_the_same_words(rules, features):
    memory = _written(
        rules,
        [
            ("what was the mission apollo 11?", "The first crewed Moon landing."),
            ("who was neil armstrong?", "An American astronaut."),
        ],
    )
    rows = _rows(rules, features, memory, "when did that mission launch?")
    assert rows["Apollo 11"]["asked_fit"] == 1
    assert rows["Neil Armstrong"]["asked_fit"] == 0


def test_the_page_an_answer_was_read_from_is_its_source(rules, features):
    memory = _written(rules, [("what was apollo 11?", "The first Moon landing.")])
    answer = "James Cameron was born in Kapuskasing, Ontario, on August 16, 1954."
    rows = _rows(rules, features, memory, "where was he born?", answer)
    assert rows["James Cameron"]["answer_source"] == 1.0
    assert rows["James Cameron"]["answer_source_rank"] == 1.0
    assert rows["Apollo 11"]["answer_source"] == 0.0
    rows = _rows(
        rules, features, memory, "where did he grow up?", "Buzz Aldrin grew up in Montclair."
    )
    assert rows["Buzz Aldrin"]["answer_source"] == 1.0  # in other words than the passage's
    rows = _rows(rules, features, memory, "where was he born?")
    assert not any(row["answer_source"] for row in rows.values())


def test_an_answer_that_is_just_a_name_is_wholly_that_name(rules, features):
    memory = _written(
        rules,
        [
            ("what was apollo 11?", "The first Moon landing."),
            ("who commanded it?", "Neil Armstrong."),
        ],
    )
    rows = _rows(rules, features, memory, "where did he grow up?")
    assert rows["Neil Armstrong"]["answer_share"] == 1.0
    assert rows["Apollo 11"]["answer_share"] == 0.0


def test_a_turn_read_again_with_its_answer_has_the_features_of_a_first_reading(
    rules, index, switch
):
    """The searched reading of "where was he born?" is kept for the turn read again once
    answered in the same context; the answered example is the one a fresh reading gives."""
    memory = _written(rules, [("who directed avatar?", "James Cameron directed it.")])
    question = "where was he born?"
    answered = Turn.of(question, "James Cameron was born in Kapuskasing, Ontario.")
    context = rules.context(memory)
    features = Features(index, switch)
    searched = features.example(context, question, Turn.of(question))
    again = features.example(context, question, answered)
    fresh = Features(index, switch).example(rules.context(memory), question, answered)
    assert again.candidates == fresh.candidates
    assert np.array_equal(again.features, fresh.features)
    assert set(searched.candidates) <= set(again.candidates)
    has_answer = FEATURES.index("has_answer")
    assert not searched.features[:, has_answer].any() and again.features[:, has_answer].all()


def test_labels_come_from_topic_labels_with_and_without_answers(rules, features):
    groups = examples(rules, features, oracle_memories(CONVERSATIONS))
    labelled_after_first = sum(len(c.turns) - 1 for c in CONVERSATIONS)
    assert groups.turns == 2 * labelled_after_first
    assert all(labels.sum() == 1 for labels in groups.labels)
    x, y, sizes = groups.arrays()
    assert x.shape[1] == len(FEATURES) and sizes.sum() == len(y) == len(x)
    answered, unanswered = groups.by_answer()
    assert len(answered.labels) == len(unanswered.labels) == labelled_after_first
    has_answer = FEATURES.index("has_answer")
    assert all(f[:, has_answer].all() for f in answered.features)
    assert not any(f[:, has_answer].any() for f in unanswered.features)


def test_switch_examples_say_whether_a_turn_stays_moves_or_returns():
    inputs, labels = switch_examples(oracle_memories(CONVERSATIONS[:1]))
    assert [CLASSES[c] for c in labels] == ["stay", "new", "return"]
    assert inputs[1] == SwitchInput("where did he grow up?", "who commanded it?", "Neil Armstrong.")
    tokens = inputs[1].tokens()
    assert {"where", "he grow", "^where", "p:commanded", "a:neil"} <= set(tokens)


def test_the_switch_model_gives_a_distribution_over_its_classes(switch):
    probabilities = switch.probabilities([SwitchInput("where did he grow up?")] * 2)
    assert probabilities.shape == (2, len(CLASSES))
    assert np.allclose(probabilities.sum(axis=1), 1.0)


def test_dense_switch_rows_hold_the_sparse_matrix_and_predict_alike(switch):
    inputs = [
        SwitchInput("where did he grow up?", "who commanded it?", "Neil Armstrong."),
        SwitchInput("who directed avatar?"),
        SwitchInput(""),
    ]
    sparse = matrix(switch.vocabulary, inputs)
    rows = dense(switch.vocabulary, inputs)
    assert rows.dtype == np.float32 and rows.sum() > 0
    assert np.array_equal(rows, sparse.toarray())
    assert np.array_equal(
        switch.probabilities(inputs), switch.booster.predict(sparse, num_threads=1)
    )


def test_a_model_trained_on_a_tiny_set_saves_loads_and_writes(index, tiny_model, tmp_path):
    tiny_model.save(tmp_path / "model")
    loaded = WriterModel.load(tmp_path / "model")
    writer = LearnedWriter(index, loaded, index.titles)
    assert isinstance(writer, Writer)
    session = MemRevise(index, writer).session()
    session.add_turn("who directed avatar?", "James Cameron directed it.")
    session.add_turn("where was he born?", "Kapuskasing, Ontario.")
    result = session.search("when was it released?")
    assert result.memory.nodes[-1].topic in {"Avatar (2009 film)", "James Cameron"}
    assert result.query.startswith("when was")


def test_own_memories_feed_training_too(rules, index, tiny_model, features):
    engine = MemRevise(index, LearnedWriter(index, tiny_model, index.titles))
    groups = examples(rules, features, written_memories(engine, CONVERSATIONS))
    assert groups.turns == 2 * sum(len(c.turns) - 1 for c in CONVERSATIONS)


def test_a_missing_or_corrupt_model_file_is_named(tmp_path, tiny_model):
    with pytest.raises(ModelError, match=r"missing\.txt"):
        TopicModel.load(tmp_path / "missing.txt")
    corrupt = tmp_path / "corrupt.txt"
    corrupt.write_text("tree\nversion=v4\nnot a model\n")
    with pytest.raises(ModelError, match=r"corrupt\.txt"):
        TopicModel.load(corrupt)
    with pytest.raises(ModelError, match=r"nowhere: no such model directory"):
        WriterModel.load(tmp_path / "nowhere")
    tiny_model.save(tmp_path / "model")
    (tmp_path / "model" / WriterModel.SWITCH).write_text('{"classes": ["stay"]}')
    with pytest.raises(ModelError, match=r"switch_model\.json: not a switch model"):
        WriterModel.load(tmp_path / "model")
    (tmp_path / "model" / WriterModel.UNANSWERED).unlink()
    with pytest.raises(ModelError, match=r"topic_model_unanswered\.txt: cannot read"):
        WriterModel.load(tmp_path / "model")


def test_the_shipped_models_load_and_rank(index):
    model = WriterModel.load(DEFAULT_MODEL)
    assert sum(f.stat().st_size for f in DEFAULT_MODEL.iterdir()) < 20_000_000
    for ranker in (model.answered, model.unanswered):
        assert ranker.scores(np.zeros((3, len(FEATURES)), dtype=np.float32)).shape == (3,)
    assert model.ranker(Turn.of("who went?", "Armstrong.")) is model.answered
    assert model.ranker(Turn.of("who went?")) is model.unanswered
    assert model.switch.probabilities([SwitchInput("where did he grow up?")]).shape == (1, 3)


def test_a_process_loads_the_shipped_writer_model_without_scikit_learn():
    """LightGBM's scikit-learn estimators are never used: a fresh process loads and runs the
    shipped models without importing scikit-learn, and is left free to import it (no entry
    in ``sys.modules`` stands for it)."""
    import subprocess
    import sys

    script = (
        "import sys; from memrevise.writer.learned import DEFAULT_MODEL, WriterModel\n"
        "from memrevise.writer.switch import SwitchInput\n"
        "model = WriterModel.load(DEFAULT_MODEL)\n"
        "p = model.switch.probabilities([SwitchInput('who played in it?')])\n"
        "assert abs(p.sum() - 1) < 1e-6 and 'sklearn' not in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


class _Prefers:
    """A topic ranker that puts the candidate at ``row`` first (to test what the chooser does
    with the ranker's order, whatever the trained model would say)."""

    def __init__(self, row: int):
        self.row = row

    def scores(self, features: np.ndarray) -> np.ndarray:
        scores = np.zeros(len(features))
        scores[self.row] = 1.0
        return scores


def test_a_pronoun_never_brings_back_a_topic_the_user_withdrew(rules, features, switch):
    memory, previous = Memory(), None
    for question, answer in [
        ("who was the first man on the moon?", "Neil Armstrong was the first man on the Moon."),
        ("no, i meant aldrin", "Buzz Aldrin grew up in Montclair, not Neil Armstrong."),
    ]:
        memory = memory.append(rules.update(memory, previous, Turn.of(question, answer), False))
        previous = question
    assert memory.topic("Neil Armstrong").status is Status.DROPPED
    context, said = rules.context(memory), Turn.of("where was he born?")
    candidates = features.example(context, said.question, said).candidates
    prefers = _Prefers(candidates.index("Neil Armstrong"))
    model = WriterModel(prefers, prefers, switch)  # type: ignore[arg-type]
    chosen, _ = LearnedChooser(model, features).choose(context, said.question, said)
    assert chosen == "Buzz Aldrin"


@pytest.fixture
def followup_sets(tmp_path):
    """A folder of hand-written sets: one follow-up set over the demo collection (the
    conversations above, typed as people type them) and a revision set, which is no
    follow-up set."""
    folder = tmp_path / "followups-a"
    folder.mkdir()
    (folder / "collection.jsonl").write_bytes(demo_collection().read_bytes())
    lines = [
        {"turns": [{"question": t.question, "answer": t.answer, "topic": t.topic} for t in c.turns]}
        for c in CONVERSATIONS
    ]
    (folder / "conversations.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    (tmp_path / "revisions-a").mkdir()
    (tmp_path / "revisions-a" / "items.jsonl").write_text("")
    return tmp_path


def test_a_follow_up_set_reads_as_labelled_conversations(followup_sets):
    path = followup_sets / "followups-a" / "conversations.jsonl"
    read = followup_conversations(path)
    assert [[(t.question, t.topic) for t in c.turns] for c in read] == [
        [(t.question, t.topic) for t in c.turns] for c in CONVERSATIONS
    ]
    path.write_text(json.dumps({"turns": [{"answer": "no question"}]}) + "\n")
    with pytest.raises(LineError, match=r"conversations\.jsonl:1: turns"):
        followup_conversations(path)


def test_hand_written_sets_add_a_share_of_their_searched_turns_groups(followup_sets, switch):
    groups = handwritten_groups(followup_sets, (), switch)
    answered, searched = groups.by_answer()
    labelled_after_first = sum(len(c.turns) - 1 for c in CONVERSATIONS)
    assert answered.labels == []
    assert len(searched.labels) == -(-labelled_after_first // SEARCHED_EVERY)
    assert all(labels.sum() == 1 for labels in groups.labels)
    assert handwritten_groups(followup_sets, ["followups-a"], switch).labels == []

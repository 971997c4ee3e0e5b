"""``memrevise train writer``: the learned writer's models, from TopiOCQA's topic labels.

The switch model learns from each labelled turn's words whether it stays on the current topic,
moves to a new one or returns to an earlier one. Each labelled turn also becomes two ranking
groups, one with the turn's answer (as the writer sees a history turn) and one without (as at
the final turn), whose candidates and features come from the memory the labels imply (the
oracle memory). The topic models are two LightGBM lambdarank rankers, one over the groups with
the answer and one over those without; rounds stop early on the development conversations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from memrevise.bench.build import split_of
from memrevise.bench.collection import topiocqa_collection
from memrevise.bench.conversation import Conversation, SourceTurn
from memrevise.bench.oracle import Oracle
from memrevise.bench.sources import load_topiocqa
from memrevise.memory import Memory
from memrevise.progress import advance, stage, track
from memrevise.retrieval import BM25Index, read_collection
from memrevise.search import MemRevise
from memrevise.train.sets import followup_conversations, set_folders
from memrevise.writer.base import Turn
from memrevise.writer.grounding import Grounding
from memrevise.writer.learned import FEATURES, Features, LearnedWriter, TopicModel, WriterModel
from memrevise.writer.rules import RuleWriter
from memrevise.writer.switch import SwitchInput, SwitchModel, label

PARAMS = {
    "objective": "lambdarank",
    "metric": "ndcg",
    "eval_at": [1],
    "learning_rate": 0.05,
    "num_leaves": 31,
    "min_data_in_leaf": 20,
    "feature_fraction": 0.9,
    "num_threads": 2,
    "deterministic": True,
    "seed": 0,
    "verbose": -1,
}
OUTPUT = Path("writer-model")  # the default output directory, in the working directory
PACKAGE = Path(__file__).resolve().parents[1]  # the installed memrevise package


def output_directory(out: Path | None) -> Path:
    """Where ``train writer`` saves its models: ``out``, else ``writer-model`` in the working
    directory; never inside the installed package, whose shipped model it would overwrite."""
    directory = (out or Path.cwd() / OUTPUT).resolve()
    if directory.is_relative_to(PACKAGE):
        raise ValueError(
            f"--out {out or directory}: inside the installed package ({PACKAGE}); "
            "choose a directory of your own"
        )
    return directory


@dataclass
class Groups:
    """Ranking groups: stacked feature rows, 0/1 labels and the size of each group."""

    features: list[np.ndarray]
    labels: list[np.ndarray]
    reachable: int = 0
    turns: int = 0

    def extend(self, other: Groups) -> None:
        self.features += other.features
        self.labels += other.labels
        self.reachable += other.reachable
        self.turns += other.turns

    def by_answer(self) -> tuple[Groups, Groups]:
        """The groups of turns with their answer (history turns) and without (searched)."""
        column = FEATURES.index("has_answer")
        parts = (Groups([], []), Groups([], []))
        for features, labels in zip(self.features, self.labels, strict=True):
            part = parts[0 if features[0, column] else 1]
            part.features.append(features)
            part.labels.append(labels)
        return parts

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return (
            np.vstack(self.features),
            np.concatenate(self.labels),
            np.array([len(x) for x in self.labels]),
        )


Step = tuple[Memory, SourceTurn]
SEARCHED_EVERY = 3  # of the hand-written sets' searched-turn groups, one in this many is kept


def handwritten_groups(data: Path, exclude: Iterable[str], switch: SwitchModel) -> Groups:
    """Ranking groups of the searched turns of the hand-written follow-up sets under ``data``
    (folders holding ``collection.jsonl`` and ``conversations.jsonl``; those named in
    ``exclude`` left out), each read in its own collection's context from the memories its
    labels imply; one in :data:`SEARCHED_EVERY` is kept. People name their new topics in
    these sets far more often than TopiOCQA's askers do: the searched turn's ranker learns
    that from a share of them without forgetting TopiOCQA's unnamed returns, and the history
    turn's ranker, which reads the answer, learns from TopiOCQA alone (with these sets'
    answers it follows a name an answer gives where the question named its own topic)."""
    groups = Groups([], [])
    for folder in set_folders(data, exclude):
        if not (folder / "conversations.jsonl").is_file():
            continue
        index = BM25Index.build(read_collection(folder / "collection.jsonl"))
        rules = RuleWriter(**Grounding.of(index).kwargs())
        steps = oracle_memories(followup_conversations(folder / "conversations.jsonl"))
        groups.extend(examples(rules, Features(index, switch), steps))
    column = FEATURES.index("has_answer")
    searched = [i for i, f in enumerate(groups.features) if f[0, column] <= 0][::SEARCHED_EVERY]
    groups.features = [groups.features[i] for i in searched]
    groups.labels = [groups.labels[i] for i in searched]
    return groups


def oracle_memories(conversations: Iterable[Conversation]) -> Iterator[Step]:
    """Each labelled turn with the memory its conversation's labels imply before it."""
    for conversation in track(conversations):
        oracle = Oracle({})
        first = next((t.topic for t in conversation.turns if t.topic), None)
        for turn in conversation.turns:
            yield oracle.memory, turn
            topic = turn.topic or oracle.current or first
            if topic is not None:
                oracle.turn(turn.question, turn.answer, topic)


def written_memories(engine: MemRevise, conversations: Iterable[Conversation]) -> Iterator[Step]:
    """Each turn with the memory a writer wrote itself before it (history turns answered)."""
    for conversation in track(conversations):
        session = engine.session()
        for turn in conversation.turns:
            yield session.memory, turn
            session.add_turn(turn.question, turn.answer or None)


def switch_examples(steps: Iterable[Step]) -> tuple[list[SwitchInput], list[int]]:
    """The switch model's inputs and classes for every labelled turn after the first."""
    inputs, labels = [], []
    for memory, turn in steps:
        if turn.topic is None or memory.current is None:
            continue
        inputs.append(SwitchInput.after(memory, turn.question))
        labels.append(
            label(turn.topic, memory.current.name, {t.name.casefold() for t in memory.topics})
        )
    return inputs, labels


def examples(writer: RuleWriter, features: Features, steps: Iterable[Step]) -> Groups:
    """Ranking groups for every labelled turn after the first, with and without its answer,
    read in ``writer``'s context."""
    groups = Groups([], [])
    for memory, turn in steps:
        if turn.topic is None or not memory.nodes:
            continue
        context = writer.context(memory)
        for answer in (turn.answer or None, None):
            example = features.example(context, turn.question, Turn(turn.question, answer))
            labels = np.array(
                [c.casefold() == turn.topic.casefold() for c in example.candidates],
                dtype=np.float32,
            )
            groups.turns += 1
            if labels.any() and len(labels) > 1:
                groups.reachable += 1
                groups.features.append(example.features)
                groups.labels.append(labels)
    return groups


@dataclass(frozen=True)
class Training:
    model: WriterModel
    train_groups: int
    dev_accuracy: tuple[float, float]  # top-1 on development groups, answered and unanswered
    coverage: float


def train(
    train_groups: Groups, dev_groups: Groups, rounds: int = 400
) -> tuple[TopicModel, int, float]:
    """Fit the ranker; returns it, the rounds kept and the top-1 accuracy on the dev groups."""
    from memrevise.writer.boosting import lightgbm

    x, y, sizes = train_groups.arrays()
    dx, dy, dsizes = dev_groups.arrays()
    names = list(FEATURES)
    stage("boosting rounds", rounds)
    train_set = lightgbm.Dataset(x, y, group=sizes, feature_name=names, free_raw_data=False)
    dev_set = lightgbm.Dataset(dx, dy, group=dsizes, feature_name=names, reference=train_set)
    booster = lightgbm.train(
        PARAMS,
        train_set,
        num_boost_round=rounds,
        valid_sets=[dev_set],
        callbacks=[lightgbm.early_stopping(40, verbose=False), lambda _: advance()],
    )
    model = TopicModel(booster)
    scores = model.scores(dx)
    correct, start = 0, 0
    for size in dsizes:
        correct += dy[start + int(np.argmax(scores[start : start + size]))] > 0
        start += size
    return model, booster.best_iteration or rounds, correct / max(len(dsizes), 1)


def fit_writer(
    train_groups: Groups, dev_groups: Groups, switch: SwitchModel, rounds: int = 400
) -> tuple[WriterModel, tuple[float, float]]:
    """The two topic rankers (answered and unanswered turns) with ``switch``, and their top-1
    accuracy on the development groups."""
    parts = zip(train_groups.by_answer(), dev_groups.by_answer(), strict=True)
    (answered, _, answered_acc), (unanswered, _, unanswered_acc) = (
        train(part, dev, rounds) for part, dev in parts
    )
    return WriterModel(answered, unanswered, switch), (answered_acc, unanswered_acc)


def train_writer(
    topiocqa: Path,
    out: Path,
    seed: int = 0,
    progress: Callable[[str], None] = lambda _: None,
    data: Path | None = None,
    exclude: Iterable[str] = (),
) -> Training:
    """Train on the benchmark's training conversations (split by ``seed``) and, where ``data``
    is given, the hand-written follow-up sets under it (:func:`handwritten_groups`), and save
    the models in the directory ``out``.

    The training conversations are cut in two halves. Each half's ranking features take their
    switch probabilities from a switch model trained on the other half, as at run time on
    unseen conversations. The ranker learns first from the memories the labels imply, then,
    so that it also learns from the imperfect memories it meets at run time, from memories
    written by auxiliary writers, each trained on the other half. Rounds stop early on the
    development conversations.
    """
    out = output_directory(out)
    conversations = load_topiocqa(topiocqa)
    progress(f"indexing {len(conversations)} conversations' answers")
    index = BM25Index.build(topiocqa_collection(conversations))
    grounding = Grounding.of(index)
    parts = split(conversations, seed)
    halves = (parts["train"][::2], parts["train"][1::2])
    progress("switch models")
    dev_switch = switch_examples(oracle_memories(parts["dev"]))
    switches = [SwitchModel.fit(*switch_examples(oracle_memories(h)), dev_switch) for h in halves]
    switch = SwitchModel.fit(*switch_examples(oracle_memories(parts["train"])), dev_switch)

    rules = RuleWriter(**grounding.kwargs())

    def features(model: SwitchModel) -> Features:
        return Features(index, model)

    progress(f"features of {len(parts['train'])} training conversations")
    oracle_groups = [
        examples(rules, features(other), oracle_memories(half))
        for half, other in zip(halves, switches[::-1], strict=True)
    ]
    dev_groups = examples(rules, features(switch), oracle_memories(parts["dev"]))
    written = Groups([], [])
    for number in range(2):
        progress(f"auxiliary writer {number + 1} of 2")
        model, _ = fit_writer(oracle_groups[number], dev_groups, switches[number])
        writer = LearnedWriter(index, model, **grounding.kwargs())
        other = halves[1 - number]
        written.extend(
            examples(
                rules,
                features(switches[number]),
                written_memories(MemRevise(index, writer), other),
            )
        )
    train_groups = Groups([], [])
    for groups in (*oracle_groups, written):
        train_groups.extend(groups)
    if data is not None:
        progress("hand-written follow-up sets")
        train_groups.extend(handwritten_groups(data, exclude, switch))
    progress(f"training on {len(train_groups.labels)} groups")
    trained, accuracy = fit_writer(train_groups, dev_groups, switch)
    trained.save(out)
    return Training(
        trained, len(train_groups.labels), accuracy, train_groups.reachable / train_groups.turns
    )


def split(conversations: Sequence[Conversation], seed: int) -> dict[str, list[Conversation]]:
    parts: dict[str, list[Conversation]] = {"train": [], "dev": [], "test": []}
    for conversation in conversations:
        parts[split_of(conversation.id, seed)].append(conversation)
    return parts

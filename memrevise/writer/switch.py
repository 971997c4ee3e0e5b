"""Small text classifiers of a turn, read from its words alone, before any candidate is looked
at.

Does a turn stay on the current topic, move to a new one, or return to an earlier one
(:class:`SwitchModel`)? "what is past of this city?" after an answer that names a city usually
moves on, "what else did he do?" usually stays. Does it correct the last answer
(:class:`CorrectionModel`)? "elfman did burtons.. wasnt it goldsmith" does, "what else did he
score" does not. Their inputs are the question's words and word pairs, its first word, and the
previous turn's question and answer opening; each model is a LightGBM multiclass booster,
saved with its vocabulary as one JSON file.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Self

import numpy as np
import scipy.sparse as sp

from memrevise.errors import ModelError
from memrevise.memory import Memory

CLASSES = ("stay", "new", "return")
CORRECTION_CLASSES = ("other", "correction")
_WORD = re.compile(r"[a-z0-9']+")
_CAPITALISED = re.compile(r"\b[A-Z][a-z]+")
ANSWER_WORDS = 20
DENSE_ROWS = 256  # inputs laid out dense at once (a row is the vocabulary's size)


@dataclass(frozen=True)
class SwitchInput:
    """What the classifier reads: the question, and the previous turn's question and answer."""

    question: str
    previous_question: str = ""
    previous_answer: str = ""

    @classmethod
    def after(cls, memory: Memory, question: str) -> SwitchInput:
        """The input for ``question`` asked after the last turn in ``memory``."""
        if not memory.nodes:
            return cls(question)
        last = memory.nodes[-1]
        return cls(question, last.question, " ".join(last.facts))

    def tokens(self) -> list[str]:
        """Feature names: question words and word pairs, the first word, the previous
        question's words, the previous answer's opening words, its length and capitals."""
        question = _WORD.findall(self.question.lower())
        answer = _WORD.findall(self.previous_answer.lower())
        capitals = len(_CAPITALISED.findall(self.previous_answer))
        return [
            *question,
            *(f"{a} {b}" for a, b in pairwise(question)),
            f"^{question[0]}" if question else "^",
            *(f"p:{w}" for w in _WORD.findall(self.previous_question.lower())),
            *(f"a:{w}" for w in answer[:ANSWER_WORDS]),
            f"alen:{min(len(answer) // 5, 4)}",
            f"caps:{min(capitals, 5)}",
        ]


def label(topic: str, previous: str | None, earlier: set[str]) -> int:
    """The class of a turn about ``topic`` after ``previous`` with ``earlier`` topics seen."""
    if previous is not None and topic.casefold() == previous.casefold():
        return CLASSES.index("stay")
    return CLASSES.index("return" if topic.casefold() in earlier else "new")


def matrix(vocabulary: Mapping[str, int], inputs: Sequence[SwitchInput]) -> sp.csr_matrix:
    """0/1 rows over ``vocabulary``'s columns, one row per input (laid out directly as CSR,
    columns ascending in each row)."""
    indices: list[int] = []
    indptr = [0]
    for item in inputs:
        indices.extend(sorted({vocabulary.get(t) for t in item.tokens()} - {None}))
        indptr.append(len(indices))
    values = np.ones(len(indices), dtype=np.float32)
    shape = (len(inputs), len(vocabulary))
    return sp.csr_matrix((values, np.asarray(indices), np.asarray(indptr)), shape=shape)


def dense(vocabulary: Mapping[str, int], inputs: Sequence[SwitchInput]) -> np.ndarray:
    """The rows of :func:`matrix`, dense (float32)."""
    rows = np.zeros((len(inputs), len(vocabulary)), dtype=np.float32)
    for row, item in zip(rows, inputs, strict=True):
        row[sorted({vocabulary.get(t) for t in item.tokens()} - {None})] = 1.0
    return rows


class TurnClassifier:
    """A classifier of turns into :attr:`CLASSES`: a vocabulary of feature names and a
    LightGBM multiclass booster."""

    CLASSES: tuple[str, ...] = ()
    KIND = "turn classifier"  # what its errors call it

    def __init__(self, vocabulary: Sequence[str], booster):
        self.vocabulary = {name: i for i, name in enumerate(vocabulary)}
        self.booster = booster
        if booster.num_feature() != len(self.vocabulary):
            raise ModelError(
                f"the booster reads {booster.num_feature()} features, "
                f"the vocabulary has {len(self.vocabulary)}"
            )

    def probabilities(self, inputs: Sequence[SwitchInput]) -> np.ndarray:
        """One row per input: the probabilities of :data:`CLASSES`.

        The inputs are laid out dense, :data:`DENSE_ROWS` at a time: LightGBM reads a zero
        as it reads an entry that a sparse matrix leaves out (the same probabilities as over
        :func:`matrix`), and a dense row is read in about half the time."""
        if not inputs:
            return np.zeros((0, len(self.CLASSES)))
        return np.concatenate(
            [
                self.booster.predict(
                    dense(self.vocabulary, inputs[i : i + DENSE_ROWS]), num_threads=1
                )
                for i in range(0, len(inputs), DENSE_ROWS)
            ]
        )

    @classmethod
    def fit(
        cls,
        inputs: Sequence[SwitchInput],
        labels: Sequence[int],
        dev: tuple[Sequence[SwitchInput], Sequence[int]],
        min_count: int = 5,
        rounds: int = 400,
    ) -> Self:
        """Train on ``inputs``; feature names seen in fewer than ``min_count`` inputs are
        dropped; rounds stop early on ``dev``."""
        from memrevise.writer.boosting import lightgbm

        counts = Counter(t for item in inputs for t in set(item.tokens()))
        vocabulary = sorted(t for t, n in counts.items() if n >= min_count)
        if not vocabulary:
            raise ValueError(f"too few turns to learn from: no word is in {min_count} of them")
        columns = {name: i for i, name in enumerate(vocabulary)}
        params = {
            "objective": "multiclass",
            "num_class": len(cls.CLASSES),
            "learning_rate": 0.1,
            "num_leaves": 31,
            "min_data_in_leaf": 10,
            "num_threads": 2,
            "deterministic": True,
            "seed": 0,
            "verbose": -1,
        }
        train_set = lightgbm.Dataset(matrix(columns, inputs), np.asarray(labels))
        dev_set = lightgbm.Dataset(matrix(columns, dev[0]), np.asarray(dev[1]), reference=train_set)
        booster = lightgbm.train(
            params,
            train_set,
            num_boost_round=rounds,
            valid_sets=[dev_set],
            callbacks=[lightgbm.early_stopping(30, verbose=False)],
        )
        return cls(vocabulary, booster)

    def save(self, path: Path) -> None:
        data = {
            "classes": self.CLASSES,
            "vocabulary": list(self.vocabulary),
            "booster": self.booster.model_to_string(),
        }
        Path(path).write_text(json.dumps(data), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Self:
        from memrevise.writer.boosting import booster, load_model

        def build(text: str) -> Self:
            data = json.loads(text)
            if list(data.get("classes", ())) != list(cls.CLASSES):
                raise ValueError(f"classes {data.get('classes')!r}, expected {list(cls.CLASSES)}")
            return cls(data["vocabulary"], booster(data["booster"]))

        return load_model(path, cls.KIND, build)


class SwitchModel(TurnClassifier):
    """Whether a turn stays on the current topic, moves to a new one or returns."""

    CLASSES = CLASSES
    KIND = "switch model"


class CorrectionModel(TurnClassifier):
    """Whether a turn corrects the last answer."""

    CLASSES = CORRECTION_CLASSES
    KIND = "correction model"

    def corrects(self, item: SwitchInput) -> float:
        """The chance that ``item``'s question corrects the answer before it."""
        return float(self.probabilities([item])[0][self.CLASSES.index("correction")])

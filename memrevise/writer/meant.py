"""Which page a correction means, learned: a small ranker over the pages the rules hold in play.

A correction says what it means in as many ways as people type ("the dystopia. not the drug
diary", "not the writer lol — his half bro, the squid nerve guy", "the 67 cartoon i meant");
the rules find the pages it may mean (the rejected topic's namesakes and numbered family, the
memory's topics, the names of recent questions and answers, the pages the collection finds for
the turn's words) but often keep the rejected one. :class:`MeantModel` scores each candidate
from plain signals (how the turn's words meet its title, qualifier and page, where the
collection ranks it, where the conversation said it, whether it is what the rules chose or
what the turn rejects); the writer takes its best candidate where it beats the rules' choice
by :data:`MEANT_MARGIN`. The booster is saved with its feature names as one JSON file.

The same scorer, trained on hand-written follow-up sets, is the *named model*: for a turn that
names something and does not correct ("lincoln statue how tall is it" while on the
president: Lincoln Memorial), it scores the same candidates, and
the writer takes its best where it beats the rules' choice by :data:`NAMED_MARGIN`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Self

import numpy as np

from memrevise.errors import ModelError

FEATURES = (
    "search_rank",  # where the collection's search for the turn ranks the page (20: not found)
    "page_words",  # the turn's content stems on the page
    "page_share",  # ... as a share of the turn's content stems
    "title_words",  # the turn's words in the title without its qualifier
    "title_share",  # ... as a share of those title words
    "qualifier_years",  # words of the qualifier the turn says, "67" read as 1967 or 2067 too
    "qualifier_words",  # words of the qualifier the turn says ("film")
    "page_years",  # years the turn says that the page has ("the 1950 one")
    "rejected",  # the topic the turn rejects
    "current",  # the memory's current topic
    "chosen",  # what the rules chose
    "recency",  # how many topics were discussed since (20: never a topic)
    "namesake",  # a page that shares a held topic's name
    "family",  # a numbered or serial sibling of a held topic
    "shares_word",  # a page that shares a rare title word with a held topic
    "surname",  # a page of a held person's surname
    "topic",  # a topic of the memory
    "answered",  # a name of a recent answer
    "asked",  # a name of the last two questions
    "said",  # a name the turn says
    "searched",  # a page the collection's search found for the turn
    "negated",  # a name the turn says after "not"
    "like_rejected",  # how alike its page and the rejected topic's page read
    "candidates",  # how many candidates there are
    "corrects",  # the correction model's chance that the turn corrects
    "contradicts",  # whether the rules read a correction
    "stated_kind",  # whether its page opens by stating what it is
    "pronoun",  # whether the turn says a pronoun
    "back",  # whether the turn says a word that points back ("again", "the original")
    "governed",  # its name is said after a preposition ("and before nirvana what band ...")
    "subject_fits",  # a subject pronoun of the turn fits it ("he" a person, "it" a thing)
)
NOT_FOUND = 20.0  # the rank or recency of a page not found or never discussed
MEANT_READ = 0.5  # the correction chance from which the model reads a turn's meaning
MEANT_MARGIN = 0.15  # by how much its best candidate must beat the rules' choice
NAMED_MARGIN = 0.10  # ... and the named model's, for a turn that names something
ROUNDS = 200


@dataclass(frozen=True)
class Candidate:
    """A page a correction may mean, and its :data:`FEATURES`."""

    name: str
    features: tuple[float, ...]


class MeantModel:
    """A LightGBM binary booster over :data:`FEATURES`: the chance that a candidate is the page
    a correction means."""

    KIND = "meant model"

    def __init__(self, booster):
        self.booster = booster
        if booster.num_feature() != len(FEATURES):
            raise ModelError(
                f"the booster reads {booster.num_feature()} features, expected {len(FEATURES)}"
            )

    def __call__(self, candidates: Sequence[Candidate]) -> np.ndarray:
        """The chance of each candidate."""
        if not candidates:
            return np.zeros(0)
        rows = np.array([c.features for c in candidates], dtype=np.float64)
        return np.asarray(self.booster.predict(rows, num_threads=1))

    @classmethod
    def fit(cls, groups: Sequence[tuple[Sequence[Candidate], str]], rounds: int = ROUNDS) -> Self:
        """Train on ``groups`` of (candidates, the page meant), each candidate labelled by
        whether its name is the page meant (case aside)."""
        from memrevise.writer.boosting import lightgbm

        rows = [c.features for candidates, _ in groups for c in candidates]
        labels = [
            float(c.name.casefold() == meant.casefold())
            for candidates, meant in groups
            for c in candidates
        ]
        if not any(labels):
            raise ValueError("no group holds the page it means among its candidates")
        params = {
            "objective": "binary",
            "learning_rate": 0.05,
            "num_leaves": 15,
            "min_data_in_leaf": 20,
            "num_threads": 2,
            "deterministic": True,
            "force_row_wise": True,
            "seed": 0,
            "verbose": -1,
        }
        data = lightgbm.Dataset(np.array(rows, dtype=np.float64), np.array(labels))
        return cls(lightgbm.train(params, data, num_boost_round=rounds))

    def save(self, path: Path) -> None:
        data = {"features": list(FEATURES), "booster": self.booster.model_to_string()}
        Path(path).write_text(json.dumps(data), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Self:
        from memrevise.writer.boosting import booster, load_model

        def build(text: str) -> Self:
            data = json.loads(text)
            if list(data.get("features", ())) != list(FEATURES):
                raise ValueError(f"features {data.get('features')!r}, expected {list(FEATURES)}")
            return cls(booster(data["booster"]))

        return load_model(path, cls.KIND, build)

"""The learned CPU writer: a small trained ranker chooses each turn's topic among candidates.

Candidates are the memory's topics, the names in the previous answer and in the question, and
the pages the corpus returns for the turn (the searches of topic repair). Each candidate gets
features such as its status and recency, where it was named, its search votes, and whether
the turn's pronouns, descriptions and list positions fit it; a LightGBM ranker trained on
TopiOCQA's topic labels scores them. Corrections keep the rule writer's explicit cues, and the
query is resolved as the rule writer does, with the topic the model chose.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from memrevise.errors import ModelError
from memrevise.memory import Status, Topic
from memrevise.retrieval import WeightedQuery, tokenize
from memrevise.text import cut, strip_qualifier, words
from memrevise.writer import cues
from memrevise.writer.base import Turn
from memrevise.writer.entities import STOPWORDS, name_key, word_spans
from memrevise.writer.pages import Pages, PageWords
from memrevise.writer.rules import (
    RuleWriter,
    _Context,
    _description_score,
    _fact_words,
    _is_person,
    _is_thing,
    _phrase,
    looks_like_person,
)
from memrevise.writer.switch import SwitchInput, SwitchModel

FEATURES: tuple[str, ...] = (
    "current", "earlier", "dropped", "new", "since", "turns", "first_topic",
    "named_in_question", "name_overlap", "in_previous_answer", "previous_answer_rank",
    "in_previous_question", "in_answer", "answer_opens",
    "votes_question", "rank_question", "votes_context", "rank_context",
    "votes_answer", "rank_answer", "votes_topic", "rank_topic", "answer_age", "has_answer",
    "person_pronoun", "thing_pronoun", "plural_pronoun", "person", "thing",
    "description", "has_description", "position", "has_position", "fact_overlap",
    "cue_previous", "cue_back", "question_names", "memory_size",
    "page_description", "page_overlap", "subject",
    "p_stay", "p_new", "p_return", "kind_fit",
)  # fmt: skip
_SUBJECT = re.compile(
    r"^(?:(?:and|so|ok|okay|now)\s+)?(?:(?:who|what|where|when)(?:'s|\s+is|\s+was|\s+are|\s+were)|"
    r"tell\s+me\s+(?:more\s+)?about|what\s+about|how\s+about|do\s+you\s+know|define|describe)"
    r"\s+",
    re.IGNORECASE,
)
_CUE_PREVIOUS = frozenset(
    "above mentioned aforementioned former latter previous last said that this these those".split()
)
_CUE_BACK = frozenset("back again earlier original originally first before initially".split())
SEARCH_DEPTH = 20
EARLIER_NAMES = 8  # names from the latest answers that stay candidates
PAGES_PER_SEARCH = 5


class Corpus(Pages, Protocol):
    """The corpus as the learned writer asks it (a :class:`BM25Index` is one)."""

    def vote_pages(self, query: str | WeightedQuery, depth: int = 20) -> list[tuple[str, float]]:
        """(page title, 1/rank votes) best first."""
        ...


@dataclass(frozen=True)
class Example:
    """One turn's candidates and their feature rows (in :data:`FEATURES` order)."""

    candidates: tuple[str, ...]
    features: np.ndarray


def _votes(pages: list[tuple[str, float]]) -> dict[str, tuple[float, float]]:
    """title (casefolded) -> (share of the votes, 1/rank) for the top pages."""
    total = sum(v for _, v in pages) or 1.0
    return {
        title.casefold(): (votes / total, 1.0 / rank)
        for rank, (title, votes) in enumerate(pages[:PAGES_PER_SEARCH], 1)
    }


def _contains(text_words: Sequence[str], name: str) -> bool:
    key = name_key(name)
    n = len(key)
    return bool(key) and any(tuple(text_words[i : i + n]) == key for i in range(len(text_words)))


def _subject_words(text: str) -> list[str]:
    """The words right after "who is", "tell me about" and the like: what the turn asks about."""
    match = _SUBJECT.match(text.strip())
    return [w for w, _, _ in word_spans(text.strip()[match.end() :])][:8] if match else []


class Features:
    """Candidate generation and features for one turn, given a writer's context."""

    def __init__(self, writer: RuleWriter, corpus: Corpus, switch: SwitchModel):
        self.writer = writer
        self.corpus = corpus
        self.switch = switch
        self.page_words = PageWords(corpus)

    def example(self, context: _Context, text: str, turn: Turn) -> Example:
        writer = self.writer
        memory = context.memory
        previous_answer = " ".join(memory.nodes[-1].facts) if memory.nodes else ""
        previous_question = memory.nodes[-1].question if memory.nodes else ""
        searches = {
            "question": _votes(self.corpus.vote_pages(text, SEARCH_DEPTH)),
            "context": _votes(
                self.corpus.vote_pages(f"{text} {cut(previous_answer)}", SEARCH_DEPTH)
            ),
            "answer": _votes(
                self.corpus.vote_pages(f"{text} {cut(turn.answer)}", SEARCH_DEPTH)
                if turn.answer
                else []
            ),
            "topic": _votes(
                self.corpus.vote_pages(f"{memory.current.name} {text}", SEARCH_DEPTH)
                if memory.current is not None
                else []
            ),
        }
        position = cues.final_position(text)
        at_position = writer._at_position(context, position, None) if position else None
        question_names = [m.name for m in writer._mentions(context, text)]
        answer_names = [m.name for m in writer._mentions(context, turn.answer or "")]
        last = memory.nodes[-1].turn if memory.nodes else 0
        named_at: dict[str, tuple[str, int]] = {}  # the latest answers' names, and their turn
        for named, name in reversed(context.answer_names):
            if len(named_at) == EARLIER_NAMES:
                break
            canonical = writer._canonical(context, name)
            named_at.setdefault(canonical.casefold(), (canonical, named))
        names: dict[str, str] = {}
        for name in [
            *(t.name for t in memory.topics),
            *context.previous_names,
            *(name for name, _ in named_at.values()),
            *question_names,
            *answer_names[:3],
            *(at_position[:1] if at_position else ()),
        ]:
            names.setdefault(name.casefold(), writer._canonical(context, name))
        for votes in searches.values():
            for title in votes:
                names.setdefault(title, self._title(title))
        candidates = tuple(dict.fromkeys(names.values()))
        question_words = [w for w, _, _ in word_spans(text)]
        said = cues.pronouns(text)
        shared = {
            "question_words": question_words,
            "question_set": set(question_words) - STOPWORDS,
            "previous_question": [w for w, _, _ in word_spans(previous_question)],
            "answer": [w for w, _, _ in word_spans(turn.answer or "")],
            "said": said,
            "descriptions": cues.descriptions(text),
            "position": position,
            "searches": searches,
            "answer_age": {key: last - turn for key, (_, turn) in named_at.items()},
            "question_names": len(question_names),
            "question_tokens": set(tokenize(text)),
            "subject_words": _subject_words(text),
            "description_tokens": [set(tokenize(noun)) for noun in cues.descriptions(text)],
            "switch": self.switch.probabilities([SwitchInput.after(memory, text)])[0],
        }
        position_target = at_position[0].casefold() if at_position else None
        rows = [
            self._row(context, name, shared, position_target, turn.answer is not None)
            for name in candidates
        ]
        return Example(candidates, np.asarray(rows, dtype=np.float32))

    def _title(self, casefolded: str) -> str:
        for title in self.writer.titles.named(casefolded):
            if title.casefold() == casefolded:
                return title
        return casefolded

    def _row(
        self,
        context: _Context,
        name: str,
        shared: dict,
        position_target: str | None,
        has_answer: bool,
    ) -> list[float]:
        memory = context.memory
        topic: Topic | None = memory.topic(name)
        key = name.casefold()
        status = topic.status if topic is not None else None
        since = (memory.nodes[-1].turn - topic.turns[-1]) if topic is not None else 11
        name_words = [w for w in words(strip_qualifier(name)) if w not in STOPWORDS]
        overlap = (
            sum(w in shared["question_set"] for w in name_words) / len(name_words)
            if name_words
            else 0.0
        )
        previous = [n.casefold() for n in context.previous_names]
        rank = previous.index(key) + 1 if key in previous else 0
        said = shared["said"]
        person = _is_person(topic) if topic is not None else looks_like_person(name)
        thing = _is_thing(topic) if topic is not None else not person
        description = 0.0
        if topic is not None:
            for noun in shared["descriptions"]:
                description = max(description, _description_score(topic, set(words(noun))))
        facts = len(shared["question_set"] & _fact_words(topic)) if topic is not None else 0
        first = memory.topics[0].name.casefold() == key if memory.topics else False
        searches = shared["searches"]
        question_set = set(shared["question_words"])
        return [
            float(status is Status.CURRENT),
            float(status is Status.EARLIER),
            float(status is Status.DROPPED),
            float(topic is None),
            float(min(since, 11)),
            float(min(len(topic.turns), 10) if topic is not None else 0),
            float(first),
            float(_contains(shared["question_words"], name)),
            overlap,
            float(rank > 0),
            float(rank),
            float(_contains(shared["previous_question"], name)),
            float(_contains(shared["answer"], name)),
            float(_contains(shared["answer"][:6], name)),
            *searches["question"].get(key, (0.0, 0.0)),
            *searches["context"].get(key, (0.0, 0.0)),
            *searches["answer"].get(key, (0.0, 0.0)),
            *searches["topic"].get(key, (0.0, 0.0)),
            float(min(shared["answer_age"].get(key, 11), 11)),
            float(has_answer),
            float(any(p in cues.PERSON_PRONOUNS for p in said)),
            float(any(p in cues.THING_PRONOUNS for p in said)),
            float(any(p in cues.PLURAL_PRONOUNS for p in said)),
            float(person),
            float(thing),
            description,
            float(bool(shared["descriptions"])),
            float(position_target == key),
            float(shared["position"] is not None),
            float(facts),
            float(bool(question_set & _CUE_PREVIOUS)),
            float(bool(question_set & _CUE_BACK)),
            float(shared["question_names"]),
            float(min(len(memory.nodes), 20)),
            *self._page_features(name, shared),
            float(_contains(shared["subject_words"], name)),
            *shared["switch"],
            shared["switch"][0 if status is Status.CURRENT else 1 if topic is None else 2],
        ]

    def _page_features(self, name: str, shared: dict) -> tuple[float, float]:
        """How well the candidate's page fits the turn's description and words."""
        page = self.page_words(name)
        if not page:
            return 0.0, 0.0
        described = max(
            (len(d & page) / len(d) for d in shared["description_tokens"] if d), default=0.0
        )
        question = shared["question_tokens"]
        return described, len(question & page) / len(question) if question else 0.0


def _referring_words(text: str, name: str) -> str | None:
    """The words of a turn that stand for its topic, to be replaced by the name in the query:
    none when the name is said, else a pronoun, a list position or a description."""
    if _contains([w for w, _, _ in word_spans(text)], name):
        return None
    said = cues.pronouns(text)
    if said:
        return said[0]
    descriptions = cues.descriptions(text)
    return cues.position_phrase(text) or (_phrase(text, descriptions[0]) if descriptions else None)


class TopicModel:
    """A LightGBM ranker over candidate features, saved as LightGBM's text model."""

    def __init__(self, booster):
        self.booster = booster
        names = list(booster.feature_name())
        if names != list(FEATURES):
            raise ModelError(f"the model was trained on other features: {names[:3]}...")

    @classmethod
    def load(cls, path: Path) -> TopicModel:
        import lightgbm

        try:
            text = Path(path).read_text(encoding="utf-8")
            return cls(lightgbm.Booster(model_str=text))
        except OSError as error:
            raise ModelError(f"{path}: cannot read the topic model ({error.strerror})") from None
        except (lightgbm.basic.LightGBMError, ValueError, UnicodeDecodeError) as error:
            raise ModelError(f"{path}: not a topic model ({error})") from None

    def save(self, path: Path) -> None:
        Path(path).write_text(self.booster.model_to_string(), encoding="utf-8")

    def scores(self, features: np.ndarray) -> np.ndarray:
        return np.asarray(self.booster.predict(features, num_threads=1))


@dataclass(frozen=True)
class WriterModel:
    """The learned writer's models, saved together in one directory."""

    topics: TopicModel
    switch: SwitchModel

    TOPICS = "topic_model.txt"
    SWITCH = "switch_model.json"

    @classmethod
    def load(cls, directory: Path) -> WriterModel:
        directory = Path(directory)
        if not directory.is_dir():
            raise ModelError(f"{directory}: no such model directory")
        return cls(
            TopicModel.load(directory / cls.TOPICS), SwitchModel.load(directory / cls.SWITCH)
        )

    def save(self, directory: Path) -> None:
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        self.topics.save(directory / self.TOPICS)
        self.switch.save(directory / self.SWITCH)


DEFAULT_MODEL = Path(__file__).with_name("model")


class LearnedWriter(RuleWriter):
    """The rule writer whose topic choice (for turns that do not correct) is the trained
    ranker's; everything else, corrections, operations and the query, follows the rules."""

    def __init__(
        self,
        corpus: Corpus,
        model: WriterModel,
        titles: Sequence[str] = (),
        common: Callable[[str], bool] = lambda _: False,
        pages: Callable[[str], frozenset[str]] | None = None,
    ):
        super().__init__(titles, common, pages)
        self.model = model.topics
        self.features = Features(self, corpus, model.switch)

    def _choose(self, context: _Context, text: str, turn: Turn) -> tuple[str, str | None]:
        example = self.features.example(context, text, turn)
        if not example.candidates:
            return super()._choose(context, text, turn)
        best = example.candidates[int(np.argmax(self.model.scores(example.features)))]
        return best, _referring_words(text, best)

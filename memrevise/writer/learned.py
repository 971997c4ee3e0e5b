"""The learned CPU writer: a small trained ranker chooses each turn's topic among candidates.

Candidates are the memory's topics, the names in the latest answers and in the question, and
the pages the corpus returns for the turn (the searches of topic repair). Each candidate gets
features such as its status and recency, where it was named, its search votes, whether the
turn's pronouns, descriptions ("the movie": a film's title, the words around its name, the
questions asked about it) and list positions fit it, whether the answer the user saw was read
from its page, and the switch model's view of the turn. LightGBM rankers trained on
TopiOCQA's topic labels score them, one for history turns (their answer known) and one for
searched turns. Corrections keep the rule writer's explicit cues, and the
query is resolved as the rule writer does, with the topic the model chose.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from memrevise.errors import ModelError
from memrevise.language import cues
from memrevise.language.entities import STOPWORDS, name_key, word_spans
from memrevise.language.kinds import looks_like_person
from memrevise.memory import Memory, Status, Topic
from memrevise.retrieval import Ranking, WeightedQuery, text_query, token_set
from memrevise.text import cut, qualifier, strip_qualifier, words
from memrevise.writer.base import Turn
from memrevise.writer.context import (
    Context,
    description_score,
    fact_words,
    reference_phrase,
    topic_is_person,
    topic_is_thing,
)
from memrevise.writer.meant import MeantModel
from memrevise.writer.pages import Opening, Pages, PageWords
from memrevise.writer.rules import ANSWER_HORIZON, RECENT_TOPICS, RuleWriter
from memrevise.writer.switch import CorrectionModel, SwitchInput, SwitchModel

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
    "p_stay", "p_new", "p_return", "kind_fit", "qualifier_fit", "context_fit",
    "asked_fit", "answer_source", "answer_source_rank", "answer_share",
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
CONTEXT_WINDOW = 3  # words either side of a name that may say what it is
SEARCH_DEPTH = 20
SOURCE_DEPTH = 5  # passages searched for the one an answer was read from
EARLIER_NAMES = 8  # names from the latest answers that stay candidates
PAGES_PER_SEARCH = 8
SWITCH_CACHE = 1024  # turns whose switch probabilities are kept


class Corpus(Pages, Protocol):
    """The corpus as the learned writer asks it (a :class:`BM25Index` is one)."""

    def vote_pages(self, query: str | WeightedQuery, depth: int = 20) -> list[tuple[str, float]]:
        """(page title, 1/rank votes) best first."""
        ...

    def search(self, query: str | WeightedQuery, k: int = 100) -> Ranking:
        """The ``k`` best passages."""
        ...

    def title(self, i: int) -> str: ...


@dataclass(frozen=True)
class Example:
    """One turn's candidates and their feature rows (in :data:`FEATURES` order)."""

    candidates: tuple[str, ...]
    features: np.ndarray


_COLUMNS = {feature: i for i, feature in enumerate(FEATURES)}
_ANSWER_COLUMNS = tuple(  # the columns that read the turn's answer, zero without one
    _COLUMNS[feature]
    for feature in (
        "in_answer", "answer_opens", "votes_answer", "rank_answer", "has_answer",
        "answer_source", "answer_source_rank", "context_fit",
    )
)  # fmt: skip
_CONTEXT_FIT = _COLUMNS["context_fit"]
READINGS_KEPT = 16  # turns whose answer-independent reading is kept
PASSAGES_KEPT = 4096  # passages whose tokens are kept, for where answers were read
NAMES_KEPT = 65_536  # candidate names whose words are kept
CONTEXTS_KEPT = 16  # memories whose writer's context is kept


@dataclass(frozen=True)
class _Reading:
    """What a turn's question says in a context, whatever its answer: read once when the
    turn is searched, and kept for the same turn read again as a history turn, once
    answered, in the same context."""

    question: WeightedQuery
    names: dict[str, str]  # candidates named before the answer's: casefolded -> as spelled
    positioned: tuple[str, ...]  # the name at the turn's list position (after the answer's)
    searches: dict[str, dict[str, tuple[float, float]]]  # "question", "context", "topic"
    titles: dict[str, str]  # those searches' pages (casefolded) as the collection spells them
    shared: dict  # what the rows read of the turn, but its answer
    position_target: str | None
    turn_row: dict[str, float]  # every column in order: those the same for every candidate,
    # the others zero
    rows: dict[str, list[float]]  # candidate -> its row, the answer's columns unset


def _votes(pages: list[tuple[str, float]]) -> dict[str, tuple[float, float]]:
    """title (casefolded) -> (share of the votes, 1/rank) for the top pages."""
    total = sum(v for _, v in pages) or 1.0
    return {
        title.casefold(): (votes / total, 1.0 / rank)
        for rank, (title, votes) in enumerate(pages[:PAGES_PER_SEARCH], 1)
    }


@dataclass(frozen=True)
class _Words:
    """A text's words and where each word is said: a candidate's name is looked up in them
    without a scan of the text (a turn's texts are read for every candidate)."""

    words: tuple[str, ...]
    at: dict[str, list[int]]

    @classmethod
    def of(cls, said: Iterable[str]) -> _Words:
        text_words = tuple(said)
        at: dict[str, list[int]] = {}
        for i, word in enumerate(text_words):
            at.setdefault(word, []).append(i)
        return cls(text_words, at)

    @classmethod
    def in_text(cls, text: str) -> _Words:
        return cls.of(w for w, _, _ in word_spans(text))

    def starts(self, key: tuple[str, ...]) -> Iterator[int]:
        """Where ``key`` is said: the positions of its first word that it follows."""
        if not key:
            return
        n = len(key)
        for i in self.at.get(key[0], ()):
            if n == 1 or self.words[i : i + n] == key:
                yield i

    def holds(self, key: tuple[str, ...]) -> bool:
        """Whether ``key`` is said (without a generator: asked for every candidate)."""
        at = self.at.get(key[0]) if key else None
        n = len(key)
        return at is not None and (n == 1 or any(self.words[i : i + n] == key for i in at))

    def share(self, key: tuple[str, ...]) -> float:
        """The share of the words that a name said in them covers: 1 for an answer that is
        just the name ("Aaron Paul")."""
        return len(key) / len(self.words) if self.words and self.holds(key) else 0.0

    def near(self, key: tuple[str, ...], wanted: frozenset[str]) -> bool:
        """Whether a wanted word is next to a mention of the name ``key`` ("hip-hop singer
        Melle Mel")."""
        if self.at.keys().isdisjoint(wanted):  # no wanted word is said at all
            return False
        n = len(key)
        return any(
            wanted.intersection(self.words[max(0, i - CONTEXT_WINDOW) : i + n + CONTEXT_WINDOW])
            for i in self.starts(key)
        )


@lru_cache(maxsize=NAMES_KEPT)
def _name_facts(name: str) -> tuple[tuple[str, ...], frozenset[str], bool]:
    """A candidate's words but stopwords (its qualifier dropped), its qualifier's words, and
    whether it is named like a person (memoised: names are candidates again turn after
    turn)."""
    plain = tuple(w for w in words(strip_qualifier(name)) if w not in STOPWORDS)
    return plain, frozenset(words(qualifier(name))), looks_like_person(name)


def _kind_words(descriptions: Sequence[str]) -> frozenset[str]:
    """The words of the describing nouns, with the words that name the same kind."""
    said = {w for noun in descriptions for w in noun.split()} - STOPWORDS
    return frozenset(said.union(*(kind for kind in cues.KIND_WORDS if kind & said)))


def _asked_words(memory: Memory) -> dict[str, frozenset[str]]:
    """topic (casefolded) -> the words of the latest questions asked about it ("this
    country")."""
    asked: dict[str, set[str]] = {}
    for node in memory.nodes[-ANSWER_HORIZON:]:
        asked.setdefault(node.topic.casefold(), set()).update(words(node.question))
    return {topic: frozenset(said) for topic, said in asked.items()}


def _subject_words(text: str) -> list[str]:
    """The words right after "who is", "tell me about" and the like: what the turn asks about."""
    match = _SUBJECT.match(text.strip())
    return [w for w, _, _ in word_spans(text.strip()[match.end() :])][:8] if match else []


class Features:
    """Candidate generation and features for one turn, given a writer's context."""

    def __init__(self, corpus: Corpus, switch: SwitchModel):
        self.corpus = corpus
        self.switch = switch
        self.page_words = PageWords(corpus)
        self._switch = lru_cache(maxsize=SWITCH_CACHE)(self._switch_probabilities)
        self._readings = lru_cache(maxsize=READINGS_KEPT)(self._read)
        self._passage_tokens = lru_cache(maxsize=PASSAGES_KEPT)(self._tokens)

    def example(self, context: Context, text: str, turn: Turn) -> Example:
        reading = self._readings(context, text)
        answer = turn.answer or ""
        names = dict(reading.names)
        answer_names = [m.name for m in context.mentions(answer)]
        for name in [*answer_names[:3], *reading.positioned]:
            if name.casefold() not in names:
                names[name.casefold()] = context.canonical(name)
        answer_votes = _votes(
            self.corpus.vote_pages(reading.question + text_query(cut(answer)), SEARCH_DEPTH)
            if turn.answer
            else []
        )
        for source in ("question", "context"):
            for title in reading.searches[source]:
                names.setdefault(title, reading.titles[title])
        for title in answer_votes:
            if title not in names:
                names[title] = context.titles.spelled(title)
        for title in reading.searches["topic"]:
            names.setdefault(title, reading.titles[title])
        candidates = tuple(dict.fromkeys(names.values()))
        rows = [self._base_row(context, name, reading) for name in candidates]
        features = np.array(rows, dtype=np.float32).reshape(len(candidates), len(FEATURES))
        if turn.answer is not None:  # else the answer's columns stay zero
            features[:, _ANSWER_COLUMNS] = self._answer_columns(
                candidates, rows, answer, answer_votes, reading
            )
        return Example(candidates, features)

    def _base_row(self, context: Context, name: str, reading: _Reading) -> list[float]:
        """A candidate's row but for the answer's columns, computed once for the turn."""
        row = reading.rows.get(name)
        if row is None:
            row = reading.rows[name] = self._row(context, name, reading)
        return row

    def _answer_columns(
        self,
        candidates: tuple[str, ...],
        rows: list[list[float]],
        answer: str,
        answer_votes: dict[str, tuple[float, float]],
        reading: _Reading,
    ) -> np.ndarray:
        """The candidates' values of the columns that read the turn's answer (one row each,
        in the order of :data:`_ANSWER_COLUMNS`), given their other columns (``rows``)."""
        answer_words = _Words.in_text(answer)
        opening = _Words.of(answer_words.words[:6])
        sources = self._sources(answer)
        kind_words = reading.shared["kind_words"]
        answered = []
        for name, base in zip(candidates, rows, strict=True):
            said_as = name_key(name)
            key = name.casefold()
            votes, rank = answer_votes.get(key, (0.0, 0.0))
            source, source_rank = sources.get(key, (0.0, 0.0))
            context_fit = base[_CONTEXT_FIT] or answer_words.near(said_as, kind_words)
            answered.append((
                answer_words.holds(said_as), opening.holds(said_as), votes, rank, True,
                source, source_rank, context_fit,
            ))  # fmt: skip
        return np.array(answered, dtype=np.float32).reshape(len(candidates), len(_ANSWER_COLUMNS))

    def _read(self, context: Context, text: str) -> _Reading:
        """The turn's reading without its answer (memoised by context and text: contexts are
        compared by identity)."""
        memory = context.memory
        previous_answer = " ".join(memory.nodes[-1].facts) if memory.nodes else ""
        previous_question = memory.nodes[-1].question if memory.nodes else ""
        question = WeightedQuery.of(text)
        current = WeightedQuery.of(memory.current.name) if memory.current else None
        searches = {  # sums of parts: a long answer is scored once for every search it is in
            "question": _votes(self.corpus.vote_pages(question, SEARCH_DEPTH)),
            "context": _votes(
                self.corpus.vote_pages(question + text_query(cut(previous_answer)), SEARCH_DEPTH)
            ),
            "topic": _votes(
                self.corpus.vote_pages(current + question, SEARCH_DEPTH)
                if current is not None
                else []
            ),
        }
        position = cues.final_position(text)
        at_position = context.at_position(position, None) if position else None
        question_names = [m.name for m in context.mentions(text)]
        last = memory.nodes[-1].turn if memory.nodes else 0
        named_at: dict[str, tuple[str, int]] = {}  # the latest answers' names, and their turn
        for named, name in reversed(context.answer_names):
            if len(named_at) == EARLIER_NAMES:
                break
            canonical = context.canonical(name)
            named_at.setdefault(canonical.casefold(), (canonical, named))
        names: dict[str, str] = {}
        for name in [
            *(t.name for t in context.recent_topics()[:RECENT_TOPICS]),
            *context.previous_names,
            *(name for name, _ in named_at.values()),
            *question_names,
        ]:
            if name.casefold() not in names:
                names[name.casefold()] = context.canonical(name)
        voted = dict.fromkeys(title for votes in searches.values() for title in votes)
        titles = {title: context.titles.spelled(title) for title in voted}  # each spelled once
        question_words = _Words.in_text(text)
        descriptions = cues.descriptions(text)
        previous_question_words = _Words.in_text(previous_question)
        shared = {
            "question_words": question_words,
            "question_set": set(question_words.words) - STOPWORDS,
            "question_words_set": set(question_words.words),
            "previous_names": [n.casefold() for n in context.previous_names],
            "first_topic": memory.topics[0].name.casefold() if memory.topics else None,
            "previous_question": previous_question_words,
            "said": cues.pronouns(text),
            "description_words": [set(words(noun)) for noun in descriptions],
            "answer_age": {key: last - turn for key, (_, turn) in named_at.items()},
            "question_tokens": token_set(text),
            "subject_words": _Words.of(_subject_words(text)),
            "description_tokens": [token_set(noun) for noun in descriptions],
            "kind_words": _kind_words(descriptions),
            "asked": _asked_words(memory),
            "context": [_Words.in_text(previous_answer), previous_question_words],
            "switch": self._switch(SwitchInput.after(memory, text)),
        }
        said = shared["said"]
        question_set = shared["question_words_set"]
        p_stay, p_new, p_return = shared["switch"]
        turn_values = {  # the columns that are the same for every candidate
            "person_pronoun": float(any(p in cues.PERSON_PRONOUNS for p in said)),
            "thing_pronoun": float(any(p in cues.THING_PRONOUNS for p in said)),
            "plural_pronoun": float(any(p in cues.PLURAL_PRONOUNS for p in said)),
            "has_description": float(bool(descriptions)),
            "has_position": float(position is not None),
            "cue_previous": float(bool(question_set & _CUE_PREVIOUS)),
            "cue_back": float(bool(question_set & cues.BACK_WORDS)),
            "question_names": float(len(question_names)),
            "memory_size": float(min(len(memory.nodes), 20)),
            "p_stay": p_stay,
            "p_new": p_new,
            "p_return": p_return,
        }
        return _Reading(
            question=question,
            names=names,
            positioned=tuple(at_position[:1]) if at_position else (),
            searches=searches,
            titles=titles,
            shared=shared,
            position_target=at_position[0].casefold() if at_position else None,
            turn_row={f: turn_values.get(f, 0.0) for f in FEATURES},
            rows={},
        )

    def _switch_probabilities(self, item: SwitchInput) -> tuple[float, float, float]:
        """The switch model's view of one turn (memoised: a searched question is read again
        as a history turn, after the same memory, once its answer is known)."""
        p_stay, p_new, p_return = self.switch.probabilities([item])[0]
        return p_stay, p_new, p_return

    def _sources(self, answer: str) -> dict[str, tuple[float, float]]:
        """Where the user may have read the answer: page (casefolded title) -> (the share of
        the answer's words its best passage holds, 1/rank of that passage) over the passages
        a search with the answer finds first."""
        said = token_set(answer)
        if not said:
            return {}
        sources: dict[str, tuple[float, float]] = {}
        found = self.corpus.search(text_query(cut(answer)), SOURCE_DEPTH).docs
        for rank, doc in enumerate(found, 1):
            held = len(said & self._passage_tokens(int(doc))) / len(said)
            page = self.corpus.title(int(doc)).casefold()
            sources[page] = max(sources.get(page, (0.0, 0.0)), (held, 1.0 / rank))
        return sources

    def _tokens(self, doc: int) -> frozenset[str]:
        """The tokens of passage ``doc`` (memoised: answers are read from the same pages)."""
        return token_set(self.corpus.text(doc))

    def _row(self, context: Context, name: str, reading: _Reading) -> list[float]:
        """A candidate's row but for the columns that read the turn's answer (zero; its
        ``context_fit`` as far as the previous turn's words say)."""
        memory = context.memory
        shared = reading.shared
        topic: Topic | None = memory.topic(name)
        key = name.casefold()
        status = topic.status if topic is not None else None
        since = (memory.nodes[-1].turn - topic.turns[-1]) if topic is not None else 11
        said_as = name_key(name)
        name_words, qualifier_words, named_like_person = _name_facts(name)
        overlap = (
            sum(w in shared["question_set"] for w in name_words) / len(name_words)
            if name_words
            else 0.0
        )
        previous = shared["previous_names"]
        rank = previous.index(key) + 1 if key in previous else 0
        person = topic_is_person(topic) if topic is not None else named_like_person
        thing = topic_is_thing(topic) if topic is not None else not person
        description = 0.0
        if topic is not None:
            for described in shared["description_words"]:
                description = max(description, description_score(topic, described))
        facts = len(shared["question_set"] & fact_words(topic)) if topic is not None else 0
        first = shared["first_topic"] == key
        searches = reading.searches
        votes = {source: found.get(key, (0.0, 0.0)) for source, found in searches.items()}
        page_description, page_overlap = self._page_features(name, shared)
        values = {
            "current": float(status is Status.CURRENT),
            "earlier": float(status is Status.EARLIER),
            "dropped": float(status is Status.DROPPED),
            "new": float(topic is None),
            "since": float(min(since, 11)),
            "turns": float(min(len(topic.turns), 10) if topic is not None else 0),
            "first_topic": float(first),
            "named_in_question": float(shared["question_words"].holds(said_as)),
            "name_overlap": overlap,
            "in_previous_answer": float(rank > 0),
            "previous_answer_rank": float(rank),
            "in_previous_question": float(shared["previous_question"].holds(said_as)),
            "votes_question": votes["question"][0],
            "rank_question": votes["question"][1],
            "votes_context": votes["context"][0],
            "rank_context": votes["context"][1],
            "votes_topic": votes["topic"][0],
            "rank_topic": votes["topic"][1],
            "answer_age": float(min(shared["answer_age"].get(key, 11), 11)),
            "person": float(person),
            "thing": float(thing),
            "description": description,
            "position": float(reading.position_target == key),
            "fact_overlap": float(facts),
            "page_description": page_description,
            "page_overlap": page_overlap,
            "subject": float(shared["subject_words"].holds(said_as)),
            # The switch model's probability of this candidate's move (stay, new, return);
            # the shipped models know it by this name.
            "kind_fit": shared["switch"][
                0 if status is Status.CURRENT else 1 if topic is None else 2
            ],
            "qualifier_fit": float(bool(shared["kind_words"] & qualifier_words)),
            "context_fit": float(
                any(said.near(said_as, shared["kind_words"]) for said in shared["context"])
            ),
            "asked_fit": float(bool(shared["kind_words"] & shared["asked"].get(key, frozenset()))),
            "answer_share": shared["context"][0].share(said_as),
        }
        return list((reading.turn_row | values).values())  # in the order of FEATURES

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


def _referring_words(text: str, name: str, topic: Topic | None) -> str | None:
    """The words of a turn that stand for its topic, for the query to resolve: none when the
    name is said, else a pronoun, a list position or a description as far as the topic fits
    it ("the mission" of "when did the mission launch?")."""
    if _Words.in_text(text).holds(name_key(name)):
        return None
    said = cues.pronouns(text)
    if said:
        return said[0]
    return cues.position_phrase(text) or reference_phrase(topic, text)


class TopicModel:
    """A LightGBM ranker over candidate features, saved as LightGBM's text model."""

    def __init__(self, booster):
        self.booster = booster
        names = list(booster.feature_name())
        if names != list(FEATURES):
            raise ModelError(f"the model was trained on other features: {names[:3]}...")

    @classmethod
    def load(cls, path: Path) -> TopicModel:
        from memrevise.writer.boosting import booster, load_model

        return load_model(path, "topic model", lambda text: cls(booster(text)))

    def save(self, path: Path) -> None:
        Path(path).write_text(self.booster.model_to_string(), encoding="utf-8")

    def scores(self, features: np.ndarray) -> np.ndarray:
        return np.asarray(self.booster.predict(features, num_threads=1))


@dataclass(frozen=True)
class WriterModel:
    """The learned writer's models, saved together in one directory: a topic ranker for
    history turns (their answer known), one for searched turns (no answer yet), the switch
    model, and the correction, meant and named models where the directory has them."""

    answered: TopicModel
    unanswered: TopicModel
    switch: SwitchModel
    correction: CorrectionModel | None = None
    meant: MeantModel | None = None
    named: MeantModel | None = None

    ANSWERED = "topic_model_answered.txt"
    UNANSWERED = "topic_model_unanswered.txt"
    SWITCH = "switch_model.json"
    CORRECTION = "correction_model.json"
    MEANT = "meant_model.json"
    NAMED = "named_model.json"

    @classmethod
    def load(cls, directory: Path) -> WriterModel:
        directory = Path(directory)
        if not directory.is_dir():
            raise ModelError(f"{directory}: no such model directory")
        correction = directory / cls.CORRECTION
        meant, named = directory / cls.MEANT, directory / cls.NAMED
        return cls(
            TopicModel.load(directory / cls.ANSWERED),
            TopicModel.load(directory / cls.UNANSWERED),
            SwitchModel.load(directory / cls.SWITCH),
            CorrectionModel.load(correction) if correction.exists() else None,
            MeantModel.load(meant) if meant.exists() else None,
            MeantModel.load(named) if named.exists() else None,
        )

    def save(self, directory: Path) -> None:
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        self.answered.save(directory / self.ANSWERED)
        self.unanswered.save(directory / self.UNANSWERED)
        self.switch.save(directory / self.SWITCH)
        if self.correction is not None:
            self.correction.save(directory / self.CORRECTION)
        if self.meant is not None:
            self.meant.save(directory / self.MEANT)
        if self.named is not None:
            self.named.save(directory / self.NAMED)

    def ranker(self, turn: Turn) -> TopicModel:
        """The topic ranker for ``turn``."""
        return self.answered if turn.answer is not None else self.unanswered


DEFAULT_MODEL = Path(__file__).with_name("model")


@dataclass
class LearnedChooser:
    """The trained ranker's choice of a turn's topic among the candidates :class:`Features`
    finds (a :class:`~memrevise.writer.context.TopicChooser`); none without candidates."""

    model: WriterModel
    features: Features

    def choose(self, context: Context, text: str, turn: Turn) -> tuple[str, str | None] | None:
        example = self.features.example(context, text, turn)
        if not example.candidates:
            return None
        scores = self.model.ranker(turn).scores(example.features)
        order = [example.candidates[i] for i in np.argsort(-scores, kind="stable")]
        said = cues.pronouns(text)
        if said and not context.mentions(text):  # "he" never brings back a withdrawn topic
            order = [c for c in order if not context.withdrawn(c)] or order
        best = order[0]
        if said and set(said) <= cues.PERSON_PRONOUNS and _is_thing(context, best):
            # "where was he born" after an answer that names the director of the film
            last = context.memory.nodes[-1].turn if context.memory.nodes else None
            named = {n.casefold() for turn, n in context.answer_names if turn == last}
            people = (c for c in order if c.casefold() in named and context.is_person(c))
            best = next(people, best)
        return best, _referring_words(text, best, context.memory.topic(best))


def _is_thing(context: Context, name: str) -> bool:
    """Whether ``name`` is known not to be a person: not named like one, and a topic's kind
    or a title's qualifier says so (a one-word name may be a person's: "Madonna")."""
    if looks_like_person(name):  # "Michael Collins (Irish leader)"
        return False
    topic = context.memory.topic(name)
    kind = topic.kind if topic is not None else ""
    return (bool(kind) and kind not in cues.PERSON_KINDS) or bool(qualifier(name))


class LearnedWriter(RuleWriter):
    """The rule writer composed with a :class:`LearnedChooser`: the trained ranker chooses the
    topic of a turn that does not correct; the correction, meant and named models, where the
    model has them, read corrections, what they mean and which page a named turn means beside
    the rules; everything else follows the rules."""

    def __init__(
        self,
        corpus: Corpus,
        model: WriterModel,
        titles: Sequence[str] = (),
        common: Callable[[str], bool] = lambda _: False,
        pages: Callable[[str], frozenset[str]] | None = None,
        search: Callable[[str], list[str]] | None = None,
        rare: Callable[[str], bool] = lambda _: True,
        names: Callable[[str], Sequence[str]] | None = None,
        openings: Callable[[str], Opening | None] | None = None,
        kin: Callable[[str, cues.Relation], Sequence[str]] | None = None,
        unseen: Callable[[str], bool] = lambda _: False,
        nicknames: Callable[[str], Sequence[str]] | None = None,
    ):
        chooser = LearnedChooser(model, Features(corpus, model.switch))
        # a searched turn is read again once its answer is known: the same input, read once
        corrects = (
            lru_cache(maxsize=CONTEXTS_KEPT)(model.correction.corrects)
            if model.correction is not None
            else None
        )
        super().__init__(
            titles,
            common,
            pages,
            chooser,
            search,
            rare,
            names,
            openings,
            kin,
            unseen,
            nicknames,
            corrects,
            model.meant,
            model.named,
        )
        self._contexts = lru_cache(maxsize=CONTEXTS_KEPT)(super().context)

    def context(self, memory: Memory) -> Context:
        """The rule writer's context, memoised by memory: a searched turn is written again
        after the same memory once its answer is known, and the chooser's reading of the
        turn is kept with the context."""
        return self._contexts(memory)

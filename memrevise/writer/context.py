"""What a writer knows before it decides a turn (:class:`Context`), how it reads names and
descriptions against it, and the protocol of a part that chooses a turn's topic."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

from memrevise.language import cues
from memrevise.language.entities import STOPWORDS, Mention, NameTable, mentions
from memrevise.language.kinds import looks_like_person
from memrevise.memory import Memory, Status, Topic
from memrevise.text import qualifier, same_name, strip_qualifier
from memrevise.writer.base import Turn


@lru_cache(maxsize=16_384)
def topic_is_person(topic: Topic) -> bool:
    """Memoised: the writer asks about every topic of the memory at every turn."""
    return looks_like_person(topic.name, topic.kind, topic.facts)


def topic_is_thing(topic: Topic) -> bool:
    """Known not to be a person: a kind that is not a person's, or a name with a number or a
    qualifier, or one word."""
    if topic.kind:
        return topic.kind not in cues.PERSON_KINDS
    return (
        bool(qualifier(topic.name))
        or any(c.isdigit() for c in topic.name)
        or (len(strip_qualifier(topic.name).split()) == 1)
    )


@dataclass(eq=False)
class Context:
    """What a writer knows before it decides a turn: the memory, the names of its topics and
    of the latest answers, and the collection's page titles (``titles``).

    Contexts are compared by identity; a context's names found in a text and canonical
    spellings are memoised (a turn reads its question several times, and once more with its
    answer).
    """

    memory: Memory
    current: Topic | None
    topics: NameTable
    answer_names: list[tuple[int, str]]  # (turn, name) for names in stored facts, in order
    answer_lists: list[tuple[int, list[str]]]  # (turn, names) for lists in stored facts
    previous_names: list[str]  # names in the previous turn's answer
    titles: NameTable = field(default_factory=NameTable)  # the collection's page titles
    _canonical: dict[str, str] = field(default_factory=dict, init=False, repr=False)
    _mentions: dict[str, tuple[Mention, ...]] = field(default_factory=dict, init=False, repr=False)

    def recent_topics(self) -> list[Topic]:
        """Topics, the most recently discussed first."""
        return sorted(self.memory.topics, key=lambda t: t.turns[-1], reverse=True)

    def first_turn_naming(self, name: str) -> int | None:
        return next((t for t, n in self.answer_names if n.casefold() == name.casefold()), None)

    def canonical(self, name: str) -> str:
        """A found name as the memory or the collection spells it; a qualified name
        ("Avatar (2004 film)") only matches that very page."""
        spelled = self._canonical.get(name)
        if spelled is None:
            spelled = self._canonical[name] = self._spelled(name)
        return spelled

    def _spelled(self, name: str) -> str:
        known = self.memory.topic(name)
        if known is not None:
            return known.name
        titles = self.titles.named(name)
        if qualifier(name):
            exact = [t for t in titles if t.casefold() == name.casefold()]
            return exact[0] if exact else name
        for found in self.topics.find(name):
            if found.end - found.start >= len(name) - 1:
                return found.name
        if titles:
            plain = [t for t in titles if not qualifier(t)]
            return (plain or titles)[0]
        return name

    def mentions(self, text: str) -> list[Mention]:
        """Names in ``text`` (memory topics first, then page titles, then capitalised spans),
        spelled as the memory or the collection spells them."""
        found = self._mentions.get(text)
        if found is None:
            found = tuple(
                Mention(self.canonical(m.name), m.start, m.end)
                for m in mentions(text, self.topics, self.titles)
            )
            self._mentions[text] = found
        return list(found)

    def names(self, text: str) -> list[str]:
        """The names of :meth:`mentions`, each once."""
        return list(dict.fromkeys(m.name for m in self.mentions(text)))

    def at_position(
        self, position: cues.Position, rejected: str | None
    ) -> tuple[str, str, set[int]] | None:
        """The member of the most relevant earlier list at ``position``."""
        # The latest turn first; within a turn, its short lists before the list of every name.
        candidates = sorted(self.answer_lists, key=lambda item: -item[0])
        # then every answer's names in order ("the songwriter paul simon and the singer art
        # garfunkel, who met at school": "the second guy you named")
        # of the kind meant: people for "the second guy", else of the rejected topic's kind
        people = position.noun in cues.PERSON_NOUNS - {"one"}
        alike = people or (self.is_person(rejected) if rejected is not None else None)
        named: dict[int, list[str]] = {}
        for turn, name in self.answer_names:
            if not self.is_known(name):  # "the Theater am Kärntnertor": no page, no topic
                continue
            if alike is not None and self.is_person(name) == alike:
                named.setdefault(turn, []).append(name)
        candidates += [(t, n) for t, n in sorted(named.items(), reverse=True) if len(n) > 1]
        if rejected is not None:
            holding = [c for c in candidates if any(same_name(n, rejected) for n in c[1])]
            candidates = holding + [c for c in candidates if c not in holding]
        if not candidates:
            topics = [t.name for t in self.memory.topics]
            if len(topics) < 2:
                return None
            candidates = [(self.memory.topics[0].turns[0], topics)]
        for turn, names in candidates:
            if people:
                names = [n for n in names if self.is_person(n)]
            index = position.within(len(names))
            if index is None:
                continue
            name = self.canonical(names[index])
            # A place in a pair may mean the topic the memory took the answer to be about
            # ("there are two: a and b" ... "the last one you listed").
            if rejected is None or name.casefold() != rejected.casefold() or len(names) == 2:
                return name, "", {turn}
        return None

    def is_known(self, name: str) -> bool:
        """Whether ``name`` is a topic of the memory or a page of the collection."""
        spelled = self.canonical(name)
        return self.memory.topic(spelled) is not None or bool(self.titles.named(spelled))

    def discussed_at(self, position: cues.Position) -> Topic | None:
        """The topic at ``position`` among the memory's topics in the order first discussed,
        counting only people or only other things where the noun says which ("the second
        person we talked about", "the film we discussed third")."""
        order = list(self.memory.topics)  # in order of first mention
        if position.noun and position.noun != "one":
            people = position.noun in cues.PERSON_NOUNS
            order = [t for t in order if topic_is_person(t) == people]
        index = position.within(len(order))
        return order[index] if index is not None else None

    def of_noun(self, names: list[str], noun: str) -> list[str]:
        """The names a noun can mean: the people for a person's noun, else those of its kind
        ("film": a topic's kind or a name's qualifier)."""
        if noun in cues.PERSON_NOUNS:
            return [n for n in names if self.is_person(n)]
        return [n for n in names if noun in (self.kind_of(n), *cues.words_of(qualifier(n)))]

    def kind_of(self, name: str) -> str:
        topic = self.memory.topic(name)
        return topic.kind if topic is not None else ""

    def is_person(self, name: str) -> bool:
        """Whether ``name``, a topic of the memory or not, is a person."""
        topic = self.memory.topic(name)
        return topic_is_person(topic) if topic is not None else looks_like_person(name)

    def withdrawn(self, name: str) -> bool:
        """Whether ``name`` is a topic the user withdrew (dropped in the memory)."""
        topic = self.memory.topic(name)
        return topic is not None and topic.status is Status.DROPPED


class TopicChooser(Protocol):
    """Chooses the topic of a turn that does not correct, and the words that referred to it;
    None leaves the choice to the rules."""

    def choose(self, context: Context, text: str, turn: Turn) -> tuple[str, str | None] | None: ...


@lru_cache(maxsize=16_384)
def fact_words(topic: Topic) -> frozenset[str]:
    """The words of a topic's facts but stopwords (memoised, as :func:`topic_is_person`)."""
    return frozenset({w for fact in topic.facts for w in cues.words_of(fact)} - STOPWORDS)


def description_score(topic: Topic, wanted: set[str]) -> float:
    """How well described words fit a topic: its kind, qualifier and name count most."""
    if not wanted:
        return 0.0
    score = 0.0
    if topic.kind and topic.kind in wanted:
        score += 2.0
    if wanted & set(cues.words_of(qualifier(topic.name))):
        score += 2.0
    if wanted & set(cues.words_of(strip_qualifier(topic.name))):
        score += 1.5
    if wanted & cues.PERSON_NOUNS and topic_is_person(topic):
        score += 1.0
    score += 0.5 * len(wanted & fact_words(topic))
    return score


def reference_phrase(topic: Topic | None, question: str) -> str | None:
    """The words of an earlier question that described ``topic`` ("the mission")."""
    if topic is None:
        return None
    if cues.final_position(question) is not None:
        return cues.position_phrase(question)
    for noun in cues.descriptions(question):
        words = cues.words_of(noun)
        for length in range(1, len(words) + 1):
            if description_score(topic, set(words[:length]) - STOPWORDS) >= 1.0:
                return phrase_of(question, " ".join(words[:length]))
    return None


def phrase_of(text: str, noun: str) -> str:
    match = re.search(r"\b(?:the|that|this|those|these)\s+" + re.escape(noun), text, re.IGNORECASE)
    return match.group() if match else noun

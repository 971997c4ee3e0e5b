"""The six tiers of ConvRevise, built from labelled conversations (paper §3 and appendix).

Every builder returns benchmark items whose final question targets a known topic; gold
passages answer it for that topic and stale passages belong to the context no longer wanted.
Each item carries the oracle target memory of all its turns (field ``oracle``).
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from memrevise.bench.collection import passage_id
from memrevise.bench.conversation import Conversation, SourceTurn
from memrevise.bench.items import HistoryTurn, Item
from memrevise.bench.oracle import Oracle, resolve
from memrevise.bench.revisions import (
    BACK,
    FORWARD,
    KEPT,
    LISTING_SHARE,
    NEW_QUESTION_SHARE,
    ONWARD,
    QUESTION_JOINS,
    Scene,
    add_noise,
    correction,
    listing_answer,
    self_repair,
    value_revision,
)
from memrevise.language.kinds import infer_kind, looks_like_person
from memrevise.text import qualifier, rename, strip_qualifier, words

_SECTION_KINDS = {
    "person": {"early life", "personal life", "career", "biography", "death", "education",
               "early years", "family", "later life", "legacy", "political career"},
    "film": {"plot", "cast", "filming", "box office", "casting", "premise", "synopsis"},
    "place": {"climate", "geography", "demographics", "economy", "transport", "population"},
    "band": {"discography", "band members", "members", "tours", "concert tours"},
    "company": {"products", "subsidiaries", "corporate affairs", "headquarters"},
}  # fmt: skip
_NUMBER = re.compile(r"\b(?:\d+s?|[IVX]+)\b")


def name_said(text: str, name: str) -> bool:
    """Whether ``text`` names ``name``: any of its distinctive words (4+ letters) occurs."""
    said = set(words(text))
    return any(len(w) > 3 and w in said for w in words(strip_qualifier(name)))


@dataclass
class Corpus:
    """What the builder knows of the pages: sections, answers per section and kinds."""

    sections: dict[str, list[str]] = field(default_factory=dict)
    answers: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, conversations: Iterable[Conversation]) -> Corpus:
        corpus = cls()
        for conversation in conversations:
            for turn in conversation.turns:
                if turn.topic is None or turn.section is None:
                    continue
                sections = corpus.sections.setdefault(turn.topic, [])
                if turn.section not in sections:
                    sections.append(turn.section)
                answers = corpus.answers.setdefault((turn.topic, turn.section), [])
                if turn.answer and turn.answer not in answers:
                    answers.append(turn.answer)
        corpus.kinds = {topic: corpus._kind(topic) for topic in corpus.sections}
        return corpus

    def _kind(self, topic: str) -> str:
        """The qualifier's last word, else a kind told by the page's sections or answers; a
        person only when the name looks like one and the answers say "he", "she" or "born"."""
        named = [w for w in qualifier(topic).casefold().split() if w.isalpha()]
        if named:
            return named[-1]
        votes = Counter(
            kind
            for section in self.sections[topic]
            for kind, names in _SECTION_KINDS.items()
            if section.casefold() in names
        )
        if votes:
            return votes.most_common(1)[0][0]
        texts = [a for s in self.sections[topic] for a in self.answers.get((topic, s), [])]
        kind = infer_kind(topic, texts)
        if kind:
            return kind
        return "person" if looks_like_person(topic) and looks_like_person("", "", texts) else ""

    def has(self, topic: str, section: str) -> bool:
        return section in self.sections.get(topic, ())

    def answer(self, topic: str, section: str, rng: random.Random) -> str:
        answers = self.answers.get((topic, section)) or [section]
        return rng.choice(answers)


def _pronouns(kind: str) -> tuple[str, str]:
    """Subject and possessive pronoun for a topic of ``kind`` ("they"/"their" for people)."""
    return ("they", "their") if kind == "person" else ("it", "its")


def ask(section: str, kind: str, name: str, rng: random.Random) -> tuple[str, str]:
    """A question about ``section`` that fits any topic of ``kind``, and its resolved form."""
    subject, possessive = _pronouns(kind)
    if section.casefold() == "introduction":
        options = [
            (f"what {'are' if kind == 'person' else 'is'} {subject} known for?",
             f"what is {name} known for?"),
            (f"can you tell me more about {'them' if kind == 'person' else 'it'}?",
             f"can you tell me more about {name}?"),
            (f"what should i know about {'them' if kind == 'person' else 'it'}?",
             f"what should i know about {name}?"),
        ]  # fmt: skip
    else:
        s = section.casefold()
        options = [
            (f"what about {possessive} {s}?", f"what about the {s} of {name}?"),
            (f"tell me about {possessive} {s}.", f"tell me about the {s} of {name}."),
            (f"what do you know about {possessive} {s}?", f"what do you know about {name}'s {s}?"),
        ]
    return rng.choice(options)


def _history(turns: Sequence[SourceTurn]) -> tuple[HistoryTurn, ...]:
    return tuple(HistoryTurn(question=t.question, answer=t.answer) for t in turns)


@dataclass
class Builder:
    """Builds items of every tier from labelled conversations, deterministically from a seed."""

    corpus: Corpus
    seed: int = 0

    def rng(self, *key: object) -> random.Random:
        """A random generator of its own for each item, so items do not depend on order."""
        return random.Random(f"{self.seed}:" + ":".join(map(str, key)))

    # -- shared steps ------------------------------------------------------------------------

    def replay(self, turns: Sequence[SourceTurn]) -> Oracle:
        """The oracle after the source turns; an unlabelled turn stays on the current topic
        (before any topic, on the first labelled one)."""
        oracle = Oracle(self.corpus.kinds)
        first = next((t.topic for t in turns if t.topic), None)
        for turn in turns:
            topic = turn.topic or oracle.current or first
            if topic is not None:
                oracle.turn(turn.question, turn.answer, topic)
        return oracle

    def item(
        self,
        conversation: Conversation,
        qid: str,
        tier: str | None,
        history: Sequence[HistoryTurn],
        question: str,
        target: str,
        gold: Iterable[str],
        stale: Iterable[str],
        oracle: Oracle,
        variant: dict[str, str] | None = None,
    ) -> Item:
        """An item; ``variant`` records how a built revision was composed (optional field)."""
        return Item.model_validate(
            {
                "qid": qid,
                "conversation_id": conversation.id,
                "dataset": conversation.dataset,
                "tier": tier,
                "history": [h.model_dump() for h in history],
                "question": question,
                "gold": sorted(set(gold)),
                "stale": sorted(set(stale) - set(gold)),
                "topic": target,
                "oracle": oracle.targets(),
                **({"variant": variant} if variant else {}),
            }
        )

    # -- natural returns ---------------------------------------------------------------------

    def natural_returns(self, conversation: Conversation) -> list[Item]:
        """Turns that resume an earlier topic without naming it: Return-1 when one other topic
        came between, Return-2+ when two or more did."""
        items = []
        turns = conversation.turns
        for t in range(1, len(turns)):
            turn = turns[t]
            labelled = [(i, x.topic) for i, x in enumerate(turns[:t]) if x.topic]
            if not (turn.topic and turn.answer and turn.section and labelled):
                continue
            last_index, previous = labelled[-1]
            earlier = [i for i, topic in labelled if topic == turn.topic]
            if previous == turn.topic or not earlier or name_said(turn.question, turn.topic):
                continue
            between = {topic for i, topic in labelled if i > earlier[-1]} - {turn.topic}
            tier = "return-1" if len(between) == 1 else "return-2+"
            oracle = self.replay(turns[:t])
            oracle.turn(turn.question, None, turn.topic, query=resolve(turn.question, turn.topic))
            left = turns[last_index]
            stale = [passage_id(previous, left.section)] if left.section else []
            items.append(
                self.item(
                    conversation,
                    f"{conversation.id}-{t + 1}-ret",
                    tier,
                    _history(turns[:t]),
                    turn.question,
                    turn.topic,
                    [passage_id(turn.topic, turn.section)],
                    stale,
                    oracle,
                )
            )
        return items

    # -- built revisions ---------------------------------------------------------------------

    def pairs(self, conversation: Conversation) -> list[tuple[str, str, str]]:
        """Pairs of topics of one kind in a conversation with a section both pages have."""
        topics = list(dict.fromkeys(t.topic for t in conversation.turns if t.topic))
        found = []
        for i, first in enumerate(topics):
            for second in topics[i + 1 :]:
                kind = self.corpus.kinds.get(first, "")
                if not kind or kind != self.corpus.kinds.get(second) or first == second:
                    continue
                shared = [s for s in self.corpus.sections[first] if self.corpus.has(second, s)]
                if shared:
                    found.append((first, second, sorted(shared, key=_introduction_last)[0]))
        return found

    def built_revisions(self, conversation: Conversation) -> list[Item]:
        """For up to two pairs of topics of one kind: a question that fits both, answered for
        one, then a correction, a self-repair, and a correction and a follow-up, each built
        toward both topics of the pair."""
        pairs = self.pairs(conversation)
        rng = self.rng(conversation.id, "revision")
        items: dict[str, Item] = {}
        for first, second, section in rng.sample(pairs, min(len(pairs), 2)):
            turns = conversation.turns
            cut = 1 + max(i for i, t in enumerate(turns) if t.topic in {first, second})
            for tier in ("correction", "self-repair", "follow-up"):
                for intended, other in ((first, second), (second, first)):
                    item = self._revision(conversation, turns[:cut], intended, other, section, tier)
                    if item is not None:
                        items.setdefault(item.qid, item)
        return list(items.values())

    def scene(
        self,
        turns: Sequence[SourceTurn],
        intended: str,
        other: str,
        listed: tuple[str, str] | None = None,
    ) -> Scene:
        """What the conversation up to ``turns`` offers for pointing to ``intended``."""
        earlier: dict[str, list[str]] = defaultdict(list)
        for turn in turns:
            if turn.topic and turn.answer:
                earlier[turn.topic].append(turn.answer)
        pages = {
            topic: [
                a
                for s in self.corpus.sections.get(topic, ())
                for a in self.corpus.answers.get((topic, s), ())
            ]
            for topic in (intended, other)
        }
        order = list(dict.fromkeys(t.topic for t in turns if t.topic))
        return Scene(intended, other, self.corpus.kinds, pages, dict(earlier), order, listed)

    def _revision(
        self,
        conversation: Conversation,
        turns: Sequence[SourceTurn],
        intended: str,
        other: str,
        section: str,
        tier: str,
    ) -> Item | None:
        """One built revision toward ``intended`` rather than ``other`` (see the tiers)."""
        rng = self.rng(conversation.id, intended, other, tier)
        kind = self.corpus.kinds[intended]
        shape, target, answered, said = None, intended, other, other
        if tier == "self-repair":
            thirds = [
                t for t in dict.fromkeys(t.topic for t in turns if t.topic)
                if t not in {intended, other} and self.corpus.kinds.get(t) == kind
                and self.corpus.has(t, section)
            ]  # fmt: skip
            shape = rng.choice([FORWARD, FORWARD, BACK, KEPT] + [ONWARD] * bool(thirds))
            if shape == KEPT:
                answered = intended
            elif shape == ONWARD:
                target, said = rng.choice(thirds), intended
        question, resolved = ask(section, kind, target, rng)
        oracle = self.replay(turns)
        answer = self.corpus.answer(answered, section, rng)
        listed = None
        if rng.random() < LISTING_SHARE:
            listed = tuple(rng.sample([intended, other], 2))
            answer = listing_answer(listed, answered, answer, rng)
        oracle.turn(question, answer, answered)
        history = [*_history(turns), HistoryTurn(question=question, answer=answer)]
        contrast = other if shape == KEPT else answered
        scene = self.scene(turns, target, contrast, listed)
        revision = self_repair(scene, shape, said, rng) if shape else correction(scene, rng)
        stale_topics = {answered, said} - {target}
        sections = [section]
        text = revision.text
        others = [s for s in self.corpus.sections[target] if s != section]
        new_question = tier != "follow-up" and bool(others) and rng.random() < NEW_QUESTION_SHARE
        if new_question:
            asked = rng.choice(others)
            question, resolved = ask(asked, kind, target, rng)
            text = revision.text.rstrip(".") + rng.choice(QUESTION_JOINS) + question
            sections = [asked, section]
        text, noise = add_noise(text, revision.said, rng)
        asks = "follow-up" if tier == "follow-up" else "new" if new_question else "carried"
        variant = {**revision.variant, "question": asks, "noise": noise}
        if tier == "follow-up":
            if not others:
                return None
            reply = self.corpus.answer(target, section, rng)
            oracle.correction(text, reply, answered, target)
            history.append(HistoryTurn(question=text, answer=reply))
            asked = rng.choice(others)
            text, resolved = ask(asked, kind, target, rng)
            text = "and " + text if rng.random() < 0.5 else text
            oracle.turn(text, None, target, query=resolved)
            sections = [asked, section]
        elif target == answered:
            oracle.turn(text, None, target, query=resolved)
        else:
            oracle.correction(text, None, answered, target, query=resolved)
        gold = [passage_id(target, sections[0])]
        stale = [
            passage_id(topic, s)
            for topic in sorted(stale_topics)
            for s in sections
            if self.corpus.has(topic, s)
        ]
        suffix = f"-{shape}" if shape else ""
        return self.item(
            conversation,
            f"{conversation.id}-{len(turns) + 1}-{tier}-{_slug(target)}-not-{_slug(other)}{suffix}",
            tier,
            history,
            text,
            target,
            gold,
            stale,
            oracle,
            variant,
        )

    # -- spliced conversations ---------------------------------------------------------------

    def spliced(self, conversation: Conversation, others: Sequence[Conversation]) -> list[Item]:
        """An opening about topic E, digressions about two topics of other conversations, and a
        return to E (Return-2+) or to the first digression (Return-1) by description."""
        rng = self.rng(conversation.id, "spliced")
        opening = _opening(conversation.turns, 3)
        if not opening or len(others) < 2:
            return []
        first, second = rng.sample(list(others), 2)
        digressions = [_opening(first.turns, 2), _opening(second.turns, 2)]
        topics = [opening[0].topic, *(d[0].topic for d in digressions if d)]
        if len(set(topics)) != 3:
            return []
        target_index = rng.choice([0, 1])
        target = topics[target_index]
        seen = {t.section for t in opening + digressions[0] + digressions[1] if t.topic == target}
        unseen = [s for s in self.corpus.sections[target] if s not in seen]
        if not unseen:
            return []
        section = rng.choice(unseen)
        kind = self.corpus.kinds.get(target, "")
        question, resolved = ask(section, kind, target, rng)
        where = ["the first", "the previous"][target_index]
        noun = kind or "topic"
        lead = rng.choice(
            [f"going back to {where} {noun}, ", f"back to {where} {noun} we discussed: ",
             f"about {where} {noun} again, "]
        )  # fmt: skip
        final = lead + question
        turns = [*opening, *digressions[0], *digressions[1]]
        oracle = self.replay(turns)
        oracle.turn(final, None, target, query=resolved)
        stale = [
            passage_id(t.topic, t.section)
            for t in turns
            if t.topic and t.section and t.topic != target
        ]
        return [
            self.item(
                conversation,
                f"{conversation.id}-spliced-{_slug(target)}",
                "return-2+" if target_index == 0 else "return-1",
                _history(turns),
                final,
                target,
                [passage_id(target, section)],
                stale,
                oracle,
            )
        ]

    # -- written returns ---------------------------------------------------------------------

    def written_returns(self, conversation: Conversation) -> list[Item]:
        """A final turn that returns to a middle topic of a conversation with four or more
        topics, describing it by its kind."""
        turns = conversation.turns
        topics = list(dict.fromkeys(t.topic for t in turns if t.topic))
        if len(topics) < 4:
            return []
        rng = self.rng(conversation.id, "written")
        kinds = Counter(self.corpus.kinds.get(t, "") for t in topics)
        middle = [
            t for t in topics[1:-2] if self.corpus.kinds.get(t) and kinds[self.corpus.kinds[t]] == 1
        ]
        candidates = []
        for topic in middle:
            last = max(i for i, t in enumerate(turns) if t.topic == topic)
            after = {t.topic for t in turns[last + 1 :] if t.topic} - {topic}
            seen = {t.section for t in turns if t.topic == topic}
            unseen = [s for s in self.corpus.sections[topic] if s not in seen]
            if len(after) >= 2 and unseen:
                candidates.append((topic, unseen))
        if not candidates:
            return []
        target, unseen = rng.choice(candidates)
        section = rng.choice(unseen)
        kind = self.corpus.kinds[target]
        question, resolved = ask(section, kind, target, rng)
        lead = rng.choice(
            [f"going back to the {kind} you mentioned earlier, ",
             f"about that {kind} from before: ", f"back to the {kind} - "]
        )  # fmt: skip
        final = lead + question
        oracle = self.replay(turns)
        oracle.turn(final, None, target, query=resolved)
        last = next(t for t in reversed(turns) if t.topic)
        stale = [passage_id(last.topic, last.section)] if last.section else []
        return [
            self.item(
                conversation,
                f"{conversation.id}-{len(turns) + 1}-written-{_slug(target)}",
                "return-2+",
                _history(turns),
                final,
                target,
                [passage_id(target, section)],
                stale,
                oracle,
            )
        ]

    # -- value revisions ---------------------------------------------------------------------

    def value_revisions(
        self, conversation: Conversation, siblings: dict[str, list[str]]
    ) -> list[Item]:
        """After a turn about a page with a sibling whose title differs by a number, a short
        switch to the sibling ("sorry, i meant 2, not 1")."""
        turns = conversation.turns
        items = []
        done = set()
        for t in reversed(range(len(turns))):
            turn = turns[t]
            if not (turn.topic and turn.section) or turn.topic in done:
                continue
            options = [s for s in siblings.get(turn.topic, ()) if self.corpus.has(s, turn.section)]
            if not options:
                continue
            done.add(turn.topic)
            rng = self.rng(conversation.id, turn.topic, "value")
            sibling = rng.choice(options)
            new, old = number_change(turn.topic, sibling)
            revision = value_revision(old, new, rng)
            resolved = resolve(turn.question, turn.topic)
            query = rename(resolved, turn.topic, sibling, pattern="{}") or f"{resolved} {sibling}"
            text, sections = revision.text, [turn.section]
            others = [s for s in self.corpus.sections[sibling] if s != turn.section]
            new_question = bool(others) and rng.random() < NEW_QUESTION_SHARE
            if new_question:
                sections.insert(0, rng.choice(others))
                kind = self.corpus.kinds.get(sibling, "")
                question, query = ask(sections[0], kind, sibling, rng)
                text += rng.choice(QUESTION_JOINS) + question
            text, noise = add_noise(text, revision.said, rng)
            variant = {**revision.variant, "question": "new" if new_question else "carried"}
            oracle = self.replay(turns[: t + 1])
            oracle.correction(text, None, turn.topic, sibling, revise=True, query=query)
            items.append(
                self.item(
                    conversation,
                    f"{conversation.id}-{t + 2}-value-{_slug(sibling)}",
                    "value-revision",
                    _history(turns[: t + 1]),
                    text,
                    sibling,
                    [passage_id(sibling, sections[0])],
                    [passage_id(turn.topic, s) for s in sections if self.corpus.has(turn.topic, s)],
                    oracle,
                    {**variant, "noise": noise},
                )
            )
        return items


def number_siblings(topics: Iterable[str]) -> dict[str, list[str]]:
    """Pages whose titles differ only by one number, decade or Roman numeral."""
    groups: dict[str, list[str]] = defaultdict(list)
    for topic in topics:
        if _NUMBER.search(topic):
            groups[_NUMBER.sub("#", topic)].append(topic)
    return {
        topic: sorted(t for t in group if t != topic and number_change(topic, t) is not None)
        for group in groups.values()
        if len(group) > 1
        for topic in group
    }


def number_change(old: str, new: str) -> tuple[str, str] | None:
    """The (new, old) numbers when two titles differ in exactly one of them."""
    a, b = _NUMBER.findall(old), _NUMBER.findall(new)
    if len(a) != len(b):
        return None
    changed = [(y, x) for x, y in zip(a, b, strict=True) if x != y]
    return changed[0] if len(changed) == 1 else None


def _opening(turns: Sequence[SourceTurn], limit: int) -> list[SourceTurn]:
    """The first labelled turns of a conversation while they stay on its first topic."""
    labelled = [t for t in turns if t.topic and t.section and t.answer]
    if not labelled:
        return []
    topic = labelled[0].topic
    opening = []
    for turn in labelled[:limit]:
        if turn.topic != topic:
            break
        opening.append(turn)
    return opening


def _introduction_last(section: str) -> tuple[bool, str]:
    return section.casefold() == "introduction", section


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:40]

"""The deterministic CPU writer: cue rules over the memory, the previous answer and page titles.

It needs no model and no network. Given the memory so far it decides, for one turn, which
topic the turn is about and what it did to the topics (Add, Refine, Revise, Abandon,
Reactivate), stores the answer's sentences as facts and, at the final turn, writes a query in
which pronouns, descriptions and list positions are replaced by the topic's name; for a turn
that only corrects, the open question is carried forward and applied to the intended topic.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

from jellyfish import damerau_levenshtein_distance

from memrevise.language import cues
from memrevise.language.entities import (
    ARTICLES,
    FUNCTION_WORDS,
    STOPWORDS,
    Mention,
    NameTable,
    acronyms_of,
    after_article,
    after_noun_phrase,
    capitalised,
    careless_case,
    folded,
    initials,
    lists,
    mentions,
    name_key,
    plain_lists,
    word_spans,
)
from memrevise.language.kinds import PARTICLES, facts_of, infer_kind, looks_like_person
from memrevise.memory import (
    Memory,
    Node,
    Op,
    Operation,
    Topic,
    WriterOutput,
    corrected_to,
    operation_for,
)
from memrevise.numbers import CENTURY, FIRST_YEAR, renamed
from memrevise.numbers import Mention as NumberMention
from memrevise.numbers import mentions as number_mentions
from memrevise.retrieval import tokenize
from memrevise.text import ANSWER_CUT, POSSESSIVES, qualifier, rename, same_name, strip_qualifier
from memrevise.writer.base import Turn
from memrevise.writer.context import (
    Context,
    TopicChooser,
    description_score,
    fact_words,
    phrase_of,
    reference_phrase,
    topic_is_person,
    topic_is_thing,
)
from memrevise.writer.meant import (
    FEATURES,
    MEANT_MARGIN,
    MEANT_READ,
    NAMED_MARGIN,
    NOT_FOUND,
    Candidate,
)
from memrevise.writer.pages import Opening, is_kind, same_kind, similarity, year_of
from memrevise.writer.query import (
    GENERIC_HEADS,
    as_name,
    display_name,
    names_subject,
    possessive_use,
    replace_phrase,
    write_query,
)
from memrevise.writer.siblings import (
    COUNT_PATTERN,
    Siblings,
    count_of,
    counted_step,
    said_values,
    says_step,
)
from memrevise.writer.switch import SwitchInput

_WH = frozenset("what who whom whose which when where why how".split())
_OPENERS = frozenset("and so ok okay oh also then but well now hm hmm btw".split())
_SHORT_TURN = 8  # words: a longer turn changes a value only with a correction cue
_MEANT_SOURCES = (  # where a candidate of the meant model was found (its features)
    "namesake",
    "family",
    "shares_word",
    "surname",
    "topic",
    "answered",
    "asked",
    "said",
    "searched",
)
_TWO_DIGITS = re.compile(r"\d\d")  # "the 67 cartoon": 1967 or 2067
_CENTURIES = ("19", "20")
_NAMED_LENGTH = 4  # a word of a page's name this long, typed, names it
EARLIER_NAMES = 8  # names from the latest answers a described correction may mean
ANSWER_HORIZON = 30  # the latest turns whose answers' names, lists and kinds can be referred to
RECENT_TOPICS = 10  # the most recently discussed topics a correction or a return may mean
CORRECTION_SURE = 0.8  # the correction model's chance from which a turn corrects
_STATED_KIND = 2.0  # what a description's kind word adds where a page opens as that kind
_MISSPELT = 0.85  # how alike a typed name and a name in play must be to be the same
_NAME_PART_WORDS = 3  # words of a name said without the common noun its title ends in
_QUALIFIER_REACH = 3  # words after a name in which a word of its page's qualifier picks it
_MISSPELT_LETTERS = 5  # letters a word needs to be read as a misspelt name on its own
_INITIALS_TYPED = 4  # letters of a title's initials typed as a word ("tlou"), at least


class _NamedAfter(NamedTuple):
    """A page a question asks of as named after the current person: the topic and the noun
    that said it, and the question with its pronoun for the person written as the name."""

    chosen: tuple[str, str]
    question: str


@dataclass
class _Decision:
    """The writer's choice for one turn, before it becomes a node."""

    topic: str
    operations: list[Operation]
    question: str  # the request to resolve into the query
    depends: set[int] = field(default_factory=set)
    contradicts: list[str] = field(default_factory=list)
    phrase: str | None = None  # the words that referred to the topic, replaced in the query
    rejected: str | None = None
    stepped: bool = False  # from the person to the relative a turn asks by relation alone


class RuleWriter:
    """A writer made of cue rules. ``titles`` (a collection's page titles) ground new names,
    ``common`` (a word's frequency in the corpus) keeps common words from passing as names,
    ``rare`` (a stricter test) says which lower-case word may switch the topic on its own,
    ``search`` finds the pages a description fits,
    ``pages`` (a page's words) tells which earlier topic a correction means, ``names`` (the
    pages that write some words as a name) finds names typed in lower case that are no title
    ("cn tower"), ``unseen`` (a word the corpus never has) lets a word be read as a misspelt
    name, ``chooser``, when given, chooses the topic of a turn that does not correct
    before the rules do, and ``corrects`` (a trained model's chance that a turn corrects the
    last answer) reads as corrections the turns no rule reads as one, and ``meant`` (a
    trained model's chance that a candidate is the page a correction means) chooses among
    the pages in play where it is surer than of the rules' choice, as ``named`` (one trained
    on follow-ups) does for a turn that names something and does not correct."""

    def __init__(
        self,
        titles: Iterable[str] = (),
        common: Callable[[str], bool] = lambda _: False,
        pages: Callable[[str], frozenset[str]] | None = None,
        chooser: TopicChooser | None = None,
        search: Callable[[str], list[str]] | None = None,
        rare: Callable[[str], bool] = lambda _: True,
        names: Callable[[str], Sequence[str]] | None = None,
        openings: Callable[[str], Opening | None] | None = None,
        kin: Callable[[str, cues.Relation], Sequence[str]] | None = None,
        unseen: Callable[[str], bool] = lambda _: False,
        nicknames: Callable[[str], Sequence[str]] | None = None,
        corrects: Callable[[SwitchInput], float] | None = None,
        meant: Callable[[Sequence[Candidate]], Sequence[float]] | None = None,
        named: Callable[[Sequence[Candidate]], Sequence[float]] | None = None,
    ):
        titles = list(titles)
        self.corrects = corrects
        self.meant = meant
        self.named = named
        self.nicknames = nicknames
        self.rare = rare
        self.unseen = unseen
        self.corpus_names = names
        self.titles = NameTable(
            titles,
            common,
            short_forms=True,
            unmarked_possessives=True,
            proper=(lambda word: bool(names(word))) if names is not None else None,
        )
        self.surnames = NameTable(common=common, unmarked_possessives=True)  # never "may"
        people = people_named(titles, _opens_as_person(openings))
        for title, surname in unique_surnames(people):
            if not common(surname[-1]):  # "rossum", and "van rossum" as typed whole
                self.surnames.add(title, key=surname)
        self.first_names = NameTable(common=common, unmarked_possessives=True)
        for title, first in unique_first_names(people, titles):
            if not common(first[0]):  # "marco" for Marco Pierre White, never "john"
                self.first_names.add(title, key=first)
        self.same_surname = surname_families(people)  # "bronte": Anne, Charlotte, Emily Brontë
        self._titles = titles  # read again only for the plurals titles end in
        self.kin = kin  # "his older brother": the relatives the collection names
        self.search = search
        self.siblings = Siblings(titles, openings)  # numbered families, and series by year
        self.openings = openings
        self.pages = pages
        self.chooser = chooser
        self._names_in = lru_cache(maxsize=65536)(self._names_in_uncached)

    def update(
        self, memory: Memory, previous_question: str | None, turn: Turn, want_query: bool
    ) -> Node:
        output = self.write(memory, previous_question, turn, want_query)
        return output.to_node(memory.next_turn, turn.question)

    def write(
        self, memory: Memory, previous_question: str | None, turn: Turn, want_query: bool
    ) -> WriterOutput:
        """The writer's output for ``turn``: one JSON-able object in the paper's field order."""
        context = self.context(memory)
        text = _as_typed(turn.question)
        decision = None
        dropped = None
        if memory.nodes:
            decision = self._self_repair(context, text, turn, previous_question)
            broken = cues.broken_off(text) if decision is None else None
            if broken is not None:  # "was unity back in england by th— yes she was. when ..."
                # what follows the broken word is the turn: its last question, if it asks one
                dropped, after = broken
                text = [after, *_asked_anew(after)][-1]
                decision = self._self_repair(context, text, turn, previous_question)
        if decision is None and memory.nodes:
            decision = self._value_revision(context, text, previous_question)
        ruled = decision is not None  # a self-repair or value revision the rules read
        if decision is None and memory.nodes and self._corrects(context, text):
            decision = self._correction(context, text, previous_question)
        if decision is None and memory.nodes:
            decision = self._disputed(context, text, previous_question)
        if decision is None:
            decision = self._read_as_correction(
                context, text, previous_question, self._continuation(context, text, turn)
            )
        decision = self._as_named_page(context, decision)
        if not ruled and memory.nodes:
            decision = self._meant_instead(context, text, previous_question, decision)
            decision = self._named_instead(context, text, decision)
        if turn.answer and memory.nodes:
            decision = self._meant_by_answer(
                context, text, turn.answer, decision, previous_question
            )
        if dropped is not None:
            self._abandon_dropped(context, dropped, decision)
        facts = facts_of(turn.answer)
        kind = self._kind_for(context, decision.topic, [*facts, *self._recent_facts(memory)], text)
        operations = [
            op.model_copy(update={"kind": kind}) if op.topic == decision.topic and kind else op
            for op in decision.operations
        ]
        return WriterOutput(
            dependencies=tuple(sorted(d for d in decision.depends if d < memory.next_turn)),
            contradictions=tuple(decision.contradicts),
            operations=tuple(operations),
            topic=decision.topic,
            facts=facts,
            query=self._query(context, decision) if want_query else None,
        )

    def _read_as_correction(
        self, context: Context, text: str, previous_question: str | None, decision: _Decision
    ) -> _Decision:
        """An ordinary turn that stays on the current topic but that the correction model reads
        as correcting the last answer ("elfman did burtons.. wasnt it goldsmith") is a
        correction, where its reading as one means another page."""
        current = context.current
        if (
            self.corrects is None
            or current is None
            or decision.topic.casefold() != current.name.casefold()
            or decision.contradicts
            or self.corrects(SwitchInput.after(context.memory, text)) < CORRECTION_SURE
        ):
            return decision
        corrected = self._correction(context, text, previous_question)
        if corrected is None or corrected.topic.casefold() == current.name.casefold():
            return decision
        return corrected

    def _meant_instead(
        self, context: Context, text: str, previous_question: str | None, decision: _Decision
    ) -> _Decision:
        """A turn read as a correction means the candidate the ``meant`` model is surest of,
        where it is surer of it than of the rules' choice by :data:`MEANT_MARGIN` and it is
        not what the turn rejects."""
        if self.meant is None:
            return decision
        denied = {
            context.canonical(n).casefold()
            for phrase in cues.negated(text)
            for n in context.names(phrase)
        }
        chance = self._meant_asked(context, text, decision, denied)
        if chance is None:
            return decision
        rejected = decision.rejected or self._rejected(context, text)
        if rejected is None:
            return decision
        candidates = self._candidates(
            context, text, decision.topic, bool(decision.contradicts), rejected, denied, chance
        )
        best = _surest(self.meant, candidates, decision.topic, MEANT_MARGIN)
        if best is None or best.casefold() == rejected.casefold():
            return decision
        return self._revision(
            context, text, previous_question, rejected, best, self._depends(context, best)
        )

    def _meant_asked(
        self, context: Context, text: str, decision: _Decision, denied: set[str]
    ) -> float | None:
        """The correction model's chance for a turn the meant model is asked about (the rules
        or the correction model read it as a correction, it does not repair itself and does
        not state its reading exactly); None for another turn. ``denied``: the names the turn
        says after "not", casefolded."""
        current = context.current
        stays = current is not None and decision.topic.casefold() == current.name.casefold()
        if not decision.contradicts and not stays and decision.topic.casefold() not in denied:
            return None  # a turn the rules moved on without correcting, to what it did not deny
        chance = self.corrects(SwitchInput.after(context.memory, text)) if self.corrects else 0.0
        if not decision.contradicts and chance < MEANT_READ:
            return None
        if cues.repair_split(text) is not None or cues.comes_back(text):
            return None  # a turn that repairs itself means what its last part says
        if _read_exactly(text, decision.topic):
            return None
        return chance

    def _named_instead(self, context: Context, text: str, decision: _Decision) -> _Decision:
        """A turn that names something and does not correct means the candidate the
        ``named`` model is surest of, where it is surer of it than of the rules' choice by
        :data:`NAMED_MARGIN` ("lincoln statue how tall is it" while on the president: Lincoln
        Memorial). Not a turn the correction model reads as a correction (the meant
        model's), nor one that steps to a relative."""
        if (
            self.named is None
            or context.current is None
            or decision.contradicts
            or decision.rejected is not None
            or decision.stepped
            or not context.names(text)
            or cues.repair_split(text) is not None  # it means what its last part says
            or cues.comes_back(text)
        ):
            return decision
        chance = self.corrects(SwitchInput.after(context.memory, text)) if self.corrects else 0.0
        if chance >= MEANT_READ:
            return decision
        candidates = self._candidates(context, text, decision.topic, False, None, set(), chance)
        if len(candidates) < 2:
            return decision
        best = _surest(self.named, candidates, decision.topic, NAMED_MARGIN)
        if best is None:
            return decision
        return _Decision(
            topic=best,
            operations=[self._operation_for(context, best)],
            question=decision.question,
            depends=self._depends(context, best),
            phrase=best,
        )

    def _candidates(
        self,
        context: Context,
        text: str,
        chosen: str,
        contradicts: bool,
        rejected: str | None,
        denied: set[str],
        chance: float,
    ) -> list[Candidate]:
        """The pages a turn may mean, with their :data:`~memrevise.writer.meant.FEATURES`:
        of a correction that rejects ``rejected`` (``contradicts``: the rules read it so), or
        of a turn that names something (``rejected`` None); ``chosen``: the rules' choice,
        ``denied``: the names said after "not", ``chance``: the correction model's."""

        def same(name: str, other: str | None) -> bool:
            return other is not None and name.casefold() == other.casefold()

        current = context.current.name if context.current is not None else None
        sources: dict[str, set[str]] = {}

        def add(names: Iterable[str], source: str) -> None:
            for name in names:
                sources.setdefault(context.canonical(name), set()).add(source)

        for held in dict.fromkeys(n for n in (rejected, current) if n is not None):
            add(self._namesakes_of(held), "namesake")
            add((m.title for m in self.siblings.family(held)), "family")
            add(self._sharing_a_word(held), "shares_word")
            add(self._of_last_name(held), "surname")
        recent = [t.name for t in context.recent_topics()]
        add(recent, "topic")
        add((n for _, n in context.answer_names[-EARLIER_NAMES:]), "answered")
        add(
            (n for node in context.memory.nodes[-2:] for n in context.names(node.question)), "asked"
        )
        said = context.names(text)
        add([*said, *(t for n in said for t in self.titles.named(n))], "said")
        searched = self.search(text) if self.search is not None else []
        add(searched, "searched")
        add([chosen], "chosen")
        words = set(cues.words_of(text))
        years = words | {f"{c}{w}" for w in words if _TWO_DIGITS.fullmatch(w) for c in _CENTURIES}
        stems = frozenset(tokenize(" ".join(_content(text))))
        said_years = {w for w in years if _YEAR.fullmatch(w)}
        rejected_page = self._page_words(rejected) if rejected is not None else frozenset()
        said_pronouns = cues.pronouns(text)
        pronoun, back = bool(said_pronouns), bool(words & cues.BACK_WORDS)
        subjects = [p for p in said_pronouns if p in _SUBJECT_PRONOUNS]
        governed = {m.name for m in context.mentions(text) if _governed(text, m)}
        candidates = []
        for name, found in sources.items():
            page = self._page_words(name)
            title = set(cues.words_of(strip_qualifier(name)))
            qualified = set(cues.words_of(qualifier(name)))
            opening = self._opening(name)
            values = {
                "search_rank": searched.index(name) if name in searched else NOT_FOUND,
                "page_words": len(stems & page),
                "page_share": len(stems & page) / max(1, len(stems)),
                "title_words": len(title & words),
                "title_share": len(title & words) / max(1, len(title)),
                "qualifier_years": len(qualified & years),
                "page_years": len(page & said_years),
                "qualifier_words": len(qualified & words),
                "rejected": same(name, rejected),
                "current": same(name, current),
                "chosen": same(name, chosen),
                "recency": recent.index(name) if name in recent else NOT_FOUND,
                **{source: source in found for source in _MEANT_SOURCES},
                "negated": name.casefold() in denied,
                "like_rejected": len(page & rejected_page) / max(1, len(page | rejected_page)),
                "candidates": len(sources),
                "corrects": chance,
                "contradicts": contradicts,
                "stated_kind": opening is not None and opening.stated,
                "pronoun": pronoun,
                "back": back,
                "governed": name in governed,
                "subject_fits": any(self._fits_pronoun(context, name, p) for p in subjects),
            }
            candidates.append(Candidate(name, tuple(float(values[f]) for f in FEATURES)))
        return candidates

    def _meant_by_answer(
        self,
        context: Context,
        text: str,
        answer: str,
        decision: _Decision,
        previous_question: str | None,
    ) -> _Decision:
        """A turn that corrects or asks nothing, answered by naming first another page of
        the family of its topic, of what it turned away from or of what the last answer named,
        and not the topic itself ("his son!!" answered "Felix Mendelssohn founded the Leipzig
        Conservatory", "the later one w aldrin" answered "That was Gemini 12, ...", "it was
        his uncles" after "Nicolaus I Bernoulli" answered "Right — Jacob Bernoulli wrote
        it"): the answer says what was meant, and the turn is a correction to it. Not a turn
        that asks something of its own, whose answer may name an attribute ("who directed
        it" answered "Andrei Tarkovsky"), nor one whose answer or own words name its topic."""
        asks = (
            set(cues.words_of(text)) & _WH
            or any(map(_asks_anew, _questions(text)))
            or text.rstrip().endswith("?")  # "and any film made on this?"
        )
        if asks and decision.rejected is None and not cues.is_correction(text):
            return decision
        opening = _CONFIRMATION.sub("", _first_sentence(answer[:ANSWER_CUT]), count=1)
        named = [
            context.canonical(m.name)
            for m in mentions(opening, context.topics, self.titles)
            # a name of two words or a rare one, not a common word of a topic's ("aircraft")
            if len(words := cues.words_of(opening[m.start : m.end])) > 1
            or (words and self.rare(words[0]))
        ]
        topic = decision.topic
        said = (context.canonical(m.name) for m in mentions(text, context.topics, self.titles))
        if not named or any(same_name(n, topic) for n in [*named, *said]):
            return decision  # the answer or the turn itself names the topic
        meant = named[0]
        last_answer = " ".join(context.memory.nodes[-1].facts)
        answered = [m.name for m in mentions(last_answer, context.topics, self.titles)]
        turned_from = [topic, *([decision.rejected] if decision.rejected else []), *answered]
        family = [n for n in turned_from if _same_family(meant, n) and not same_name(meant, n)]
        if not self.titles.named(meant) or not family or same_name(opening.strip(" ."), meant):
            return decision  # not an answer that is only a name ("Programming language")
        rejected = decision.rejected or family[0]
        if same_name(meant, rejected):  # the answer kept what the turn moved away from
            return decision
        return self._revision(context, text, previous_question, rejected, meant, set())

    def _as_named_page(self, context: Context, decision: _Decision) -> _Decision:
        """The decision with a topic that is no page and no topic of the memory moved to the
        page it names: a first name or last name only one person's page has, or a word only
        one title has, shouted ("DAMON. 96", "IDA lol", "HAWKE — the cruiser"), or a name
        given at birth or a nickname that a page states ("Angelo Roncalli", said in an answer:
        Pope John XXIII)."""
        name = decision.topic
        if context.is_known(name):
            return decision
        page = None
        if name.isupper() and len(name_key(name)) == 1:  # "HAWKE — the cruiser": its one title
            named = self.first_names.named(name) or self.surnames.named(name)
            named = named or self._titles_of_word.get(name.casefold(), [])
            page = named[0] if len(named) == 1 else None
        if page is None and self.nicknames is not None:
            stated = self.nicknames(name)
            page = stated[0] if stated else None
        if page is None:
            return decision
        page = context.canonical(page)
        operations = [
            op.model_copy(update={"topic": page}) if op.topic == name else op
            for op in decision.operations
        ]
        return replace(decision, topic=page, operations=operations)

    # -- context -----------------------------------------------------------------------------

    def _names_in_uncached(self, text: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
        found = mentions(text, self.titles)
        names = tuple(dict.fromkeys(m.name for m in found))
        groups = [tuple(g) for g in lists(text, found)]
        if groups and names not in groups:
            groups.append(names)  # every name in order, for positions past a short list
        known = {tuple(n.casefold() for n in g) for g in groups}
        for plain in plain_lists(text):  # lists of words in any case, after lists of names
            if tuple(n.casefold() for n in plain) not in known:
                groups.append(tuple(plain))
        return names, tuple(groups)

    def context(self, memory: Memory) -> Context:
        """What the writer knows of ``memory`` before it decides a turn."""
        table = NameTable()
        for topic in memory.topics:
            table.add(topic.name)
        for topic in memory.topics:  # after every full name: "germany" is Germany, if held
            base = name_key(topic.name)
            if topic_is_person(topic) and len(base) > 1 and len(base[-1]) > 3:
                table.add(topic.name, key=base[-1:])
        answer_names: list[tuple[int, str]] = []
        answer_lists: list[tuple[int, list[str]]] = []
        for node in memory.nodes[-ANSWER_HORIZON:]:
            for fact in node.facts:
                names, groups = self._names_in(fact)
                answer_names.extend((node.turn, n) for n in names)
                answer_lists.extend((node.turn, list(g)) for g in groups)
        last = memory.nodes[-1] if memory.nodes else None
        previous = [n for t, n in answer_names if last is not None and t == last.turn]
        return Context(
            memory, memory.current, table, answer_names, answer_lists, previous, self.titles
        )

    @staticmethod
    def _recent_facts(memory: Memory) -> list[str]:
        return [f for node in memory.nodes[-ANSWER_HORIZON:] for f in node.facts]

    def _kind_for(self, context: Context, name: str, texts: Sequence[str], question: str) -> str:
        known = context.memory.topic(name)
        if known is not None and known.kind:
            return ""  # already recorded
        kind = infer_kind(name, texts)
        if (
            not kind
            and known is None
            and (
                set(cues.words_of(question)) & cues.PERSON_PRONOUNS
                or (cues.words_of(question)[:1] == ["who"] and looks_like_person(name))
            )
        ):
            kind = "person"
        return kind

    def _operation_for(self, context: Context, name: str) -> Operation:
        """Refine the current topic, Reactivate a known or earlier-named one, Add a new one."""
        return operation_for(
            context.memory, name, named_before=bool(context.first_turn_naming(name))
        )

    def _depends(self, context: Context, name: str) -> set[int]:
        topic = context.memory.topic(name)
        if topic is not None:
            return {topic.turns[-1]}
        first = context.first_turn_naming(name)
        return {first} if first else set()

    # -- corrections -------------------------------------------------------------------------

    def _open_question(self, context: Context, previous_question: str | None) -> tuple[str, int]:
        """The latest real question (not a bare correction) and its turn, carried forward."""
        for node in reversed(context.memory.nodes):
            for sentence in reversed(_questions(node.question)):
                if not _is_bare_correction(sentence):
                    return sentence, node.turn
        return previous_question or "", context.memory.nodes[-1].turn

    def _corrects(self, context: Context, text: str) -> bool:
        """Whether a turn corrects the last answer: in words that say so, or by only describing
        the one meant ("lol the city in arizona", "the older one", "the tarkovsky one"), not
        by a name before a noun ("the wachowskis first movie" asks about their films)."""
        if _surprised(text):  # "wait someone cut the ribbon on a horse at the opening??"
            return False
        if cues.is_correction(text) or self._names_again(context, text):
            return True
        lead = _before_question(text)  # "the father — gilles. also how did he die"
        if lead != text and self._names_again(context, lead, shared=True):
            return True
        opening = cues.described_only(_FIRST_PART.split(text, maxsplit=1)[0])
        asks = any(_asks_anew(q) for q in _questions(text))  # "the netflix one, whos in it"
        if opening is not None and opening[0] in _SELECTING and not asks:
            return True  # "the sturdy one. still standing", "the two cylinder one, a dentist..."
        # "the british one who died", "the uncle! the one who sailed right into the eruption";
        # not "the duck one who drove it", which asks who did
        if not asks and any(
            (one := _ONE_WHO.match(part)) is not None and not cues.pronouns(part[one.end() :])
            for part in _FIRST_PART.split(text.strip())
        ):
            return True
        # "the city ffs. is there a uni there": a description, a sentence of its own, before
        # a question (not "the roof tiles, where were they made")
        ends = lead == text or re.match(rf"{re.escape(lead)}\s*[.!?…]", text) is not None
        # "the tv show, not the coen brothers film": what is meant, beside what is not
        meant = _NOT_CLAUSE.sub("", lead).strip(" ,;") or lead
        # "the explorer — the guy it's named for", "the university.. the english one"
        parts = [part for part in _DESCRIPTION_BREAK.split(meant) if part.strip(" ,;.")]
        described = [cues.described_only(part) for part in parts] if ends else []
        if not described or None in described:
            return False
        heads = [found for found in described if found is not None]
        if len(heads) == 1 and (heads[0][0] in _SELECTING or heads[0][0] in _CASUAL_PEOPLE):
            return True  # "the tarkovsky one" picks among those of a name; "the f1 guy"
        words = " ".join(f"{before} {head}" for head, before in heads)
        return not self._people_said(context, words) and not any(
            self.rare(word) and self._written_as_name(word) for word in cues.words_of(words)
        )

    def _value_revision(
        self, context: Context, text: str, previous_question: str | None
    ) -> _Decision | None:
        """A turn that moves a recent topic to another page of its numbered family by a value
        ("7 not 6", "and the next one?", "1998 then", "the original"). A turn that names the
        other page in full without a correction cue is an ordinary turn about it."""
        moved = self._in_family(context, text)
        if moved is not None:
            return self._revision(context, text, previous_question, *moved, set())
        head = _before_question(text)  # "1998 actually? tell me about its mascots"
        said_first = _LEAD_VALUE.match(head) is not None  # "1940!! gertie, the one that fell"
        correcting = cues.is_correction(head) or said_first
        aged = _YEARS_OLDER.search(head) is not None  # "n the one 5 yrs older"
        # "whats the key of the one numbered just below" (not "the one with nathan")
        picks = _THE_ONE.search(head) is not None and says_step(head)
        if not (correcting or aged or picks) and len(cues.words_of(head)) > _SHORT_TURN:
            return None
        if cues.comes_back(text):  # "the 2004 one... no, sorry, the cameron one after all"
            return None
        if cues.in_a_list(text):  # "the last one you listed" is not the last film
            return None
        if cues.relative_clause(head) and not said_first:
            return None  # "the guy who wrote the first one" is a person
        if (_RETURNING.search(head) and not counted_step(head)) or cues.in_conversation_order(head):
            return None  # "going back to the previous topic" returns, it changes no value
        said_decade = any(m.kind == "decade" and not no for m, no in number_mentions(head))
        if not correcting and _asks_anew(head) and not (said_values(head) or said_decade or picks):
            return None  # "does it have a sequel?" asks about this topic's sequel
        asked = set(cues.words_of(previous_question or "")) | {"born"}
        for topic in context.recent_topics()[:2]:
            moved = self.siblings.moved(topic.name, head)
            by_year = moved is None and (aged or not _content(head) - asked)  # nothing asked
            if by_year:
                moved = self._born_in(topic.name, head)
            if moved is None:  # "k one sister older", "n the next sister down"
                moved = self._sibling_step(topic.name, head)
            if moved is None:
                continue
            named = {n.casefold() for n in context.names(head)}
            if not correcting and moved.casefold() in named:
                return None
            decision = self._revision(context, text, previous_question, topic.name, moved, set())
            if by_year:  # "which greenwood was born in 1971" -> "... in 1969"
                old, new = self._born(topic.name), self._born(moved)
                swapped = rename(decision.question, str(old), str(new), pattern=_WHOLE_WORD)
                decision.question = swapped or decision.question
            return decision
        return None

    def _in_family(self, context: Context, text: str) -> tuple[str, str] | None:
        """A question about another member of the current topic's numbered family by its
        place ("what happens to mickey in the third one" after Rocky, "who directed the next
        film"): the current topic and that member, where no list an answer gave is meant and
        no relative clause describes someone by it ("the guy who wrote the first one")."""
        current = context.current
        if current is None or cues.in_a_list(text) or cues.relative_clause(text):
            return None
        if cues.in_conversation_order(text):  # "the first pope i asked about" returns
            return None
        place = _FAMILY_PLACE.search(text)
        said = place.group() if place else self.siblings.named_step(current.name, text)
        if said is None:
            return None
        moved = self.siblings.moved(current.name, said)
        back = _GOING_BACK.search(text)  # "going back to the first film, ..."
        if moved is None or (back is not None and not self._moves_back(context, text, back, moved)):
            return None
        return current.name, moved

    @staticmethod
    def _moves_back(context: Context, text: str, back: re.Match[str], moved: str) -> bool:
        """Whether "back to the first film" means the family's member ``moved``: not where it
        returns to a topic of before, but where it asks "what about" it ("what about the
        first season") or its noun fits the member ("back to the first film": Alien (film))."""
        if context.memory.topic(moved) is not None:
            return False
        asked = re.search(r"\b(?:what|how)\s*$", text[: back.start()], re.IGNORECASE)
        return bool(asked or context.of_noun([moved], back["noun"]))

    def _disputed(
        self, context: Context, text: str, previous_question: str | None
    ) -> _Decision | None:
        """A turn that opens by saying something against what the last answer named, asking
        nothing, and then describes the one meant ("daniel was a teenager then — 1716, the
        nephew leibniz put forward", "pienaar was long retired, the hooker w jake white as
        coach", "16 dug up dirt, i want the one that drove around"): a correction of that
        answer, where the description means another than what it named (not "leonardo was a
        genius, the notebooks are amazing")."""
        disputed = self._disputed_name(context, text)
        if disputed is None:
            return None
        decision = self._correction(context, text, previous_question, disputed)
        if decision is None or same_name(decision.topic, disputed):
            return None
        return decision

    def _disputed_name(self, context: Context, text: str) -> str | None:
        """The name of the last answer that a turn's first parts say something of, by a word
        of it, by a number the answer gave ("1732 is the fake date" after "Johann Bernoulli,
        in 1732.") or by a pronoun where it named one, where a later part opens as a
        description of the one meant ("cant be, 1170 is decades before he was even born... the
        first angevin surely")."""
        facts = context.memory.nodes[-1].facts if context.memory.nodes else ()
        parts = _FIRST_PART.split(text.strip())
        meant = next((k for k, part in enumerate(parts) if k and _MEANT_LEAD.match(part)), None)
        if not facts or meant is None or cues.described_only(parts[0]) is not None:
            return None  # "the other levi straus, the french one" only describes
        claims = [cues.words_of(part) for part in parts[:meant]]
        openers = {words[0] for words in claims if words}
        if not claims[0] or openers & cues.QUESTION_WORDS:
            return None  # "was he the one who ..." asks
        said = {w for words in claims for w in words}
        names = context.names(facts[0])
        for name in names:
            if said & set(name_key(name)) - STOPWORDS:
                return context.canonical(name)
        numbers = {w for w in cues.words_of(facts[0]) if w.isdigit()}
        # "he's the one who LEFT in 75 lol. the guy behind the kit": the answer's one named
        pointed = openers & _SUBJECT_PRONOUNS
        return context.canonical(names[0]) if names and (pointed or said & numbers) else None

    def _names_again(self, context: Context, text: str, shared: bool = False) -> bool:
        """Whether a turn that asks nothing only names again whom the last question asked
        about, after an answer about another that the question did not single out: "jonny"
        after "when was greenwood born" was answered for Colin Greenwood, "zemeckis" after
        "what did robert win an oscar for" was answered for Robert Schumann, "crick not
        watson"."""
        nodes = context.memory.nodes
        said = cues.words_of(text)
        if not nodes or not said or set(said) & cues.QUESTION_WORDS:
            return False
        answered, asked = nodes[-1].topic, set(cues.words_of(nodes[-1].question)) - STOPWORDS
        found = self._people_said(context, text)
        named = {w for m in found for w in cues.words_of(text[m.start : m.end])}
        if _content(text) - named - _negated_words(text) - cues.RELATIONS:
            return False  # more than names and a relation ("the father — gilles")
        said_of_answered = asked & set(name_key(answered))
        if shared and not said_of_answered:  # "and iron maiden, who sang ..." moves on
            return False
        return any(
            not same_name(m.name, answered)
            and asked & set(name_key(m.name))
            and said_of_answered <= set(name_key(m.name))  # "and noel" after "liam gallagher"
            for m in _unnegated(text, found)
        )

    def _revision(
        self,
        context: Context,
        text: str,
        previous_question: str | None,
        rejected: str,
        name: str,
        source: set[int],
        phrase: str | None = None,
        withdrawn: bool = False,
    ) -> _Decision:
        """Abandon ``rejected`` (when the memory holds it, or when the turn itself said and
        ``withdrawn`` it) and Revise, Reactivate or Add ``name``; the query asks the turn's own
        question, else the open question carried forward."""
        own = [q for q in _questions(text) if _asks_anew(q)]
        if own:
            question, asked = own[-1], context.memory.next_turn
        else:
            question, asked = self._open_question(context, previous_question)
            phrase = reference_phrase(context.memory.topic(rejected), question)
        held = context.memory.topic(rejected) is not None
        depends = {asked, *self._depends(context, rejected), *source}
        if held and (same_name(name, rejected) or _differs_by_number(name, rejected)):
            revise = Operation(op=Op.REVISE, topic=name)
        elif held:
            revise = corrected_to(
                context.memory, name, named_before=bool(context.first_turn_naming(name))
            )
        else:
            revise = self._operation_for(context, name)
        dropped = held or withdrawn
        abandon = [Operation(op=Op.ABANDON, topic=rejected)] if dropped else []
        return _Decision(
            topic=name,
            operations=[*abandon, revise],
            question=question,
            depends=depends | self._depends(context, name),
            contradicts=[rejected] if dropped else [],
            phrase=phrase,
            rejected=rejected,
        )

    def _self_repair(
        self, context: Context, text: str, turn: Turn, previous_question: str | None
    ) -> _Decision | None:
        """A turn that repairs itself: what follows its last repair cue wins ("when did he die
        - wait, i mean the one who stayed up in orbit"). What the first part referred to is
        abandoned when the memory holds it and the repair points elsewhere; a repair that
        comes back to the current topic only refines it. A first part that itself corrects
        the last answer is left to :meth:`_correction`."""
        split = cues.repair_split(text)
        if split is None or cues.is_correction(split[0]):
            return None
        before, after = split
        reference = self._first_reference(context, before)
        if reference is None:
            return None
        first, written = reference
        intended = None
        current = context.current
        segments = _pointing_segments(after)
        pointing = [segment for segment in segments if not _asks_anew(segment)]
        if (  # "michael sheen... hang on, the other one": not the name withdrawn, the topic
            current is not None
            and first.casefold() != current.name.casefold()
            and pointing
            and cues.wants_other(pointing[-1])
            and not _content(pointing[-1]) - _KIND_NOUNS
        ):
            intended = (current.name, "", {current.turns[-1]})
        if current is not None and _THIS_ONE.fullmatch(after.strip(" .,;!?…")):
            intended = (current.name, "", {current.turns[-1]})  # "no hang on, this one"
        for segment in reversed(segments if intended is None else ()):
            if _points_nowhere(segment):
                continue
            # A repair looks a page up only by a description ("the one who ...").
            lookup = bool(_DESCRIBING.match(segment))
            intended = self._referent(context, segment, first, after, before, lookup)
            if intended is not None:
                break
        meaning = [segment for segment in pointing if not _points_nowhere(segment)]
        if intended is None and current is not None and meaning:
            intended = self._back_by_pronoun(context, meaning[-1], current)
        # What is asked: a question after the repair ("the dark knight, who played the
        # joker"), else the first part's.
        asking = _asked_anew(after)
        asked = asking[-1] if asking else before
        dangling = _DANGLING.search(before)
        if not asking and dangling is not None and _content(after) - _KIND_NOUNS - _PLACING:
            asked = f"{before[: dangling.start()]}{after}"  # "how much did the third one cost"
        if intended is None:
            if not asking:
                return None
            decision = self._continuation(context, asked, turn)
            # "where was his older brother born, no sorry, where was he born"
            self._abandon_dropped(context, before, decision)
            return decision
        name, phrase, source = intended
        if asked is before:  # the first part's question, its words for what it withdrew replaced
            phrase = written
        if current is not None and name.casefold() == current.name.casefold():
            withdrawn = first if first.casefold() != name.casefold() else None
            return _kept(current, asked, phrase if asked in (before, after) else None, withdrawn)
        return self._revision(
            context, asked, previous_question, first, name, source, phrase, withdrawn=True
        )

    def _abandon_dropped(self, context: Context, dropped: str, decision: _Decision) -> None:
        """Abandon what the words a turn dropped named, by a name or a pronoun, where the turn
        went on to another topic ("where was his older brother born, no sorry, where was he
        born"; "was unity back in england by th— yes she was. when did diana ...")."""
        reference = self._first_reference(context, dropped)
        if reference is None:
            return
        first, written = reference
        pointed = written is not None or bool(cues.pronouns(dropped))
        if pointed and first.casefold() != decision.topic.casefold():
            decision.operations.insert(0, Operation(op=Op.ABANDON, topic=first))
            decision.contradicts.append(first)

    def _back_by_pronoun(
        self, context: Context, segment: str, current: Topic
    ) -> tuple[str, str, set[int]] | None:
        """A repair that points to the current topic by a pronoun that fits it, not by a
        relation ("who was her husbands mum... i mean her OWN mum, not his")."""
        said = cues.pronouns(segment)[:1]
        if not any(self._fits_pronoun(context, current.name, p) for p in said):
            return None
        if cues.relations(segment):  # "no sorry, her sisters": a relative, found elsewhere
            return None
        return current.name, "", {current.turns[-1]}

    def _first_reference(self, context: Context, text: str) -> tuple[str, str | None] | None:
        """What the first part of a self-repair referred to, and the words that named it: a
        name (or a unique surname, or a first name), a value of the current topic's family, a
        list position, else (by a pronoun or nothing) the current topic."""
        found = sorted(
            self._people_said(context, text),
            key=lambda m: (m.start, -m.end),  # a whole name before its first name
        )
        if found and not _described_by(text):  # "the one where you mentioned henry miles"
            said = found[0]
            return self._misspelt(context, said.name) or said.name, text[said.start : said.end]
        misspelt = self._misspelt_word(context, text)
        if misspelt is not None:
            return misspelt
        current = context.current
        relations = cues.relations(text)  # "when was his older brother shot"
        kin = self._kin_of(context, text, current.name) if relations and current else None
        if kin is not None:
            return kin, text[relations[0][1] : relations[0][2]]
        dangling = _DANGLING.search(text)  # "how much did the first... no the third one cost"
        if current is not None and dangling is not None:
            moved = self.siblings.moved(current.name, f"the {dangling['ord']} one")
            if moved is not None:
                return moved, dangling.group()
        if current is not None:
            moved = self.siblings.moved(current.name, text)
            if moved is not None:
                return moved, self.siblings.typed(moved, text)  # "when was t2 released"
        position = cues.final_position(text)
        if position is not None:
            at = context.at_position(position, None)
            if at is not None:
                return at[0], None
        described = self._kind_described(context, text)  # "whos in the show" on the film
        if described is not None:
            return described
        return (current.name, None) if current is not None else None

    def _people_said(self, context: Context, text: str) -> list[Mention]:
        """The names ``text`` says (:meth:`Context.mentions`), then the people it calls by a
        surname only one page has or by a first name only one person in play (or a relative
        sharing their last name) has."""
        said = [*context.mentions(text), *self.surnames.find(text)]
        return [
            *said,
            *_by_first_name(context, text, self.same_surname),
            *_clear_of(said, self._first_names(context, text)),
        ]

    def _correction(
        self,
        context: Context,
        text: str,
        previous_question: str | None,
        rejected: str | None = None,
    ) -> _Decision | None:
        """The decision for a turn that corrects the last answer: what it rejects (``rejected``
        where the caller knows, else what :meth:`_rejected` reads) and what it means."""
        rejected = rejected or self._rejected(context, text)
        if rejected is None:
            return None
        own = [q for q in _questions(text) if _asks_anew(q)]
        question = own[-1] if own else self._open_question(context, previous_question)[0]
        segments = _pointing_segments(text)
        target = self._came_back(context, text, segments, rejected, question)
        for segment in reversed(segments if target is None else ()):
            if _points_nowhere(segment):
                continue
            target = self._referent(context, segment, rejected, text, question)
            if (
                target is not None
                and segment is not segments[-1]
                and target[0] == rejected
                and not cues.negated(segment)  # "SINATRA lol not clooney. frankie" means it
            ):
                target = None  # "thats charlotte, i asked about emily" names what was answered
            if target is not None:
                break
        if target is None and not _content(text) and not said_values(text):  # "wrong one"
            other = self._other(context, rejected, question)
            target = (other, "", self._depends(context, other)) if other else None
        if target is None:
            return None
        name, phrase, source = target
        if name.casefold() == rejected.casefold():  # the memory had it right, the answer not
            topic = context.memory.topic(rejected)
            answered = self._answered_other(context, rejected)
            return _kept(topic, question, None, answered) if topic is not None else None
        return self._revision(context, text, previous_question, rejected, name, source, phrase)

    def _came_back(
        self, context: Context, text: str, segments: list[str], rejected: str, question: str
    ) -> tuple[str, str, set[int]] | None:
        """A correction that repairs itself back to what was already said ("wrong one - the
        other... no, sorry, the one with thrones after all"): the last of its ``segments``
        chooses among the answer's topic and what the earlier ones meant."""
        if not cues.comes_back(text) or len(segments) < 2:
            return None
        options = [rejected]
        for segment in segments[:-1]:
            meant = self._referent(context, segment, rejected, text, question, lookup=False)
            if meant is not None:
                options.append(meant[0])
        distinct = list(dict.fromkeys(options))
        if cues.wants_other(segments[-1]) and len(distinct) == 2:  # the other of the two said
            back: str | None = next(o for o in distinct if o != options[-1])
        else:
            back = self._best_described(context, segments[-1], options)[0]
        return (back, "", self._depends(context, back)) if back is not None else None

    def _rejected(self, context: Context, text: str) -> str | None:
        """The topic the correction rejects: one named after "not", the latest topic whose name
        holds a number of the kind the user changes, else the current topic."""
        for phrase in cues.negated(text):
            for found in context.topics.find(phrase):
                return context.memory.topic(found.name).name  # type: ignore[union-attr]
            said = set(cues.words_of(phrase))
            for topic in context.recent_topics()[:RECENT_TOPICS]:  # "not anne", "not freddie"
                if _name_match(said, strip_qualifier(topic.name)):
                    return topic.name
        for topic in context.recent_topics()[:2] if not cues.in_a_list(text) else ():
            if self.siblings.moved(topic.name, text) or renamed(topic.name, text) is not None:
                return topic.name
        if context.current is not None:
            return context.current.name
        return context.memory.nodes[-1].topic

    def _referent(
        self,
        context: Context,
        segment: str,
        rejected: str,
        whole: str,
        question: str,
        lookup: bool = True,
    ) -> tuple[str, str, set[int]] | None:
        """What a correction segment points to: (name, the words used, turns it came from)."""
        place = cues.conversation_place(segment)
        if place is not None and place.index == 0 and context.memory.topics:
            opening = context.memory.topics[0]  # "the one we started with"
            return opening.name, "", {opening.turns[-1]}
        position = place or cues.final_position(segment) or cues.conversation_position(segment)
        if (
            position is not None
            and place is None
            and not cues.in_a_list(segment)
            and not cues.in_conversation_order(segment)  # "the first one i asked about"
        ):
            moved = self.siblings.moved(rejected, segment)  # "the third one" of Shrek 2
            if moved is not None:
                return moved, "", set()
        if position is not None:
            ordered = place is not None or cues.in_conversation_order(segment)
            options = [
                found
                for found in (
                    self._pair_position(context, position, rejected, question, ordered),
                    None if ordered else self._listed(context, position, rejected),
                )
                if found is not None
            ]
            if options:
                best = self._best_fit(context, rejected, question, [o[0] for o in options])
                return next(o for o in options if o[0] == best)
            if ordered and place is None:  # "the third person we talked about", beyond a pair
                discussed = context.discussed_at(position)
                if discussed is not None:
                    return discussed.name, "", {discussed.turns[-1]}
        if cues.wants_other(segment):
            other = self._other(context, rejected, question, cues.other_noun(segment))
            if other is not None:
                return other, "the other", self._depends(context, other)
        relative = self._relative_of_named(context, segment)  # "neros mother"
        if relative is not None:
            return relative[0], relative[1], self._depends(context, relative[0])
        people = _unnegated(segment, self._people_said(context, segment))
        # the subject before the object of a preposition ("what did noel do before oasis")
        said = [
            m.name
            for m in sorted(people, key=lambda m: (_governed(segment, m), m.start))
            # "the son who went to vienna", "the love letter to alma": a name the clause
            # governs, or that a description asking nothing relates to, is not the one meant
            if not (_governed(segment, m) and _CLAUSE_OPENS.search(segment[: m.start]))
            and not (_only_describes(segment) and _related_by(segment, m))
            and not _owns_a_work(segment, m)  # "wells's actual novella" is the novella
        ]
        # A name written whole but misspelt ("Super Mario Galixy") before the names in it
        written = (m.name for m in capitalised(segment) if not self.titles.named(m.name))
        said = [*filter(None, (self._misspelt(context, name) for name in written)), *said]
        if _described_by(segment):  # "the person with new york city in it"
            said = []
        for mention in dict.fromkeys(said):
            # A name that several pages share ("paris") is settled by the rest of the segment.
            if len(self.titles.named(mention)) < 2:
                name = self._misspelt(context, mention) or mention
                return name, mention, self._depends(context, name)
        asks = _asks_anew(segment)
        nicknamed = None if asks else self._nicknamed(context, segment)  # "wor jackie"
        if nicknamed is not None and nicknamed[0].casefold() != rejected.casefold():
            return nicknamed[0], "", self._depends(context, nicknamed[0])
        moved = self.siblings.moved(rejected, segment) or self._renamed(context, rejected, whole)
        if moved is not None:
            return moved, "", set()
        if asks:  # a question's words describe what it asks, not whom
            return None
        for noun in cues.descriptions(segment):  # a topic of the memory first
            found = self._described(context, noun, exclude=rejected)
            if found is not None:
                return found[0].name, found[1], {found[0].turns[-1]}
        if position is not None and cues.in_conversation_order(segment):
            return None  # "the person we talked about first", beyond the topics discussed
        meant = _NOT_PART.sub("", segment).strip(" ,;")  # "edward not henry lol": "edward"
        described = None
        if meant != segment and _content(meant):
            described = self._grounded(context, meant, rejected, lookup)
        if described is None:  # "the guy not the cube": the cube's guy
            described = self._grounded(context, segment, rejected, lookup)
        if described is not None:
            return described, "", self._depends(context, described)
        return None

    def _listed(
        self, context: Context, position: cues.Position, rejected: str
    ) -> tuple[str, str, set[int]] | None:
        """The item at ``position`` of an answer's list, as the page of the rejected topic's
        family whose title it ends ("Part II" of "The Godfather (1972), Part II (1974) and
        Part III (1990)": The Godfather Part II)."""
        found = context.at_position(position, rejected)
        if found is None and self._answered_other(context, rejected) is not None:
            found = context.at_position(position, None)  # the memory had it right
        if found is None:
            return None
        item, said = found[0].casefold(), name_key(found[0])
        members = [  # "Part II" ends "The Godfather Part II", "William II" opens its title
            m.title
            for m in self.siblings.family(rejected)
            if m.title.casefold().endswith(f" {item}")
            or name_key(m.title)[: len(said)] == said != name_key(m.title)
        ]
        return (members[0], *found[1:]) if len(members) == 1 else found

    def _answered_other(self, context: Context, topic: str) -> str | None:
        """The page or topic other than ``topic`` that the last answer opens with ("Apollo 10
        splashed down ..." while the memory held Apollo 9), if it does."""
        facts = context.memory.nodes[-1].facts if context.memory.nodes else ()
        found = mentions(facts[0][:_OPENING_CHARS], context.topics, self.titles) if facts else []
        if not found or found[0].start > 0:
            return None
        name = context.canonical(found[0].name)
        other = context.is_known(name) and name.casefold() != topic.casefold()
        return name if other else None

    def _misspelt(self, context: Context, said: str) -> str | None:
        """The name in play that ``said``, a name no page or topic has, misspells by a letter
        or two ("Daiisy Duck", "Inssomnia"), else the one page title it misspells ("Super
        Mario Galixy")."""
        if self.titles.named(said) or context.memory.topic(said) is not None:
            return None
        in_play = _in_play(context)
        typed = said.casefold()
        scored = [
            (SequenceMatcher(None, typed, strip_qualifier(name).casefold()).ratio(), name)
            for name in dict.fromkeys(in_play)
        ]
        best = max(scored, default=(0.0, None))
        return best[1] if best[0] >= _MISSPELT else self.titles.closest(said, _MISSPELT)

    def _misspelt_word(self, context: Context, text: str) -> tuple[str, str] | None:
        """The name in play that a word of ``text`` the corpus hardly has misspells ("what
        crater did oppurtunity ..." after an answer that named Opportunity), and that word."""
        in_play = _in_play(context)
        words = {  # a name's long words, each to its name
            word: name
            for name in dict.fromkeys(in_play)
            for word in name_key(name)
            if len(word) >= _MISSPELT_LETTERS and word not in FUNCTION_WORDS
        }
        for typed, start, end in word_spans(text):
            if len(typed) < _MISSPELT_LETTERS or typed in words or not self.rare(typed):
                continue
            alike = [(SequenceMatcher(None, typed, w).ratio(), n) for w, n in words.items()]
            score, name = max(alike, default=(0.0, ""))
            if score >= _MISSPELT:
                return context.canonical(name), text[start:end]
        return None

    def _renamed(self, context: Context, rejected: str, text: str) -> str | None:
        """A number swapped in the rejected name ("12, not 11"), kept only where it names a
        page, a topic or a name said in the conversation (any name without page titles)."""
        new_name = renamed(rejected, text)
        if new_name is None:
            return None
        name = context.canonical(new_name)
        known = context.memory.topic(name) or context.first_turn_naming(name)
        page = any(t.casefold() == name.casefold() for t in self.titles.named(name))
        return name if known or page or not len(self.titles) else None

    def _grounded(
        self, context: Context, segment: str, rejected: str, lookup: bool = True
    ) -> str | None:
        """What a correction means among the pages and names in play: the rejected topic's
        same-name pages and numbered family, the memory's topics and the names of the latest
        answers, by a part of its name, even misspelt ("orvile"), or by how a description fits
        its qualifier, kind, stored facts and page ("the french film", "the one born in
        leeds", "the keyboard player"); with ``lookup``, where nothing in play fits or the
        description is a relation ("his older brother"), also the pages the collection finds."""
        # The one the last question asked about by name ("where was gilmour born" answered
        # for Waters, then "the guitarist"), and the rejected one's namesakes, first.
        asked = [
            m.name
            for node in context.memory.nodes[-1:]
            for m in self._people_said(context, node.question)
        ]
        # ... then the current topic's, where a repair withdrew another ("and boulle wrote
        # william con— no, the 68 film" on the novel: its film of 1968)
        held = [rejected, *([context.current.name] if context.current is not None else [])]
        namesakes = [n for name in dict.fromkeys(held) for n in self._namesakes_of(name)]
        family = [m.title for name in dict.fromkeys(held) for m in self.siblings.family(name)]
        pages = {*namesakes, *family}

        def spelled(name: str) -> str:  # "The Time Machine", the novella, beside the film held
            return name if name in pages else context.canonical(name)

        in_play = [
            *asked,
            *namesakes,
            *family,
            *_in_play(context),
            *(n for node in context.memory.nodes[-2:] for n in context.names(node.question)),
            *(t for n in context.names(segment) for t in self.titles.named(n)),
            # last, the pages that share a rare word of the rejected one's title ("the
            # explorer" on Hudson River: Henry Hudson) and its surname ("clara shumann, no
            # sorry robert")
            *self._sharing_a_word(rejected),
            *self._of_last_name(rejected),
        ]
        # What the wrong answer was about is not meant; where it was about another page than
        # the memory's topic and the user says what they asked ("i asked about the
        # cityscape"), that topic may be.
        answered = self._answered_other(context, rejected)
        restated = answered is not None and cues.says_what_was_asked(segment)
        excluded = {(answered if restated else rejected).casefold()}
        described_by = _described_by(segment)
        if described_by:  # "the one with primetime emmy awards" is not the award
            excluded |= {n.casefold() for n in context.names(segment)}
        if _only_describes(segment):  # "the dedication to napoleon" is not Napoleon
            mentions = context.mentions(segment)
            excluded |= {m.name.casefold() for m in mentions if _related_by(segment, m)}
        said = set(cues.words_of(segment))
        if cues.relations(segment) and context.current is not None:
            excluded.add(context.current.name.casefold())  # nobody is "his younger brother"
        # "the drummer", "i wanted the producer": a role only a person has
        role = any(set(noun.split()) & cues.ROLE_NOUNS for noun in cues.descriptions(segment))

        def kept(names: Iterable[str]) -> list[str]:
            return [
                c
                for c in names
                if spelled(c).casefold() not in excluded
                # "the one that has to do with hbo" is not the page "HBO", nor "the one
                # where you mentioned primetime" the page "Primetime Emmy Award"
                and not (described_by and set(name_key(c)) & said - STOPWORDS)
                and (not role or self._person(context, c))
            ]

        kin = self._kin_of(context, segment, rejected)
        if kin is not None:  # "his older brother": the one the collection says
            return kin
        # "the daughter who came over to help him": the one the last answer called his daughter
        kin = self._relative_answered(context, said & cues.RELATIONS, excluded)
        if kin is not None:
            return kin
        searched = self.search is not None and lookup
        # Of two drummers, the one whose page reads like the rejected one's (the same band)
        like = self._like(rejected) if role and self.pages is not None else None
        asked_for = {context.canonical(n).casefold() for n in asked}

        def related(name: str) -> tuple[bool, float]:
            return name.casefold() in asked_for, like(name) if like is not None else 0.0

        if not (searched and said & cues.RELATIONS):  # "his older brother" is found by search
            found = self._best_described(context, segment, kept(in_play), related, spelled)[0]
            if found is not None or not searched:
                return found
        found_pages = self.search(f"{segment} {strip_qualifier(rejected)}")
        candidates = kept([*in_play, *found_pages])
        return self._best_described(context, segment, candidates, related, spelled)[0]

    def _kin_of(
        self,
        context: Context,
        segment: str,
        rejected: str,
        described: str = "",
        relation: cues.Relation | None = None,
    ) -> str | None:
        """The relative a segment names by relation ("his older brother", "her dad"), or
        ``relation`` where given, of the current person, else of the rejected or a recent
        person topic, as the collection states it: a page, or a name a page of the
        conversation's people writes; of several, the one ``described`` fits best ("his son,
        the one with six wives")."""
        if relation is None:
            # "thats his boy lol. the dad": what the wrong answer was, not who is meant
            said = [
                r for r in cues.relations(segment) if not _SAYS_WHAT_IT_WAS.search(segment, 0, r[1])
            ]
            if not said:
                return None
            relation = said[0][0]
        current = context.current
        current_name = current.name if current is not None else None
        people = [
            name
            for name in dict.fromkeys(
                [  # "her": the person in focus, then the one a correction rejects
                    *([current.name] if current is not None else []),
                    rejected,
                    *(t.name for t in context.recent_topics()[:RECENT_TOPICS]),
                ]
            )
            if name
            and (
                context.is_person(name)
                or looks_like_person(name)  # "a vocalist"
                or (name == current_name and self._person(context, name))  # "... the Great"
            )
        ]
        for person in people if self.kin is not None else ():
            pages = self._kin_pages(context, person, relation)
            if len(pages) > 1 and described:
                return self._best_described(context, described, pages)[0] or pages[0]
            if pages:
                return pages[0]
        if relation.relation in _SIBLINGS and relation.age:
            for person in people:
                found = self._by_age(person, relation.age)
                if found is not None:
                    return found
        if relation.relation == "sibling" and relation.age:  # "the older one": of those in play
            return self._by_age_in_play(context, rejected, relation.age)
        return None

    def _kin_pages(self, context: Context, person: str, relation: cues.Relation) -> list[str]:
        """The pages of ``person``'s relatives of ``relation`` that the collection states
        (:meth:`_stated_kin`); for a grandchild or a grandparent that no page states, those
        of a child's children or a parent's parents ("her grandson" of Abigail Adams: her son
        John Quincy Adams's son)."""
        pages = self._stated_kin(context, person, relation)
        step = _GRAND_STEPS.get(relation.relation)
        if pages or step is None:
            return pages
        # "her grandson": a child's child, where no page states the grandson as such
        first, second = (cues.Relation(r) for r in step)
        found = [
            page
            for between in self._stated_kin(context, person, first)
            for page in self._stated_kin(context, between, second)
            if page.casefold() != person.casefold()
        ]
        return list(dict.fromkeys(found))

    def _stated_kin(self, context: Context, person: str, relation: cues.Relation) -> list[str]:
        """The pages of ``person``'s relatives of ``relation`` that the collection states, not
        those whose pages say they are of the other sex; a relative written by a first name
        alone is the page of that name and ``person``'s last name ("his younger brother
        Bobby" on Jack Charlton's page: Bobby Charlton), one written as a part of a title
        between commas that title's page ("Lord Darnley": Henry Stuart, Lord Darnley)."""
        key = name_key(strip_qualifier(person))
        surname = family_name(key) if len(key) > 1 else None
        sex = _SEX_OF_RELATION.get(relation.relation)
        pages = []
        for name in self.kin(person, relation) if self.kin is not None else ():
            page = self.titles.named(name) or [
                m.name for m in self.titles.find(name) if m.end - m.start == len(name)
            ]
            if not page and surname is not None and " " not in name.strip():
                page = self.titles.named(f"{name} {surname}")
            page = page or self._titles_by_comma_part.get(name_key(name), [])[:1]
            if page and not (sex and self._sex(page[0]) not in ("", sex)):
                pages.append(context.canonical(page[0]))
        return pages

    def _sex(self, name: str) -> str:
        """ "male" or "female" where a person's page says so by its pronouns, else ""."""
        opening = self._opening(name)
        return opening.sex if opening is not None else ""

    @cached_property
    def _titles_by_comma_part(self) -> dict[tuple[str, ...], list[str]]:
        """The titles with a comma by each part of theirs between commas that only one of them
        has ("Marie Louise": Marie Louise, Duchess of Parma), read when first looked for."""
        by_part: dict[tuple[str, ...], list[str]] = {}
        for title in self._titles:
            if ", " in title and "(" not in title:
                for part in title.split(", "):
                    if len(key := name_key(part)) > 1:
                        by_part.setdefault(key, []).append(title)
        return {part: titles for part, titles in by_part.items() if len(titles) == 1}

    def _relative_of_named(self, context: Context, text: str) -> tuple[str, str] | None:
        """The relative of a person the text names, by the name's possessive ("how many kids
        did caligulas mum have", "neros mother"): the one page the collection states."""
        if not cues.names_relation(text):
            return None
        for mention in self._people_said(context, text):
            said = cues.relation_after(text, mention.end)
            if said is None or not self._person(context, mention.name):
                continue
            pages = list(dict.fromkeys(self._kin_pages(context, mention.name, said[0])))
            if len(pages) == 1:
                return pages[0], text[mention.start : said[1]]
        return None

    def _relative_answered(
        self, context: Context, relations: set[str], excluded: set[str]
    ) -> str | None:
        """The one page or topic the last answer names right after calling it by one of
        ``relations`` ("... his daughter Artemisia had come over ..."), if only one."""
        if not relations or not context.memory.nodes:
            return None
        found: dict[str, None] = {}
        for fact in context.memory.nodes[-1].facts:
            for match in _relative_said(frozenset(relations)).finditer(fact):
                after = fact[match.end() :]
                # a whole name, else a first name only one person's page opens with
                said = (
                    mentions(after, context.topics, self.titles)[:1]
                    + self.first_names.find(after)[:1]
                )
                for mention in said:
                    name = context.canonical(mention.name)
                    if mention.start == 0 and context.is_known(name):
                        found[name] = None
                        break
        named = [n for n in found if n.casefold() not in excluded]
        return named[0] if len(named) == 1 else None

    def _as_page(self, context: Context, name: str) -> str:
        """A name as the memory or the collection spells it, a surname only one person's page
        has as that page ("Haydn": Joseph Haydn)."""
        spelled = context.canonical(name)
        if context.is_known(spelled):
            return spelled
        found = self.surnames.find(name)
        whole = len(found) == 1 and found[0].end - found[0].start == len(name)
        return found[0].name if whole else spelled

    def _by_age_in_play(self, context: Context, person: str, age: str) -> str | None:
        """Of the people in play (the memory's topics, the latest answers' names), the one
        born nearest before ``person`` for "older", after for "younger" ("who was born first,
        haydn or beethoven" ... "the older one i meant": Haydn)."""
        in_play = dict.fromkeys(self._as_page(context, n) for n in _in_play(context))
        people = [
            name
            for name in in_play
            if name.casefold() != person.casefold() and self._person(context, name)
        ]
        return self._nearest_born(person, people, age)

    def _nearest_born(self, person: str, others: Iterable[str], age: str) -> str | None:
        """Of ``others``, the one born nearest before ``person`` for "older", after for
        "younger", by the year each page opens with (a person's birth year)."""
        born = self._born(person)
        if born is None:
            return None
        years = [(year, other) for other in others if (year := self._born(other)) is not None]
        if age == "older":
            earlier = [(year, other) for year, other in years if year < born]
            return max(earlier)[1] if earlier else None
        later = [(year, other) for year, other in years if year > born]
        return min(later)[1] if later else None

    def _by_age(self, person: str, age: str) -> str | None:
        """The person's nearest elder or younger sibling among the pages that share their
        last name (:meth:`_nearest_born`)."""
        family = self._of_last_name(person)
        return self._nearest_born(person, (other for other in family if other != person), age)

    def _of_last_name(self, person: str) -> Sequence[str]:
        """The pages of the people who share ``person``'s last name (``person`` among them
        where it is one), none where no other page has it."""
        key = name_key(person)
        return self.same_surname.get(family_name(key), ()) if key else ()

    def _born_in(self, person: str, text: str) -> str | None:
        """The one other page of ``person``'s last name that opens with a year ``text`` says
        ("and 1969?" after "which greenwood was born in 1971"), or with the year so many
        years before or after ``person``'s ("n the one 5 yrs older")."""
        years = set(said_values(text))
        apart, born = _YEARS_OLDER.search(text), self._born(person)
        if apart is not None and born is not None:
            step = count_of(apart["count"])
            years = {born - step if apart["way"].casefold() == "older" else born + step}
        if not years:
            return None
        found = [
            other
            for other in self._of_last_name(person)
            if other != person and self._born(other) in years
        ]
        return found[0] if len(found) == 1 else None

    def _sibling_step(self, person: str, text: str) -> str | None:
        """Of the pages that share ``person``'s last name, the one ``text`` steps to in the
        order of birth the pages open with: so many older or younger ("one sister older",
        "two brothers up"), the next born ("the next sister down"), or the youngest or
        eldest ("the baby of the family", "the eldest")."""
        said = _SIBLING_STEP.search(text)
        if said is None:
            return None
        family = [person, *(p for p in self._of_last_name(person) if p != person)]
        if said["end"]:
            born = sorted((year, p) for p in family if (year := self._born(p)) is not None)
            youngest = said["end"].casefold() in _YOUNGEST
            found = (born[-1] if youngest else born[0])[1] if len(born) > 1 else None
            return found if found != person else None
        way = (said["way"] or said["next"] or "down").casefold()
        age = "older" if way in _OLDER_STEPS else "younger"
        found: str | None = person
        for _ in range(count_of(said["count"] or "1")):
            here = found
            found = self._nearest_born(here, (p for p in family if p != here), age)
            if found is None:
                return None
        return found

    def _one_of_two_by_age(self, context: Context, text: str) -> tuple[str, str] | None:
        """The older or the younger of two people of a last name, by the years their pages
        open with ("and the younger charlton"), where neither is the current topic; the
        eldest or the youngest of any number of them ("the youngest gibb"), where that is not
        the current topic."""
        current = context.current.name if context.current is not None else None
        for said in _AGED_NAME.finditer(text):
            people = self.same_surname.get(said["name"].casefold(), [])
            born = sorted((b, p) for p in people if (b := self._born(p)) is not None)
            way = said["way"].casefold()
            older = way in _OLDER_OF_TWO
            if way in _SUPERLATIVE_AGES and len(born) == len(people) > 1:
                found = born[0 if older else -1][1]
                if found != current:
                    return found, said.group()
            if len(born) != 2 or len(people) != 2 or current in people:
                continue
            return born[0 if older else 1][1], said.group()
        return None

    def _born(self, person: str) -> int | None:
        """The year a person's page opens with, if the writer reads openings."""
        return year_of(self._opening(person))

    def _best_described(
        self,
        context: Context,
        segment: str,
        candidates: Sequence[str],
        related: Callable[[str], Any] | None = None,
        spelled: Callable[[str], str] | None = None,
    ) -> tuple[str | None, float]:
        """The candidate that ``segment`` names or describes best, if any fits, and how well;
        of several that fit alike, the most ``related`` one (else the first). Candidates are
        read as ``spelled`` spells them (by default as the memory or collection does)."""
        wanted = _content(segment)
        years = {w for w in cues.words_of(segment) if _YEAR.fullmatch(w)}  # "the one from 2005"
        if not wanted and not years:
            return None, 0.0
        wanted |= set().union(*(kind for kind in cues.KIND_WORDS if kind & wanted))
        stems = frozenset(tokenize(" ".join(wanted)))
        # "the one with lee unkrich" says what the page holds, not what it is called
        naming = 1.0 if _described_by(segment) else 3.0
        naming_words = wanted - _KIND_NOUNS  # "the third person": no page called "Person"
        told = bool(_TOLD.search(segment))
        # "the singer", "the plane" (not "the bass player"): a kind a page opens with
        kinds = set(_DEFINITE.findall(segment.casefold())) - STOPWORDS - _GENERIC_NOUNS
        scored: list[tuple[float, str]] = []
        for name in dict.fromkeys(map(spelled or context.canonical, candidates)):
            score = naming * _name_match(naming_words, strip_qualifier(name))
            qualified = (wanted | years) & set(cues.words_of(qualifier(name)))
            score += 2.0 * len(qualified)
            topic = context.memory.topic(name)
            if topic is not None:
                score += description_score(topic, wanted) / 2
                if told:  # "the one where you mentioned former": a word of its stored facts
                    score += len(wanted & fact_words(topic))
            if self.pages is not None:
                score += len(stems & self.pages(name))
            opening = self._opening(name)  # "the reporter": a page that opens as a journalist
            if (
                opening is not None
                and opening.stated
                and not qualified  # "the film": counted once, by its qualifier "(1982 film)"
                and any(is_kind(opening.kind, word) for word in kinds)
            ):
                score += _STATED_KIND
            scored.append((score, name))
        best_score = max((score for score, _ in scored), default=0.0)
        if best_score < 1.0:
            return None, 0.0
        tied = [name for score, name in scored if score == best_score]
        if related is not None and len(tied) > 1:
            return max(tied, key=related), best_score
        return tied[0], best_score

    def _other(self, context: Context, rejected: str, question: str, noun: str = "") -> str | None:
        """ "The other one", "wrong one": the other member of the latest pair an answer named
        with the rejected one, else the earlier topic most like the rejected one or another
        page of its name or numbered family, whichever fits the open question better; with a
        ``noun`` ("the other person", "the other film"), one of the conversation's topics of
        that sort where one fits."""
        for _, names in reversed(context.answer_lists):
            others = [n for n in names if not same_name(n, rejected)]
            if len(names) == 2 and len(others) == 1:
                # "there are two: indiana and atlanta" ... "the other one"
                return context.canonical(others[0])
        options = []
        counterpart = self._counterpart(context, rejected, question)
        if counterpart is not None:
            options.append(counterpart.name)
        family = [*self.titles.named(rejected), *(m.title for m in self.siblings.family(rejected))]
        options += [t for t in family if t.casefold() != rejected.casefold()]
        if noun and noun != "one":
            recent = [t.name for t in context.recent_topics()[:RECENT_TOPICS]]
            sort = [n for n in dict.fromkeys([*options, *recent]) if n != rejected]
            options = context.of_noun(sort, noun) or options
        return self._best_fit(context, rejected, question, options) if options else None

    def _like(self, rejected: str) -> Callable[[str], float]:
        """How alike a name's page reads to the rejected one's (needs page words)."""
        assert self.pages is not None
        rejected_words = self.pages(rejected)
        return lambda name: similarity(rejected_words, self.pages(name))

    def _fit(self, rejected: str, question: str) -> Callable[[str], float]:
        """How well a name fits as what a correction of ``rejected`` means: the open question
        fits its page and its page reads like the rejected one's (needs page words)."""
        assert self.pages is not None
        asked = frozenset(tokenize(question))
        like = self._like(rejected)

        def fit(name: str) -> float:
            asks = len(asked & self.pages(name)) / len(asked) if asked else 0.0
            return asks + like(name)

        return fit

    def _best_fit(
        self, context: Context, rejected: str, question: str, names: Sequence[str]
    ) -> str:
        """The best-fitting name, or the first when the writer has no page words."""
        if self.pages is None or len(set(names)) < 2:
            return names[0]
        return max(names, key=self._fit(rejected, question))

    def _counterpart(self, context: Context, rejected: str, question: str) -> Topic | None:
        """The earlier topic a correction of ``rejected`` most likely means: one the open
        question also fits and whose page reads like the rejected one's (with page words),
        of the same kind, the most recent first."""
        rejected_topic = context.memory.topic(rejected)
        others = [t for t in context.recent_topics() if t.name.casefold() != rejected.casefold()]
        others = others[:RECENT_TOPICS]
        if not others:
            return None
        person = context.is_person(rejected)  # a person's counterpart is a person
        others = [t for t in others if topic_is_person(t) == person] or others
        if self.pages is not None:
            fit = self._fit(rejected, question)
            return max(others, key=lambda topic: fit(topic.name))
        wanted = rejected_topic.kind if rejected_topic is not None else ""
        return next((t for t in others if wanted and t.kind == wanted), others[0])

    def _pair_position(
        self,
        context: Context,
        position: cues.Position,
        rejected: str,
        question: str,
        ordered: bool = False,
    ) -> tuple[str, str, set[int]] | None:
        """ "The second one we discussed": a place in the pair of the rejected topic and its
        counterpart, in the order they were first discussed; without such words ("the
        former") only when no answer listed the rejected topic."""
        listed = not ordered and any(
            any(same_name(n, rejected) for n in names) for _, names in context.answer_lists
        )
        counterpart = self._counterpart(context, rejected, question)
        if listed or counterpart is None or context.memory.topic(rejected) is None:
            return None
        pair = sorted([context.memory.topic(rejected), counterpart], key=lambda t: t.turns[0])
        if position.index not in (1, 2, -1, -2):
            return None
        chosen = pair[0] if position.index in (1, -2) else pair[1]
        if chosen.name.casefold() == rejected.casefold():
            return None
        return chosen.name, "", {chosen.turns[-1]}

    # -- continuations -----------------------------------------------------------------------

    def _continuation(self, context: Context, text: str, turn: Turn) -> _Decision:
        """A turn that does not correct: its topic as the chooser (else :meth:`_choose`) picks
        it."""
        named_after = self._named_after(context, text)
        if named_after is not None:  # "him" is the person it was named after, kept in words
            text = named_after.question
        relative = self._relative_asked(context, text)
        chosen = (
            self._relative_of_named(context, text)  # "how many kids did caligulas mum have"
            or self._one_of_two_by_age(context, text)  # "and the younger charlton"
            or self._other_namesake(context, text)
            or self._going_back(context, text)
            or self._named_switch(context, text)
            or self._named_first(context, text, turn)
            or self._nicknamed(context, text)
            or relative
            or (named_after.chosen if named_after is not None else None)
            or self._by_role(context, text)
            or self._of_the_pronouns_sex(context, text)
            or self._that_one_answered(context, text)
            or self._person_listed(context, text)
            or self._subject_described(context, text)
            or self._other_described(context, text)
            or self._kind_described(context, text)
            or self._back_by_description(context, text)
        )
        if chosen is None:
            picked = self.chooser.choose(context, text, turn) if self.chooser is not None else None
            chosen = self._returned_to_kind(context, text, picked)
        name, phrase = chosen or self._choose(context, text, turn)
        answered = self._answered_for(context, turn.answer or "", text)
        if answered is not None and answered.casefold() != name.casefold():
            name, phrase = answered, phrase if cues.pronouns(text) else None
        name = self._dated_by_answer(name, turn.answer or "")
        depends = self._depends(context, name)
        if context.memory.nodes and (phrase or cues.pronouns(text)):
            depends.add(context.memory.nodes[-1].turn)
        operations = [self._operation_for(context, name)]
        stepped = relative is not None and relative[0] == name and context.current is not None
        if stepped:  # "his son?" steps from the person to the relative, as a value would
            operations.insert(0, Operation(op=Op.ABANDON, topic=context.current.name))
        return _Decision(
            topic=name,
            operations=operations,
            question=text,
            depends=depends,
            contradicts=[context.current.name] if stepped else [],
            phrase=phrase,
            stepped=stepped,
        )

    def _nicknamed(self, context: Context, text: str) -> tuple[str, None] | None:
        """The page of a nickname its page states ("dubya governor of texas when", "back to
        the king of pop", "poppys wife name"), where that is not the current topic and the
        current topic's page does not write it too ("who played the joker" in the film)."""
        current = context.current
        if self.nicknames is None or current is None:
            return None
        named = {w for m in context.mentions(text) for w in cues.words_of(text[m.start : m.end])}
        candidates = [p for p in _nickname_candidates(text, self.rare) if set(p.split()) - named]
        for phrase in candidates[:_NICKNAME_TRIES]:  # not "dr" of "dr pepper"
            pages = self.nicknames(phrase)
            if not pages:
                continue
            own = self.pages(current.name) if self.pages is not None else frozenset()
            if pages[0].casefold() == current.name.casefold() or set(tokenize(phrase)) <= own:
                return None
            return pages[0], None
        return None

    def _relative_asked(self, context: Context, text: str) -> tuple[str, str] | None:
        """A turn that says nothing but a relative of the person in focus ("his son?", "and
        her father"): that relative's page, as the collection states the relation."""
        current = context.current
        if current is None:
            return None
        written = _relation_only(text)
        if written is not None:
            start, end = written
            kin = self._kin_of(context, text, current.name, described=text[end:])
            return (kin, text[start:end]) if kin is not None else None
        bare = _bare_relation_only(text)  # "what about the father", "the founder dad"
        if bare is None or not self._person(context, current.name):
            return None
        relation, start, end, modifier = bare
        kin = self._kin_of(
            context, text, current.name, f"{modifier} {text[end:]}".strip(), relation
        )
        return (kin, text[start:end]) if kin is not None else None

    def _other_namesake(self, context: Context, text: str) -> tuple[str, None] | None:
        """The page a turn means by "the other <name>" or "a different <name>" where the
        word is of a name in play ("ok the other rocket lol" after Stephenson's Rocket: the
        snooker player his page calls the Rocket): of the pages the collection finds for the
        word, not the current topic, the only one, else the one the rest of the turn names,
        or whose kind it says, or that the collection finds best for the word and the rest."""
        said = _OTHER_NAMED.search(text)
        current = context.current
        if said is None or current is None or self.search is None or self.pages is None:
            return None
        word = said["word"].casefold()
        if word in _OTHER_IDIOMS:
            return None  # "i saw him the other day"
        in_play = [*(t.name for t in context.recent_topics()), *context.previous_names]
        if not any(_capitalised_in(word, name) for name in in_play):
            return None  # "the other one", "the other nerves": no namesake of a name said
        pages = [p for p in self.search(word) if p.casefold() != current.name.casefold()]
        if len(pages) < 2:
            return (pages[0], None) if pages else None
        rest = f"{text[: said.start()]} {text[said.end() :]}"
        named = [m.name for m in context.mentions(rest) if m.name in pages]
        if named:
            return named[0], None
        words = set(cues.words_of(rest)) - STOPWORDS
        kinds = _only_best(pages, lambda page: len(_kind_words(self._stated_kind(page)) & words))
        if kinds is not None:
            return kinds, None
        described = [p for p in self.search(f"{word} {rest}") if p in pages]  # "the fema guy"
        return (described[0], None) if described else None

    def _named_after(self, context: Context, text: str) -> _NamedAfter | None:
        """The one page named after the current person that a question asks of by its kind
        ("when was the ballpark named after him" on William Wrigley Jr.: Wrigley Field;
        "which new jersey town is named after him" on Thomas Edison: Edison, New Jersey): a
        page the collection finds for the noun and the surname, whose title has the surname."""
        said = _NAMED_AFTER.search(text)
        current = context.current
        if said is None or current is None or self.search is None:
            return None
        key = name_key(current.name)
        if len(key) < 2 or not self._person(context, current.name):
            return None
        noun = said["noun"].casefold()
        surname = next(w for w in reversed(key) if w.rstrip(".") not in _NAME_SUFFIXES)
        found = [
            page
            for page in self.search(f"{noun} {surname}")
            if page.casefold() != current.name.casefold()
            and surname in {w.removesuffix("'s") for w in name_key(page)}
            and not self._person(context, page)
        ]
        if len(found) != 1:
            return None
        return _NamedAfter((found[0], said["noun"]), as_name(text, said["pronoun"], current.name))

    def _by_role(self, context: Context, text: str) -> tuple[str, str] | None:
        """The one person in play (a recent topic or a name of the latest answers) whose page
        gives the role a question asks about ("what happened to the drummer" after turns
        about the Who: Keith Moon), and the words that said it; a role is a word for what
        people do, or what a person in play is as their page states it ("what else did the
        perfumer make": Ernest Beaux was a perfumer). A question that asks who has the role
        stays with the chooser."""
        found = list(_DEFINITE_ROLE.finditer(text))
        if self.pages is None or not found or _ASKS_WHO.match(text):
            return None  # "who was the drummer" asks of the band
        in_play = list(dict.fromkeys(context.canonical(n) for n in _in_play(context)))
        if any(m.group(1) not in cues.ROLE_NOUNS for m in found):
            stated = {self._stated_kind(n).casefold() for n in in_play if self._person(context, n)}
            found = [
                m for m in found if m.group(1) in cues.ROLE_NOUNS or m.group(1).casefold() in stated
            ]
        if len(found) != 1:
            return None
        noun = found[0].group(1).casefold()
        fitting = [name for name in in_play if self._has_role(context, name, noun)]
        if not fitting:  # "co-founder and drummer of the Beach Boys", after its kind
            fitting = [name for name in in_play if self._said_role(name, noun)]
        if not fitting and noun in _MAKERS and context.current is not None:
            fitting = self._made_by(context, context.current.name)  # "the author" of a book
        return (fitting[0], found[0].group()) if len(fitting) == 1 else None

    def _of_the_pronouns_sex(self, context: Context, text: str) -> tuple[str, str] | None:
        """The one person the last answer named whose page is of the sex a pronoun says,
        where the current topic's page says it is of the other ("what other big ones did he
        cut" after a turn about Evalyn Walsh McLean answered "Harry Winston, in 1949")."""
        current = context.current
        said = [p for p in cues.pronouns(text) if p in _PRONOUN_SEX]
        if current is None or not said:
            return None
        sex = _PRONOUN_SEX[said[0]]
        if self._sex(current.name) in ("", sex):
            return None
        named = dict.fromkeys(context.canonical(n) for n in context.previous_names)
        fitting = [n for n in named if n != current.name and self._sex(n) == sex]
        return (fitting[0], said[0]) if len(fitting) == 1 else None

    def _that_one_answered(self, context: Context, text: str) -> tuple[str, str] | None:
        """A thing or person of the last answer said with "that" and a word for its kind ("when
        did that bridge open" after an answer naming the Golden Gate Bridge, "how did that
        engineer get the idea" after one naming George de Mestral): the one page the answer
        named, not the current topic, that is called so or states that kind."""
        said = _THAT_NOUN.search(text)
        current = context.current
        if said is None or current is None or cues.pronouns(text):
            return None  # "what was his rank during that war" asks of him
        if _GOVERNED_BEFORE.search(text[: said.start()]):
            return None  # "during that war": not what the question is about
        noun = said["noun"].casefold()
        named = dict.fromkeys(context.canonical(n) for n in context.previous_names)
        fitting = [
            name
            for name in named
            if name.casefold() != current.name.casefold()
            and self.titles.named(name)
            and (self._called(name, noun) or is_kind(self._stated_kind(name), noun))
        ]
        return (fitting[0], said.group()) if len(fitting) == 1 else None

    def _made_by(self, context: Context, name: str) -> list[str]:
        """The people with a page whom ``name``'s first sentence says it is by ("Gulliver's
        Travels is a 1726 satire by the Anglo-Irish writer Jonathan Swift")."""
        opening = self._opening(name)
        if opening is None or not opening.by:
            return []
        said = mentions(opening.by, context.topics, self.titles)
        people = (context.canonical(m.name) for m in said)
        return list(dict.fromkeys(p for p in people if p != name and self._page_of_person(p)))

    def _has_role(self, context: Context, name: str, role: str) -> bool:
        """Whether ``name`` is a person whose page states ``role`` as what they are ("Keith
        Moon was an English drummer"), or whose topic's kind is that role."""
        opening = self._opening(name)
        if opening is not None:
            return opening.person and opening.stated and same_kind(opening.kind, role)
        topic = context.memory.topic(name)
        return topic is not None and topic_is_person(topic) and same_kind(topic.kind, role)

    def _said_role(self, name: str, role: str) -> bool:
        """Whether ``name``'s page opens as a person's and its first sentence, one that names
        them, says ``role`` of them ("Dennis Wilson was an American musician, the drummer of
        the Beach Boys")."""
        opening = self._opening(name)
        return opening is not None and opening.person and role in opening.roles

    def _opening(self, name: str) -> Opening | None:
        """How ``name``'s page opens, where the writer reads openings."""
        return self.openings(name) if self.openings is not None else None

    def _page_of_person(self, name: str) -> bool:
        """Whether ``name``'s page opens as a person's (never without openings)."""
        opening = self._opening(name)
        return opening is not None and opening.person

    def _stated_kind(self, name: str) -> str:
        """The kind ``name``'s page states in its opening ("Mars is the fourth planet":
        "planet"), if any."""
        opening = self._opening(name)
        return opening.kind if opening is not None and opening.stated else ""

    def _person(self, context: Context, name: str) -> bool:
        """Whether ``name`` is a person: by how its page opens, else by what the memory holds
        of it or how it reads."""
        opening = self._opening(name)
        return opening.person if opening is not None else context.is_person(name)

    def _answered_for(self, context: Context, answer: str, question: str) -> str | None:
        """The topic an answer says it answers for when the question fits several ("there are
        two: a and b. for b: ..."): a topic of the memory or a page; not where the question
        names its own subject."""
        said = _ANSWERED_FOR.search(answer[:ANSWER_CUT])
        if said is None:
            return None
        found = mentions(said["name"], context.topics, self.titles)
        if not found or context.names(question):
            return None
        name = context.canonical(found[0].name)
        known = context.memory.topic(name) is not None or self.titles.named(name)
        return name if known else None

    def _dated_by_answer(self, name: str, answer: str) -> str:
        """Of the pages that share ``name`` and are told apart by a year in their titles
        ("Fiat 500 (1957)", "Fiat 500 (2007)"), the one whose year the answer's first
        sentence says ("The 1957 Fiat 500 was built mostly in Turin."); ``name`` where it says
        none or several."""
        pages = self.titles.named(strip_qualifier(name))
        if len(pages) < 2 or not answer or not _YEAR.search(qualifier(name)):
            return name  # not "Hamlet", the play, for an answer that lists its 1948 film
        said = set(_YEAR.findall(_first_sentence(answer[:ANSWER_CUT])))
        dated = [page for page in pages if set(_YEAR.findall(qualifier(page))) & said]
        return dated[0] if len(dated) == 1 else name

    def _going_back(self, context: Context, text: str) -> tuple[str, str | None] | None:
        """A return to a topic by its place in the conversation: "going back to the previous
        topic, ...", "about the first film again" (the latest topic before the current one,
        or the first one discussed, of the sort the noun says where it says one); "the first
        director i asked about", "the one from my first question" (the topics counted in the
        order first discussed)."""
        current = context.current
        if current is None:
            return None
        said = _GOING_BACK.search(text)
        if said is not None and _RETURNING.search(text):
            noun = said["noun"].casefold()
            if said["which"].casefold() in ("first", "original"):
                order = [t.name for t in context.memory.topics]  # in order of first mention
            else:
                order = [t.name for t in context.recent_topics() if t.name != current.name]
            if noun not in _TOPIC_NOUNS:
                order = context.of_noun(order, noun) or order
            pronouns = cues.pronouns(text[said.end() :])
            return (order[0], pronouns[0] if pronouns else None) if order else None
        position = cues.conversation_position(text) if cues.in_conversation_order(text) else None
        if position is not None:  # "the frenchman i opened with", "the first emperor i asked"
            order = self._of_kind_said(
                context, position.noun, [t.name for t in context.memory.topics]
            )
            index = position.within(len(order))
            if index is not None:
                return order[index], None
        back_to = self._back_to(context, text, current.name)
        if back_to is not None:
            return back_to
        asked = _MY_QUESTION.search(text)
        if asked is not None:
            position = cues.Position(cues.ORDINALS[asked["ord"].casefold()], "one")
        found = context.discussed_at(position) if position is not None else None
        return (found.name, None) if found is not None else None

    def _back_by_description(self, context: Context, text: str) -> tuple[str, str | None] | None:
        """A return by a description said first, before the question ("the metal — who
        actually found it", "re the pope tho, whats his 1943 encyclical", "and the ford from
        before — was it built in the soviet union too"), and the pronoun after it that means
        it."""
        lead = _LEAD_DESCRIPTION.match(text)
        if lead is None or context.current is None or _CLAUSE_OPENS.search(lead["what"]):
            return None  # "the actress who played susan; where is she from" asks of another
        found = self._described_before(context, lead["what"], context.current.name)
        if found is None:
            return None
        pronouns = cues.pronouns(text[lead.end() :])
        return found, pronouns[0] if pronouns else None

    def _described_before(self, context: Context, what: str, current: str) -> str | None:
        """The latest earlier topic that ``what`` names ("the antipope") or, where it names
        none, fits by kind or title ("the metal", "the ford"), else the one earlier topic whose
        page says its words ("that norse kratos one"); none where it fits the current topic."""
        earlier = [t.name for t in context.recent_topics() if t.name != current]
        named = {context.canonical(m.name) for m in self._people_said(context, what)}
        if named:
            return None if current in named else next((n for n in earlier if n in named), None)
        said = [w for w in cues.words_of(what) if w not in STOPWORDS]
        if not said:
            return None
        head, rest = said[-1], said[:-1]
        generic = head in _GENERIC_NOUNS | _SORT_NOUNS  # "that norse kratos one": its words
        if generic and not rest:
            return None
        stems = set(tokenize(" ".join(rest if generic else [head])))

        def called(name: str) -> bool:
            return not generic and self._called(name, head)

        if called(current) or stems <= self._page_words(current):
            return None
        found = next((name for name in earlier if called(name)), None)
        if found is not None:
            return found
        saying = [name for name in earlier if stems <= self._page_words(name)]
        return saying[0] if len(saying) == 1 else None

    def _called(self, name: str, noun: str) -> bool:
        """Whether a page is called ``noun``: the kind its opening states ("a Roman emperor"),
        or a word of its title ("the antipope", "the ford")."""
        return is_kind(self._stated_kind(name), noun) or noun in cues.words_of(name)

    def _namesakes_of(self, name: str) -> list[str]:
        """The pages that share ``name``: its titles, then its namesakes by name."""
        return [*self.titles.named(name), *self.siblings.namesakes(name)]

    def _page_words(self, name: str) -> frozenset[str]:
        return self.pages(name) if self.pages is not None else frozenset()

    def _of_kind_said(self, context: Context, noun: str, names: list[str]) -> list[str]:
        """The ``names`` of the kind a return's noun says, by the first test of
        :meth:`_kind_tests` that some fit; all of them for "one" or "topic", or where none
        fits."""
        if noun in _TOPIC_NOUNS:
            return names
        for fits in self._kind_tests(context, noun):
            found = [name for name in names if fits(name)]
            if found:
                return found
        return names

    def _back_to(self, context: Context, text: str, current: str) -> tuple[str, str | None] | None:
        """A return to an earlier topic of the memory by a name, a first name or a description
        after "back to" or before "again" ("going back to mick, where did he study", "ok back
        to the show", "eleanor again — how many kids did she have"): the topic the words fit,
        not the current one, and the pronoun after them that means it."""
        said = _BACK_TO.search(text)
        lead = (said["what"], said.end()) if said is not None else cues.returned_to(text)
        if lead is None or cues.positions(text):  # "returning to queen's founders: the third"
            return None
        what, end = lead
        earlier = {t.name.casefold() for t in context.recent_topics()} - {current.casefold()}
        named = (context.canonical(m.name) for m in self._people_said(context, what))
        found = next((n for n in named if n.casefold() in earlier), None)
        noun = _A_KIND.fullmatch(what.strip())
        if found is None and noun is not None and noun[1].casefold() in _KINDS_BY_PAGE:
            found = self._earlier_of_kind(context, noun[1].casefold(), current)  # "the place"
        if found is None:
            found = self._described_earlier(context, what, earlier)
        kind = noun[1].casefold() if noun is not None else ""
        if found is None and kind and not self._of_kind(current, kind, stated=False):
            # "back to the planet": the latest earlier topic whose page opens as one, one
            # that opens as that very word first ("the goddess": not a god)
            stated = {
                t.name: self._stated_kind(t.name)
                for t in context.recent_topics()
                if t.name.casefold() in earlier
            }
            found = next((n for n, k in stated.items() if k == kind), None) or next(
                (n for n, k in stated.items() if is_kind(k, kind)), None
            )
        if found is None:  # "back to 11": the earlier topic of the current one's family
            moved = self.siblings.moved(current, what)
            found = moved if moved is not None and moved.casefold() in earlier else None
        if found is None:
            found = self._told_earlier(context, what, earlier)
        asked_before = set(cues.words_of(text[: text.find(what)])) & cues.QUESTION_WORDS
        if found is None and not asked_before and text[end:].strip(" ,.;:!?…—–-"):
            # a lead before the question, not "when did he come back to liverpool"
            found = self._page_saying_earlier(what, context, earlier)
        pronouns = cues.pronouns(text[end:])
        return (found, pronouns[0] if pronouns else None) if found is not None else None

    def _page_saying_earlier(self, what: str, context: Context, earlier: set[str]) -> str | None:
        """The one earlier topic whose page says the words of a return's lead beyond kinds
        ("lackland again", "carpenters slasher again"; not "the film")."""
        said = set(cues.words_of(what)) - STOPWORDS - _KIND_NOUNS - _GENERIC_NOUNS
        wanted = set(tokenize(" ".join(sorted(said))))
        topics = [t.name for t in context.recent_topics() if t.name.casefold() in earlier]
        return self._one_page_saying(topics, wanted) if wanted and self.pages is not None else None

    def _returned_to_kind(
        self, context: Context, text: str, chosen: tuple[str, str | None] | None
    ) -> tuple[str, str | None] | None:
        """A return by kind ("about that place from before", "going back to the film you
        mentioned earlier"): the chooser's earlier topic where it is of that kind, else the
        latest earlier topic that is (:meth:`_earlier_of_kind`)."""
        said = _RETURN_TO_KIND.search(text)
        current = context.current
        if said is None or current is None:
            return chosen
        noun = said["noun"].casefold()
        if (
            chosen is not None
            and chosen[0] != current.name
            and self._earlier_of_kind(context, noun, current.name, [chosen[0]]) is not None
        ):
            return chosen  # the chooser's earlier topic is of that kind
        found = self._earlier_of_kind(context, noun, current.name)
        if found is None:
            return chosen
        pronouns = cues.pronouns(text[said.end() :])
        return found, pronouns[0] if pronouns else None

    def _earlier_of_kind(
        self, context: Context, noun: str, current: str, among: Sequence[str] | None = None
    ) -> str | None:
        """The latest topic before ``current`` (of ``among``, where given) of the kind
        ``noun`` says: a person for "the person", a place for "the place" (a page that opens
        as a city, a country, a prefecture...), else one whose page opens as that kind or
        whose qualifier says it, else one whose first passages use the word ("that admiral
        from before")."""
        topics = [t.name for t in context.recent_topics() if t.name != current]
        if among is not None:
            topics = [name for name in topics if name in among] or list(among)
        if noun in _TOPIC_NOUNS:
            return topics[0] if topics else None
        for fits in self._kind_tests(context, noun):
            found = next((name for name in topics if fits(name)), None)
            if found is not None:
                return found
        return None

    def _kind_tests(self, context: Context, noun: str) -> list[Callable[[str], bool]]:
        """Tests of whether a topic is of the kind ``noun`` says, the surest first: a person
        for "the person" or a compound of "man" ("the frenchman"), a place for "the place" (a
        page that opens as a city, a country...), else a page that opens as that kind or
        whose qualifier says it, then a page whose first passages use the word ("that
        admiral from before")."""
        if noun in _ANY_PERSON or noun.endswith(_PERSON_ENDINGS):
            return [lambda name: self._person(context, name)]
        if noun in _PLACE_NOUNS:
            return [lambda name: self._stated_kind(name) in _PLACE_KINDS]
        stems = set(tokenize(noun))
        return [
            lambda name: (
                is_kind(self._stated_kind(name), noun) or noun in cues.words_of(qualifier(name))
            ),
            lambda name: bool(stems & self._page_words(name)),
        ]

    @staticmethod
    def _described_earlier(context: Context, what: str, earlier: set[str]) -> str | None:
        """The earlier topic that words after "back to" describe: the latest person for "the
        person" or "the guy", the latest other topic for "the thing"; else the one topic
        the words fit best ("the show", "the island"), none where several fit as well."""
        said = set(cues.words_of(what)) - {"the", "that", "this", "a", "an"}
        wanted = said - STOPWORDS
        topics = [t for t in context.recent_topics() if t.name.casefold() in earlier]
        if said and said <= _SORT_NOUNS:
            person = bool(said & cues.PERSON_NOUNS)
            return next((t.name for t in topics if topic_is_person(t) == person), None)
        scored = sorted(((description_score(t, wanted), t.name) for t in topics), reverse=True)
        fits = [name for score, name in scored if score >= 1.0 and score == scored[0][0]]
        return fits[0] if wanted and len(fits) == 1 else None

    def _told_earlier(self, context: Context, what: str, earlier: set[str]) -> str | None:
        """The one earlier topic whose stored facts say a rare word of what a return says
        ("back to the cooper plane", "doc counsilmans swimmer"; not "the company")."""
        wanted = set(cues.words_of(what)) - STOPWORDS - _KIND_NOUNS - _GENERIC_NOUNS
        told = {w for w in wanted if self.rare(w)}
        told |= {w[:-1] for w in told if w.endswith("s") and len(w) > 3}  # "counsilmans"
        head = cues.words_of(what)[-1:]  # "the scottish pudding" is no person's page
        person = bool(set(head) & (cues.PERSON_NOUNS | cues.ROLE_NOUNS))
        topics = [
            t
            for t in context.recent_topics()
            if t.name.casefold() in earlier and (not head or topic_is_person(t) == person)
        ]
        said_in = [t.name for t in topics if told & fact_words(t)]
        return said_in[0] if len(said_in) == 1 else None

    def _named_switch(self, context: Context, text: str) -> tuple[str, str] | None:
        """A question that names an entity other than the current topic moves to it ("who
        directed avatar?" after two turns about Neil Armstrong, "who walked on the moon
        during apollo 11?" after Avatar), unless the name is part of the current topic's own
        name. A question that refers back (a pronoun, "this organ", "the aforementioned
        country") stays with the chooser, and so do lower-case words that read as common
        nouns: after a determiner ("the band") or, for one word, after a preposition ("on
        the moon"). A name said before a pronoun that fits it is what the pronoun then means:
        in a clause of its own ("and bezos, is he still running amazon"), or before a subject
        or possessive pronoun ("how old was bonham when he died"; not "was armstrong older
        than him"), or before the question ("lake victoria who named it")."""
        current = context.current
        if current is None:
            return None
        refers = _REFERS_BACK.search(text)
        if refers is not None:  # "cheddar man who is that", "bell rock, when did that go"
            fronted = _fronted_subject(text)
            if fronted is None or refers.start() < fronted:
                return None
            if _SENTENCE_END.search(text, fronted, refers.start()):  # "... ill look that up"
                return None
            before = text[:fronted]
            found = None
            if not _GOVERNED_SUBJECT.search(before):
                found = self._named_in(context, before, current, whole=text)
            return found if found is not None and self._only_names(before, found[0]) else None
        pronoun = _PRONOUN.search(text)
        if pronoun is None:
            return self._named_in(context, text, current)
        breaks = list(_CLAUSE.finditer(text, 0, pronoun.start()))
        asked_at = _question_after_subject(text)  # "lake victoria who named it"
        subject_first = not breaks and asked_at is not None and asked_at < pronoun.start()
        said = pronoun.group().casefold()
        found = None
        if breaks:
            found = self._named_in(context, text[: breaks[-1].start()], current, whole=text)
        elif subject_first:
            before = text[:asked_at]
            found = self._named_in(context, before, current, whole=text)
            # A subject said first is what the pronoun means ("apollo the god who were his
            # parents"), unless a preposition governs it ("and before zeppelin what band was
            # he in")
            if found is not None and not _GOVERNED_SUBJECT.search(before):
                return found
        if found is None and not breaks and said in _BACK_TO_SUBJECT:  # "barnum himself"
            found = self._named_in(context, text[: pronoun.start()], current, whole=text)
        return found if found and self._fits_pronoun(context, found[0], said) else None

    def _only_names(self, subject: str, name: str) -> bool:
        """Whether a subject said first is ``name`` as its page has it: each of its words is
        one of the name's, a word that asks nothing, one the corpus never has (a typo:
        "belini") or one the page writes ("negroni sbagliato"); not "any other american
        presidents" for a name an answer said."""
        own = set(cues.words_of(name.casefold()))
        said = set(cues.words_of(subject)) - STOPWORDS - cues.FILLER - own
        page = self._page_words(name) if said else frozenset()
        return all(self.unseen(w) or set(tokenize(w)) <= page for w in said)

    def _named_first(self, context: Context, text: str, turn: Turn) -> tuple[str, None] | None:
        """The person a conversation's first question names by a misspelt last name only one
        page has ("daguere what did he invent exactly"): a word the corpus never has. Once
        answered, the answer tells what the turn was taken to be about."""
        if context.current is not None or turn.answer is not None or context.mentions(text):
            return None
        found = self._misspelt_surnames(text)
        return (found[0].name, None) if found else None

    def _relative_by_first_name(self, context: Context, text: str, current: Topic) -> list[Mention]:
        """A person who shares the current topic's last name, called by a first name the
        corpus writes as a name ("when did marie die" while on Pierre Curie)."""
        key = name_key(current.name)
        if len(key) < 2 or key[-1] not in self.same_surname:
            return []
        return [
            m
            for m in _by_first_name(context, text, self.same_surname)
            if m.name != current.name
            and name_key(m.name)[-1] == key[-1]
            and self._written_as_name(text[m.start : m.end].casefold())
        ]

    def _fits_pronoun(self, context: Context, name: str, pronoun: str) -> bool:
        """Whether ``pronoun`` can mean ``name``: "he" a person, "it" a thing, "they" either;
        a page is a person by how it opens ("Led Zeppelin are an English rock band"), a name
        without one by what the memory holds of it or how it reads."""
        if pronoun in cues.PLURAL_PRONOUNS:
            return True
        person = self._person(context, name)
        return person if pronoun in cues.PERSON_PRONOUNS else not person

    def _named_in(
        self, context: Context, text: str, current: Topic, whole: str | None = None
    ) -> tuple[str, str] | None:
        """The entity other than ``current`` that ``text``, a question without pronouns or the
        part of one (of ``whole``) before them, names (see :meth:`_named_switch`); the words
        of the whole question pick among pages of one name ("levi strauss did he know
        sartre")."""
        whole = whole or text
        found = _replaced_by(context.mentions(text), self._misspelt_names(text))
        found = _replaced_by(found, self._said_the_other_way(text))  # "the alexandria lighthouse"
        other_titles = {  # "the amazon river" names a page while on "Amazon (company)";
            w  # "after the beatles" on the Beatles names it, not a description
            for m in found
            if len(name_key(m.name)) > 1
            for w in cues.words_of(text[m.start : m.end])
        }
        for mention in found:  # "michael collins the astronaut" while on the Irish leader
            namesake = self._namesake(whole, mention, current.name)
            if namesake is not None and namesake.casefold() != current.name.casefold():
                return namesake, namesake
        meant = {(m.start, m.end): self._page_meant(whole, m) for m in found}  # "lynch's dune"
        # "blondin the niagara guy": a description set beside a name said first is that name's
        for noun in [] if _apposed(text) else cues.descriptions(text):
            described = set(cues.words_of(noun)) - STOPWORDS - other_titles
            if described and description_score(current, described) >= 1.0:
                return None
        described = set(_DEFINITE.findall(text.casefold())) - STOPWORDS - other_titles
        if described & {*name_key(current.name), *cues.words_of(qualifier(current.name))}:
            return None  # "the kingdom" while on "Kingdom of Mysore", "the film" on a film
        own = set(name_key(current.name))
        surnames = self.surnames.find(text)
        if surnames:  # a person by a surname no other page has ("where did grohl grow up"),
            in_play = {n.casefold() for _, n in context.answer_names[-EARLIER_NAMES:]}
            in_play |= {t.name.casefold() for t in context.memory.topics}  # in play, or rare
            said = [
                m for m in surnames if self._surname_names(text[m.start : m.end], m.name, in_play)
            ]
            # a double name holds the title it opens with ("cartier bresson", not the jeweller)
            found = _replaced_by(found, _wider(said, found))
            found += _clear_of(found, said)
        found += _clear_of(found, self._misspelt_surnames(text))  # "conery born where"
        # a first name only one page opens with, that the corpus writes as a name ("and gordon?")
        found += _clear_of(found, self._first_names(context, text))
        found += _clear_of(found, self._initials_said(text))  # "tlou season 2 new cast"
        found += _clear_of(found, self._name_parts(text))  # "earl grey" of Earl Grey tea
        found += _clear_of(found, self._relative_by_first_name(context, text, current))
        found += _clear_of(found, self.titles.short_forms(text))  # "man utd"
        articled = self._whole_titles_after_article(current, text)
        found += _clear_of(found, articled)  # "who invented the stethoscope"
        # The subject before the object of a preposition ("lennon ... after the beatles").
        found.sort(key=lambda m: (_governed(text, m), m.start))
        announced = cues.switch_lead(text)
        for mention in found:
            page = meant.get((mention.start, mention.end))
            if page is not None and page.casefold() != current.name.casefold():
                return page, page  # the words beside the name say which page of that name
            name = mention.name
            if name.casefold() == current.name.casefold():
                return None
            written = text[mention.start : mention.end]
            if set(name_key(name)) <= own and not self._whole_other_title(written, name):
                continue
            if mention.start == announced:  # "switching to the hobbit" names it, in any case
                return name, name
            # "the band" reads as a noun; "the amazon river" names the river
            single = len(cues.words_of(written)) < 2
            determined = _OPENS_WITH_ARTICLE.match(written) or (
                single
                and _DETERMINER_BEFORE.search(text[: mention.start])
                and mention not in articled
            )
            if (
                written.islower()
                and determined
                and not self._article_named(written, name)
                and not self._place_without_noun(written, name)
            ):
                continue
            if (
                len(name_key(name)) < 2
                and written.islower()
                and (_governed(text, mention) or not self.rare(name_key(name)[0]))
            ):
                continue  # "on the moon", "tell me something about"
            return name, name
        if found:
            return None
        return (
            self._named_by_qualifier(current, text)
            or self._by_part_of_name(context, text)
            or self._named_in_corpus(current, text)
            or self._named_without_noun(current, text)
        )

    def _named_by_qualifier(self, current: Topic, text: str) -> tuple[str, str] | None:
        """A name typed in lower case with a word of its page's qualifier just after it ("ada
        the programming language who designed it": Ada (programming language), while on Ada
        Lovelace), a name the corpus writes as one, where one page of that name has such a
        word and it is not the current topic."""
        spans = list(word_spans(text))
        for i in range(len(spans)):
            for width in range(_NAME_PART_WORDS, 0, -1):
                said = [w for w, _, _ in spans[i : i + width]]
                if len(said) < width or said[0] in FUNCTION_WORDS:
                    continue
                after = {w for w, _, _ in spans[i + width : i + width + _QUALIFIER_REACH]}
                typed = " ".join(said)
                fits = [p for p in self.titles.named(typed) if _kind_words(qualifier(p)) & after]
                if (
                    len(fits) == 1
                    and fits[0].casefold() != current.name.casefold()
                    and self._written_as_name(typed)  # not "classical music sound track"
                ):
                    return fits[0], fits[0]
        return None

    @cached_property
    def _titles_of_word(self) -> dict[str, list[str]]:
        """The titles by each rare word of theirs, read when first looked for, not at
        start-up."""
        by_word: dict[str, list[str]] = {}
        for title in self._titles:
            for word in set(name_key(title)):
                if word not in FUNCTION_WORDS and not word.isdigit() and self.rare(word):
                    by_word.setdefault(word, []).append(title)
        return by_word

    @cached_property
    def _titles_by_word(self) -> dict[str, list[str]]:
        """The titles by each rare word they share with a few others ("hudson": Henry
        Hudson, Hudson River, Hudson Bay)."""
        return {
            w: titles for w, titles in self._titles_of_word.items() if 1 < len(titles) <= _WORD_KIN
        }

    def _sharing_a_word(self, name: str) -> list[str]:
        """The other titles that share a rare word of ``name``'s title with it."""
        return [
            title
            for word in name_key(name)
            for title in self._titles_by_word.get(word, ())
            if title.casefold() != name.casefold()
        ]

    @cached_property
    def _plurals(self) -> dict[str, list[str]]:
        """The titles by the plural they end in ("the packers": Green Bay Packers), read when
        a turn first says "the" before a plural, not at start-up."""
        return plural_endings(self._titles)

    def _plural_named(
        self, context: Context, text: str, names: Sequence[str], own: set[str]
    ) -> tuple[str, str] | None:
        """A team or a band by the plural its name ends in, after "the" ("how many super
        bowls have the packers won"): the one name in play, not the current topic's, that the
        word ends, else the one title, and not a person's ("the williams"); otherwise "the
        guitar which glenn plays" asks about the guitar."""
        for found in _THE_PLURAL.finditer(text.casefold()):
            word = found["word"]
            if word in own or not self._written_as_name(word):
                continue
            ending = {
                context.canonical(n).casefold(): context.canonical(n)
                for n in names
                if len(name_key(n)) > 1 and name_key(n)[-1] == word
            } or {title.casefold(): title for title in self._plurals.get(word, ())}
            ending = {k: name for k, name in ending.items() if not self._person(context, name)}
            if len(ending) == 1:
                return next(iter(ending.values())), found.group()
        return None

    @cached_property
    def _words_of_one_title(self) -> list[str]:
        """The rare words of :data:`_MISSPELT_LETTERS` letters or more that only one title
        has, read when a word is first taken for a misspelt one."""
        return [
            word
            for word, titles in self._titles_of_word.items()
            if len(titles) == 1 and len(word) >= _MISSPELT_LETTERS
        ]

    @cached_property
    def _title_words_by_opening(self) -> dict[tuple[int, str], list[str]]:
        """:attr:`_words_of_one_title` by their length and first letter."""
        by_opening: dict[tuple[int, str], list[str]] = {}
        for word in self._words_of_one_title:
            by_opening.setdefault((len(word), word[0]), []).append(word)
        return by_opening

    def _misspelt_title_word(self, typed: str) -> str | None:
        """The title that ``typed``, a word longer than :data:`_MISSPELT_LETTERS` letters,
        names by a word only that title has, misspelt by a single typo ("darjeling" for
        Darjeeling tea, "traviatta" for La traviata; not "prodd" for the "Proud" of a song's
        title), where no other such word is as close."""
        if len(typed) <= _MISSPELT_LETTERS:
            return None
        found = {
            word
            for length in (len(typed) - 1, len(typed), len(typed) + 1)
            for word in self._title_words_by_opening.get((length, typed[:1]), ())
            if damerau_levenshtein_distance(word, typed) == 1
        }
        return self._titles_of_word[found.pop()][0] if len(found) == 1 else None

    @cached_property
    def _title_words_by_stem(self) -> dict[tuple[str, ...], list[str]]:
        """:attr:`_words_of_one_title` longer than :data:`_MISSPELT_LETTERS` letters, by
        their stem."""
        by_stem: dict[tuple[str, ...], list[str]] = {}
        for word in self._words_of_one_title:
            if len(word) > _MISSPELT_LETTERS:
                by_stem.setdefault(tuple(tokenize(word)), []).append(word)
        return by_stem

    def _stemmed_alike(self, typed: str) -> str | None:
        """The title whose own word ``typed`` misspells by a typo the corpus's stemming hides
        ("pascall" for Blaise Pascal, "nijinski" for Vaslav Nijinsky: the corpus has their
        stems, so no word of theirs is unseen), where only one title has such a word and the
        corpus writes it as a name ("troubles" is no typo of "The Trouble with Tribbles")."""
        if len(typed) <= _MISSPELT_LETTERS:
            return None
        alike = [
            word
            for word in self._title_words_by_stem.get(tuple(tokenize(typed)), ())
            if damerau_levenshtein_distance(word, typed) == 1
            and word.rstrip("s") != typed.rstrip("s")  # "centaurs" is the plural of "centaur"
        ]
        named = len(alike) == 1 and self._written_as_name(alike[0])  # not "troubles"
        return self._titles_of_word[alike[0]][0] if named else None

    def _misspelt_names(self, text: str) -> list[Mention]:
        """Titles typed with a letter or two wrong, one of the words one the corpus never has
        ("whitny houston" for Whitney Houston, not the city that its last word names; "magic
        jonson"; a word alone by a single typo: "seinfield", "vanila"), or a word alone that a
        title's word stems alike ("pascall")."""

        def misspelt(said: list[str]) -> str | None:
            if any(w in STOPWORDS or w.isdigit() for w in said):
                return None
            if not any(len(w) >= _MISSPELT_LETTERS and self.unseen(w) for w in said):
                return self._stemmed_alike(said[0]) if len(said) == 1 else None
            typed = " ".join(said)  # one word alone by a single typo only
            if len(said) > 1:
                return self.titles.closest(typed, _MISSPELT)
            return self.titles.one_typo(typed) or self._misspelt_title_word(typed)

        return _longest_runs(word_spans(text), (3, 2, 1), misspelt)

    def _misspelt_surnames(self, text: str) -> list[Mention]:
        """People by a surname no other page has, typed with a letter or two wrong ("conery"
        for Sean Connery, "rutherfrod"), or so and with a possessive "s" ("farves streak" for
        Brett Favre's): words the corpus never has (not "reverse" for Revere)."""
        found = []
        for word, start, end in word_spans(text):
            if len(word) < _MISSPELT_LETTERS or word in STOPWORDS or not self.unseen(word):
                continue
            name = self.surnames.closest(word, _MISSPELT)
            bare = word[:-1]  # "farves" -> "farve", never "singer's" -> "singer"
            if (
                name is None
                and word.endswith("s")
                and bare.isalpha()
                and len(bare) >= _MISSPELT_LETTERS
                and self.unseen(bare)
            ):
                name = self.surnames.closest(bare, _MISSPELT)
            if name is not None:
                found.append(Mention(name, start, end))
        return found

    def _article_named(self, written: str, name: str) -> bool:
        """Whether ``written``, typed with an article, is the name ``name`` whose title opens
        with that article ("the revenant" for The Revenant), not a common noun after it ("the
        band"): a word after the article is rare and the corpus writes them as a name."""
        key, said = name_key(name), name_key(written)
        rest = " ".join(said[1:])
        return (
            len(said) > 1
            and said[0] == key[0]
            and any(self.rare(word) for word in said[1:])
            and self._written_as_name(rest)
        )

    def _whole_other_title(self, written: str, name: str) -> bool:
        """Whether ``written`` is word for word the whole title of a page of two words or
        more ("robert graves" while on Robert James Graves), and so names that page though
        its words are all the current topic's."""
        said = name_key(written)
        return len(said) > 1 and any(name_key(t) == said for t in self.titles.named(name))

    def _whole_titles_after_article(self, current: Topic, text: str) -> list[Mention]:
        """Pages whose whole title is one rare word, said after an article as people name
        things ("who invented the stethoscope", "how do you play a theremin"), where it ends
        the noun phrase (not "the libya intervention"), unless the word is of the current
        topic's title or kind ("did the typhoon hit land" on Typhoon Omar)."""
        own = {*name_key(current.name), current.kind}
        spans = word_spans(text)
        found = []
        for i, (word, start, end) in enumerate(spans):
            if word in own or not after_article(text, start) or not self.rare(word):
                continue
            if i + 1 < len(spans) and not after_noun_phrase(spans[i + 1][0]):
                continue  # the word names what the next noun is of
            pages = [t for t in self.titles.named(word) if name_key(t) == (word,)]
            if pages:
                found.append(Mention(pages[0], start, end))
        return found

    def _place_without_noun(self, written: str, name: str) -> bool:
        """Whether ``written`` says a place's title without the common noun after its name
        ("the suez" for Suez Canal, as "the mississippi" for Mississippi River): a rare name."""
        key = name_key(strip_qualifier(name))
        said = [w for w in name_key(written) if w not in ARTICLES]
        return len(key) == 2 and key[-1] in _PLACE_HEADS and said == [key[0]] and self.rare(key[0])

    def _by_part_of_name(self, context: Context, text: str) -> tuple[str, str] | None:
        """A first name or surname that only one name in play has ("who is williams?" after
        an answer that named Roger Williams, "what is john's profession?"): the name of a
        recent answer or an earlier topic, never the current topic's. A word after a
        determiner ("the party") or that the corpus writes in lower case ("museum") reads as a
        noun; after a preposition ("states in america") it is no subject, and neither is it
        beside a definite description ("the guitar which glenn plays"). A name said whole
        ("christmas island's flag") is left to the other rules."""
        current = context.current
        own = set(name_key(current.name)) if current is not None else set()
        names = [n for _, n in context.answer_names[-EARLIER_NAMES:]]
        names += [t.name for t in context.memory.topics]
        if _DEFINITE.search(text.casefold()):
            return self._plural_named(context, text, names, own)
        ends: dict[str, dict[str, str]] = {}  # first or last word -> the names it ends
        for name in names:
            key = name_key(name)
            if len(key) > 1 and not own & set(key):
                known = context.canonical(name)
                for word in (key[0], key[-1]):
                    ends.setdefault(word, {})[known.casefold()] = known
        spans = word_spans(text)
        said = " ".join(w.removesuffix("'s") for w, _, _ in spans)
        for i, (word, start, _) in enumerate(spans):
            word = word.removesuffix("'s")
            named = ends.get(word, {})
            if (
                len(named) == 1
                and f" {' '.join(name_key(next(iter(named))))} " not in f" {said} "  # said whole
                and len(word) > _SHORT_NAME
                and not word.isdigit()  # "born in 1940" names no "October 1940"
                and word not in FUNCTION_WORDS
                and not _DETERMINER_BEFORE.search(
                    before := text[max(0, start - _LOOK_BACK) : start]
                )
                and not _PREPOSITION.search(before)
                and (not text[start].islower() or self._written_as_name(word))
                and not self._in_another_name(spans, i)
            ):
                return next(iter(named.values())), text[start : start + len(word)]
        return None

    def _in_another_name(self, spans: list[tuple[str, int, int]], i: int) -> bool:
        """Whether the word at ``i`` and a word beside it make a name the corpus writes ("is
        james caird a ship" is not about the James an answer named)."""
        pairs = [spans[j : j + 2] for j in (i - 1, i) if j >= 0 and j + 1 < len(spans)]
        return any(
            pair[0][0] not in FUNCTION_WORDS
            and pair[1][0] not in FUNCTION_WORDS
            and self._written_as_name(f"{pair[0][0]} {pair[1][0]}")
            for pair in pairs
        )

    def _surname_names(self, written: str, name: str, in_play: set[str]) -> bool:
        """Whether a surname said alone means the one page it ends: the person is in play,
        or the corpus writes the word as a name ("lennon") or hardly uses it."""
        word = name_key(written)[0]
        return name.casefold() in in_play or self.rare(word) or self._written_as_name(word)

    def _initials_said(self, text: str) -> list[Mention]:
        """Titles typed in their initials without a number ("tlou" for The Last of Us): a
        word of four letters or more that the corpus never has, or of three that spells
        each word of a three-word title ("tnr" for Times New Roman)."""
        return [
            Mention(name, start, end)
            for word, start, end in word_spans(text)
            if len(word) >= _INITIALS_TYPED - 1
            and word.isalpha()
            and self.unseen(word)
            and (name := self.titles.by_initials(word)) is not None
            and (len(word) >= _INITIALS_TYPED or initials(name_key(strip_qualifier(name))) == word)
        ]

    def _first_names(self, context: Context, text: str) -> list[Mention]:
        """First names said alone that mean the one person whose page opens with them: rare
        words the corpus writes as names, not part of a longer name ("mark twain prize"),
        of a page whose opening states a person's kind (not "orion" of the Orion Nebula),
        or a first name joined by a hyphen that a person's title writes whole ("marie anne"),
        and no word of another name in play ("brian" after an answer that named Brian
        Epstein)."""
        in_play = [n for _, n in context.answer_names[-EARLIER_NAMES:]]
        in_play += [t.name for t in context.memory.topics]
        spans = word_spans(text)
        starts = {start: i for i, (_, start, _) in enumerate(spans)}
        found = []
        for mention in self.first_names.find(text):
            said = name_key(text[mention.start : mention.end])
            word = said[0]
            i = starts.get(mention.start)
            if (
                i is not None
                and self.rare(word)
                and (opening := self._opening(mention.name)) is not None
                and opening.person
                # a first name joined by a hyphen is the title's own ("marie anne")
                and (
                    len(said) > 1
                    or (
                        opening.stated
                        and self._written_as_name(word)
                        and not self._in_another_name(spans, i)
                    )
                )
                and not any(word in name_key(n) and n != mention.name for n in in_play)
            ):
                found.append(mention)
        return found

    def _written_as_name(self, words: str) -> bool:
        """Whether the corpus writes ``words`` as a name ("williams", not "museum"); without
        a corpus, whether they are rare in it."""
        if self.corpus_names is None:
            return self.rare(words)
        return bool(self.corpus_names(words))

    def _written_as_names(self, text: str, topic: str) -> list[str]:
        """Words of ``text`` typed in lower case that the corpus writes as a name, one of them
        rare, and that are not the topic's own name ("why was mattingly replaced", "what is
        arrival about", "how many fawlty towers episodes are there"): the question names what
        it asks about. None in a question that refers back by a pronoun, "there" for a place
        or a definite description."""
        said = set(cues.words_of(_EXISTENTIAL.sub(" ", text)))  # "are there", no place
        if self.corpus_names is None or said & _POINTING or _ELLIPTIC.match(text):
            return []  # "his", "who ruled there", "and the royal society?": context wanted
        return self._names_written(text, topic)

    def _asks_after_naming(self, text: str, topic: str) -> bool:
        """Whether a question names its subject first, then asks about it by a question word
        and a pronoun ("noma copenhagen who opened it", "terrible towel who came up with
        it", "leland stanford was he a governor"): the pronoun means the subject, and the
        question needs nothing more. A person's pronoun means a subject named as a person
        ("peter ouwens was he a scientist"), not an event ("1996 masters what happened to
        him")."""
        asked_at = _question_after_subject(text)
        if self.corpus_names is None or asked_at is None:
            return False
        subject = cues.words_of(text[:asked_at])
        asking = cues.words_of(text[asked_at:])
        pointing = set(asking) & _POINTING
        if subject[-1:] == ["one"] or not (pointing and set(asking[:1]) & cues.QUESTION_WORDS):
            return False  # "the tommy vercetti one - when did it come out"
        named = self._names_written(text[:asked_at], topic)
        people = pointing & cues.PERSON_PRONOUNS
        if people:  # "he", "who taught her": not "roc nation is his too?"
            return not any(possessive_use(text[asked_at:], p) for p in people) and any(
                len(run.split()) > 1 and looks_like_person(run.title()) for run in named
            )
        return bool(named) and bool(_WH & set(asking[:1]))

    def _names_written(self, text: str, topic: str) -> list[str]:
        """The runs of ``text`` that the corpus writes as names, one of their words rare, other
        than the topic's own, unless a definite description refers back beside them."""
        own = set(name_key(topic))
        names = [
            run
            for run in _word_runs(text, shortest=1)
            if not set(run.split()) <= own
            and any(self.rare(word) for word in run.split())
            and self.corpus_names(run)
        ]
        # "the eiffel tower" is a name of two words; "the wall", "the ceo", "the great one"
        # and "the french one" describe what the conversation named; "the last flight" of a
        # question that names someone ranks what it names
        named = {w for run in names if len(run.split()) > 1 and run.split()[-1] != "one"
                 for w in run.split()}  # fmt: skip
        ranked = {m[2] for m in _RANKED_PAIR.finditer(text.casefold()) if _ranks(m[1])}
        names = [run for run in names if run not in ranked]  # "the largest moon" asks of one
        described = {w for w in _DEFINITE.findall(text.casefold()) if not _ranks(w)}
        if described - named:
            return []
        return names

    @cached_property
    def _titles_by_name_part(self) -> dict[tuple[str, ...], list[str]]:
        """The titles that are a name of two words or more and a common noun written in lower
        case ("Earl Grey tea"; a word alone is too often a people's adjective: "Indian
        cuisine"), by the name's words, read when first looked for."""
        by_part: dict[tuple[str, ...], list[str]] = {}
        for title in self._titles:
            words = strip_qualifier(title).split()
            if (
                2 < len(words) <= _NAME_PART_WORDS + 1  # not "Indian" of Indian cuisine
                and words[-1].isalpha()
                and words[-1].islower()
                and all(w[:1].isupper() for w in words[:-1])
            ):
                by_part.setdefault(name_key(" ".join(words[:-1])), []).append(title)
        return by_part

    @cached_property
    def _titles_of_the_form(self) -> dict[tuple[str, str], list[str]]:
        """The titles "<Noun> of <Name>" ("Lighthouse of Alexandria", "University of Oxford"),
        or a name with such a title after a comma ("Francis Egerton, 3rd Duke of
        Bridgewater"), by the two words as people also say them, name first ("alexandria
        lighthouse", "the bridgewater duke"), read when first looked for."""
        by_words: dict[tuple[str, str], list[str]] = {}
        for title in self._titles:
            key = name_key(strip_qualifier(title).rsplit(",", 1)[-1])
            if (
                len(key) >= 3
                and key[-2] == "of"
                and key[-3] not in FUNCTION_WORDS
                and (len(key) == 3 or "," in title)
            ):
                by_words.setdefault((key[-1], key[-3]), []).append(title)
        return by_words

    def _said_the_other_way(self, text: str) -> list[Mention]:
        """Titles "<Noun> of <Name>" said name first ("the alexandria lighthouse, did it have
        a mirror", "bridgewater the duke, did he go broke"), where one title is so."""
        spans = word_spans(text)
        found = []
        for i, (name, start, _) in enumerate(spans[:-1]):
            after = (
                spans[i + 2] if spans[i + 1][0] == "the" and i + 2 < len(spans) else spans[i + 1]
            )
            titles = self._titles_of_the_form.get((name, after[0]), [])
            if len(titles) == 1:
                found.append(Mention(titles[0], start, after[2]))
        return found

    def _name_parts(self, text: str) -> list[Mention]:
        """Titles said by the name before their common noun ("earl grey bergamot from near
        sicily": Earl Grey tea), where one title has that name, no title is the name alone,
        and the corpus writes it as a name (not "black" of Black pepper)."""

        def title_of(said: list[str]) -> str | None:
            typed = " ".join(said)
            titles = self._titles_by_name_part.get(tuple(said), [])
            if len(titles) == 1 and not self.titles.named(typed) and self._written_as_name(typed):
                return titles[0]
            return None

        return _longest_runs(word_spans(text), range(_NAME_PART_WORDS, 1, -1), title_of)

    @cached_property
    def _titles_by_name_before_noun(self) -> dict[str, list[str]]:
        """The titles of two words by their first, a word longer than :data:`_SHORT_NAME`
        letters that is no function word ("Mississippi River", "Cordouan Lighthouse", "Tom
        Hanks"; not "The Nutcracker"), read when first looked for."""
        by_name: dict[str, list[str]] = {}
        for title in self._titles:
            key = name_key(strip_qualifier(title))
            if len(key) == 2 and key[0] not in FUNCTION_WORDS and len(key[0]) > _SHORT_NAME:
                by_name.setdefault(key[0], []).append(title)
        return by_name

    def _ends_in_noun(self, title: str) -> bool:
        """Whether a title of two words ends in a kind of place or a word the corpus has
        often or writes in lower case ("Lighthouse"; not "Hanks")."""
        head = name_key(strip_qualifier(title))[-1]
        return head in _PLACE_HEADS or not self.rare(head) or not self._written_as_name(head)

    def _named_without_noun(self, current: Topic, text: str) -> tuple[str, str] | None:
        """A page said by the name its title puts before a common noun, as people say rivers,
        lakes, deserts and lighthouses ("the mississippi goes down to new orleans right":
        Mississippi River; "gobi, are there dinosaurs there too"; "cordouan, when did it
        become a monument"), where one title is that name and such a noun, the name is rare,
        and, without "the", it opens the question ("was archimedes sicilian" asks no more of
        the Sicilian Defence) and the corpus writes it as a name or, typed without the
        title's accents, never has it ("galapagos")."""
        for said, start, end in word_spans(text):
            # "bramleys are just for cooking right": Bramley apple, said in the plural
            plural = said.endswith("s") and said[:-1] in self._titles_by_name_before_noun
            word = said[:-1] if plural else said
            titles = self._titles_by_name_before_noun.get(word, []) if self.rare(word) else []
            titles = [title for title in titles if self._ends_in_noun(title)]
            if len(titles) != 1 or titles[0] == current.name:
                continue
            the = _THE_BEFORE.search(text, 0, start)
            if the is not None:  # "the mississippi"; not "the byzantine period"
                if name_key(titles[0])[-1] in _PLACE_HEADS:
                    return titles[0], text[the.start() : end]
                continue
            opens = all(w in cues.FILLER for w in cues.words_of(text[:start]))
            if opens and (self._written_as_name(word) or self.unseen(word)):  # "galapagos"
                return titles[0], text[start:end]
        return self._opens_with_name_before_noun(current, text)

    def _opens_with_name_before_noun(self, current: Topic, text: str) -> tuple[str, str] | None:
        """A question that opens with the name of several words that one title puts before
        a common noun ("golden gate why is it orange": Golden Gate Bridge), a name the corpus
        writes as one and no title is alone."""
        spans = list(word_spans(text))
        while spans and spans[0][0] in cues.FILLER:
            spans = spans[1:]
        for width in range(_NAME_PART_WORDS, 1, -1):
            said = tuple(w for w, _, _ in spans[:width])
            titles = (
                self._titles_by_long_name_before_noun.get(said, []) if len(said) == width else []
            )
            titles = [title for title in titles if self._ends_in_noun(title)]
            typed = " ".join(said)
            if (
                len(titles) == 1
                and titles[0] != current.name
                and not self.titles.named(typed)
                and self._written_as_name(typed)
            ):
                return titles[0], text[spans[0][1] : spans[width - 1][2]]
        return None

    @cached_property
    def _titles_by_long_name_before_noun(self) -> dict[tuple[str, ...], list[str]]:
        """The titles of a name of two or three words and one more word, each capitalised
        ("Golden Gate Bridge"), by the name's words, read when first looked for; whether the
        last word is a common noun (:meth:`_ends_in_noun`) is asked of a title when it is said."""
        by_name: dict[tuple[str, ...], list[str]] = {}
        for title in self._titles:
            words = strip_qualifier(title).split()
            if 2 < len(words) <= _NAME_PART_WORDS + 1 and all(w[:1].isupper() for w in words):
                by_name.setdefault(name_key(" ".join(words[:-1])), []).append(title)
        return by_name

    def _named_in_corpus(self, current: Topic, text: str) -> tuple[str, None] | None:
        """A name of several words typed in lower case that is no title but that the corpus
        writes as a name ("how tall is the cn tower", "who wrote bohemian rhapsody"): the page
        that writes it most, unless the current topic's page writes it too or the question
        refers back by a definite description. One of its words must be rare in the corpus
        ("male actor" is capitalised in award names only). The question keeps its words (no
        topic is pasted in)."""
        if self.corpus_names is None:
            return None
        described = set(_DEFINITE.findall(text.casefold()))
        for phrase in _word_runs(text):
            if described - set(phrase.split()):
                return None  # "has the team won the stanley cup" is still about the team
            if not any(self.rare(word) for word in phrase.split()):
                continue  # "male actor", "french emperor": common words capitalised in titles
            pages = self.corpus_names(phrase)
            if not pages:
                continue
            if any(p.casefold() == current.name.casefold() for p in pages):
                return None
            return pages[0], None
        return None

    def _namesake(self, text: str, mention: Mention, current: str) -> str | None:
        """Among the pages that share a mentioned name, the one the rest of the text picks out:
        by its qualifier or a word of that kind ("michael collins the astronaut", "dune the
        book" for "Dune (novel)"), the one person where the name does what people do or is
        asked about as one ("frutiger did the airport signs", "who was jannon") and no other
        is a company or a band, by a year's last two digits ("the 84 dune"), or as the oldest
        or newest other than ``current`` ("an older movie also called avatar" while on the
        2009 film)."""
        pages = self._pages_said(text, mention)
        if len(pages) < 2:
            return None
        rest = set(cues.words_of(f"{text[: mention.start]} {text[mention.end :]}")) - STOPWORDS
        found = _only_best(pages, lambda page: len(_kind_words(qualifier(page)) & rest))
        if found is not None:
            return found
        found = _only_best(pages, lambda page: len(_kind_words(self._stated_kind(page)) & rest))
        if found is not None:  # "the planet mars": the page that opens as a planet
            return found
        before = text[: mention.start]
        agent = _AGENT_AFTER.match(text, mention.end) and not _COPULA_BEFORE.search(before)
        if agent or _AGENT_BEFORE.search(before):  # not "what is jupiter made of"
            people = [p for p in pages if self._page_of_person(p)]
            acting = any(_kind_words(self._stated_kind(p)) & _ACTING_KINDS for p in pages)
            if len(people) == 1 and not acting:  # "frutiger did the airport signs": the
                return people[0]  # designer, not the type; not where a company may do it
        years = {page: int(y[0]) for page in pages if (y := _YEAR.findall(qualifier(page)))}
        found = _only_best(pages, lambda page: f"{years.get(page, 0) % CENTURY:02d}" in rest)
        if found is not None:
            return found
        age = rest & (_OLDER | _NEWER)
        others = [(y, page) for page, y in years.items() if page.casefold() != current.casefold()]
        if age and others:
            return (min if age & _OLDER else max)(others)[1]
        return None

    def _pages_said(self, text: str, mention: Mention) -> list[str]:
        """The pages a mentioned name may mean: those that share its name, the page whose
        whole name the words typed are where the mention is a longer name ("saturn" said while
        on Sega Saturn may mean Saturn (planet); "newton" on Isaac Newton, Newton (unit)), the
        person whose last name they are ("levi strauss": Claude Lévi-Strauss), and the titles of
        things that end in them ("mallard": the duck and LNER Class A4 4468 Mallard)."""
        written = text[mention.start : mention.end]
        if "," in mention.name and tuple(cues.words_of(written)) == name_key(mention.name):
            return [mention.name]  # "athens georgia" says all of "Athens, Georgia"
        # and with or without an article ("queens gambit": The Queen's Gambit (miniseries))
        bare = _OPENS_WITH_ARTICLE.sub("", written, count=1)
        typed = (
            self.titles.named(written) + self.titles.named(bare) + self.titles.named(f"the {bare}")
        )
        named = self.titles.named(mention.name)
        surnamed = self.surnames.named(written)  # "levi strauss": also Claude Lévi-Strauss
        # and the pages of that name after a comma ("Nike, Inc." beside "Nike (mythology)")
        namesakes = self.siblings.namesakes(mention.name)
        # and the things' titles it ends ("mallard": LNER Class A4 4468 Mallard; a person's
        # last name is read above)
        key = name_key(bare)
        ending = [
            title
            for title in (self._titles_of_word.get(key[-1], ()) if key else ())
            # a place's region is no part of its name ("Victoria, British Columbia")
            if name_key(strip_qualifier(title).split(",")[0])[-len(key) :] == key
            and not (looks_like_person(title) or self._page_of_person(title))
        ]
        return list(dict.fromkeys([*named, *typed, *surnamed, *namesakes, *ending]))

    def _page_meant(self, text: str, mention: Mention) -> str | None:
        """The page of a mentioned name that words only that page has point to ("was the
        tarkovsky solaris long"); none where the name has one page or no words decide."""
        pages = self._pages_said(text, mention)
        if len(pages) < 2 or self.pages is None:
            return None
        words = {page: self.pages(page) for page in pages}
        said = set(tokenize(f"{text[: mention.start]} {text[mention.end :]}"))

        def only_here(page: str) -> int:
            elsewhere = set().union(*(w for p, w in words.items() if p != page))
            return len((words[page] - elsewhere) & said)

        return _only_best(pages, only_here)

    def _choose(self, context: Context, text: str, turn: Turn) -> tuple[str, str | None]:
        """The topic of a turn that does not correct, and the words that referred to it.

        It stays on the current topic unless a name, a list position or a description points
        elsewhere, or a pronoun cannot mean the current topic. At a history turn, an answer
        that opens with a just-named name decides."""
        current = context.current
        chosen = None
        said = cues.pronouns(text)
        if current is not None and said and self._agrees(current, said):
            chosen = (current.name, said[0])
        for route in (self._explicit, self._positional, self._by_description):
            if chosen is None:
                chosen = route(context, text)
        guessed = chosen is None
        if chosen is None:
            chosen = self._by_pronoun(context, text)
        if chosen is None and current is not None:
            chosen = (current.name, None)
        if turn.answer and (guessed or chosen is None):
            chosen = self._from_answer(context, turn.answer, chosen)
        return chosen or (self._new_name(text, turn.answer), None)

    @staticmethod
    def _agrees(topic: Topic, said: list[str]) -> bool:
        """Whether the pronouns can mean ``topic``: "he"/"she" a person, "it" a thing, "they"
        anything; a topic not known to be either agrees with both."""
        person = {p for p in said if p in cues.PERSON_PRONOUNS}
        thing = {p for p in said if p in cues.THING_PRONOUNS}
        if person and thing:
            return True
        if person:
            return topic_is_person(topic) or not topic_is_thing(topic)
        if thing:
            return not topic_is_person(topic)
        return True

    def _explicit(self, context: Context, text: str) -> tuple[str, str] | None:
        """A topic named in the question. With a current topic, a name that is only the object
        of a preposition ("walked on the moon") does not move the conversation."""
        current = context.current
        found = context.mentions(text)
        if current is not None:
            found = [m for m in found if not _governed(text, m)]
        names = _specific_first(list(dict.fromkeys(m.name for m in found)))
        if not names:
            return None
        known = [n for n in names if context.memory.topic(n) is not None]
        if current is not None and any(n.casefold() == current.name.casefold() for n in known):
            return current.name, current.name
        name = (known or names)[0]
        return name, name

    def _subject_described(self, context: Context, text: str) -> tuple[str, str] | None:
        """The one recent topic whose page says every word of a description said before the
        question that a pronoun then means ("the american bronze guy, what did he wear on the
        podium": John Carlos, not the Australian silver medallist of the last turn)."""
        lead = _before_question(text)
        if (
            lead == text
            or cues.positions(lead)
            or _TOLD.search(lead)
            or _AN_ANSWER_LIST.search(lead)
        ):
            return None  # "the last thing you mentioned here; what is it?" is a place
        described = cues.described_only(lead)
        pronouns = cues.pronouns(text[len(lead) :])
        if described is None or not pronouns or self.pages is None:
            return None
        head, before = described
        wanted = _described_words(before, head)
        recent = [t.name for t in context.recent_topics()[:RECENT_TOPICS]]
        found = self._one_page_saying(recent, wanted) if wanted else None
        return (found, pronouns[0]) if found is not None else None

    def _other_described(self, context: Context, text: str) -> tuple[str, str] | None:
        """The one topic or answer's name in play whose page says what a definite description
        says, where the current topic's page does not ("when did the american die" after a
        turn about Luz Long that followed one about Jesse Owens). The description is a people
        ("the american") or a sort of person or thing said with a word of its own ("the boy
        king", "the airport one", "the older one"); a bare kind ("the war", "the singer") may
        be anything the answers named, and roles are read by :meth:`_by_role`. A question that
        names, points back by a pronoun or by the conversation's order ("the film mentioned
        above"), or asks who someone is ("who is the producer"), stays with the chooser."""
        current = context.current
        if (
            current is None
            or self.pages is None
            or cues.pronouns(text)
            or context.names(text)
            or _IN_ORDER.search(text)
            or _REFERS_BACK.search(text)
            or _ASKS_WHO.match(text)
        ):
            return None
        page = self.pages(current.name)
        if not page:
            return None  # what the current topic is cannot be read
        in_play = list(dict.fromkeys(context.canonical(n) for n in _in_play(context)))
        for modifier, head in _definite_descriptions(text):
            described = (
                bool(modifier)
                and modifier not in _NOT_DESCRIBING
                and (head in _SORT_NOUNS or head in cues.PERSON_KINDS)
            )
            if not (described or (not modifier and _PEOPLES.fullmatch(head))):
                continue
            wanted = _described_words(modifier, head)
            if not wanted or wanted <= page:
                continue
            found = self._one_page_saying(in_play, wanted) or self._work_described(
                context, current.name, modifier, wanted
            )
            if found is not None:
                return found, " ".join(["the", *filter(None, (modifier, head))])
        return None

    def _work_described(
        self, context: Context, work: str, modifier: str, wanted: set[str]
    ) -> str | None:
        """The one other work of ``work``'s stated kind that the collection finds for a
        description and ``work``'s name, whose page says both ("the sim one" on A Christmas
        Carol (1984 film): Scrooge (1951 film), a film whose page names Sim and A Christmas
        Carol); none for a person."""
        kind = self._stated_kind(work)
        if not kind or self.search is None or self.pages is None or self._person(context, work):
            return None
        base = strip_qualifier(work)
        said = wanted | set(tokenize(base))
        found = [
            page
            for page in self.search(f"{modifier} {base}")
            if page.casefold() != work.casefold()
            and same_kind(self._stated_kind(page), kind)
            and said <= self.pages(page)
        ]
        return found[0] if len(found) == 1 else None

    def _kind_described(self, context: Context, text: str) -> tuple[str, str] | None:
        """A thing of a kind the current topic is not, said by that kind ("when was the wall
        built" on Berlin, "is the book different" on a film, "and the cube" on Ernő Rubik):
        the one page that shares a word of the current topic's name and is of that kind, by
        its title, its qualifier or the kind its opening states. A question that names
        something or refers back stays with the chooser."""
        current = context.current
        if current is None or context.names(text) or _REFERS_BACK.search(text):
            return None
        if set(cues.pronouns(text)) & _ABOUT_THEM and self._person(context, current.name):
            return None  # "did he manage the band as well": still about him
        base = strip_qualifier(current.name).split(",")[0]  # "Tesla" of "Tesla, Inc."
        own = {w.removesuffix("'s") for w in name_key(base)}
        own = {w for w in own if len(w) > _SHORT_NAME and w not in STOPWORDS}
        if not own or not self._stated_kind(current.name):
            return None  # what the current topic is cannot be read: it may be one
        for modifier, head in _definite_descriptions(text):
            described = modifier and modifier not in _STRESSING
            if described or head in cues.PERSON_NOUNS or head in _GENERIC_NOUNS:
                continue
            if self._of_kind(current.name, head, stated=False):
                return None  # "the film" on a film: the current topic
            found = self._related_of_kind(current.name, own, head)
            if found is not None:
                return found, f"the {head}"
        return None

    def _of_kind(self, name: str, noun: str, stated: bool = True) -> bool:
        """Whether ``noun`` says what ``name`` is: a word of its title, or the kind its
        page's opening states (or, not ``stated``, any kind its opening reads as)."""
        opening = self._opening(name)
        kind = opening.kind if opening is not None and (opening.stated or not stated) else ""
        return noun in cues.words_of(name) or (bool(kind) and is_kind(kind, noun))

    def _related_of_kind(self, name: str, own: set[str], noun: str) -> str | None:
        """The one page other than ``name`` that is a ``noun``: a namesake of that kind (by
        its qualifier, title or opening), else a page found by a search for both that shares
        a rare word of it (``own``) and is headed by the noun ("Berlin Wall") or opens as one
        ("Mount Kilimanjaro ... is a mountain")."""
        namesakes = [p for p in self.titles.named(name) if p.casefold() != name.casefold()]
        fitting = {p for p in namesakes if self._of_kind(p, noun)}
        if not fitting and self.search is not None:
            rare = {w for w in own if self.rare(w)}
            for page in self.search(f"{strip_qualifier(name)} {noun}"):
                key = [w.removesuffix("'s") for w in name_key(strip_qualifier(page))]
                if page.casefold() == name.casefold() or not rare & set(key):
                    continue
                stated = self._stated_kind(page)
                if key[-1:] == [noun] or (stated and is_kind(stated, noun)):
                    fitting.add(page)
        return fitting.pop() if len(fitting) == 1 else None

    def _one_page_saying(self, names: Sequence[str], wanted: set[str]) -> str | None:
        """The one of ``names`` whose page says every word of ``wanted``, if only one does."""
        assert self.pages is not None
        fitting = [name for name in names if wanted <= self.pages(name)]
        return fitting[0] if len(fitting) == 1 else None

    def _person_listed(self, context: Context, text: str) -> tuple[str, str] | None:
        """A person by their place among the people an answer gave ("what did the first guy
        you mentioned do after he retired", "the fourth guy on your list")."""
        position = cues.final_position(text)
        if position is None or position.noun not in _PEOPLE_NOUNS:
            return None
        return self._positional(context, text) if _AN_ANSWER_LIST.search(text) else None

    def _positional(self, context: Context, text: str) -> tuple[str, str] | None:
        position = cues.final_position(text)
        if position is None:
            return None
        found = context.at_position(position, None)
        if found is None:
            return None
        phrase = cues.position_phrase(text) or ""
        at = text.casefold().find(phrase.casefold()) if phrase else -1
        said = _SAID_BY_YOU.match(text, at + len(phrase)) if at >= 0 else None
        return found[0], phrase + said.group() if said else phrase  # "the first guy you listed"

    def _described(
        self, context: Context, noun: str, exclude: str | None
    ) -> tuple[Topic, str] | None:
        """The topic a description fits best (kind, qualifier, name or stored facts), and the
        shortest leading words of the description that make the fit ("mission launch" ->
        "mission")."""
        words = cues.words_of(noun)
        best, best_score, best_words = None, 0.0, ""
        for topic in context.recent_topics():
            if exclude is not None and topic.name.casefold() == exclude.casefold():
                continue
            for length in range(1, len(words) + 1):
                score = description_score(topic, set(words[:length]) - STOPWORDS)
                if score > best_score:
                    best, best_score, best_words = topic, score, " ".join(words[:length])
        return (best, best_words) if best is not None and best_score >= 1.0 else None

    def _by_description(self, context: Context, text: str) -> tuple[str, str] | None:
        """A topic described by a stored fact ("the guy who grew up in ohio") or by its kind,
        qualifier or name ("the mission", "the film")."""
        clause = cues.relative_clause(text)
        if clause:
            words = set(cues.words_of(clause)) - STOPWORDS
            scored = [(len(words & fact_words(t)), t) for t in context.recent_topics()]
            best = max(scored, key=lambda st: st[0], default=(0, None))
            if best[1] is not None and best[0] > 0:
                return best[1].name, cues.relative_phrase(text) or ""
        current = context.current
        for noun in cues.descriptions(text):
            found = self._described(context, noun, exclude=None)
            if found is None:
                continue
            topic, words = found
            wanted = set(cues.words_of(words))
            if current is not None and description_score(current, wanted) >= description_score(
                topic, wanted
            ):
                topic = current
            return topic.name, phrase_of(text, words)
        return None

    def _by_pronoun(self, context: Context, text: str) -> tuple[str, str] | None:
        said = cues.pronouns(text)
        if not said:
            return None
        current = context.current
        person = any(p in cues.PERSON_PRONOUNS for p in said)
        thing = any(p in cues.THING_PRONOUNS for p in said)
        if current is not None:
            is_person = topic_is_person(current)
            if (person and is_person) or (thing and not is_person) or not (person or thing):
                return current.name, said[0]
        earlier = [t.name for t in context.recent_topics()]
        # People are often introduced by an answer about a thing ("he" -> a name just given);
        # "it" after a digression to a person more often returns to the earlier thing.
        candidates = (
            [*context.previous_names, *earlier] if person else [*earlier, *context.previous_names]
        )
        for name in dict.fromkeys(context.canonical(n) for n in candidates):
            if current is not None and name.casefold() == current.name.casefold():
                continue
            if context.withdrawn(name):
                continue
            if context.is_person(name) == person:
                return name, said[0]
        return None

    def _from_answer(
        self, context: Context, answer: str, chosen: tuple[str, str | None] | None
    ) -> tuple[str, str | None] | None:
        """At a history turn, an answer that opens with a known or just-named name decides."""
        candidates = {n.casefold() for n in context.previous_names}
        candidates |= {t.name.casefold() for t in context.memory.topics}
        found = mentions(answer[:120], context.topics, self.titles)
        if found and found[0].start < 40:
            name = context.canonical(found[0].name)
            if name.casefold() in candidates:
                return name, chosen[1] if chosen else None
        return chosen

    def _new_name(self, text: str, answer: str | None) -> str:
        """A name for a first topic that no table knows: a title or capitalised span (the one
        page it is another name of: "Henry VIII" of Henry VIII of England), else key words."""
        for source in (text, answer or ""):
            spans = mentions(source, self.titles)
            if spans:
                pages = self.titles.named(spans[0].name)
                return pages[0] if len(pages) == 1 else spans[0].name
        content = [w for w, _, _ in word_spans(text) if w not in STOPWORDS | cues.QUESTION_WORDS]
        return " ".join(content[:4]).title() or text[:60]

    # -- the query ---------------------------------------------------------------------------

    def _query(self, context: Context, decision: _Decision) -> str:
        """The request with its references resolved to the topic (:func:`write_query`); a
        correction's rejected name or value is swapped for the one meant first."""
        name, question, rejected = decision.topic, decision.question, decision.rejected
        in_play = [t.name for t in context.memory.topics] + ([rejected] if rejected else [])
        if rejected:
            shown = display_name(name, in_play)
            renamed_question = rename(question, rejected, shown)
            typed = set(acronyms_of(rejected)) & set(cues.words_of(question))
            if renamed_question is None and typed:  # "the ps2" -> "the PlayStation 3"
                renamed_question = replace_phrase(question, typed.pop(), shown)
            if renamed_question is None:  # "who developed vice city" -> "... Grand Theft Auto III"
                said = [m for m in mentions(question, self.titles) if same_name(m.name, rejected)]
                if said:
                    renamed_question = question[: said[0].start] + shown + question[said[0].end :]
            phrase = decision.phrase
            typed_short = phrase and self.siblings.typed(rejected, phrase) == phrase  # "t2"
            if renamed_question is None and phrase and (_says(phrase, rejected) or typed_short):
                return replace_phrase(question, phrase, shown)  # "how did pierre die"
            question = _replace_value(renamed_question or question, rejected, shown)
        elif context.memory.nodes:
            carried = self._elliptic(context, question, name, decision.stepped)
            if carried is not None:  # "and townshend?" after "where was he born"
                return carried
        listed = any(
            any(n.casefold() == name.casefold() for n in names) for _, names in context.answer_lists
        )
        said = {name.casefold(), (rejected or "").casefold()}
        others = [n for n in context.names(question) if n.casefold() not in said]
        others += self._written_as_names(question, name)  # "why was mattingly replaced"
        if self._asks_after_naming(question, name):
            return question  # "noma copenhagen who opened it"
        topic = context.memory.topic(name) or (context.memory.topic(rejected) if rejected else None)
        known = topic is not None or rejected is not None or context.first_turn_naming(name)
        if not known and not decision.phrase:
            return question  # a new topic guessed from the corpus is not pasted in
        thing = self._known_thing(context, name)
        phrase = decision.phrase
        answered = (  # not where the question names whom it asks about ("nike the goddess")
            self._person_answered(context, name)
            if thing and not rejected and not others and not names_subject(question, name)
            else None
        )
        people = [p for p in cues.pronouns(question) if p.casefold() in cues.PERSON_PRONOUNS]
        if answered is not None and people:
            # "did he win the oscar for it" after an answer that named the actor of a film
            question = as_name(question, people[0], answered)
            if phrase is None or phrase.casefold() in cues.PERSON_PRONOUNS:
                things = [p for p in cues.pronouns(question) if p in cues.THING_PRONOUNS]
                if not things:
                    return question
                phrase = things[0]
        query = write_query(
            question, name, phrase, topic, listed, others, in_play, person=False if thing else None
        )
        if query == question:
            return query
        return self._others_described(context, query, question, name, in_play)

    def _elliptic(self, context: Context, question: str, name: str, stepped: bool) -> str | None:
        """An elliptic turn ("and townshend?", "and in 2022?") asked as the last question
        was: its words take the place of the last question's subject where they name the new
        topic ("where was he born" -> "where was townshend born"), else follow it where they
        open with a preposition ("did mbappé win the world cup in 2022", its pronoun resolved),
        a year said again in its place ("who won it in 1972" -> "who won it in 1969" for "and
        in 69"), and, ``stepped`` to the relative a turn asks by relation alone ("his son?"),
        with the relative in the subject's place. None for any other turn."""
        last = context.memory.nodes[-1]
        asked = (_questions(last.question) or [last.question])[-1]
        bare = _bare_relation_only(question) if stepped else None
        relative = _relation_only(question) or (bare[1:3] if bare is not None else None)
        if relative is not None:  # "his son?" after "where is edward ii buried"
            if not stepped or name.casefold() == last.topic.casefold():
                return None
            said = question[relative[0] : relative[1]]
            if _THEN_ASKED.match(question[relative[1] :]):  # a question of the relative's own
                shown = display_name(name, [t.name for t in context.memory.topics])
                return replace_phrase(question, said, shown)  # "lionel then — when did he ..."
            subject = self._subject_of(context, asked, last.topic)
            in_play = [t.name for t in context.memory.topics]  # "his son" -> "Edward II's son"
            owner = display_name(last.topic, in_play)
            shown = display_name(name, in_play)
            if subject is None:  # "when was henry born": the relative asked about after it
                return f"{asked.rstrip(' ?.!')} {shown}"
            if subject.casefold() not in POSSESSIVES:  # not "his, ...,'s wife"
                owned = (  # "the founder dad" -> "Nathan Mayer Rothschild's founder dad"
                    f"{owner}'s {said.split(maxsplit=1)[1]}"
                    if bare is not None
                    else as_name(said, said.split()[0], owner)
                )
                shown = f"{shown}, {owned},"
            return as_name(asked, subject, shown)
        found = _AND_ELLIPSIS.fullmatch(question.strip())
        if found is None:
            return None
        rest = found["rest"]
        said = cues.words_of(rest)
        if not said or len(said) > _ELLIPSIS_WORDS or set(said) & cues.QUESTION_WORDS:
            return None
        if said[0] in _OPENING_PREPOSITIONS:
            previous = context.memory.topic(last.topic)
            carried = _year_swapped(asked, rest) or f"{asked.rstrip(' ?.!')} {rest}"
            return write_query(carried, last.topic, None, previous, False, [], [])
        if (
            name.casefold() == last.topic.casefold()  # "and the copa": no subject to swap
            or not names_subject(rest, name)  # "what about the former mentioned one?"
            or cues.pronouns(rest)
            or set(said[1:]) & _OPENING_PREPOSITIONS  # "what about mccartney after the band"
        ):
            return None
        subject = self._subject_of(context, asked, last.topic)
        return as_name(asked, subject, rest) if subject is not None else None

    @staticmethod
    def _subject_of(context: Context, asked: str, topic: str) -> str | None:
        """The words of a question that refer to its topic: its first pronoun, else the
        topic's name as written."""
        said = (
            cues.pronouns(asked)[:1]
            or [
                asked[m.start : m.end]
                for m in context.mentions(asked)
                if m.name.casefold() == topic.casefold()
            ][:1]
        )
        return said[0] if said else None

    def _known_thing(self, context: Context, name: str) -> bool:
        """Whether ``name`` is of a kind that is no person's, as its page opens ("Amadeus is
        a 1984 film") or as the memory holds it, whatever pronouns its text uses, and is not
        named like a person ("Henry Ford", an industrialist)."""
        opening = self._opening(name)
        kind = opening.kind if opening is not None and opening.stated else ""
        if not kind:
            topic = context.memory.topic(name)
            kind = topic.kind if topic is not None else ""
        if kind in cues.THING_KINDS:
            return True
        return bool(kind) and kind not in cues.PERSON_KINDS and not looks_like_person(name)

    def _person_answered(self, context: Context, topic: str) -> str | None:
        """The first person the last answer named, other than ``topic``: whom "he" or "she"
        means while the topic is a thing ("F. Murray Abraham" of an answer about a film)."""
        return next(
            (
                n
                for n in context.previous_names
                if n.casefold() != topic.casefold() and context.is_person(n)
            ),
            None,
        )

    def _is_a(self, context: Context, name: str, noun: str) -> bool:
        """Whether ``noun``, a word for a thing, says what ``name`` is: the kind its page opens
        with ("Fleetwood Mac are a ... band") or its topic's kind, its name; never for a
        person ("the writer" is a role, resolved elsewhere)."""
        topic = context.memory.topic(name)
        opening = self._opening(name)
        if opening is not None:
            person, kind = opening.person, opening.kind if opening.stated else ""
        else:
            person = looks_like_person(name) or (topic is not None and topic_is_person(topic))
            kind = topic.kind if topic is not None else ""
        if noun in cues.PERSON_NOUNS or person:
            return False
        return (bool(kind) and is_kind(kind, noun)) or noun in cues.words_of(name)

    def _others_described(
        self, context: Context, query: str, question: str, name: str, in_play: list[str]
    ) -> str:
        """``query``, the ``question`` rewritten for ``name``, with a second reference
        resolved: "the band" or "the company" as typed in the question, where it means
        another recent topic of that kind or name, no person ("what songs did she write for
        the band" -> "... for the band Fleetwood Mac")."""
        others = [t.name for t in context.recent_topics()[:_OTHERS_DESCRIBED] if t.name != name]
        shown_topic = display_name(name, in_play)
        for match in _DEFINITE_NOUN.finditer(question):
            phrase, noun = match.group(), match.group(1)
            after = _phrase_after(query, phrase)
            if (
                after is None
                or after.lstrip().startswith(shown_topic)  # "the band Queen" resolved already
                or noun in STOPWORDS
                or noun in _GENERIC_NOUNS
                or self._is_a(context, name, noun)  # "the film" on a film is the topic
            ):
                continue
            fitting = [t for t in others if self._is_a(context, t, noun)]
            if len(fitting) != 1:
                continue
            shown = display_name(fitting[0], in_play)
            if not names_subject(query, shown):
                return replace_phrase(query, phrase, f"{phrase} {shown}")
        return query


def _as_typed(text: str) -> str:
    """The turn in lower case where its capitals are random ("The third Person we Talked
    about, Not lord voldemort"), so that no capitalised word passes for a name; exclamation
    marks inside it a full stop ("sim!! not dickens" is "sim. not dickens")."""
    text = _STRESSED.sub(".", text)
    lowered = text.lower()
    return lowered if careless_case(text) and len(lowered) == len(text) else text


_STRESSED = re.compile(r"(?<=\w)\s*!+(?=\s+\w)")  # "sim!! not dickens", not "sim!!" at the end


def _kept(topic: Topic, question: str, phrase: str | None, withdrawn: str | None) -> _Decision:
    """A turn whose repair comes back to ``topic``: it refines it, and abandons the name the
    turn said and ``withdrawn`` ("how did pierre die - no sorry, i mean marie" on Marie
    Curie)."""
    dropped = [withdrawn] if withdrawn is not None else []
    return _Decision(
        topic=topic.name,
        operations=[
            *(Operation(op=Op.ABANDON, topic=name) for name in dropped),
            Operation(op=Op.REFINE, topic=topic.name),
        ],
        question=question,
        depends={topic.turns[-1]},
        contradicts=dropped,
        phrase=phrase,
        rejected=withdrawn,
    )


def _says(phrase: str, name: str) -> bool:
    """Whether ``phrase`` says ``name`` or some of its words, maybe misspelt ("pierre" for
    Pierre Curie, "beethovn" for Ludwig van Beethoven)."""
    said, words = name_key(phrase), name_key(name)
    return bool(said) and all(
        w in words or any(SequenceMatcher(None, w, n).ratio() >= _MISSPELT for n in words)
        for w in said
    )


def _in_play(context: Context) -> list[str]:
    """The names a turn may mean beyond what it says: the most recent topics, then the names
    of the latest answers."""
    return [
        *(t.name for t in context.recent_topics()[:RECENT_TOPICS]),
        *(n for _, n in context.answer_names[-EARLIER_NAMES:]),
    ]


def _question_after_subject(text: str) -> int | None:
    """Where a question starts after a subject said first, as people type it ("lake victoria
    who named it", "fdr how many times was he elected", "belini whats in it"): the offset of
    its question word, after one to :data:`_SUBJECT_WORDS` words that ask nothing."""
    for i, (word, start, _) in enumerate(word_spans(text)):
        if word in cues.QUESTION_WORDS or _CONTRACTED_QUESTION.fullmatch(word):
            return start if 0 < i <= _SUBJECT_WORDS else None
    return None


def _only_describes(segment: str) -> bool:
    """Whether a segment is a definite description that asks nothing ("the love letter to
    alma"; not "the celesta in the nutcracker whats that")."""
    said = cues.words_of(segment)
    asks = any(w in cues.QUESTION_WORDS or _CONTRACTED_QUESTION.fullmatch(w) for w in said)
    return not asks and _DESCRIPTION_OPENS.match(segment) is not None


def _related_by(segment: str, mention: Mention) -> bool:
    """Whether a lower-case name follows a preposition that relates the thing described to
    it ("the love letter to alma", "the one w tom hanks"), not one that places something in
    it ("the villain in ghost protocol" asks about the film)."""
    written = segment[mention.start : mention.end]
    return written.islower() and bool(_RELATING.search(segment[: mention.start]))


def _apposed(text: str) -> bool:
    """Whether ``text`` opens with a name of one to three words, then a description of it
    ("blondin the niagara guy when did he do it", "harry, the escape guy"): words that are
    no function, question or filler words."""
    opening = _APPOSITION.match(text)
    if opening is None:
        return False
    said = set(cues.words_of(opening["name"]))
    return not said & (FUNCTION_WORDS | cues.QUESTION_WORDS | cues.FILLER)


def _fronted_subject(text: str) -> int | None:
    """Where a subject said first ends, for what a later "that" or "this" then means
    ("velociraptor was that feathered too", "bell rock, when did that go automatic"): at its
    question word (:func:`_question_after_subject`) or at a clause break after one to
    :data:`_SUBJECT_WORDS` words."""
    asked_at = _question_after_subject(text)
    said = _CLAUSE.search(text)
    if said is not None and 0 < len(word_spans(text[: said.start()])) <= _SUBJECT_WORDS:
        return said.start() if asked_at is None else min(asked_at, said.start())
    return asked_at


def _ranks(word: str) -> bool:
    """Whether a word after "the" ranks what follows it ("last", "most", "largest")."""
    return word in _RANKING or (word.endswith("est") and len(word) > _SHORT_SUPERLATIVE)


def _negated_words(text: str) -> set[str]:
    """The words of what ``text`` says is not meant ("watson" of "crick not watson")."""
    return {w for phrase in cues.negated(text) for w in cues.words_of(phrase)}


def _unnegated(text: str, found: Iterable[Mention]) -> list[Mention]:
    """The names found in ``text`` but those it says are not meant ("crick not watson")."""
    negated = _negated_words(text)
    return [m for m in found if not set(cues.words_of(text[m.start : m.end])) <= negated]


def _capitalised_in(word: str, name: str) -> bool:
    """Whether ``name`` writes ``word`` (folded) with a capital: a name's own word ("Rocket"
    of "Stephenson's Rocket"), not a common noun of a title ("nerves" of "Cranial nerves")."""
    return any(
        folded(part) == word and part[:1].isupper()
        for part in re.findall(r"[\w'’]+", strip_qualifier(name))
    )


def _owns_a_work(text: str, mention: Mention) -> bool:
    """Whether ``text`` says a work of the one ``mention`` names, by a possessive and a kind
    of work within three words ("wells's actual novella", "spielbergs film")."""
    owned = _OWNED_WORK.match(text, mention.end)
    marked = owned is not None and (owned["mark"] or text[mention.end - 1] in "sS")
    return bool(marked) and bool(set(cues.words_of(owned["words"])) & _WORKS)


def _replaced_by(found: Sequence[Mention], better: Sequence[Mention]) -> list[Mention]:
    """``found`` with the mentions that ``better`` overlap replaced by those, in order."""
    kept = _clear_of(better, found)
    return sorted([*kept, *better], key=lambda m: m.start)


def _longest_runs(
    spans: Sequence[tuple[str, int, int]],
    widths: Iterable[int],
    name_of: Callable[[list[str]], str | None],
) -> list[Mention]:
    """The names ``name_of`` reads in runs of words, left to right: at each word the widest
    run of ``widths`` (widest first) that reads as a name, then on past it."""
    widths = list(widths)
    found, i = [], 0
    while i < len(spans):
        for n in widths:
            name = name_of([w for w, _, _ in spans[i : i + n]]) if i + n <= len(spans) else None
            if name is not None:
                found.append(Mention(name, spans[i][1], spans[i + n - 1][2]))
                i += n - 1
                break
        i += 1
    return found


def _wider(more: Iterable[Mention], found: Sequence[Mention]) -> list[Mention]:
    """The mentions of ``more`` that overlap some of ``found`` and are longer than each."""
    wider = []
    for m in more:
        overlapped = [f for f in found if f.start < m.end and m.start < f.end]
        if overlapped and all(
            m.start <= f.start and f.end <= m.end and m.end - m.start > f.end - f.start
            for f in overlapped
        ):
            wider.append(m)
    return wider


def _clear_of(found: Sequence[Mention], more: Iterable[Mention]) -> list[Mention]:
    """The mentions of ``more`` that overlap none of ``found``."""
    return [m for m in more if not any(f.start < m.end and m.start < f.end for f in found)]


def _only_best(pages: Sequence[str], score: Callable[[str], float]) -> str | None:
    """The one page with the highest positive score; none when it is shared or zero."""
    scores = sorted(((score(page), page) for page in pages), key=lambda sp: -sp[0])
    if not scores or scores[0][0] <= 0 or (len(scores) > 1 and scores[1][0] == scores[0][0]):
        return None
    return scores[0][1]


def _kind_words(phrase: str) -> set[str]:
    """The words of a qualifier, with the other words for its kind ("novel": "book")."""
    words = set(cues.words_of(phrase))
    return words.union(*(kind for kind in cues.KIND_WORDS if kind & words))


# "going back to the previous topic", "about the first film we discussed again", "the earlier
# one again"
_GOING_BACK = re.compile(
    r"(?:\b(?:to|about|with)\s+|^\W*(?:ok(?:ay)?\W+)?)"
    r"the\s+(?P<which>previous|last|earlier|first|original)\s+"
    r"(?P<noun>[a-z]+)\b",
    re.IGNORECASE,
)
# "going back to mick, where ...", "ok back to the show", "back to the dad. who ..."
_BACK_TO = re.compile(
    r"\b(?:back|return(?:ing)?)\s+to\s+(?P<what>[a-z0-9][\w' -]*?)"
    r"(?:\s+(?:itself|himself|herself|themselves|again))?"  # "back to the opera itself"
    r"(?=\s*[,.;:!?…—–]|\s+-\s|\s*$)",
    re.IGNORECASE,
)
# A first part cut off after the place it was about to give: "how much did the first..."
_DANGLING = re.compile(
    r"\bthe\s+(?P<ord>first|second|third|fourth|fifth|last|next|previous|original)\s*$",
    re.IGNORECASE,
)
_THE_ONE = re.compile(r"\bthe\s+(?:(?:next|previous|following|preceding)\s+)?one\b", re.I)
# Roles that name who made a thing: "the author" of a book is who its page says it is by
_MAKERS = frozenset(
    "author writer novelist poet playwright engineer architect designer builder inventor "
    "creator director composer painter artist sculptor developer maker".split()
)
_THAT_NOUN = re.compile(
    r"\bthat\s+(?P<noun>[a-z]{3,})\b(?!\s+(?:one|is|was|he|she|it|they)\b)", re.I
)
_GOVERNED_BEFORE = re.compile(
    r"\b(?:during|in|at|of|on|from|after|before|since|until|by|with|for)\s+$", re.I
)
_SORT_NOUNS = GENERIC_HEADS | {"topic", "guys", "ones", "men", "women", "people"}
# "the one 5 yrs older": a person of the same last name born so many years before or after
_YEARS_OLDER = re.compile(
    rf"\b(?P<count>{COUNT_PATTERN})\s+(?:years?|yrs?)\s+(?P<way>older|younger)\b", re.IGNORECASE
)
# A step among siblings in the order of birth: "one sister older", "the next sister down",
# "the baby of the family", "the eldest"
_SIBLING_NOUN = r"(?:sisters?|brothers?|siblings?|sis|bro)"
_SIBLING_STEP = re.compile(
    rf"\b(?:(?P<count>{COUNT_PATTERN})\s+{_SIBLING_NOUN}\s+(?P<way>older|younger|up|down)"
    rf"|next\s+{_SIBLING_NOUN}(?:\s+(?P<next>down|up))?"
    r"|(?:the\s+)?(?P<end>baby|youngest|eldest|oldest)(?:\s+(?:one|sister|brother|sibling))?"
    r"(?:\s+of\s+(?:the\s+family|them(?:\s+all)?|the\s+lot))?\s*[?.!]*$)",
    re.IGNORECASE,
)
_YOUNGEST = frozenset("baby youngest".split())
_OLDER_STEPS = frozenset("older up".split())
_SUPERLATIVE_AGES = frozenset("youngest oldest eldest".split())  # "the youngest gibb"
_OLDER_OF_TWO = frozenset("older oldest elder eldest big".split())  # "the elder klitschko"
# "the younger charlton", "the elder klitschko": one of two people of that last name
_AGED_NAME = re.compile(
    r"\bthe\s+(?P<way>younger|youngest|older|oldest|elder|eldest|little|big)\s+"
    r"(?P<name>[a-z][a-z'-]{2,})\b",
    re.IGNORECASE,
)
_MY_QUESTION = re.compile(r"\bmy\s+(?P<ord>first|second|third)\s+question\b", re.IGNORECASE)
# A member of a numbered family by its place: "the third one", "the next film".
_FAMILY_UNIT = (
    r"(?:one|film|movie|part|game|book|season|episode|edition|instalment|model|version)s?"
)
_FAMILY_PLACE = re.compile(
    r"\bthe\s+(?:very\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|latest|"
    r"original|next|previous|following|preceding|prior)\s+(?:one|film|movie|part|games?|book|"
    r"instalment|installment|sequel|season|edition|mission|olympics|tournament|world\s+cup)\b"
    r"(?!\s+(?:you|u|i|we|mentioned|listed|named)\b)"
    r"|\bthe\s+one\s+(?:after|before)(?:\s+(?:\d{1,4}|[ivxlc]{1,7})\b)?"  # "the one after 8"
    rf"|\b{COUNT_PATTERN}\s+(?:years?|yrs?)\s+(?:earlier|before|prior|later|after)\b"  # "4 yrs"
    rf"|\b{_FAMILY_UNIT}\s+(?:two|three|2|3)\s+(?:before|after)\b"  # "the movie two before"
    r"|\b(?:two|three|2|3)\s+(?:before|after)\s+(?:him|her|it|that)\b"  # "the king two before him"
    rf"|\b(?:back|ahead|forward)\s+{COUNT_PATTERN}\s+{_FAMILY_UNIT}\b"  # "jump ahead two films"
    rf"|\b{COUNT_PATTERN}\s+{_FAMILY_UNIT}\s+(?:back|ahead|later|earlier|before|after|down|up)\b"
    rf"|\b(?:part|number|no\.)\s+(?:{COUNT_PATTERN}|[ivx]{{1,4}})\b"  # "back in part 2"
    r"|\bcame\s+(?:after|before)\s+(?:her|him|it)\b|\b(?:predecessor|successor)s?\b"
    # an ordinal on its own after "what about" or "and": "and what about the third, did he ..."
    r"|\b(?:what\s+about|how\s+about|and)\s+the\s+(?:second|third|fourth|fifth|sixth|seventh|"
    r"eighth|ninth|tenth)(?=\s*(?:[,.;!?…]|$))",
    re.IGNORECASE,
)
# "about that place from before", "going back to the film you mentioned earlier"
_RETURN_TO_KIND = re.compile(
    r"\b(?:back\s+to|about|returning\s+to|return\s+to)\s+(?:the|that)\s+(?P<noun>[a-z]+)\s+"
    r"(?:(?:you|we|i)\s+(?:mentioned|talked\s+about|discussed|asked\s+about|said|named)\s+)?"
    r"(?:earlier|before|from\s+before|previously)\b",
    re.IGNORECASE,
)
# A description said first, then the question: "the metal — who found it", "re the pope tho,"
_LEAD_DESCRIPTION = re.compile(
    r"^\W*(?:(?:and|anyway|ok|okay|so|re|now|but|also|um+|hmm+|oh)\W+)*(?:the|that)\s+"
    r"(?P<what>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)"
    r"(?:\s+(?:from\s+before|from\s+earlier|earlier|again|tho|though))*"
    r"\s*(?=[,;:!?…—–]|\s-\s|\.\s)",
    re.IGNORECASE,
)
_PLACE_NOUNS = frozenset("place city town country state region island location".split())
_ANY_PERSON = frozenset("person guy man woman lady gentleman boy girl".split())
_PERSON_ENDINGS = ("man", "woman", "men", "women")  # "frenchman", "chairwoman", "countrymen"
_KINDS_BY_PAGE = _PLACE_NOUNS | _ANY_PERSON  # told apart by how a page opens
_A_KIND = re.compile(r"(?:the|that)\s+([a-z]+)", re.IGNORECASE)
# What a page that is a place opens as ("Hyōgo Prefecture is a prefecture of Japan")
_PLACE_KINDS = frozenset(
    "place city town village country state province prefecture region island river lake "
    "mountain capital municipality county district continent nation republic kingdom empire "
    "planet territory borough metropolis suburb peninsula archipelago".split()
)
_TOPIC_NOUNS = frozenset("topic one subject thing question conversation".split())
# "back" returns, but for a step back along a family ("go back one game")
_RETURNING = re.compile(
    r"\b(?:back(?!\s+(?:one|a|\d{1,2}|two|three|four|five)\b)|again|return|returning|revisit)\b",
    re.IGNORECASE,
)  # not "back one", "go back 4 games": steps along a family
_TOLD = re.compile(
    r"\b(?:you|u)\s+(?:told|mentioned|said|called|described|talked)\b|\bfrom\s+before\b",
    re.IGNORECASE,
)
_AN_ANSWER_LIST = re.compile(  # a place in what an answer gave ("the first guy you mentioned")
    r"\b(?:you|u)\s+(?:mentioned|listed|named|said|told|gave)\b|\b(?:your|ur)\s+list\b",
    re.IGNORECASE,
)
# Nouns for anyone ("the first guy you mentioned"), not roles in a work ("the first actor")
_PEOPLE_NOUNS = frozenset("guy man woman person lady gentleman boy girl dude".split())
_SAID_BY_YOU = re.compile(
    r"\s+(?:that\s+|who\s+)?(?:you|u)\s+(?:mentioned|listed|named|said|told\s+me\s+about|gave)"
    r"(?:\s+(?:first|earlier|before))?\b",
    re.IGNORECASE,
)
_ORDER_NUMBER = re.compile(r"\d+|x{0,3}(?:ix|iv|v?i{1,3}|v)")  # "3", "iii", "xiv" after a name
_ABOUT_THEM = frozenset("he she his".split())  # "did he manage the band": still him
_WORD_KIN = 6  # titles sharing a rare word, at most, to be read as one family of names
_SHORT_NAME = 2  # letters a word needs to be taken as part of a name on its own
_LOOK_BACK = 10  # characters before a word in which "the", "its" or "in" is looked for
_OLDER = frozenset("older earlier original".split())
_NEWER = frozenset("newer later recent latest remake".split())
_RUN_WORDS = 3  # the longest run of words looked up as a name in the corpus


def _word_runs(text: str, shortest: int = 2) -> list[str]:
    """Runs of ``shortest`` to three adjacent words that could be a name ("cn tower"), longest
    first: no function word, question word or pronoun among them, nothing written in
    capitals."""
    runs: list[list[str]] = [[]]
    for word, start, end in word_spans(text):
        plain = word not in FUNCTION_WORDS and word not in cues.PRONOUNS and not word.isdigit()
        if plain and text[start:end].islower():
            runs[-1].append(word)
        elif runs[-1]:
            runs.append([])
    found = [
        " ".join(run[i : i + n])
        for run in runs
        for n in range(min(_RUN_WORDS, len(run)), shortest - 1, -1)
        for i in range(len(run) - n + 1)
    ]
    return sorted(found, key=lambda phrase: -len(phrase.split()))


def _questions(text: str) -> list[str]:
    """The sentences of a turn that ask something ("and where did she die" too); a sentence
    that asks only after a comma or a dash ("i was talking about the latter - what about
    their early years?") counts from there."""
    found = []
    for sentence in re.split(r"(?<=[.?!…])\s+", text):
        sentence = sentence.strip()
        if not sentence:
            continue
        if _asks_anew(sentence):
            found.append(sentence)
            continue
        starts = [m.end() for m in _CLAUSE.finditer(sentence) if _asks_anew(sentence[m.end() :])]
        if starts:
            found.append(sentence[starts[0] :].strip())
        elif cues.is_question(sentence):
            found.append(sentence)
    return found


def _described_words(modifier: str, head: str) -> set[str]:
    """The stemmed words a description wants a page to say: its modifier and its head, a head
    that only says a sort of thing left out ("the american bronze guy": american, bronze)."""
    return set(tokenize(modifier if head in _SORT_NOUNS else f"{modifier} {head}"))


def _definite_descriptions(text: str) -> Iterator[tuple[str, str]]:
    """(modifier, head) of each way to read a definite description of one or two words
    ("the american die": ("", "american") and ("american", "die")); not a head that "of"
    follows ("the end of")."""
    for found in _THE_WORDS.finditer(text.casefold()):
        first, second, third = found.groups()
        if second != "of":
            yield "", first
        if second and third != "of":
            yield first, second


def _before_question(text: str) -> str:
    """The words of a turn before the question it asks of its own ("fifth actually" of "fifth
    actually. what do you know about its accolades?"); the whole turn where it asks nothing
    of its own or opens with its question."""
    asked = [q for q in _questions(text) if _asks_anew(q)]
    at = text.find(asked[0]) if asked else -1
    head = text[:at].strip(" -–—,.;:?!…") if at > 0 else ""
    return head or text


def _phrase_after(text: str, phrase: str) -> str | None:
    """What follows the first ``phrase`` (whole words) in ``text``; None where it is not."""
    found = re.search(rf"(?<![\w']){re.escape(phrase)}(?![\w'])", text)
    return text[found.end() :] if found else None


def _is_bare_correction(text: str) -> bool:
    """A correction that asks nothing itself ("no, i meant the first one")."""
    return cues.is_correction(text) and not _asks_anew(text)


def _asked_anew(text: str) -> list[str]:
    """The parts of ``text`` between breaks that ask something of their own
    (:func:`_asks_anew`), in order."""
    return [part for part in re.split(r"[,;.!?…—–]\s*|\s-\s", text) if _asks_anew(part)]


def _asks_anew(sentence: str) -> bool:
    """Whether a sentence asks something of its own, beyond correcting or changing a value:
    "who starred in it?" and "was that a hit?" do; "6?", "thats apollo 11 though??" and "no,
    i meant the first one" do not."""
    said = cues.words_of(cues.normalised(sentence))
    while said and said[0] in _OPENERS:
        said = said[1:]
    if not said or (said[1:2] == ["about"] and _only_a_place(said[2:])):
        return False  # "what about the first season" asks the last question again
    first = said[0]  # "the one who stayed in orbit" describes; "who stayed in orbit?" asks
    if first in _OPENING_PREPOSITIONS:  # "in the very first one what do they call the monster"
        unbroken = not re.search(r"\s[-–—]|[,;:]", sentence)  # not "with dev gill - what ..."
        return unbroken and bool(set(said[1:]) & _WH)
    return first in cues.QUESTION_WORDS or first.rstrip("s") in _WH or first.split("'")[0] in _WH


# Words that place a member of a family ("the next one", "the 2019 version", "4 yrs later").
_PLACING = frozenset(cues.ORDINALS) | frozenset(
    "next previous following original latest newest older newer later earlier before after "
    "one version season series edition episode part instalment installment sequel years yrs "
    "year game film movie book".split()
)
_NUMERAL_TYPED = re.compile(r"[ivxlc]+")


def _only_a_place(words: list[str]) -> bool:
    """Whether ``words`` only place a member of a family: numbers, numerals and
    :data:`_PLACING` words beside stop words other than pronouns ("what about their
    1998–2010" asks about their years)."""
    return not set(words) & cues.PRONOUNS and all(
        w in STOPWORDS or w in _PLACING or w.isdigit() or _NUMERAL_TYPED.fullmatch(w) for w in words
    )


def _specific_first(names: list[str]) -> list[str]:
    """Names with a name that holds another one first ("rocky ii" before "rocky" in "who does
    rocky fight in rocky ii?")."""

    def holds_another(name: str) -> bool:
        key = name_key(name)
        return any(
            other != name and len(name_key(other)) < len(key) and set(name_key(other)) <= set(key)
            for other in names
        )

    return sorted(names, key=lambda n: not holds_another(n))


_JOINED_NAME = re.compile(r"-(?=[A-Z])")  # the hyphen that joins two names ("Jean-Paul")
_INITIALS = re.compile(r"\b[A-Z]\.\s*")  # "P. " of "P. T. Barnum"
# a possessive and up to three words after a name: "'s actual novella"
_WORKS = cues.THING_KINDS | {"novella", "memoir", "story", "stories", "essay", "poems"}
_OWNED_WORK = re.compile(r"(?P<mark>['’]s)?(?P<words>(?:\s+[a-z]+){1,3})", re.IGNORECASE)


def people_named(
    titles: Iterable[str], person: Callable[[str], bool] = lambda _: True
) -> list[tuple[str, tuple[str, ...]]]:
    """(title, its words) for the titles without a qualifier that read as a person's name of
    two words or more; a word may join two by a hyphen ("Jean-Paul Sartre", "Claude
    Lévi-Strauss") and initials may open it ("P. T. Barnum") where ``person`` (a page's
    opening) confirms it ("Science-Fiction Plus" is a magazine)."""
    return [
        (title, name_key(title))
        for title in titles
        if not qualifier(title)
        and (
            looks_like_person(title)
            or (
                len(title.split()) > 1  # "Hewlett-Packard" is a company's name
                and (
                    looks_like_person(_JOINED_NAME.sub("", title))  # not "Kim Il-sung"
                    or _initialled(title)
                )
                and person(title)
            )
        )
        and len(name_key(title)) > 1
    ]


def _initialled(title: str) -> bool:
    """Whether ``title`` opens with initials before a name in capitals ("P. T. Barnum", "T. S.
    Eliot"; not "Spencer M. Clark", whom people call by the first name too)."""
    rest = _INITIALS.sub("", title).split()
    opens = _INITIALS.match(title) is not None
    return opens and 0 < len(rest) <= 2 and all(w[:1].isupper() for w in rest)


def _opens_as_person(
    openings: Callable[[str], Opening | None] | None,
) -> Callable[[str], bool]:
    """Whether a page's opening reads as a person's (every page, without openings)."""
    if openings is None:
        return lambda _: True
    return lambda title: (opening := openings(title)) is not None and opening.person


def plural_endings(titles: Iterable[str]) -> dict[str, list[str]]:
    """The titles of two words or more by the plural they may end in ("packers": Green Bay
    Packers, "rockets": Houston Rockets; "williams": Serena Williams, a person's)."""
    ends: dict[str, list[str]] = {}
    for title in titles:
        key = name_key(title)
        if len(key) > 1 and _PLURAL_WORD.fullmatch(key[-1]):
            ends.setdefault(key[-1], []).append(title)
    return ends


def surname_families(people: Iterable[tuple[str, tuple[str, ...]]]) -> dict[str, list[str]]:
    """The ``people`` (from :func:`people_named`) by a last name two or more of them share."""
    families: dict[str, list[str]] = {}
    for title, key in people:
        families.setdefault(family_name(key), []).append(title)
    return {surname: named for surname, named in families.items() if len(named) > 1}


def family_name(key: tuple[str, ...]) -> str:
    """A person's last name among a name's words, past an order number ("Johann Strauss II":
    "strauss")."""
    return key[-2] if len(key) > 2 and _ORDER_NUMBER.fullmatch(key[-1]) else key[-1]


def unique_surnames(
    people: Iterable[tuple[str, tuple[str, ...]]],
) -> list[tuple[str, tuple[str, ...]]]:
    """(title, last name's words) for each way of typing the last name of one of the
    ``people`` (from :func:`people_named`) that no other of them shares ("Andrei Tarkovsky"
    -> ("tarkovsky",); "Guido van Rossum" -> ("van", "rossum") and ("rossum",); "Claude
    Lévi-Strauss" -> ("levi", "strauss") only, where Levi Strauss is another)."""
    named = [
        (title, _surname(title, key))
        for title, key in people
        if not FUNCTION_WORDS & set(key)  # "Stories We Tell" is no one
        and not _ORDER_NUMBER.fullmatch(key[-1])  # "Rocky III" has no surname "iii"
    ]
    counts = Counter(form for _, surname in named for form in surname_forms(surname))
    return [
        (title, form)
        for title, surname in named
        for form in surname_forms(surname)
        if counts[form] == 1
    ]


def surname_forms(surname: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The ways a last name is typed: whole ("van rossum", "cartier bresson") and its last
    word ("rossum", "bresson")."""
    return {surname, surname[-1:]}


def unique_first_names(
    people: Iterable[tuple[str, tuple[str, ...]]], titles: Iterable[str]
) -> list[tuple[str, tuple[str, ...]]]:
    """(title, first name's words) for the ``people`` (from :func:`people_named`) whose first
    word no other title has ("Marco Pierre White" -> ("marco",), where no "Marco Polo" is;
    a first name joined by a hyphen whole: "Marie-Anne Paulze Lavoisier" -> ("marie",
    "anne"))."""
    counts = Counter(word for key in map(name_key, titles) for word in set(key))
    return [
        (title, name_key(title.split()[0]))
        for title, key in people
        if counts[key[0]] == 1 and key[0] not in FUNCTION_WORDS and len(key[0]) > _SHORT_NAME
    ]


def _surname(title: str, key: tuple[str, ...]) -> tuple[str, ...]:
    """A name's last word with the particles before it ("van rossum"), or both words of a
    double name ("Henri Cartier-Bresson": "cartier bresson")."""
    last = name_key(title.split()[-1])
    if len(last) == 2 and "-" in title.split()[-1] and key[-2:] == last:
        return last
    start = len(key) - 1
    while start > 1 and key[start - 1] in PARTICLES:
        start -= 1
    return key[start:]


def _by_first_name(context: Context, text: str, relatives: dict[str, list[str]]) -> list[Mention]:
    """People in play (the memory's topics, the names of recent answers) and the pages of
    their ``relatives`` (people who share their last name) that ``text`` calls by a first name
    only one of them has ("pierre" while on Marie Curie, "emily" after Charlotte Brontë)."""
    named: dict[str, dict[str, str]] = {}
    in_play = [t.name for t in context.memory.topics]
    in_play += [n for _, n in context.answer_names[-EARLIER_NAMES:]]
    in_play += [r for n in in_play if name_key(n) for r in relatives.get(name_key(n)[-1], ())]
    for name in in_play:
        key = name_key(name)
        if len(key) > 1 and looks_like_person(name):
            known = context.canonical(name)
            named.setdefault(key[0], {})[known.casefold()] = known
    found = []
    for word, start, end in word_spans(text):
        people = named.get(word.removesuffix("'s"), {})
        if len(people) == 1 and word not in FUNCTION_WORDS and len(word) > _SHORT_NAME:
            found.append(Mention(next(iter(people.values())), start, end))
    return found


def _name_match(wanted: set[str], name: str) -> float:
    """How many of a name's words the user said, allowing one slip in a longer word
    ("orvile" for "Orville")."""
    said = [w for w in wanted if len(w) > 2]
    found = 0.0
    for part in cues.words_of(name):
        if len(part) < 3 or part in STOPWORDS:
            continue
        if part in said or (
            len(part) > 4 and any(SequenceMatcher(None, part, w).ratio() >= 0.8 for w in said)
        ):
            found += 1
    return found


def _substantial(word: str) -> bool:
    """Whether ``word`` is no function word, question word or pronoun."""
    return not (word in FUNCTION_WORDS or word in cues.QUESTION_WORDS or word in cues.PRONOUNS)


def _nickname_candidates(text: str, rare: Callable[[str], bool]) -> list[str]:
    """What in a question may be a nickname, most likely first: up to three words after "the"
    ("the king of pop"), longest first, then each rare word, also without a possessive "s"
    typed without its apostrophe ("poppys"), then two words in a row ("mr cub")."""
    spans = [w for w, _, _ in word_spans(text)]
    found: list[str] = []
    for i, word in enumerate(spans):
        if word != "the":
            continue
        run: list[str] = []
        after = spans[i + 1 : i + 1 + _RUN_WORDS]
        for j, following in enumerate(after):
            stop = following in cues.QUESTION_WORDS or following in cues.PRONOUNS
            # a function word opens a nickname before a word of substance ("the all blacks")
            opens = not run and j + 1 < len(after) and _substantial(after[j + 1])
            if stop or (
                following in FUNCTION_WORDS and (following != "of" or not run) and not opens
            ):
                break
            run.append(following)
        while run and run[-1] == "of":
            run.pop()
        found += [" ".join(run[:n]) for n in range(len(run), 0, -1) if run[n - 1] != "of"]
    plain = [
        w not in FUNCTION_WORDS
        and w not in cues.PRONOUNS
        and w.removesuffix("s") not in cues.QUESTION_WORDS  # "whats", "whos"
        and not w.isdigit()
        and len(w) > 1
        for w in spans
    ]
    for word, usable in zip(spans, plain, strict=True):
        if usable and rare(word):
            found.append(word)
        if usable and word.endswith("s") and len(word) > _SHORTEST_POSSESSOR and rare(word[:-1]):
            found.append(word[:-1])
    for (a, b), usable in zip(itertools.pairwise(spans), itertools.pairwise(plain), strict=True):
        if all(usable) and (rare(a) or rare(b)):  # "mr cub", and "king vivs" as "king viv"
            found.append(f"{a} {b}")
            if b.endswith("s") and len(b) > _SHORTEST_POSSESSOR:
                found.append(f"{a} {b[:-1]}")
    return list(dict.fromkeys(found))


_NICKNAME_TRIES = 6  # phrases of a turn looked up as nicknames, at most
_SHORTEST_POSSESSOR = 3  # "poppys" may be Poppy's; not "its"


def _relation_only(text: str) -> tuple[int, int] | None:
    """Where a turn that says nothing but one relative ("his son?", "and her father", "same
    for his son") or asks of what one owns ("n his dads first win") or, after a break, asks
    its own question of them ("his wife i think — what did she say about fermi"), maybe
    with a description of them ("his son, the one with six wives"), writes it; None for any
    other turn."""
    said = cues.relations(text)
    if len(said) != 1:
        return None
    _, start, end = said[0]
    before = _ASKING_ABOUT.sub("", text[:start])  # "what about his son?", "same for his son"
    after = text[end:]
    if _DESCRIBED_AFTER.fullmatch(after) or cues.relative_owns(text):
        after = ""  # "his son, the one with six wives"; "his dads first win" asks of the dad
    elif _THEN_ASKED.match(after):
        after = ""  # "his wife i think — what did she say about fermi" asks of the wife
    return None if _content(f"{before} {after}") else (start, end)


def _bare_relation_only(text: str) -> tuple[cues.Relation, int, int, str] | None:
    """A turn that says nothing but a relative by an article ("what about the father", "the
    founder dad"): the relation, where it is written and the word that describes them; None
    for any other turn, and for one that names a relative by a possessive."""
    bare = cues.bare_relation(text)
    if bare is None or cues.relations(text):
        return None
    _, start, end, _ = bare
    return None if _content(f"{_ASKING_ABOUT.sub('', text[:start])} {text[end:]}") else bare


# A break after the relative, then a question of the relative's own (a pronoun asks it)
_THEN_ASKED = re.compile(
    r"\s*(?:(?:i\s+think|i\s+guess|maybe|probably|right|tho|though|then)\s*)?\s*(?:[—–;:]|\s-\s)"
    r"[^?]*\b(?:she|he|her|him|they|them)\b",
    re.IGNORECASE,
)
_DESCRIBED_AFTER = re.compile(  # "his son, the one with six wives?"
    r"\s*(?:[,;:.…—–-]+|\s-)\s*(?:the|that)\s+[^?]+\?*\s*", re.IGNORECASE
)


_OPENING_CHARS = 60  # where an answer names what it is about
_PLACE_HEADS = frozenset(
    "river lake sea ocean desert mountains canal bay valley forest glacier falls strait "
    "gulf peninsula loch island islands atoll archipelago".split()
)
_THE_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)  # "the mississippi"
_CLAUSE_OPENS = re.compile(r"\b(?:who|that|which|whose)\b", re.IGNORECASE)
# A name that does what people do ("frutiger did ...", "frutger also designed ...") or is
# asked about as a person ("who was jannon")
_AGENT_AFTER = re.compile(
    r"\s+(?:(?:also|ever|really|actually|even|first|later|once|then|still|just)\s+)?(?:did|made|"
    r"designed|invented|wrote|built|founded|painted|composed|discovered|created|drew|married|"
    r"died|lived|was\s+born|worked|studied|taught|met|said|wanted)\b(?!\s+(?:of|from|by)\b)",
    re.IGNORECASE,
)
_AGENT_BEFORE = re.compile(r"\bwho(?:\s+was|\s+is|'s|s)\s+$", re.IGNORECASE)
_COPULA_BEFORE = re.compile(r"\b(?:is|was|are|were|be|been)\s+$", re.IGNORECASE)
# Kinds of things that do what people do ("when did nike sign jordan": the company)
_ACTING_KINDS = frozenset(
    "company corporation brand firm band team club group label organisation organization "
    "agency studio publisher".split()
)
_REBUTTAL = re.compile(
    r"\W*[a-z]+\s+(?:isn'?t|is\s+not|≠)\s+(?:the\s+)?[a-z]+\s*(?:lol|lmao|haha)?\W*$"
)
_RELATING = re.compile(r"\b(?:to|for|with|w|by|about|starring|featuring)\s+(?:the\s+)?$", re.I)
_DESCRIPTION_OPENS = re.compile(r"\W*(?:the|that|this)\s+[a-z]", re.IGNORECASE)  # "the love letter"


@lru_cache(maxsize=64)
def _relative_said(relations: frozenset[str]) -> re.Pattern[str]:
    """ "his daughter ", "her elder brother ": a possessive and one of ``relations`` (or its
    plural), before the name an answer gives the relative."""
    words = "|".join(sorted(re.escape(r) for r in relations))
    return re.compile(rf"\b(?:his|her|their)\s+(?:[a-z]+\s+)?(?:{words})s?,?\s+", re.IGNORECASE)


_ASKING_ABOUT = re.compile(  # "and what about", "n", "now", "same for", "the same q with"
    r"^\W*(?:(?:and|n|now)\s+)?(?:(?:what|how)\s+about\b|(?:the\s+)?same\b"
    r"(?:\s+(?:q|question|thing)\b)?(?:\s+(?:for|with|about)\b)?)?",
    re.IGNORECASE,
)


def _surest(
    model: Callable[[Sequence[Candidate]], Sequence[float]],
    candidates: Sequence[Candidate],
    chosen: str,
    margin: float,
) -> str | None:
    """The candidate ``model`` is surest of, where it is surer of it than of ``chosen`` (the
    rules' choice, which scores 0 where it is no candidate) by ``margin``; None where that is
    ``chosen`` or it is not that sure."""
    chances = dict(zip((c.name.casefold() for c in candidates), model(candidates), strict=True))
    best = max(candidates, key=lambda c: chances[c.name.casefold()]).name
    if (
        best.casefold() == chosen.casefold()
        or chances[best.casefold()] - chances.get(chosen.casefold(), 0.0) < margin
    ):
        return None
    return best


def _read_exactly(text: str, chosen: str) -> bool:
    """Whether a turn says exactly what the rules' reading ``chosen`` rests on: a place in a
    list or in the conversation ("the first one you listed", "the former", "the second place
    we talked about"), "the other", a word of an answer ("the one where you mentioned ..."),
    or a word of ``chosen``'s name, typed outside a "not" and misspelt by a letter at most
    ("i meat france, not united kingdom", "Super Mario Galixy")."""
    if (
        cues.positions(text)
        or cues.conversation_position(text) is not None
        or cues.conversation_place(text) is not None
        or cues.wants_other(text)
        or _TOLD.search(text)
    ):
        return True
    typed = set(cues.words_of(_NOT_PART.sub("", text)))
    named = {w for w in cues.words_of(strip_qualifier(chosen)) if len(w) >= _NAMED_LENGTH}
    return any(damerau_levenshtein_distance(w, t) <= 1 for w in named for t in typed)


def _content(text: str) -> set[str]:
    """The words of a turn that say something beyond correcting: not cue, filler, value or
    stop words ("nope, the russian one" -> {"russian"})."""
    said = set(cues.words_of(cues.normalised(text)))
    return {w for w in said - STOPWORDS - cues.FILLER if not w.isdigit()}


_DETERMINER_BEFORE = re.compile(  # text that ends with a determiner
    r"(?:^|\b)(?:the|a|an|this|that|these|those|its|his|her|their|our|your|my)\s+$", re.I
)
_OPENS_WITH_ARTICLE = re.compile(r"(?:the|a|an)\s+", re.IGNORECASE)  # "the band"
_KIND_NOUNS = frozenset().union(*cues.KIND_WORDS, cues.PERSON_NOUNS, {"place", "one", "thing"})
_RANKING = frozenset("first last next most least only same".split())  # "the last flight"
_SHORT_SUPERLATIVE = 4  # "best", "west" and "rest" are no superlatives of a ranking
_RANKED_PAIR = re.compile(r"\bthe\s+([a-z]+)\s+([a-z]+)")
_ANSWERED_FOR = re.compile(
    r"(?:^|[.!?;]\s+)(?:for|as\s+for|regarding|about)\s+(?P<name>[^:.;]{2,80}?)\s*:", re.IGNORECASE
)
_YEAR = re.compile(r"1[5-9]\d\d|20\d\d")
# A value said first, on its own: "1940!! gertie, the one that fell", "ok 1937 then.. who ..."
_LEAD_VALUE = re.compile(
    r"^\W*(?:(?:ok|okay|k|no|nah|nope|n|and|so|um+|hmm+)\W+)*(?:\d{2,4}|[ivxlc]+)"
    r"(?:\s+(?:then|tho|though|instead|pls|please))?\s*(?:[!?.,;:…—–]+|\s-\s)",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


# An answer's opening that only agrees before it names what was meant ("Right — ", "Yes: ",
# "Then it is ", "That was ", "No; ")
_CONFIRMATION = re.compile(
    r"^\W*(?:(?:right|yes|yeah|correct|sorry|no|ah|oh|ok(?:ay)?)\b\W*)*"
    r"(?:(?:then\s+)?(?:it|that|this)\s+(?:is|was|'s)\s+)?",
    re.IGNORECASE,
)


def _same_family(name: str, other: str) -> bool:
    """Whether two titles share a word of their names beyond function words ("Gemini 12" and
    "Gemini 8", "Felix Mendelssohn" and "Abraham Mendelssohn Bartholdy")."""
    words = set(name_key(strip_qualifier(name))) & set(name_key(strip_qualifier(other)))
    return bool(words - STOPWORDS - PARTICLES)


def _surprised(text: str) -> bool:
    """Whether a turn only opens with an interjection ("wait", "hold on", "hmm") before a
    question of its own words that refuses nothing ("wait someone cut the ribbon on a horse at
    the opening??"): surprise, not a correction."""
    opened = _INTERJECTION.match(text)
    if opened is None:
        return False
    rest = text[opened.end() :].strip()
    return (
        rest.endswith("?")
        and len(cues.words_of(rest)) >= _SURPRISED_WORDS
        and not cues.is_correction(rest)
        and not said_values(rest)
    )


_INTERJECTION = re.compile(
    r"^\W*(?:(?:wait|hold\s+on|hang\s+on|hm+|oh|whoa|woah|ok|okay|so)\b[\s,.!…]*)+",
    re.IGNORECASE,
)
_SURPRISED_WORDS = 4  # words of a question after an interjection that is more than a value


def _first_sentence(text: str) -> str:
    """The text up to its first sentence's end."""
    end = _SENTENCE_END.search(text)
    return text[: end.start()] if end else text


_TALKING = frozenset("was talking asking about thinking of".split())
# How a description of what an earlier answer said goes on after a comma.
_GOES_ON = re.compile(r"\s*(?:with|where|who|whose|that)\s|\s*the\s+\S.*\s+one\s*$", re.I)
_TOLD_WITH = re.compile(r",\s*(?:with\s|the\s+\S.*\s+one\s*$)", re.IGNORECASE)
# A part of a correction that points nowhere ("... sorry if that was unclear", "please").
_ASIDE = re.compile(
    r"\s*(?:s[a-z]{1,4}y\s+)?(?:if|in\s+case|please|thanks|thank\s+you|as\s+i\s+said)\b", re.I
)  # "sorry if ...", "sory if ..."
_DESCRIBING = re.compile(r"\s*(?:the|that|this|a|an)\s", re.IGNORECASE)
_DESCRIBED_BY = re.compile(
    r"\s*(?:the|that)\s+(?:[a-z]+\s+){0,5}?(?:with|from|about|whose|where|involving|had|has|"
    r"married\s+to|born\s+in)\s"
    r"|\s*the\s+one\s+(?:that|which|who)\s",  # "the one that won best picture"
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"\s*(?:,|;|:|\s[-–—]+\s|[-–—]{2,}|—)\s*")
_DEFINITE = re.compile(r"\b(?:the|this|that)\s+([a-z]+)")
_ASKS_WHO = re.compile(r"\W*(?:and\s+)?who(?:'s|\s+is|\s+was|\s+were|\s+are)\s+the\b", re.I)
_WHOLE_WORD = r"(?<![\w']){}(?![\w'])"  # a word or number renamed where it is said whole
_SUBJECT_WORDS = 4  # the most words of a subject said before its question
_APPOSITION = re.compile(r"\W*(?P<name>[\w'-]+(?:\s+[\w'-]+){0,2}?)\s*,?\s+the\s+\w", re.I)
_CONTRACTED_QUESTION = re.compile(r"(?:what|who|where|when|how|why)'?s")  # "whats", "who's"
_SELECTING = frozenset("one ones version versions edition adaptation remake".split())  # "the X one"
_CASUAL_PEOPLE = frozenset("guy guys dude lady bloke chap fella".split())  # "the f1 guy"
_ELLIPTIC = re.compile(r"\W*(?:and|what\s+about|how\s+about)\b", re.IGNORECASE)
_AND_ELLIPSIS = re.compile(
    r"\W*(?:and|what\s+about|how\s+about)\s+(?P<rest>[^?!.]+?)\s*[?!.]*", re.IGNORECASE
)
_ELLIPSIS_WORDS = 4  # the most words of what an elliptic turn asks about
_OPENING_PREPOSITIONS = frozenset("in on at for before after during since with without".split())
_EXISTENTIAL = re.compile(r"\b(?:is|are|was|were)\s+there\b", re.IGNORECASE)
# "the band", not "the b-52", "the band's" or "the author of these books" (the books decide)
_THE_NOUN = r"\bthe\s+([a-z]+)\b(?!['’-]|\s+of\b)"
_DEFINITE_NOUN = re.compile(_THE_NOUN)  # typed in lower case
_DEFINITE_ROLE = re.compile(_THE_NOUN, re.IGNORECASE)  # "the drummer"
_GENERIC_NOUNS = frozenset("one thing first last same other year time way end".split())
_OTHERS_DESCRIBED = 3  # recent topics a second description ("the band") may mean
_PLURAL = r"[a-z]{3,}[^s]s"  # "packers", not "bus" or "boss"
_PLURAL_WORD = re.compile(_PLURAL)
_THE_PLURAL = re.compile(rf"\bthe\s+(?P<word>{_PLURAL})\b(?!['’])")  # "the packers"
# "the american", "the british guys", "the boy king": a definite description of one in play
_THE_WORDS = re.compile(r"\bthe\s+([a-z]+)(?:\s+([a-z]+))?(?:\s+([a-z]+))?\b(?!['’-])")
# Words before "one" that describe no one ("the same one", "the first one")
_NOT_DESCRIBING = _GENERIC_NOUNS | cues.QUESTION_WORDS | set(cues.ORDINALS) | STOPWORDS
# A people's adjective: "the american", "the british", "the japanese", "the dutch"
_PEOPLES = re.compile(r"[a-z]{3,}(?:an|ish|ese)|dutch|french|czech|greek|swiss|thai")
# Words that place a topic in the conversation's order ("the song mentioned in the beginning")
_IN_ORDER = re.compile(
    r"\b(?:mention\w*|previous\w*|above|earlier|first|start|beginning|talk\w*|discuss\w*|"
    r"back|before|original\w*|again|former|latter|last)\b",
    re.IGNORECASE,
)
_SIBLINGS = frozenset({"brother", "sister", "sibling"})
_SUBJECT_PRONOUNS = frozenset("he she it they".split())  # who or what a question is asked of
# "thats his", "that's just her": a relative said of the answer given, ending before it
_SAYS_WHAT_IT_WAS = re.compile(
    r"\b(?:that['’]?s|that\s+is|that\s+was|(?:he|she)['’]?s)\s+(?:(?:just|only|obviously|surely|"
    r"clearly)\s+)?$",
    re.IGNORECASE,
)
# A relation two steps away, through a child or a parent ("grandson": a child's son)
_GRAND_STEPS = {
    "grandson": ("child", "son"),
    "granddaughter": ("child", "daughter"),
    "grandchild": ("child", "child"),
    "grandfather": ("parent", "father"),
    "grandmother": ("parent", "mother"),
}
_STRESSING = frozenset("actual real proper".split())  # "the actual movie" is "the movie"
_PRONOUN_SEX = dict.fromkeys("he him his himself".split(), "male") | dict.fromkeys(
    "she her hers herself".split(), "female"
)
_SEX_OF_RELATION = dict.fromkeys(
    "brother son father husband uncle nephew grandson grandfather".split(), "male"
) | dict.fromkeys(
    "sister daughter mother wife aunt niece granddaughter grandmother".split(), "female"
)
# Words that point back at something the conversation named ("who ruled there")
_POINTING = cues.PRONOUNS | frozenset("there here this that these those it's".split())
# Pronouns that, after a name in the same clause, mean the one named ("when he died")
_BACK_TO_SUBJECT = frozenset("he she his they their himself herself itself themselves".split())
_PRONOUN = re.compile(  # not in a compound ("the she-wolf")
    r"(?<!\w-)\b(?:" + "|".join(sorted(cues.PRONOUNS)) + r")\b(?!-\w)", re.IGNORECASE
)
_REFERS_BACK = re.compile(
    r"\b(?:this|that|these|those|said|aforementioned|aforesaid|above|mentioned|former|latter)"
    r"\s+(?!(?:days?|times?|years?|weeks?|moment)\b)[a-z]",  # not "these days"
    re.IGNORECASE,
)
_GOVERNED_SUBJECT = re.compile(
    r"\b(?:on|in|at|to|from|with|into|by|for|of|near|after|before|than|like|about)\b", re.I
)
_PREPOSITION = re.compile(
    r"\b(?:on|in|at|to|from|with|into|onto|by|for|of|near|over|under|across|through|during|"
    r"after|before|than|like|against|toward|towards)\s+(?:the\s+|a\s+|an\s+)?$",
    re.IGNORECASE,
)


def _described_by(segment: str) -> bool:
    """Whether a correction describes what it means by what its page holds ("the one with
    hbo", "actually the film about jacobs", "i was talking about the one that has to do with
    boorman", "the one you told me about earlier, with hbo", "the person from before, the
    mary todd one"), after any cue or filler words."""
    if _TOLD.search(segment) and _TOLD_WITH.search(segment):
        return True
    words = segment.split()
    while (
        words
        and cues.words_of(words[0])
        and all(w in cues.FILLER | _TALKING for w in cues.words_of(words[0]))
    ):
        words = words[1:]
    return bool(_DESCRIBED_BY.match(" ".join(words)))


def _governed(text: str, mention: Mention) -> bool:
    """Whether a lower-case name follows a preposition ("walked on the moon")."""
    written = text[mention.start : mention.end]
    return written.islower() and bool(_PREPOSITION.search(text[: mention.start]))


def _differs_by_number(a: str, b: str) -> bool:
    """Whether two names differ only in their numbers ("Toy Story" / "Toy Story 2")."""

    def bare(name: str) -> str:
        return " ".join(re.sub(r"\b(?:\d+\w*|[IVXLC]+)\b", " ", name).casefold().split())

    return a.casefold() != b.casefold() and bare(a) == bare(b)


def _year_swapped(asked: str, rest: str) -> str | None:
    """``asked`` with its one year replaced by the one year ``rest`` says ("and in 69": 1969
    for 1972), a year of two digits read in the century of the one it replaces."""
    old = [m for m in _values_in(asked) if m.number >= FIRST_YEAR]
    new = [m for m in _values_in(rest) if m.number >= FIRST_YEAR or m.number < CENTURY]
    if len(old) != 1 or len(new) != 1:
        return None
    year = new[0].number
    if year < CENTURY:
        year += old[0].number - old[0].number % CENTURY
    return asked[: old[0].start] + str(year) + asked[old[0].end :]


def _replace_value(text: str, old: str, new: str) -> str:
    """A question about ``old`` with its number said as in ``new`` ("the 1998 world cup" ->
    "the 1994 world cup"; "part 3" -> "part 2" for "Part III" -> "Part II") when the two
    names differ only there."""
    if not _differs_by_number(old, new):
        return text
    before, after = _values_in(old, in_title=True), _values_in(new, in_title=True)
    if not before or not after:
        return text
    renamed_here = rename(text, before[-1].text, after[-1].text, pattern=_WHOLE_WORD)
    if renamed_here is not None:
        return renamed_here
    # The value as the question says it: "when did part 3 come out" -> "... part 2 ..."
    said = [m for m in _values_in(text) if m.number == before[-1].number]
    if not said:
        return text
    return rename(text, said[-1].text, str(after[-1].number), pattern=_WHOLE_WORD) or text


def _values_in(text: str, in_title: bool = False) -> list[NumberMention]:
    """The numbers and numerals of ``text``, not its decades ("the 60s" has no one value)."""
    return [m for m, _ in number_mentions(text, in_title=in_title) if m.kind != "decade"]


def _pointing_segments(text: str) -> list[str]:
    """The pieces of a correction or a repair, split at its repair cues, that may say what is
    meant: its words before a question of its own, a description that goes on after a comma
    kept whole."""
    segments = cues.repair_segments(_before_question(text))
    # "not him his wife": what is not meant, then what is
    return _descriptions_joined([part for segment in segments for part in _not_then(segment)])


def _not_then(segment: str) -> tuple[str, ...]:
    """A segment that says what is not meant by a pronoun and goes on to what is ("not him
    his wife"), as those two; any other segment alone."""
    found = _NOT_THEN.fullmatch(segment)
    return (found[1], found[2]) if found else (segment,)


# "the other rocket", "ok totally different tiger": a namesake of a word, not this one
_OTHER_NAMED = re.compile(
    r"\b(?:the\s+other|(?:a\s+|totally\s+|completely\s+)?different)\s+(?P<word>[a-z][\w'’]+)",
    re.IGNORECASE,
)
# A clause that says what is not meant: ", not the coen brothers film", "not the book, "
_NOT_PART = re.compile(r"\s*\bnot\s+[^,;.!?…]+", re.IGNORECASE)  # what a turn did not mean
_SUBJECT_PRONOUNS = frozenset("he she they hes shes he's she's theyre they're".split())
# How the part of a turn that says what was meant opens ("the nephew who edited it", "so the
# banker son", "i want the one that drove around", "its the sunny one")
_MEANT_LEAD = re.compile(
    r"(?:(?:so|its|it'?s|it\s+was|i\s+want(?:ed)?|i\s+meant?)\s+)?"
    r"(?:the|her|his|their)\s+[a-z]",
    re.IGNORECASE,
)
# A description of the one meant by what it did or was ("the british one who died", "the one
# that sank"), a part of a turn of its own
_ONE_WHO = re.compile(
    r"(?:(?:no|nah|nope|lol|i\s+meant?)[\s,.!]+)*the\s+(?:[\w'-]+\s+){0,3}?one\s+"
    r"(?:who|that|which|where|whose)\b",
    re.IGNORECASE,
)
_FIRST_PART = re.compile(r"\s*(?:[.!?;:]\s|[—–]|\s-\s|\.{2,}|…|,)\s*")  # a turn's first part
_DESCRIPTION_BREAK = re.compile(r"\s*(?:[—–]|\s-\s|\.{2,}|…|,)\s*")  # between descriptions
_NOT_CLAUSE = re.compile(r"(?:^|,)\s*not\s+[^,;.!?…]+", re.IGNORECASE)
# "the other day", "on the other hand": no namesake
_OTHER_IDIOMS = frozenset("day night week time times side way hand end half".split())
_NAME_SUFFIXES = frozenset("jr sr ii iii iv".split())  # "William Wrigley Jr." is a Wrigley
# A thing a question says was named after the person it is about: "the ballpark named after
# him", "which town is named after him", "the stadium renamed for her".
_NAMED_AFTER = re.compile(
    r"\b(?P<noun>[a-z]+)\s+(?:(?:is|was|were|got|being|been)\s+)?(?:re)?named\s+(?:after|for)\s+"
    r"(?P<pronoun>him|her)\b",
    re.IGNORECASE,
)
# What the conversation is on now, said after a repair cue: "this one", "in this one".
_THIS_ONE = re.compile(
    r"(?:(?:sorry|no|nope|wait|i\s+meant?)[\s,]+)*(?:(?:in|of|for|about|on)\s+)?this\s+"
    r"(?:one|[a-z]+)(?:\s+i\s+mean)?",
    re.IGNORECASE,
)
_NOT_THEN = re.compile(r"(not\s+(?:him|her|it|them))\s+(\w.*)", re.IGNORECASE)


def _points_nowhere(segment: str) -> bool:
    """A piece that says what is not meant ("not jaws"), sets what the answer said against
    what was asked ("follower isnt teacher lol", "shot ≠ polio") or is an aside ("sorry if
    that was unclear")."""
    folded = segment.casefold()
    return folded.startswith("not ") or bool(_ASIDE.match(segment) or _REBUTTAL.match(folded))


def _descriptions_joined(segments: list[str]) -> list[str]:
    """The segments, a description that goes on after a comma joined to where it starts
    ("the one you told me about earlier" + "with hbo")."""
    joined: list[str] = []
    for segment in segments:
        if joined and _TOLD.search(joined[-1]) and _GOES_ON.match(segment):
            joined[-1] = f"{joined[-1]}, {segment}"
        else:
            joined.append(segment)
    return joined

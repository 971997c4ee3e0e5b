"""The memory-guided search (paper §4.5, appendix "Search rules"), stage by stage."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from fixtures_search import ScriptedWriter, build_index, memory, node

from memrevise.memory import Memory
from memrevise.numbers import renamed, requery
from memrevise.retrieval import BM25Index, WeightedQuery, standardise
from memrevise.search import (
    Exclusion,
    FactsVote,
    Hit,
    MemRevise,
    NumberRule,
    Retrieve,
    SearchConfig,
    SearchState,
    TitlePrior,
)
from memrevise.search.pipeline import recent


@pytest.fixture(scope="module")
def index() -> BM25Index:
    return build_index()


@pytest.fixture(scope="module")
def untitled() -> BM25Index:
    return build_index(titled=False)


def search(index: BM25Index, mem: Memory, config: SearchConfig | None = None) -> SearchState:
    return MemRevise(index, ScriptedWriter([]), config).rank(mem, mem.nodes[-1].question)


def top(state: SearchState, index: BM25Index) -> str:
    return state.ranked(index, 1)[0].title


def signal_names(state: SearchState, index: BM25Index) -> set[str]:
    return {name for hit in state.ranked(index) for name in hit.signals}


# -- conversations --------------------------------------------------------------------------


def aldrin_then_armstrong() -> Memory:
    """The user meant the first man on the Moon, not the second."""
    return memory(
        node(
            1,
            "who flew apollo 11?",
            ["Add(Apollo 11)"],
            facts=["Apollo 11 crew: Neil Armstrong, Buzz Aldrin, Michael Collins"],
        ),
        node(
            2,
            "where was the second man on the moon born?",
            ["Add(Buzz Aldrin)"],
            facts=[
                "Buzz Aldrin was the second person on the Moon",
                "born in Glen Ridge, New Jersey",
            ],
        ),
        node(
            3,
            "no, i meant the first one",
            ["Abandon(Buzz Aldrin)", "Reactivate(Neil Armstrong)"],
            query="where was Neil Armstrong born?",
        ),
    )


def apollo_eleven_then_twelve(question: str = "sorry, i meant 12, not 11") -> Memory:
    """A value revision the writer missed: it kept Apollo 11."""
    return memory(
        node(
            1,
            "when did apollo 11 launch?",
            ["Add(Apollo 11)"],
            facts=["Apollo 11 launched on July 16, 1969"],
        ),
        node(2, question, ["Refine(Apollo 11)"], query="when did Apollo 11 launch?"),
    )


def the_other_avatar(
    final: tuple[str, ...] = ("Abandon(Avatar (2009 film))", "Revise(Avatar (other film))"),
) -> Memory:
    """The user rejects James Cameron's Avatar for the other film of that name."""
    return memory(
        node(
            1,
            "who directed avatar?",
            ["Add(Avatar (2009 film))"],
            facts=["Avatar (2009) was directed by James Cameron", "set on Pandora"],
        ),
        node(
            2,
            "how much did it make?",
            ["Refine(Avatar (2009 film))"],
            facts=["Avatar grossed 2.9 billion dollars"],
        ),
        node(
            3,
            "no, the other avatar film, who made it?",
            final,
            query="who made the other Avatar film?",
        ),
    )


def armstrong_facts(question: str = "was Armstrong a famous aviator?") -> Memory:
    """The topic "Armstrong" is no page title; the facts stored about it point at one."""
    return memory(
        node(
            1,
            "where was armstrong born?",
            ["Add(Armstrong)"],
            facts=["Armstrong was born in Wapakoneta, Ohio"],
        ),
        node(
            2,
            "what did he study?",
            ["Refine(Armstrong)"],
            facts=["Armstrong studied aeronautical engineering at Purdue"],
        ),
        node(3, question, ["Refine(Armstrong)"], query=question),
    )


# -- state and fused retrieval ----------------------------------------------------------------


def test_state_starts_from_the_final_node() -> None:
    mem = aldrin_then_armstrong()
    state = SearchState.start(mem, "no, i meant the first one")
    assert (state.topic, state.query, state.use_template) == (
        "Neil Armstrong",
        "where was Neil Armstrong born?",
        True,
    )
    writerless = memory(node(1, "who is he?", ["Add(Buzz Aldrin)"]))
    assert SearchState.start(writerless, "who is he?").query == "who is he?"
    with pytest.raises(ValueError, match="no node"):
        SearchState.start(Memory(), "who is he?")


def test_retrieve_sums_the_z_scores_of_the_template_and_the_writer_query(index) -> None:
    state = Retrieve(depth=3)(
        SearchState.start(aldrin_then_armstrong(), "no, i meant the first one"), index
    )
    template = WeightedQuery.of("Neil Armstrong", 2.0) + WeightedQuery.of(
        "no, i meant the first one"
    )
    writer = WeightedQuery.of("where was Neil Armstrong born?")
    expected = set()
    for query in (template, writer):
        expected |= set(index.search(query, 3).docs.tolist())
    assert set(state.docs.tolist()) == expected
    fused = sum(standardise(index.scores(q)[state.docs]) for q in (template, writer))
    np.testing.assert_allclose(state.base, fused)
    assert [c.label for c in state.components] == ["template", "writer"]
    assert state.signals == {}


def test_template_is_the_question_alone_without_a_topic(index) -> None:
    state = replace(SearchState.start(aldrin_then_armstrong(), "where was he born?"), topic="")
    ((_, _, template), _) = Retrieve().queries(state)
    assert template == WeightedQuery.of("where was he born?")


def test_passages_added_later_are_scored_with_the_candidates_mean_and_std(index) -> None:
    state = Retrieve(depth=1)(
        SearchState.start(aldrin_then_armstrong(), "no, i meant the first one"), index
    )
    outsider = index.pages("Kennedy Space Center")
    assert not state.contains(outsider).any()
    grown = state.with_docs(outsider)
    added = grown.contains(outsider)
    expected = 0.0
    for component in state.components:
        candidates = component.scores[state.docs].astype(np.float64)
        expected += (component.scores[outsider] - candidates.mean()) / candidates.std()
    np.testing.assert_allclose(grown.base[added], expected)
    np.testing.assert_array_equal(grown.base[~added], state.base)


@pytest.mark.parametrize(
    ("switches", "labels"),
    [
        ({}, ["template", "writer"]),
        ({"template": False}, ["writer"]),
        ({"writer_query": False}, ["template"]),
    ],
)
def test_switches_choose_the_fused_queries(index, switches, labels) -> None:
    state = search(index, aldrin_then_armstrong(), SearchConfig(**switches))
    assert [c.label for c in state.components] == labels


def test_retrieval_needs_a_query() -> None:
    with pytest.raises(ValueError, match="template"):
        SearchConfig(template=False, writer_query=False)


def test_hits_say_which_steps_moved_them(index) -> None:
    hits = search(index, aldrin_then_armstrong()).ranked(index, 5)
    assert all(isinstance(hit, Hit) for hit in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    for hit in hits:
        assert hit.score == pytest.approx(hit.base + sum(hit.signals.values()))
        assert all(hit.signals.values())
        assert hit.id == index.doc_id(hit.doc) and hit.title == index.title(hit.doc)


# -- title prior --------------------------------------------------------------------------------


def test_title_prior_lifts_the_corrected_topic(index) -> None:
    without = search(index, aldrin_then_armstrong(), SearchConfig(title_prior=False))
    assert top(without, index) == "Apollo 11"
    assert "title_prior" not in signal_names(without, index)
    state = search(index, aldrin_then_armstrong())
    best = state.ranked(index, 1)[0]
    assert best.title == "Neil Armstrong" and best.signals["title_prior"] == 1.5


def test_title_prior_ignores_qualifiers_and_adds_missing_pages(index) -> None:
    start = replace(SearchState.start(aldrin_then_armstrong(), "who directed it?"), topic="avatar")
    state = TitlePrior()(Retrieve(depth=1)(start, index), index)
    raised = {h.title for h in state.ranked(index) if h.signals.get("title_prior") == 1.5}
    assert raised == {"Avatar (2009 film)", "Avatar (2004 film)"}
    assert state.contains(index.pages_named("Avatar")).sum() == 4


def test_title_prior_needs_a_page_of_that_name(index) -> None:
    state = search(index, armstrong_facts(), SearchConfig(facts_vote=False))
    assert "title_prior" not in signal_names(state, index)


# -- number rule --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("topic", "question", "new"),
    [
        ("Apollo 11", "sorry, i meant 12, not 11", "Apollo 12"),
        ("Apollo 11", "no, apollo 12", "Apollo 12"),
        ("Rocky II", "i meant III", "Rocky III"),
        ("Rocky II", "oops, rocky iv", "Rocky IV"),
        ("1960s in music", "no, the 70s", "1970s in music"),
        ("Avatar (2009 film)", "i meant the 2004 one", "Avatar (2004 film)"),
        # No "1" to replace: the first of a series is unnumbered, so the number is appended.
        ("Toy Story", "sorry, i meant 2, not 1", "Toy Story 2"),
        ("Toy Story (film)", "i meant 2 not 1", "Toy Story 2"),
        # Not applicable: two new numbers, none, a kind the topic lacks, nothing rejected.
        ("Apollo 11", "i meant 12 or 13", None),
        ("Apollo 11", "i meant the other one", None),
        ("Apollo 11", "i meant 11", None),
        ("Rocky II", "i meant 3", None),
        ("Toy Story", "i meant 2", None),
        ("Apollo 11", f"i meant {'9' * 4301}, not 11", None),  # too long to be a number
    ],
)
def test_renamed_swaps_one_number_of_the_same_kind(topic, question, new) -> None:
    assert renamed(topic, question) == new


@pytest.mark.parametrize(
    ("query", "old", "new", "expected"),
    [
        ("when did Apollo 11 launch?", "Apollo 11", "Apollo 12", "when did Apollo 12 launch?"),
        ("when did apollo 11 launch?", "Apollo 11", "Apollo 12", "when did Apollo 12 launch?"),
        (
            "who directed Avatar?",
            "Avatar (2009 film)",
            "Avatar (2004 film)",
            "who directed Avatar (2004 film)?",
        ),
        ("when did it launch?", "Apollo 11", "Apollo 12", "when did it launch? Apollo 12"),
        ("when did Apollo 12 launch?", "Apollo 11", "Apollo 12", "when did Apollo 12 launch?"),
    ],
)
def test_requery_puts_the_new_name_in_the_writers_query(query, old, new, expected) -> None:
    assert requery(query, old, new) == expected


def test_number_rule_revises_the_value_and_searches_the_new_page(index) -> None:
    without = search(index, apollo_eleven_then_twelve(), SearchConfig(number_rule=False))
    assert (without.topic, top(without, index)) == ("Apollo 11", "Apollo 11")
    state = search(index, apollo_eleven_then_twelve())
    assert state.topic == "Apollo 12"
    assert state.query == "when did Apollo 12 launch?"
    assert not state.use_template and [c.label for c in state.components] == ["writer"]
    best = state.ranked(index, 1)[0]
    assert best.title == "Apollo 12" and best.signals["title_prior"] == 1.5


@pytest.mark.parametrize(
    "question",
    [
        "what about apollo 12?",  # a question word
        "sorry, i meant 12, not 11, and please tell me everything about its crew and launch",
    ],
)
def test_number_rule_leaves_questions_and_long_turns(index, question) -> None:
    start = SearchState.start(apollo_eleven_then_twelve(question), question)
    assert NumberRule()(start, index) is start


def test_number_rule_falls_back_to_the_previous_nodes_topic(index) -> None:
    mem = memory(
        node(1, "who does rocky fight in rocky ii?", ["Add(Rocky II)"]),
        node(2, "i meant III", ["Add(Rocky Balboa)"], query="who does Rocky fight?"),
    )
    state = NumberRule()(SearchState.start(mem, "i meant III"), index)
    assert (state.topic, state.query) == ("Rocky III", "who does Rocky fight? Rocky III")


def test_number_rule_rewrites_the_query_without_titles(untitled) -> None:
    state = search(untitled, apollo_eleven_then_twelve())
    assert state.query == "when did Apollo 12 launch?"
    assert top(state, untitled) == ""
    assert untitled.passage(state.ranked(untitled, 1)[0].doc).text.startswith("Apollo 12")


# -- facts vote ---------------------------------------------------------------------------------


def rank_of(state: SearchState, index: BM25Index, title: str) -> int:
    return next(i for i, hit in enumerate(state.ranked(index, 50)) if hit.title == title)


def test_facts_vote_lifts_the_page_the_facts_support(index) -> None:
    without = search(index, armstrong_facts(), SearchConfig(facts_vote=False))
    assert top(without, index) == "Apollo 11"
    assert "facts_vote" not in signal_names(without, index)
    voted = search(index, armstrong_facts())
    assert top(voted, index) == "Neil Armstrong"
    assert rank_of(voted, index, "Neil Armstrong") < rank_of(without, index, "Neil Armstrong")
    lifted = {hit.title for hit in voted.ranked(index, 50) if "facts_vote" in hit.signals}
    assert lifted == {"Neil Armstrong"}
    assert all(
        hit.signals["facts_vote"] == 1.0
        for hit in voted.ranked(index, 50)
        if hit.title == "Neil Armstrong"
    )


def test_per_node_vote_falls_back_to_every_earlier_node(index) -> None:
    mem = memory(*armstrong_facts().nodes[:2], node(3, "was he in a war?", ["Add(Test pilots)"]))
    start = Retrieve()(SearchState.start(mem, "was he in a war?"), index)
    voted = {h.title for h in FactsVote()(start, index).ranked(index) if "facts_vote" in h.signals}
    assert voted == {"Neil Armstrong"}
    assert FactsVote(pooled=True)(start, index) is start  # pooled: no node, no vote
    # Only the latest earlier nodes vote: the Aldrin turn alone lifts Aldrin's page.
    aldrin = node(
        3,
        "who else walked on the moon?",
        ["Add(Buzz Aldrin)"],
        facts=["Buzz Aldrin was the lunar module pilot and walked on the Moon."],
    )
    mem = memory(
        *armstrong_facts().nodes[:2], aldrin, node(4, "was he in a war?", ["Add(Test pilots)"])
    )
    start = Retrieve()(SearchState.start(mem, "was he in a war?"), index)
    latest = FactsVote(fallback=1)(start, index).ranked(index)
    assert {h.title for h in latest if "facts_vote" in h.signals} == {"Buzz Aldrin"}
    every = FactsVote()(start, index).ranked(index)  # all three earlier nodes
    assert {h.title for h in every if "facts_vote" in h.signals} == {"Neil Armstrong"}


def test_pooled_vote_adds_the_winners_passages(index) -> None:
    start = Retrieve(depth=1)(SearchState.start(armstrong_facts(), "is he famous?"), index)
    armstrong = index.pages("Neil Armstrong")
    assert start.contains(armstrong).sum() < len(armstrong)
    pooled = FactsVote(pooled=True)(start, index)
    assert pooled.contains(armstrong).sum() == len(armstrong)
    assert (pooled.signals["facts_vote"][pooled.contains(armstrong)] == 1.0).all()
    per_node = FactsVote()(start, index)
    np.testing.assert_array_equal(per_node.docs, start.docs)


def test_facts_vote_needs_facts(index) -> None:
    mem = memory(
        node(1, "who is buzz aldrin?", ["Add(Buzz Aldrin)"]),
        node(2, "where was he born?", ["Refine(Buzz Aldrin)"]),
    )
    start = Retrieve()(SearchState.start(mem, "where was he born?"), index)
    assert FactsVote()(start, index) is start


# -- exclusion ----------------------------------------------------------------------------------


def test_exclusion_turns_from_the_rejected_page_to_its_namesake(index) -> None:
    without = search(index, the_other_avatar(), SearchConfig(exclusion=False, title_prior=False))
    assert top(without, index) == "Avatar (2009 film)"
    assert "exclusion" not in signal_names(without, index)
    hits = search(index, the_other_avatar(), SearchConfig(title_prior=False)).ranked(index)
    assert hits[0].title == "Avatar (2004 film)"
    moved = {h.title: h.signals["exclusion"] for h in hits if "exclusion" in h.signals}
    assert moved == {"Avatar (2004 film)": 1.5, "Avatar (2009 film)": -1.5}


def test_pages_the_title_prior_raised_gain_nothing_more(index) -> None:
    hits = search(index, the_other_avatar()).ranked(index)
    assert hits[0].title == "Avatar (2004 film)"
    for hit in hits:
        if hit.title == "Avatar (2004 film)":
            assert hit.signals == {"title_prior": 1.5}
        if hit.title == "Avatar (2009 film)":
            assert hit.signals["exclusion"] == -1.5


def test_exclusion_adds_the_namesakes_passages(index) -> None:
    start = Retrieve(depth=1)(SearchState.start(the_other_avatar(), "who made it?"), index)
    other = index.pages("Avatar (2004 film)")
    assert not start.contains(other).all()
    state = Exclusion()(start, index)
    assert (state.signals["exclusion"][state.contains(other)] == 1.5).all()


@pytest.mark.parametrize(
    "mem",
    [
        aldrin_then_armstrong(),  # Aldrin is rejected, but no other page has his name
        the_other_avatar(("Revise(Avatar (2004 film))",)),  # nothing abandoned
    ],
)
def test_exclusion_needs_an_abandon_and_a_namesake(index, mem) -> None:
    assert "exclusion" not in signal_names(search(index, mem), index)


def test_a_dropped_pages_passages_stay_below_the_page_meant(index) -> None:
    # Only the writer's query, no exclusion: the rejected 2009 film would lead on its words.
    mem = the_other_avatar(("Abandon(Avatar (2009 film))", "Revise(Avatar (2004 film))"))
    config = SearchConfig(template=False, title_prior=False, exclusion=False)
    final = mem.nodes[-1].model_copy(update={"query": "avatar directed by james cameron"})
    mem = memory(*mem.nodes[:-1], final)
    without = search(index, mem, replace(config, dropped_below=False)).ranked(index)
    assert without[0].title == "Avatar (2009 film)"
    hits = search(index, mem, config).ranked(index)
    titles = [h.title for h in hits]
    meant = [i for i, t in enumerate(titles) if t == "Avatar (2004 film)"]
    dropped = [i for i, t in enumerate(titles) if t == "Avatar (2009 film)"]
    assert meant and dropped and max(meant) < min(dropped)
    assert all(h.signals["dropped_below"] < 0 for h in hits if h.title == "Avatar (2009 film)")


@pytest.mark.parametrize(
    "final",
    [
        ("Revise(Avatar (2004 film))",),  # nothing dropped
        ("Abandon(Avatar (2009 film))", "Add(Avatar (lost film))"),  # no page for the topic
    ],
)
def test_dropped_below_needs_a_dropped_page_and_the_topics_passages(index, final) -> None:
    state = search(index, the_other_avatar(final), SearchConfig(title_prior=False))
    assert "dropped_below" not in signal_names(state, index)


# -- configuration, pipeline and session ---------------------------------------------------------


def test_default_stages_run_in_the_papers_order() -> None:
    assert [stage.name for stage in SearchConfig().stages()] == [
        "number_rule",
        "retrieve",
        "title_prior",
        "facts_vote",
        "exclusion",
        "dropped_below",  # not the paper's: our step after its four
    ]
    vote = next(s for s in SearchConfig(pooled_facts=True).stages() if isinstance(s, FactsVote))
    assert vote.pooled


@pytest.mark.parametrize(
    "switch", ["number_rule", "title_prior", "facts_vote", "exclusion", "dropped_below"]
)
def test_every_switch_turns_its_step_off(index, switch) -> None:
    config = SearchConfig(**{switch: False})
    assert switch not in [stage.name for stage in config.stages()]
    for mem in (
        aldrin_then_armstrong(),
        apollo_eleven_then_twelve(),
        the_other_avatar(),
        armstrong_facts(),
    ):
        assert switch not in signal_names(search(index, mem, config), index)
    assert SearchConfig(topic_repair=False).repair() is None


def test_untitled_collections_skip_the_title_steps(untitled) -> None:
    for mem in (aldrin_then_armstrong(), the_other_avatar(), armstrong_facts()):
        state = search(untitled, mem)
        assert signal_names(state, untitled) == set()
        assert len(state.ranked(untitled)) > 0


def test_horizon_limits_the_earlier_turns_the_search_sees() -> None:
    mem = the_other_avatar()
    assert [n.turn for n in recent(mem, 1).nodes] == [2, 3]
    assert [n.turn for n in recent(mem, 0).nodes] == [3]
    assert recent(mem, None) == mem


def test_session_writes_history_turns_then_searches(index) -> None:
    final = aldrin_then_armstrong().nodes
    writer = ScriptedWriter(final)
    session = MemRevise(index, writer).session()
    session.add_turn("who flew apollo 11?", "Neil Armstrong, Buzz Aldrin and Michael Collins.")
    session.add_turn("where was the second man on the moon born?", "In Glen Ridge, New Jersey.")
    result = session.search("no, i meant the first one", k=3)
    assert result.memory.nodes == final
    assert (result.topic, result.query) == ("Neil Armstrong", "where was Neil Armstrong born?")
    assert result.hits[0].title == "Neil Armstrong" and len(result.hits) == 3
    assert result.ids == [h.id for h in result.hits] and result.scores[0] == result.hits[0].score
    assert set(result.ms) == {"writer", "search"} and min(result.ms.values()) >= 0
    (_, p1, t1, q1), (m2, p2, _, q2), (m3, p3, t3, q3) = writer.calls
    assert (p1, t1.answer, q1) == (None, "Neil Armstrong, Buzz Aldrin and Michael Collins.", False)
    assert (len(m2.nodes), p2, q2) == (1, "who flew apollo 11?", False)
    assert (len(m3.nodes), p3, t3.answer, q3) == (
        2,
        "where was the second man on the moon born?",
        None,
        True,
    )


def test_answer_rewrites_the_searched_turn_as_a_history_turn(index) -> None:
    first, searched = apollo_eleven_then_twelve().nodes
    answered = node(
        2, "sorry, i meant 12, not 11", ["Add(Apollo 12)"], facts=["launched November 14, 1969"]
    )
    writer = ScriptedWriter([first, searched, answered])
    session = MemRevise(index, writer, SearchConfig(horizon=1)).session()
    with pytest.raises(ValueError, match="waiting"):
        session.answer("too early")
    session.add_turn("when did apollo 11 launch?", "On July 16, 1969.")
    assert session.search("sorry, i meant 12, not 11").topic == "Apollo 12"
    assert session.answer("Apollo 12 launched on November 14, 1969.") == answered
    assert session.memory.nodes == (first, answered)
    memory_seen, previous, turn, want_query = writer.calls[-1]
    assert memory_seen.nodes == (first,) and previous == "when did apollo 11 launch?"
    assert (turn.answer, want_query) == ("Apollo 12 launched on November 14, 1969.", False)
    with pytest.raises(ValueError):
        session.answer("twice")


def test_a_writer_shown_no_memory_is_renumbered(index) -> None:
    writer = ScriptedWriter(
        [
            node(1, "who is buzz aldrin?", ["Add(Buzz Aldrin)"]),
            node(1, "where was he born?", ["Refine(Buzz Aldrin)"]),
        ]
    )
    session = MemRevise(index, writer, SearchConfig(horizon=0)).session()
    session.add_turn("who is buzz aldrin?", "An astronaut.")
    assert session.add_turn("where was he born?").turn == 2
    assert writer.calls[1][0] == Memory()

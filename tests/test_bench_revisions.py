"""The revision generator of ConvRevise: cue wordings x reference types x new question x noise,
and the built items' oracle memories."""

import random
from collections import Counter

import pytest
from fixtures_bench import ALL, BEATLES, turn
from hypothesis import given, settings
from hypothesis import strategies as st

from memrevise.bench.collection import passage_id
from memrevise.bench.conversation import Conversation
from memrevise.bench.revisions import (
    BACK,
    CORRECTIONS,
    FORWARD,
    KEPT,
    ONWARD,
    REPAIR_MARKERS,
    Scene,
    add_noise,
    correction,
    distinctive,
    misspell,
    pick_reference,
    references,
    self_repair,
    value_revision,
)
from memrevise.bench.tiers import Builder, Corpus
from memrevise.text import strip_qualifier, words

FILMS = {"Avatar (2009 film)": "film", "Avatar (2004 film)": "film", "Solaris (1972 film)": "film"}
AVATAR = Scene(
    "Avatar (2009 film)",
    "Avatar (2004 film)",
    FILMS,
    pages={
        "Avatar (2009 film)": [
            "Jake Sully travels to Pandora.",
            "It was directed by James Cameron.",
        ],
        "Avatar (2004 film)": ["A Singaporean science fiction film.", "Directed by Koh Wee."],
    },
    earlier={
        "Avatar (2009 film)": ["It grossed nearly three billion dollars."],
        "Avatar (2004 film)": ["It premiered in Singapore."],
    },
    order=["Solaris (1972 film)", "Avatar (2004 film)", "Avatar (2009 film)"],
    listed=("Avatar (2004 film)", "Avatar (2009 film)"),
)
# Three singers who share "Early life": a self-repair can move on to the third, and an answer
# about John Lennon calls Ringo Starr his bandmate.
TRIO = Conversation(
    "topiocqa-9",
    "topiocqa",
    (
        *BEATLES.turns[:4],
        turn(
            "who did he play with?",
            "He played with his bandmate Ringo Starr.",
            "John Lennon",
            "Later life",
        ),
        turn("where did the drummer grow up?", "Dingle, Liverpool.", "Ringo Starr", "Early life"),
    ),
)
# Two films of one name: told apart by qualifier, page text, order or list, never by name.
AVATARS = Conversation("topiocqa-10", "topiocqa", (
    turn("what is avatar about?", "Jake Sully travels to Pandora.", "Avatar (2009 film)", "Plot"),
    turn("who directed it?", "James Cameron.", "Avatar (2009 film)", "Production"),
    turn("is there another avatar?", "A Singaporean film.", "Avatar (2004 film)", "Production"),
    turn("what is its plot?", "Soldiers in a future Singapore.", "Avatar (2004 film)", "Plot"),
))  # fmt: skip
CORPUS = Corpus.of([*ALL, TRIO, AVATARS])


def built(seeds=range(12), conversation=TRIO):
    return [i for s in seeds for i in Builder(CORPUS, seed=s).built_revisions(conversation)]


def final_ops(item):
    return [(o["op"], o["topic"]) for o in item.model_extra["oracle"][-1]["operations"]]


# -- references -----------------------------------------------------------------------------


def test_same_name_pages_are_told_apart_by_qualifier_text_order_and_list_not_by_name():
    found = references(AVATAR)
    assert "name" not in found, "'avatar' names both films"
    assert "the 2009 one" in found["qualifier"]
    assert "the one with jake sully" in found["description"]
    assert "the one where you mentioned grossed" in found["earlier-fact"]
    assert "the latter" in found["list-position"]
    assert "the third film we talked about" in found["order"]
    assert "the other film" in found["other"]
    assert "relation" not in found, "no answer relates the two films"


def test_a_description_is_drawn_from_the_intended_page_never_from_the_other():
    phrases = distinctive(AVATAR.pages["Avatar (2009 film)"], AVATAR.pages["Avatar (2004 film)"])
    assert phrases[:2] == ["jake sully", "pandora"]
    assert "directed" not in phrases, "both pages say 'directed'"


def test_a_relation_is_offered_only_where_an_answer_states_it():
    scene = Scene(
        "John Lennon",
        "Paul McCartney",
        {"John Lennon": "person", "Paul McCartney": "person"},
        pages={},
        earlier={"Paul McCartney": ["He formed the Quarrymen with his bandmate John Lennon."]},
    )
    assert references(scene)["relation"] == ["paul mccartney's bandmate", "his bandmate"]
    assert "relation" not in references(scene.toward("Paul McCartney", "John Lennon"))


@pytest.mark.parametrize("seed", range(20))
def test_a_name_is_typed_full_lower_case_partly_or_misspelt_once(seed):
    scene = AVATAR.toward("Solaris (1972 film)", "Avatar (2009 film)")
    reference = pick_reference(scene, random.Random(seed), ("name",))
    said = {
        "name-full": "Solaris",
        "name-lower-case": "solaris",
        "name-partial": "solaris",
    }.get(reference.type)
    if reference.type == "name-misspelt":
        assert reference.text != "Solaris" and reference.text[0] == "S"
        assert abs(len(reference.text) - len("Solaris")) <= 1
    else:
        assert reference.text == said


def test_misspelling_changes_one_place_and_keeps_the_first_letter():
    for seed in range(50):
        typed = misspell("Lennon", random.Random(seed))
        assert typed != "Lennon" and typed[0] == "L" and abs(len(typed) - 6) <= 1


# -- cue wordings -----------------------------------------------------------------------------


@pytest.mark.parametrize("family", sorted(CORRECTIONS))
def test_every_correction_family_says_the_reference(family):
    revision = correction(AVATAR, random.Random(family), families=[family])
    assert revision.variant["cue"] == family or family == "instead-of"
    assert revision.said[0] in revision.text
    assert "Avatar (2009 film)" not in revision.text


def test_self_repair_shapes_say_the_winning_reference_last():
    scene = AVATAR.toward("Avatar (2009 film)", "Avatar (2004 film)")
    for seed in range(10):
        rng = random.Random(seed)
        forward = self_repair(scene, FORWARD, "Avatar (2004 film)", rng)
        assert forward.text.endswith(forward.said[1])
        back = self_repair(scene, BACK, "Avatar (2004 film)", rng)
        assert "after all" in back.text or "that one after all" in back.text
        assert back.variant["cue"] in REPAIR_MARKERS and back.variant["shape"] == BACK


def test_value_revisions_say_numbers_numerals_ordinals_and_steps():
    said = {value_revision("11", "12", random.Random(s)).text for s in range(200)}
    assert {"the next one", "12 not 11", "the twelfth one"} <= said
    assert any("XII" in text for text in said)
    numerals = {value_revision("VII", "X", random.Random(s)).text for s in range(200)}
    assert "10 not 7" in numerals and "x not vii" in numerals
    years = {value_revision("2004", "2009", random.Random(s)).text for s in range(100)}
    assert "the 2009 one" in years and not any("next" in t for t in years)


def test_noise_never_touches_the_references():
    kept = ["the one with jake sully"]
    for seed in range(60):
        text, noise = add_noise(
            "hmm no. i meant the one with jake sully", kept, random.Random(seed)
        )
        if noise == "typo":
            assert "jake sully" in text and text != "hmm no. i meant the one with jake sully"
        elif noise == "clean":
            assert text == "hmm no. i meant the one with jake sully"
        else:
            assert "jake sully" in text.casefold()


# -- built items ------------------------------------------------------------------------------


def test_every_pair_gets_a_correction_a_self_repair_and_a_follow_up_toward_both_topics():
    items = Builder(CORPUS, seed=1).built_revisions(BEATLES)
    assert Counter(i.tier for i in items) == {"correction": 2, "self-repair": 2, "follow-up": 2}
    assert {i.topic for i in items} == {"Paul McCartney", "John Lennon"}
    for item in items:
        assert item.model_extra["variant"]["question"] in {"carried", "new", "follow-up"}
        assert item.gold[0] not in item.stale


def test_a_correction_abandons_exactly_the_answered_topic():
    for item in built():
        if item.tier != "correction":
            continue
        answered = item.model_extra["oracle"][-2]["topic"]
        assert answered != item.topic
        assert final_ops(item) == [("Abandon", answered), ("Reactivate", item.topic)]
        assert set(item.stale) <= {passage_id(answered, s) for s in CORPUS.sections[answered]}


def test_self_repairs_abandon_the_answered_topic_unless_they_come_back_to_it():
    shapes = Counter()
    for item in built():
        if item.tier != "self-repair":
            continue
        shape = item.model_extra["variant"]["shape"]
        shapes[shape] += 1
        answered = item.model_extra["oracle"][-2]["topic"]
        if shape == KEPT:
            typed = item.model_extra["variant"]["noise"] == "typo"
            assert answered == item.topic
            assert "after all" in item.question.casefold() or typed
            assert final_ops(item) == [("Refine", item.topic)]
            assert not item.model_extra["oracle"][-1]["contradictions"]
        else:
            assert final_ops(item) == [("Abandon", answered), ("Reactivate", item.topic)]
        if shape == ONWARD:
            assert item.topic not in {answered, item.qid.split("-not-")[1]}
    assert set(shapes) == {FORWARD, BACK, KEPT, ONWARD}


def test_a_follow_up_stays_on_the_corrected_topic():
    for item in built():
        if item.tier == "follow-up":
            correction_node, final = item.model_extra["oracle"][-2:]
            assert correction_node["contradictions"] and not final["contradictions"]
            assert final_ops(item) == [("Refine", item.topic)]
            assert item.topic in final["query"]


def test_the_query_carries_the_open_question_or_asks_the_new_one():
    asked = Counter()
    for item in built():
        if item.tier == "follow-up":
            continue
        query = item.model_extra["oracle"][-1]["query"]
        assert item.topic in query
        open_words = set(words(item.history[-1].question)) - {"their", "they", "them"}
        carried = open_words <= set(words(query))
        asked[item.model_extra["variant"]["question"]] += 1
        assert carried == (item.model_extra["variant"]["question"] == "carried"), item.question
        assert (passage_id(item.topic, "Early life") in item.gold) == carried
    assert asked["carried"] and asked["new"]


@pytest.mark.parametrize("conversation", [TRIO, AVATARS], ids=["singers", "films"])
def test_a_reference_that_is_no_name_never_says_the_intended_name(conversation):
    types = Counter()
    for item in built(range(30), conversation):
        reference = item.model_extra["variant"]["reference"]
        types[reference] += 1
        if reference.startswith("name") or item.tier == "follow-up":
            continue
        assert item.topic.casefold() not in item.question.casefold()
        if conversation is TRIO:
            assert strip_qualifier(item.topic).casefold() not in item.question.casefold()
    if conversation is TRIO:
        expected = {"name-full", "description", "earlier-fact", "list-position", "order", "other"}
        assert expected | {"relation"} <= set(types)
    else:
        assert not any(t.startswith("name") for t in types), "'avatar' names both films"
        assert {"qualifier", "description", "list-position", "order", "other"} <= set(types)


def test_the_same_seed_builds_the_same_items_and_another_seed_other_wordings():
    first = Builder(CORPUS, seed=5).built_revisions(TRIO)
    again = Builder(CORPUS, seed=5).built_revisions(TRIO)
    other = Builder(CORPUS, seed=6).built_revisions(TRIO)
    assert [i.model_dump() for i in first] == [i.model_dump() for i in again]
    assert [i.question for i in first] != [i.question for i in other]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), conversation=st.sampled_from([BEATLES, TRIO, AVATARS]))
def test_every_built_revision_targets_a_page_of_the_collection(seed, conversation):
    builder = Builder(CORPUS, seed=seed)
    for item in builder.built_revisions(conversation):
        assert item.topic in CORPUS.sections
        assert item.gold[0] in {passage_id(item.topic, s) for s in CORPUS.sections[item.topic]}
        for node in item.model_extra["oracle"]:
            assert node["topic"] in CORPUS.sections
        assert set(words(item.question)) - {""}, "a question is never empty"

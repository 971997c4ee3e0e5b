"""The ConvRevise builder: every tier's construction, labels, oracle targets and splits."""

import hashlib
import json

import pytest
from fixtures_bench import ALL, APOLLO, BEATLES, OTHERS, turn, write_source

from memrevise.bench import read_items
from memrevise.bench.build import build_benchmark, split_of
from memrevise.bench.collection import passage_id
from memrevise.bench.conversation import Conversation
from memrevise.bench.oracle import Oracle, resolve
from memrevise.bench.tiers import Builder, Corpus, number_change, number_siblings


@pytest.fixture(scope="module")
def builder():
    return Builder(Corpus.of(ALL), seed=7)


def test_the_corpus_knows_sections_answers_and_kinds(builder):
    corpus = builder.corpus
    assert corpus.sections["John Lennon"] == ["Introduction", "Early life", "Later life"]
    assert corpus.kinds["John Lennon"] == "person", "an 'Early life' section tells a person"
    assert corpus.kinds["Help! (film)"] == "film", "the qualifier tells the kind"
    assert corpus.kinds["Lima"] == "place"


def test_natural_returns_resume_an_earlier_topic_without_naming_it(builder):
    items = builder.natural_returns(BEATLES)
    assert [i.qid for i in items] == ["topiocqa-1-7-ret"]
    (item,) = items
    assert item.tier == "return-1", "one other topic (the film) came between"
    assert item.topic == "John Lennon"
    assert item.gold == (passage_id("John Lennon", "Later life"),)
    assert item.stale == (passage_id("Help! (film)", "Plot"),)
    assert len(item.history) == 6 and item.question == "what did the bandmate do later?"
    oracle = item.model_extra["oracle"]
    assert len(oracle) == 7
    assert oracle[-1]["operations"] == [{"op": "Reactivate", "topic": "John Lennon", "kind": ""}]
    assert oracle[-1]["query"] == "what did the bandmate do later John Lennon?"
    assert [o["topic"] for o in oracle[:3]] == ["Paul McCartney", "Paul McCartney", "John Lennon"]


def test_a_turn_that_names_its_topic_is_no_natural_return(builder):
    named = Conversation("c", "topiocqa", (
        turn("who is paul?", "A singer.", "Paul McCartney"),
        turn("and lima?", "A city.", "Lima"),
        turn("what did mccartney do next?", "Wings.", "Paul McCartney", "Early life"),
    ))  # fmt: skip
    assert builder.natural_returns(named) == []


def test_built_revisions_are_paired_with_the_same_history(builder):
    items = builder.built_revisions(BEATLES)
    assert len(items) == 6, "a correction, a self-repair and a follow-up toward each topic"
    for tier in ("correction", "self-repair", "follow-up"):
        first, second = [i for i in items if i.tier == tier]
        assert {first.topic, second.topic} == {"Paul McCartney", "John Lennon"}
        built = 2 if tier == "follow-up" else 1  # the question answered wrongly, the correction
        assert first.history[:-built] == second.history[:-built]
    for item in items:
        others = {"Paul McCartney", "John Lennon"} - {item.topic}
        assert all(g.startswith("tq-") for g in item.gold)
        assert not set(item.gold) & set(item.stale)
        if item.model_extra["variant"].get("shape") == "kept":
            continue
        wrong = others.pop()
        assert set(item.stale) & {
            passage_id(wrong, "Early life"),
            passage_id(wrong, "Introduction"),
            passage_id(wrong, "Later life"),
        }
        oracle = item.model_extra["oracle"]
        correction = next(o for o in oracle if o["contradictions"])
        assert [op["op"] for op in correction["operations"]] == ["Abandon", "Reactivate"]
        assert correction["contradictions"] == [wrong]
        assert oracle[-1]["topic"] == item.topic and oracle[-1]["query"]


@pytest.mark.parametrize("seed", range(6))
def test_every_revision_variant_is_labelled_consistently(seed):
    for item in Builder(Corpus.of(ALL), seed=seed).built_revisions(BEATLES):
        oracle = item.model_extra["oracle"]
        variant = item.model_extra["variant"]
        if item.tier == "follow-up":
            assert oracle[-2]["contradictions"] and not oracle[-1]["contradictions"]
            assert len(item.history) == len(oracle) - 1
        else:
            assert variant["act"] == item.tier and variant["question"] in {"carried", "new"}
        assert item.gold[0] in {
            passage_id(item.topic, s) for s in Corpus.of(ALL).sections[item.topic]
        }


def test_spliced_conversations_return_to_the_opening_or_the_first_digression(builder):
    for seed in range(8):
        items = Builder(builder.corpus, seed).spliced(BEATLES, OTHERS)
        for item in items:
            topics = {o["topic"] for o in item.model_extra["oracle"]}
            assert len(topics) == 3
            assert item.tier == ("return-2+" if item.topic == "Paul McCartney" else "return-1")
            assert item.gold[0] not in item.stale and len(item.stale) >= 2


def test_written_returns_describe_a_middle_topic_by_its_kind(builder):
    long = Conversation("c9", "topiocqa", (
        *BEATLES.turns[:2],
        turn("what about lima?", "The capital of Peru.", "Lima"),
        turn("and the film?", "Help!", "Help! (film)", "Plot"),
        turn("and the band?", "Nirvana.", "Nirvana (band)"),
        turn("who founded it?", "Kurt Cobain.", "Nirvana (band)", "History"),
    ))  # fmt: skip
    (item,) = builder.written_returns(long)
    assert item.tier == "return-2+"
    assert item.topic in {"Lima", "Help! (film)"}
    kind = builder.corpus.kinds[item.topic]
    assert kind in item.question
    assert item.gold[0] != passage_id(item.topic, "Introduction") or item.topic == "Help! (film)"


def test_value_revisions_switch_to_a_sibling_that_differs_by_a_number(builder):
    siblings = number_siblings(builder.corpus.sections)
    assert siblings["Apollo 11"] == ["Apollo 12"]
    items = builder.value_revisions(APOLLO, siblings)
    (item,) = items
    assert item.tier == "value-revision" and item.topic == "Apollo 12"
    assert item.gold == (passage_id("Apollo 12", "Launch"),)
    assert item.stale == (passage_id("Apollo 11", "Launch"),)
    final = item.model_extra["oracle"][-1]
    assert [op["op"] for op in final["operations"]] == ["Abandon", "Revise"]
    assert final["query"] in {"when did Apollo 12 launch?", "what is Apollo 12 known for?"}
    assert item.model_extra["variant"]["reference"].startswith("value")


def test_number_changes():
    assert number_change("Apollo 11", "Apollo 12") == ("12", "11")
    assert number_change("Final Fantasy VII", "Final Fantasy X") == ("X", "VII")
    assert number_change("Halloween (2007 film)", "Halloween (2018 film)") == ("2018", "2007")
    assert number_change("Apollo 11", "Gemini 3") == ("3", "11")
    assert "Gemini 3" not in number_siblings(["Apollo 11", "Gemini 3"])


def test_the_oracle_replays_operations_into_statuses():
    oracle = Oracle({"Buzz Aldrin": "person"})
    oracle.turn("who walked on the moon?", "Armstrong and Aldrin.", "Apollo 11")
    oracle.turn("where did he grow up?", "Montclair.", "Buzz Aldrin")
    oracle.correction("no, the first one", None, "Buzz Aldrin", "Neil Armstrong",
                      query=resolve("where did he grow up?", "Neil Armstrong"))  # fmt: skip
    statuses = {t.name: t.status.value for t in oracle.memory.topics}
    assert statuses == {
        "Apollo 11": "earlier",
        "Buzz Aldrin": "dropped",
        "Neil Armstrong": "current",
    }
    assert oracle.outputs[1].operations[0].kind == "person"
    assert oracle.targets()[-1]["query"] == "where did Neil Armstrong grow up?"


def test_build_writes_splits_without_shared_conversations_and_is_reproducible(tmp_path):
    source = tmp_path / "topiocqa.json.gz"
    write_source(source, ALL)
    manifest = build_benchmark(source, tmp_path / "a", seed=3)
    build_benchmark(source, tmp_path / "b", seed=3)
    for name in ("collection.jsonl", "train.jsonl", "dev.jsonl", "test.jsonl"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    owners = {}
    total = 0
    for split in ("train", "dev", "test"):
        items = read_items(tmp_path / "a" / f"{split}.jsonl")
        total += len(items)
        assert manifest.items[split]["total"] == len(items)
        for item in items:
            assert owners.setdefault(item.conversation_id, split) == split
            assert split_of(item.conversation_id, 3) == split
    assert total > 0
    collection = {json.loads(line)["id"] for line in (tmp_path / "a" / "collection.jsonl").open()}
    for split in ("train", "dev", "test"):
        for item in read_items(tmp_path / "a" / f"{split}.jsonl"):
            assert set(item.gold) <= collection and set(item.stale) <= collection
    saved = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert saved["seed"] == 3 and saved["passages"] == len(collection)


def test_the_build_of_the_fixture_conversations_is_pinned(tmp_path):
    """A golden build: a change to the builder, the oracle or what they import shows here."""
    source = tmp_path / "topiocqa.json.gz"
    write_source(source, ALL)
    build_benchmark(source, tmp_path / "bench", seed=4)
    assert json.loads((tmp_path / "bench" / "manifest.json").read_text()) == {
        "conversations": {"dev": 3, "test": 1, "train": 1},
        "items": {
            "dev": {"total": 1, "value-revision": 1},
            "test": {"correction": 2, "follow-up": 2, "return-1": 1, "self-repair": 2, "total": 7},
            "train": {"total": 1, "value-revision": 1},
        },
        "passages": 15,
        "seed": 4,
    }
    digest = hashlib.sha256()
    for name in ("collection.jsonl", "train.jsonl", "dev.jsonl", "test.jsonl"):
        digest.update((tmp_path / "bench" / name).read_bytes())
    assert digest.hexdigest() == "7fd404341f4d0cacd6f8a061248706bed3f2675c40430e00a7f6581fc122f39c"

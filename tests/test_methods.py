"""The baselines behind `memrevise run --method`."""

import gc

import pytest

from memrevise.bench import Item
from memrevise.data import demo_collection
from memrevise.language.entities import NameTable
from memrevise.methods import (
    MethodSpec,
    PronounRewriter,
    all_history_query,
    last_turn_query,
    make_method,
    original_query,
)
from memrevise.retrieval import BM25Index, read_collection

ITEM = Item(
    qid="q",
    conversation_id="c",
    dataset="demo",
    history=[
        {"question": "who directed avatar?", "answer": "James Cameron directed it. " + "x" * 900},
        {"question": "where was he born?", "answer": "In Kapuskasing, Ontario."},
    ],
    question="when was he born?",
)


@pytest.fixture(scope="module")
def index():
    return BM25Index.build(read_collection(demo_collection()))


def test_history_baselines_build_their_queries():
    assert original_query(ITEM) == "when was he born?"
    assert last_turn_query(ITEM) == (
        "where was he born? In Kapuskasing, Ontario. when was he born?"
    )
    everything = all_history_query(ITEM)
    assert everything.startswith("who directed avatar? James Cameron directed it.")
    assert everything.endswith("when was he born?")
    assert len(everything) < 700, "answers are cut at 600 characters"


def test_the_rule_rewriter_puts_the_last_named_entity_for_pronouns():
    rewrite = PronounRewriter(NameTable(["James Cameron", "Ontario"]))
    assert rewrite(ITEM) == "when was Ontario born?", "the last name, right or wrong"
    nameless = ITEM.model_copy(update={"history": ()})
    assert rewrite(nameless) == "when was he born?"


def test_the_memory_free_writer_searches_with_its_query_alone(index):
    method = make_method("memory-free", index)
    ranked = method.rank(ITEM, 10)
    assert ranked.trace["query"] == "when was James Cameron born?"
    full = make_method("memrevise", index).rank(ITEM, 10)
    assert full.trace["query"] == ranked.trace["query"]
    assert ranked.ids != full.ids or ranked.scores != full.scores, "no memory-guided step ran"


def test_a_run_without_traces_ranks_alike(index):
    traced = make_method("memrevise", index).rank(ITEM, 10)
    plain = make_method("memrevise", index, traced=False).rank(ITEM, 10)
    assert plain.trace is None and traced.trace["topic"] == "James Cameron"
    assert (plain.ids, plain.scores) == (traced.ids, traced.scores)


def test_a_worker_process_keeps_torch_to_its_share_of_the_cores(index, tmp_path):
    """Two workers of an encoder on two cores would otherwise each start a thread per core;
    a worker also collects young garbage less often than Python's default, and never scans
    the method it built again."""
    torch = pytest.importorskip("torch")
    from memrevise.methods import run as methods

    index.save(tmp_path / "index")
    before, collections = torch.get_num_threads(), gc.get_threshold()
    try:
        methods._start_worker(MethodSpec(tmp_path / "index", "memrevise", "rules"), 1)
        assert torch.get_num_threads() == 1
        assert methods._worker_method is not None
        assert gc.get_threshold() == (methods.WORKER_GC_THRESHOLD, *collections[1:])
        assert gc.get_freeze_count() > 0
    finally:
        torch.set_num_threads(before)
        gc.set_threshold(*collections)
        gc.unfreeze()
        methods._worker_method = None


def test_this_process_ranks_beside_its_workers_as_alone_and_is_left_as_it_was(index, tmp_path):
    """Each of twelve conversations asks about Avatar's director; with two processes, this
    one ranks some batches itself, and the run reads the same, in item order."""
    from memrevise.methods import rank_items

    index.save(tmp_path / "index")
    spec = MethodSpec(tmp_path / "index", "memrevise", "rules", traced=False)
    items = [
        ITEM.model_copy(update={"qid": f"q{n}", "conversation_id": f"c{n}"}) for n in range(12)
    ]
    collections, frozen = gc.get_threshold(), gc.get_freeze_count()
    alone = [(item.qid, ranked.ids) for item, ranked in rank_items(spec, items, 10, workers=1)]
    beside = [(item.qid, ranked.ids) for item, ranked in rank_items(spec, items, 10, workers=2)]
    assert beside == alone and [qid for qid, _ in alone] == [f"q{n}" for n in range(12)]
    assert alone[0][1] and gc.get_threshold() == collections
    assert gc.get_freeze_count() == frozen

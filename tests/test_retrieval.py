"""BM25 retrieval over a small titled collection (``memrevise.retrieval``)."""

from __future__ import annotations

import gc
import json
import os
import re
import weakref
from pathlib import Path

import bm25s
import numpy as np
import pytest
from bm25s.tokenization import Tokenized
from hypothesis import given
from hypothesis import strategies as st

from memrevise.retrieval import (
    BM25Index,
    IndexLoadError,
    Passage,
    WeightedQuery,
    batchwords,
    bm25,
    standardise,
    termcounts,
    textstore,
    tokenize,
)
from memrevise.retrieval.batchwords import number_words
from memrevise.retrieval.bm25 import LONG_PART
from memrevise.retrieval.query import lowered
from memrevise.retrieval.ranking import top_k

PASSAGES = [
    Passage(
        "apollo-11-1", "Apollo 11", "Apollo 11 was the first crewed mission to land on the Moon."
    ),
    Passage("apollo-11-2", "Apollo 11", "The lunar module Eagle landed in the Sea of Tranquility."),
    Passage("apollo-12-1", "Apollo 12", "Apollo 12 was the second crewed Moon landing, in 1969."),
    Passage(
        "armstrong-1", "Neil Armstrong", "An American astronaut, the first person on the Moon."
    ),
    Passage("armstrong-2", "Neil Armstrong", "He was born in Wapakoneta, Ohio, in 1930."),
    Passage(
        "aldrin-1",
        "Buzz Aldrin",
        "He was the lunar module pilot and the second person on the Moon.",
    ),
    Passage("aldrin-2", "Buzz Aldrin", "He was born in Glen Ridge, New Jersey, in 1930."),
    Passage(
        "avatar-2009",
        "Avatar (2009 film)",
        "A science fiction film by James Cameron set on Pandora.",
    ),
    Passage(
        "avatar-2004",
        "Avatar (2004 film)",
        "A Singaporean science fiction film directed by Kuo Jian Hong.",
    ),
    Passage("note", "", "A note without a page: the first Moon landing was watched by millions."),
]
WORDS = [*sorted({t for p in PASSAGES for t in tokenize(f"{p.title} {p.text}")}), "zebra", "qq"]


@pytest.fixture(scope="module")
def index() -> BM25Index:
    return BM25Index.build(PASSAGES)


@pytest.fixture(scope="module")
def saved(index: BM25Index, tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("saved") / "index"
    index.save(directory)
    return directory


def ids(index: BM25Index, query: str | WeightedQuery, k: int = 10) -> list[str]:
    return [index.doc_id(int(doc)) for doc in index.search(query, k).docs]


# -- queries --------------------------------------------------------------------------------------


def test_tokenize_lowercases_keeps_single_characters_and_drops_stopwords() -> None:
    assert tokenize("Toy Story 2 is the BEST of them, I think") == [
        "toy", "stori", "2", "best", "them", "i", "think",
    ]  # fmt: skip


def test_tokenize_stems_so_launch_matches_launched() -> None:
    assert tokenize("launched") == tokenize("launch") == tokenize("Launches")


def test_a_weighted_query_merges_repeated_tokens_in_order_of_first_appearance() -> None:
    query = WeightedQuery.of("Apollo 12", 2.0) + WeightedQuery.of("was Apollo 12 late?")
    assert query.terms == (("apollo", 3.0), ("12", 3.0), ("late", 1.0))
    assert query.tokens == ("apollo", "12", "late")
    assert WeightedQuery.of("moon moon").terms == (("moon", 2.0),)
    assert WeightedQuery.of("the of a").empty and not query.empty


def test_weights_must_be_positive_and_finite() -> None:
    for weight in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="positive and finite"):
            WeightedQuery.of("moon", weight)


def test_a_plain_string_is_searched_as_an_unweighted_query(index: BM25Index) -> None:
    text = "where was Neil Armstrong born"
    assert np.array_equal(index.scores(text), index.scores(WeightedQuery.of(text)))


# -- search ---------------------------------------------------------------------------------------


def test_search_ranks_the_passage_that_answers_first(index: BM25Index) -> None:
    assert ids(index, "where was Neil Armstrong born")[0] == "armstrong-2"
    assert ids(index, "who directed Avatar in 2004")[0] == "avatar-2004"
    assert ids(index, "Sea of Tranquility")[0] == "apollo-11-2"


def test_weighting_the_topic_twice_keeps_a_follow_up_on_topic(index: BM25Index) -> None:
    question = WeightedQuery.of("the first crewed mission")
    assert ids(index, WeightedQuery.of("Apollo 12") + question)[0] == "apollo-11-1"
    assert ids(index, WeightedQuery.of("Apollo 12", 2.0) + question)[0] == "apollo-12-1"


def test_search_returns_only_matching_passages_best_first(index: BM25Index) -> None:
    ranking = index.search("Singaporean Pandora", k=100)
    assert sorted(ids(index, "Singaporean Pandora", 100)) == ["avatar-2004", "avatar-2009"]
    assert ranking.scores[0] > ranking.scores[1] > 0
    assert ranking.docs.dtype == np.int64 and ranking.scores.dtype == np.float32
    assert np.array_equal(ranking.scores, index.scores("Singaporean Pandora")[ranking.docs])
    assert len(index.search("Singaporean Pandora", k=1)) == 1
    assert len(index.search("Singaporean Pandora", k=0)) == 0


def test_unknown_words_and_empty_queries_match_nothing(index: BM25Index) -> None:
    assert np.array_equal(index.scores("zebra moon"), index.scores("moon"))
    for query in ("", "the of", "zebra", WeightedQuery()):
        assert not index.scores(query).any()
        assert len(index.search(query)) == 0
    assert index.scores("").dtype == np.float32 and index.scores("").shape == (len(PASSAGES),)


def test_equal_scores_are_ranked_by_document_index() -> None:
    twins = BM25Index.build([Passage(str(i), "", "same words here") for i in range(40)])
    ranking = twins.search("words", k=25)
    assert ranking.docs.tolist() == list(range(25))
    assert len(set(ranking.scores.tolist())) == 1


SCORES = st.lists(st.floats(0, 10, width=32), max_size=300)
# Mostly zeros, as BM25 scores are (a query's terms are in few passages), and long enough for
# the sample that bounds the k-th score to hold as many positive scores as k or fewer.
SPARSE_SCORES = st.lists(
    st.one_of(st.just(0.0), st.just(0.0), st.just(0.0), st.floats(0, 10, width=32)),
    min_size=600,
    max_size=2000,
)


@given(st.one_of(SCORES, SPARSE_SCORES), st.integers(0, 40))
def test_top_k_matches_a_full_sort(values: list[float], k: int) -> None:
    scores = np.array(values, dtype=np.float32)
    ranking = top_k(scores, k)
    expected = sorted((-s, doc) for doc, s in enumerate(values) if s > 0)[:k]
    assert ranking.docs.tolist() == [doc for _, doc in expected]
    assert ranking.scores.tolist() == [-s for s, _ in expected]


QUERIES = st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)


@given(QUERIES)
def test_doubling_every_weight_doubles_every_score(index: BM25Index, text: str) -> None:
    single = index.scores(WeightedQuery.of(text))
    assert np.array_equal(index.scores(WeightedQuery.of(text, 2.0)), 2 * single)


@given(QUERIES, QUERIES)
def test_scores_add_up_over_the_parts_of_a_query(index: BM25Index, a: str, b: str) -> None:
    both = index.scores(WeightedQuery.of(a) + WeightedQuery.of(b))
    assert np.allclose(both, index.scores(a) + index.scores(b), rtol=1e-6, atol=0)
    merged = index.scores(WeightedQuery.of(f"{a} {b}"))  # one bag of the same terms
    assert np.allclose(both, merged, rtol=1e-6, atol=0)


@given(QUERIES, QUERIES, st.floats(min_value=0.25, max_value=4.0))
def test_many_postings_and_few_are_summed_alike(a: str, b: str, weight: float) -> None:
    """A part with many postings is summed by a sparse product, one with few posting by
    posting: the same float32 sums, whichever way."""
    query = WeightedQuery.of(a, weight) + WeightedQuery.of(b)
    summed = []
    for least in (0, 10**9):  # every part by the product, then every part posting by posting
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(bm25, "SPARSE_PRODUCT_POSTINGS", least)
            summed.append(BM25Index.build(PASSAGES).scores(query))
    assert np.array_equal(*summed)


def test_a_sum_remembers_its_parts_and_an_empty_part_adds_none() -> None:
    question, answer = WeightedQuery.of("where was he born?"), WeightedQuery.of("in Ohio, 1930")
    both = question + answer
    assert both.parts == (question, answer) and both.text == "where was he born? in Ohio, 1930"
    assert both.terms == WeightedQuery.of("where was he born? in Ohio, 1930").terms
    assert (question + WeightedQuery.of("")).parts == () and question.pieces == (question,)
    assert (both + question).pieces == (question, answer, question)


def test_queries_that_score_alike_share_a_key_whatever_their_words() -> None:
    assert WeightedQuery.of("Moon landings").key == WeightedQuery.of("moon LANDING").key
    summed = WeightedQuery.of("moon") + WeightedQuery.of("landing")
    assert summed.key != WeightedQuery.of("moon landing").key  # scored part by part
    assert summed.key.parts == (WeightedQuery(summed.parts[0].terms), summed.parts[1].key)


def test_a_long_answer_is_scored_once_for_every_question_searched_with_it() -> None:
    index = BM25Index.build(PASSAGES)
    answer = WeightedQuery.of(
        "Neil Armstrong, the first person on the Moon, was born in 1930 in Wapakoneta, Ohio."
    )
    assert len(answer.terms) >= LONG_PART
    first = index.scores(WeightedQuery.of("town") + answer)
    scored = index._part_scores.cache_info()
    second = index.scores(WeightedQuery.of("year") + answer)
    after = index._part_scores.cache_info()
    assert (after.hits - scored.hits, after.misses - scored.misses) == (1, 1)  # only "year"
    assert int(np.argmax(first)) == int(np.argmax(second)) == index.doc_index("armstrong-2")
    with pytest.raises(ValueError, match="read-only"):
        first[0] = 1.0  # scores may be shared: nobody may change them


def test_short_parts_are_scored_together_as_one_query() -> None:
    index = BM25Index.build(PASSAGES)
    template = WeightedQuery.of("Apollo 11", 2.0) + WeightedQuery.of("when did it launch?")
    before = index._part_scores.cache_info().misses
    assert np.array_equal(index.scores(template), index.scores(WeightedQuery(template.terms)))
    assert index._part_scores.cache_info().misses == before + 1  # one part, found again


# -- passages and pages ---------------------------------------------------------------------------


def test_passages_are_found_by_index_and_by_id(index: BM25Index) -> None:
    assert index.num_docs == len(PASSAGES) and index.titled
    assert [index.passage(i) for i in range(index.num_docs)] == PASSAGES
    assert index.doc_index("aldrin-2") == 6 and index.doc_id(6) == "aldrin-2"
    assert index.title(6) == "Buzz Aldrin" and index.text(-1) == PASSAGES[-1].text
    with pytest.raises(KeyError, match="no passage with id 'nobody'"):
        index.doc_index("nobody")


def test_pages_are_looked_up_by_exact_title_or_by_name(index: BM25Index) -> None:
    assert index.pages("Neil Armstrong").tolist() == [3, 4]
    assert index.pages("Avatar").tolist() == []
    assert index.pages("").tolist() == []  # untitled passages are no page
    assert index.pages_named("Avatar").tolist() == [7, 8]
    assert index.pages_named("avatar (band)").tolist() == [7, 8]
    assert index.same_name_titles("AVATAR") == ["Avatar (2009 film)", "Avatar (2004 film)"]
    assert index.same_name_titles("Apollo 11") == ["Apollo 11"]
    assert index.titles[index.title_ids[8]] == "Avatar (2004 film)"


def test_an_untitled_collection_is_not_titled() -> None:
    assert not BM25Index.build([Passage("a", "", "text")]).titled


def test_top_passages_vote_for_their_page_by_reciprocal_rank(index: BM25Index) -> None:
    ranked = ids(index, "first Moon landing", 5)
    assert ranked[0] == "note"  # untitled: it takes rank 1 but casts no vote
    votes = index.vote_pages("first Moon landing", depth=5)
    expected: dict[str, float] = {}
    for rank, pid in enumerate(ranked[1:], start=2):
        title = index.title(index.doc_index(pid))
        expected[title] = expected.get(title, 0.0) + 1 / rank
    assert dict(votes) == expected
    assert votes == sorted(votes, key=lambda vote: (-vote[1], vote[0]))
    assert index.vote_pages("zebra") == []


def test_build_rejects_duplicate_ids_and_empty_collections() -> None:
    with pytest.raises(ValueError, match="unique: 'a' repeats"):
        BM25Index.build([Passage("a", "", "x"), Passage("a", "", "y")])
    with pytest.raises(ValueError, match="empty"):
        BM25Index.build([])


SPECIAL_WORDS = ["the", "Moon", "1930", "Q", "q", "İstanbul", "ὈΔΥΣΣΕΎΣ", "naïve", "x_1", "—"]
TEXTS = st.lists(st.sampled_from([*WORDS, *SPECIAL_WORDS]), min_size=0, max_size=12)
TITLES = st.sampled_from(["", "Apollo 11", "Avatar (2009 film)", "Q"])


@given(st.lists(st.tuples(TITLES, TEXTS), min_size=1, max_size=30), st.integers(1, 7))
def test_a_streamed_build_gives_bm25s_weights_to_the_bit(texts, block) -> None:
    """Built from a generator, a few passages counted at a time, the index holds exactly the
    arrays bm25s's own indexing gives."""
    passages = [Passage(f"p{i}", title, " ".join(words)) for i, (title, words) in enumerate(texts)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(termcounts, "BLOCK", block)
        patch.setattr(termcounts, "MERGED_PAIRS", block)
        ours = BM25Index.build(iter(passages))._bm25
    vocab: dict[str, int] = {}
    corpus = [
        [vocab.setdefault(t, len(vocab)) for t in tokenize(f"{p.title} {p.text}")] for p in passages
    ]
    reference = bm25s.BM25(k1=1.5, b=0.75)
    with np.errstate(invalid="ignore"):  # bm25s divides 0 by 0 when every passage is empty
        reference.index(
            Tokenized(ids=corpus, vocab=vocab), create_empty_token=False, show_progress=False
        )
    assert ours.vocab_dict == vocab
    assert ours.scores["num_docs"] == reference.scores["num_docs"] == len(passages)
    for name in ("data", "indices", "indptr"):
        assert np.array_equal(ours.scores[name], reference.scores[name]), name
        assert ours.scores[name].dtype == reference.scores[name].dtype, name


@given(st.lists(st.lists(st.sampled_from([*SPECIAL_WORDS, " ", ", "]) | st.text(max_size=6))))
def test_a_batch_of_texts_holds_the_words_the_tokenizer_finds(pieces) -> None:
    texts = ["".join(text) for text in pieces]
    numbered = number_words(texts)
    found = [
        (doc, word) for doc, text in enumerate(texts) for word in re.findall(r"\w+", lowered(text))
    ]
    assert [
        (doc, numbered.words[n]) for doc, n in zip(numbered.docs, numbered.numbers, strict=True)
    ] == found
    assert numbered.words == list(dict.fromkeys(word for _, word in found))


def test_words_that_share_a_key_are_told_apart() -> None:
    """Words that open alike, then go on as a Thue-Morse word of 1,024 letters and as its
    complement, share any polynomial hash modulo 2^64 with an odd multiplier."""
    thue_morse = "".join("ab"[i.bit_count() % 2] for i in range(1024))
    complement = thue_morse.translate(str.maketrans("ab", "ba"))
    first, second = f"apolloeleven{thue_morse}", f"apolloeleven{complement}"
    texts = [f"Apollo {first}", f"{second} 11 {first.upper()}"]
    assert batchwords._by_hash([text.lower() for text in texts]) is None  # they collide
    numbered = number_words(texts)
    assert numbered.words == ["apollo", first, second, "11"]
    assert numbered.numbers.tolist() == [0, 1, 2, 3, 1]
    assert numbered.docs.tolist() == [0, 0, 1, 1, 1]


def test_an_index_no_longer_used_is_freed_at_once() -> None:
    """Its memoised scores, votes and texts do not keep it alive until the garbage collector
    next looks for cycles: a large index built and saved gives its memory back right away."""
    built = BM25Index.build(PASSAGES)
    assert built.search("first Moon landing", 3).docs.tolist() == [9, 0, 3]
    assert built.vote_pages("Moon") and built.text(0).startswith("Apollo 11")
    freed = weakref.ref(built)
    gc.disable()
    try:
        del built
        assert freed() is None
    finally:
        gc.enable()


# -- saving and loading ---------------------------------------------------------------------------


def test_a_saved_index_loads_memory_mapped_with_identical_results(
    index: BM25Index, saved: Path
) -> None:
    for loaded in (BM25Index.load(saved), BM25Index.load(saved, mmap=False)):
        for text in ("where was Neil Armstrong born", "Avatar film", "zebra"):
            assert np.array_equal(loaded.scores(text), index.scores(text))
        assert [loaded.passage(i) for i in range(loaded.num_docs)] == PASSAGES
        assert loaded.titles == index.titles and loaded.titled
        assert loaded.pages_named("Avatar").tolist() == [7, 8]
    mapped, read = BM25Index.load(saved), BM25Index.load(saved, mmap=False)
    assert isinstance(mapped.title_ids.base, np.memmap)  # left on disk, read as a plain array
    assert isinstance(mapped.columns.texts.blocks.base, np.memmap)
    assert not mapped.title_ids.flags.writeable
    assert not isinstance(read.title_ids.base, np.memmap)
    meta = json.loads((saved / "meta.json").read_text())
    assert meta["num_docs"] == len(PASSAGES) and (meta["k1"], meta["b"]) == (1.5, 0.75)


def test_saving_replaces_an_older_index_and_leaves_no_temporary_files(
    index: BM25Index, tmp_path: Path
) -> None:
    directory = tmp_path / "index"
    BM25Index.build(PASSAGES[:2]).save(directory)
    index.save(directory)
    assert BM25Index.load(directory).num_docs == len(PASSAGES)
    assert [p.name for p in tmp_path.iterdir()] == ["index"]


def test_saving_refuses_to_overwrite_something_that_is_not_an_index(
    index: BM25Index, tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("precious")
    with pytest.raises(FileExistsError, match="not an index directory"):
        index.save(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_loading_a_missing_directory_names_it(tmp_path: Path) -> None:
    with pytest.raises(IndexLoadError, match=re.escape(f"{tmp_path / 'nowhere'}: no such index")):
        BM25Index.load(tmp_path / "nowhere")


@pytest.mark.parametrize(
    "name", ["meta.json", "texts.zlib", "title_ids.npy", "vocab.index.json", "data.csc.index.npy"]
)
def test_a_missing_file_is_named(saved: Path, tmp_path: Path, name: str) -> None:
    copy = tmp_path / "index"
    copy.mkdir()
    for path in saved.iterdir():
        if path.name != name:
            os.link(path, copy / path.name)
    with pytest.raises(IndexLoadError, match=re.escape(f"{copy / name}: missing index file")):
        BM25Index.load(copy)


@pytest.mark.parametrize(
    ("name", "damage"),
    [
        ("meta.json", lambda data: data[:-5]),
        ("meta.json", lambda data: data.replace(b'"version": 2', b'"version": 99')),
        ("ids.json", lambda data: data[:-3]),
        ("ids.json", lambda data: b'["only one"]'),
        ("title_ids.npy", lambda data: data[:-4]),
        ("text_offsets.npy", lambda data: b"not numpy"),
        ("texts.zlib", lambda data: data[:-1]),
        ("text_blocks.npy", lambda data: data[:-8]),
        ("params.index.json", lambda data: data[:-2]),
        ("params.index.json", lambda data: b"{}"),
        ("vocab.index.json", lambda data: data[:-2]),
        ("vocab.index.json", lambda data: b'{"moon": 0}'),
        ("indices.csc.index.npy", lambda data: data[:-8]),
        ("data.csc.index.npy", lambda data: data[:100]),
    ],
)
def test_a_corrupt_file_is_named(saved: Path, tmp_path: Path, name: str, damage) -> None:
    copy = tmp_path / "index"
    copy.mkdir()
    for path in saved.iterdir():
        data = path.read_bytes()
        (copy / path.name).write_bytes(damage(data) if path.name == name else data)
    with pytest.raises(IndexLoadError, match=re.escape(f"{copy / name}: ")):
        BM25Index.load(copy)


# -- score normalisation --------------------------------------------------------------------------


def test_standardise_gives_z_scores() -> None:
    z = standardise(np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32))
    assert z.dtype == np.float64
    assert np.isclose(z.mean(), 0) and np.isclose(z.std(), 1)
    assert np.allclose(z, [-1.3416408, -0.4472136, 0.4472136, 1.3416408])


@pytest.mark.parametrize("values", [[], [3.0], [2.0, 2.0, 2.0]])
def test_standardise_gives_zeros_without_spread(values: list[float]) -> None:
    assert np.array_equal(standardise(np.array(values)), np.zeros(len(values)))


def test_standardise_rejects_non_finite_values() -> None:
    with pytest.raises(ValueError, match="non-finite"):
        standardise(np.array([1.0, np.nan]))


# -- the compressed text store --------------------------------------------------------------------

STORED_TEXTS = st.lists(st.text(max_size=40), max_size=3 * textstore.TEXTS_PER_BLOCK + 1)


@given(st.lists(STORED_TEXTS, max_size=4))
def test_texts_given_in_batches_read_back_one_by_one(batches) -> None:
    """Passages cut into compressed blocks across batches, "Apollo 11" or "", come back whole."""
    builder = textstore.TextStoreBuilder()
    for batch in batches:
        builder.extend(batch)
    store = builder.finish()
    texts = [text for batch in batches for text in batch]
    assert len(store) == len(texts)
    assert [store[i] for i in range(len(texts))] == texts
    assert [store[i] for i in reversed(range(len(texts)))] == texts[::-1]


def test_a_saved_text_store_is_smaller_than_its_texts_and_reads_back(tmp_path: Path) -> None:
    texts = [f"{p.title}: {p.text} " * 20 for p in PASSAGES] * 10
    builder = textstore.TextStoreBuilder()
    builder.extend(texts)
    builder.finish().save(tmp_path)
    for mmap in (True, False):
        loaded = textstore.TextStore.load(tmp_path, len(texts), mmap)
        assert [loaded[i] for i in range(len(texts))] == texts
    stored = (tmp_path / "texts.zlib").stat().st_size
    assert stored < sum(len(text.encode()) for text in texts) / 2
    with pytest.raises(IndexLoadError, match=r"text_offsets\.npy: does not match"):
        textstore.TextStore.load(tmp_path, len(texts) + textstore.TEXTS_PER_BLOCK, True)


def test_an_index_of_an_older_version_is_named_with_the_way_out(
    saved: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "index"
    copy.mkdir()
    for path in saved.iterdir():
        data = path.read_bytes()
        if path.name == "meta.json":
            data = data.replace(b'"version": 2', b'"version": 1')
        (copy / path.name).write_bytes(data)
    with pytest.raises(
        IndexLoadError, match=r"version 1, not 2; rebuild it with `memrevise index`"
    ):
        BM25Index.load(copy)

"""Specification of ``memrevise.evaluate``: runs, metrics, stale-above-gold, bootstrap, report."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from memrevise.bench.items import Item, read_items
from memrevise.evaluate import (
    NATURAL,
    STALE,
    RunError,
    evaluate,
    load_runs,
    markdown,
    paired_bootstrap,
    per_query,
    per_query_stale,
    read_run,
    stale_above_gold,
    stratified_bootstrap,
    summary,
)
from memrevise.evaluate.bootstrap import resampled_means

DATA = Path(__file__).parent / "data" / "eval"
PNG = b"\x89PNG\r\n\x1a\n"


def item(qid: str, gold=("g",), stale=(), tier=None, conversation=None, dataset="d") -> Item:
    return Item(
        qid=qid,
        conversation_id=conversation or f"c-{qid}",
        dataset=dataset,
        tier=tier,
        question="where did he grow up?",
        gold=tuple(gold),
        stale=tuple(stale),
    )


def ranked(*pids: str) -> list[tuple[str, float]]:
    return [(pid, float(len(pids) - k)) for k, pid in enumerate(pids)]


def fillers(n: int) -> list[str]:
    return [f"x{k}" for k in range(n)]


# --- run files -------------------------------------------------------------------------


def test_a_run_is_ordered_by_score_with_the_rank_column_breaking_ties(tmp_path: Path) -> None:
    path = tmp_path / "run.trec"
    path.write_text("q1 Q0 b 2 5.0 tag\nq1 Q0 a 1 5.0 tag\nq1 Q0 c 3 7.5 tag\n\nq2 Q0 d 1 -1 tag\n")
    assert read_run(path) == {"q1": [("c", 7.5), ("a", 5.0), ("b", 5.0)], "q2": [("d", -1.0)]}


def test_score_ties_are_evaluated_in_the_rank_column_order(tmp_path: Path) -> None:
    path = tmp_path / "run.trec"
    path.write_text("q Q0 z 1 3.0 t\nq Q0 g 2 3.0 t\n")
    assert per_query([item("q")], read_run(path))["MRR@10"].tolist() == [0.5]


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("q Q0 a 1 1.0 t\nq Q0 b 2 0.5\n", 2, "expected 6 columns"),
        ("q Q0 a first 1.0 t\n", 1, "rank 'first' is not an integer"),
        ("q Q0 a 1 1.0 t\n\nq Q0 b 2 high t\n", 3, "score 'high' is not a number"),
        ("q Q0 a 1 nan t\n", 1, "not finite"),
        ("q Q0 a 1 1.0 t\nq Q0 a 2 0.5 t\n", 2, "passage 'a' repeats for 'q' (line 1)"),
        ("q Q0 a 1 1.0 t\nq Q0 \xff 2 0.5 t\n", 2, "invalid UTF-8"),
    ],
)
def test_a_malformed_run_line_is_reported_as_file_and_line(
    tmp_path: Path, text: str, line: int, reason: str
) -> None:
    path = tmp_path / "bad.trec"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(RunError, match=rf"^{path}:{line}: ") as caught:
        read_run(path)
    assert reason in str(caught.value)
    assert (caught.value.path, caught.value.line) == (str(path), line)
    assert isinstance(caught.value, ValueError)


def test_a_missing_run_file_is_an_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(RunError, match=rf"^{tmp_path / 'none.trec'}: "):
        read_run(tmp_path / "none.trec")


def test_runs_are_named_by_their_tag_else_by_file_stem(tmp_path: Path) -> None:
    for folder, tag in (("a", "bm25"), ("b", "memrevise"), ("c", "memrevise")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "dev.trec").write_text(f"q Q0 p 1 1.0 {tag}\n")
    (tmp_path / "mixed.trec").write_text("q Q0 p 1 1.0 x\nq Q0 r 2 0.5 y\n")
    paths = [*(tmp_path / f / "dev.trec" for f in "abc"), tmp_path / "mixed.trec"]
    assert list(load_runs(paths)) == ["bm25", "memrevise", "memrevise-2", "mixed"]


def test_runs_can_be_named_one_name_per_run(tmp_path: Path) -> None:
    paths = [DATA / "first.trec", DATA / "second.trec"]
    assert list(load_runs(paths, ["baseline", "ours"])) == ["baseline", "ours"]
    with pytest.raises(ValueError, match="1 names for 2 runs"):
        load_runs(paths, ["baseline"])


# --- metrics (ir_measures) -------------------------------------------------------------


def test_gold_at_rank_two_has_reciprocal_rank_one_half() -> None:
    values = per_query([item("q")], {"q": ranked("x", "g")})
    assert values["MRR@10"].tolist() == [0.5]


def test_reciprocal_rank_is_cut_at_ten() -> None:
    values = per_query([item("q")], {"q": ranked(*fillers(10), "g")})
    assert values["MRR@10"].tolist() == [0.0]
    assert values["R@10"].tolist() == [0.0]
    assert values["R@100"].tolist() == [1.0]


def test_ndcg_at_3_with_binary_gains_and_log2_discount() -> None:
    # Two gold passages at ranks 1 and 3: DCG = 1 + 1/log2(4); ideal = 1 + 1/log2(3).
    values = per_query([item("q", gold=("g1", "g2"))], {"q": ranked("g1", "x", "g2")})
    expected = (1 + 1 / math.log2(4)) / (1 + 1 / math.log2(3))
    assert values["NDCG@3"][0] == pytest.approx(expected)
    assert values["MRR@10"][0] == 1.0


def test_recall_at_10_counts_the_share_of_gold_found() -> None:
    values = per_query([item("q", gold=("g1", "g2"))], {"q": ranked("x", "g1", "y")})
    assert values["R@10"].tolist() == [0.5]
    assert values["R@100"].tolist() == [0.5]


def test_a_question_missing_from_the_run_scores_zero_and_is_not_dropped() -> None:
    items = [item("q1"), item("q2"), item("q3", gold=())]
    values = per_query(items, {"q1": ranked("g"), "other": ranked("g")})
    for metric in ("MRR@10", "NDCG@3", "R@10", "R@100"):
        assert values[metric].tolist() == [1.0, 0.0, 0.0], metric
    assert per_query(items, {})["MRR@10"].tolist() == [0.0, 0.0, 0.0]


# --- stale-above-gold ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "above"),
    [
        (("x", "s", "g"), True),  # stale outranks the only gold passage
        (("g", "s"), False),  # gold first
        (("x", "s"), True),  # gold not retrieved counts as below everything
        (("x", "g"), False),  # no stale passage ranked: not above
        (("g2", "s", "g"), False),  # one gold passage above the stale one is enough
        ((), False),
    ],
)
def test_stale_above_gold(ranking: tuple[str, ...], above: bool) -> None:
    question = item("q", gold=("g", "g2"), stale=("s", "s2"), tier="correction")
    assert stale_above_gold(question, ranked(*ranking)) is above


def test_stale_above_gold_counts_revision_tiers_with_stale_passages_only() -> None:
    items = [
        item("corr", stale=("s",), tier="correction"),
        item("srep", stale=("s",), tier="self-repair"),
        item("fup", stale=("s",), tier="follow-up"),
        item("val", stale=("s",), tier="value-revision"),
        item("ret", stale=("s",), tier="return-1"),
        item("nat", stale=("s",)),
        item("none", tier="correction"),
        item("unranked", stale=("s",), tier="correction"),
    ]
    run = {i.qid: ranked("s", "g") for i in items if i.qid != "unranked"}
    values = per_query_stale(items, run)
    assert values[:4].tolist() == [1.0, 1.0, 1.0, 1.0]
    assert np.isnan(values[4:7]).all()
    assert values[7] == 0.0


# --- paired bootstrap over conversations ------------------------------------------------


def test_identical_runs_have_interval_zero_and_are_tied() -> None:
    scores = np.array([0.0, 0.5, 1.0, 0.25])
    interval = paired_bootstrap(scores, scores, ["a", "a", "b", "c"])
    assert (interval.delta, interval.low, interval.high) == (0.0, 0.0, 0.0)
    assert interval.tied and not interval.significant


def test_a_run_better_by_exactly_one_half_everywhere_has_interval_one_half() -> None:
    reference = np.array([0.0, 0.5, 0.25, 0.5, 0.1])
    interval = paired_bootstrap(reference + 0.5, reference, ["a", "a", "b", "c", "c"])
    assert (interval.delta, interval.low, interval.high) == (0.5, 0.5, 0.5)
    assert interval.significant and not interval.tied


def test_the_interval_is_the_percentile_interval_over_resampled_conversations() -> None:
    diff = np.array([1.0, 0.0, -0.5, 0.25, 0.75, 0.0, 1.0])
    groups = ["c3", "c1", "c1", "c2", "c4", "c4", "c4"]
    interval = paired_bootstrap(diff, np.zeros(7), groups, resamples=500, seed=7)

    # Direct computation: conversations in sorted order, each resample a row of draws; the
    # mean is over all questions of the drawn conversations, repeats counted each time.
    by_conversation = {"c1": [0.0, -0.5], "c2": [0.25], "c3": [1.0], "c4": [0.75, 0.0, 1.0]}
    names = sorted(by_conversation)
    draws = np.random.default_rng(7).integers(0, len(names), size=(500, len(names)))
    means = [np.mean([v for k in row for v in by_conversation[names[k]]]) for row in draws]
    low, high = np.percentile(means, [2.5, 97.5])
    assert interval.delta == pytest.approx(diff.mean())
    assert (interval.low, interval.high) == (pytest.approx(low), pytest.approx(high))
    assert interval.low < interval.delta < interval.high


def test_the_bootstrap_is_seeded() -> None:
    diff = np.random.default_rng(1).normal(size=40)
    groups = [f"c{k // 3}" for k in range(40)]
    first = paired_bootstrap(diff, np.zeros(40), groups, seed=3)
    assert paired_bootstrap(diff, np.zeros(40), groups, seed=3) == first
    assert paired_bootstrap(diff, np.zeros(40), groups, seed=4) != first


def test_resampling_keeps_the_questions_of_a_conversation_together() -> None:
    # One conversation: every resample draws it whole, so the mean never moves.
    means = resampled_means(
        np.array([1.0, 0.0, 0.0]), ["c", "c", "c"], rng=np.random.default_rng(0)
    )
    assert np.all(means == pytest.approx(1 / 3))


def test_the_mean_over_datasets_is_unweighted_in_the_bootstrap_too() -> None:
    small = (np.ones(2), np.zeros(2), ["a", "b"])
    large = (np.zeros(10), np.zeros(10), [f"c{k}" for k in range(10)])
    interval = stratified_bootstrap([small, large])
    assert (interval.delta, interval.low, interval.high) == (0.5, 0.5, 0.5)


# --- evaluate: tables ------------------------------------------------------------------


@pytest.fixture
def fixture_runs() -> dict:
    return load_runs([DATA / "first.trec", DATA / "second.trec"])


def test_means_per_dataset_and_the_unweighted_mean_over_datasets(fixture_runs) -> None:
    result = evaluate(read_items(DATA / "items.jsonl"), fixture_runs)
    assert result.runs == ("first", "second")
    topiocqa, orquac = result.datasets["topiocqa"], result.datasets["orquac"]
    assert (topiocqa.n, topiocqa.conversations, topiocqa.n_stale) == (4, 3, 2)
    assert topiocqa.means["first"]["MRR@10"] == pytest.approx((0.5 + 1 + 0.5 + 1) / 4)
    assert topiocqa.means["first"]["R@10"] == pytest.approx((1 + 1 + 1 + 0.5) / 4)
    assert orquac.means["first"]["MRR@10"] == pytest.approx(0.5)
    assert topiocqa.means["first"][STALE] == pytest.approx(0.5)
    assert orquac.means["first"][STALE] == pytest.approx(1.0)
    assert result.overall.means["first"]["MRR@10"] == pytest.approx((0.75 + 0.5) / 2)
    assert result.overall.means["second"]["MRR@10"] == pytest.approx(1.0)
    assert result.overall.means["second"][STALE] == 0.0
    assert result.datasets["topiocqa"].deltas["first"] is None
    assert result.overall.deltas["second"].delta == pytest.approx(1.0 - 0.625)


def test_tiers_per_dataset_with_natural_questions_and_a_pooled_group(fixture_runs) -> None:
    result = evaluate(read_items(DATA / "items.jsonl"), fixture_runs)
    assert list(result.tiers) == ["topiocqa", "orquac", "all"]
    assert list(result.tiers["topiocqa"]) == ["return-1", "correction", "self-repair", NATURAL]
    assert result.tiers["all"][NATURAL].n == 2
    assert result.tiers["orquac"]["value-revision"].means["first"]["MRR@10"] == 0.0


def test_tier_comparisons_need_thirty_questions() -> None:
    items = [item(f"c{k}", tier="correction", conversation=f"c{k % 10}") for k in range(30)]
    items += [item(f"r{k}", tier="return-1") for k in range(29)]
    runs = {"base": {}, "better": {i.qid: ranked("g") for i in items}}
    result = evaluate(items, runs)
    correction, returns = result.tiers["d"]["correction"], result.tiers["d"]["return-1"]
    assert not correction.too_small
    assert (correction.deltas["better"].low, correction.deltas["better"].high) == (1.0, 1.0)
    assert returns.too_small and returns.deltas["better"] is None
    assert returns.means["better"]["MRR@10"] == 1.0
    assert result.datasets["d"].deltas["better"] is not None  # datasets have no size rule


# --- evaluate: report ------------------------------------------------------------------


def test_the_report_and_its_plots_are_written(tmp_path: Path, fixture_runs) -> None:
    report = tmp_path / "out" / "R.md"
    result = evaluate(read_items(DATA / "items.jsonl"), fixture_runs, report)
    assert [p.name for p in result.plots] == ["R-datasets.png", "R-tiers.png"]
    for plot in result.plots:
        assert plot.parent == report.parent
        assert plot.read_bytes().startswith(PNG)
    text = report.read_text()
    for heading in ("### topiocqa", "### orquac", "### mean over datasets (unweighted)"):
        assert heading in text
    header = "| run | MRR@10 ↑ | NDCG@3 ↑ | R@10 ↑ | R@100 ↑ | stale-above-gold ↓ |"
    assert f"{header} Δ MRR@10 vs first [95%] |" in text
    assert "baseline: **first**" in text and "baseline **first**" in text
    assert "## stale-above-gold ↓ per revision tier" in text and "lower is better" in text
    assert "| first | 0.750 | " in text
    assert "correction n=1 (too small)" in text
    assert "![R-tiers](R-tiers.png)" in text


def test_significant_differences_are_starred(tmp_path: Path) -> None:
    items = [item(f"q{k}", tier="correction") for k in range(30)]
    runs = {"base": {}, "better": {i.qid: ranked("g") for i in items}}
    text = markdown(evaluate(items, runs, tmp_path / "R.md"))
    assert "| better | 1.000 (+1.000* [+1.000, +1.000]) |" in text


def test_the_summary_is_a_plain_text_table(fixture_runs) -> None:
    result = evaluate(read_items(DATA / "items.jsonl"), fixture_runs)
    lines = summary(result).splitlines()
    assert lines[0] == "topiocqa: 4 questions, 3 conversations"
    assert lines[2].split()[:11] == [
        "run", "MRR@10", "↑", "NDCG@3", "↑", "R@10", "↑", "R@100", "↑", STALE, "↓"
    ]  # fmt: skip
    assert lines[4].split()[:6] == ["first", "0.750", "0.719", "0.875", "0.875", "50.0%"]
    assert "return-1     1 (small)  0.500  1.000 +0.500" in lines
    assert "|" not in summary(result)
    assert "↑ higher is better, ↓ lower is better." in lines
    assert lines[-1].startswith("Baseline: first. *: the 95% interval")


def test_a_single_run_is_reported_without_comparisons(tmp_path: Path) -> None:
    result = evaluate([item("q")], {"only": {"q": ranked("g")}}, tmp_path / "R.md")
    assert "Δ" not in summary(result)
    assert (
        "| run | MRR@10 ↑ | NDCG@3 ↑ | R@10 ↑ | R@100 ↑ | stale-above-gold ↓ |\n"
        in (tmp_path / "R.md").read_text()
    )
    assert all(p.read_bytes().startswith(PNG) for p in result.plots)


def test_nothing_to_evaluate_is_an_error() -> None:
    with pytest.raises(ValueError, match="no items"):
        evaluate([], {"a": {}})
    with pytest.raises(ValueError, match="no runs"):
        evaluate([item("q")], {})
    with pytest.raises(ValueError, match="repeat a qid"):
        evaluate([item("q"), item("q")], {"a": {}})

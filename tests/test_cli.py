"""The command line: demo, index, run and chat, and how bad input is reported."""

import gzip
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memrevise.cli import app
from memrevise.data import demo_collection
from memrevise.methods import METHODS
from memrevise.retrieval import Passage, load_index
from memrevise.writer.learned import DEFAULT_MODEL, WriterModel

ITEMS = Path(__file__).parent / "data" / "items.jsonl"
runner = CliRunner()


def invoke(*args, stdin=None):
    return runner.invoke(app, [str(a) for a in args], input=stdin)


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("index") / "demo"
    result = invoke("index", "--collection", demo_collection(), "--out", path)
    assert result.exit_code == 0, result.output
    return path


def printed(result, text):
    """Whether a command printed ``text``, however the console wrapped its long lines."""
    return "".join(text.split()) in "".join(result.output.split())


def read_run(path):
    rows = [line.split() for line in Path(path).read_text().splitlines()]
    runs = {}
    for qid, q0, pid, rank, score, tag in rows:
        assert q0 == "Q0"
        runs.setdefault(qid, []).append((int(rank), pid, float(score), tag))
    return runs


def test_demo_replays_the_apollo_conversation():
    result = subprocess.run(
        [sys.executable, "-m", "memrevise.cli", "demo"], capture_output=True, text=True, check=True
    )
    text = result.stdout
    assert "Turn 7  sorry, i meant 12, not 11" in text
    assert "Abandon(Buzz Aldrin), Reactivate(Neil Armstrong)" in text
    assert "query:  where did Neil Armstrong grow up?" in text
    last_turn = text[text.index("Turn 7") :]
    assert "dropped  Apollo 11" in last_turn
    assert "current  Apollo 12" in last_turn
    first_passage = last_turn[last_turn.index("passages:") :].splitlines()[1]
    assert "Apollo 12" in first_passage


@pytest.mark.parametrize("method", METHODS)
def test_run_writes_a_trec_run_for_every_method(index_dir, tmp_path, method):
    run = tmp_path / "run.trec"
    result = invoke("run", "--index", index_dir, "--items", ITEMS, "--method", method, "--run", run)
    assert result.exit_code == 0, result.output
    runs = read_run(run)
    assert len(runs) == 6
    for ranking in runs.values():
        assert [r for r, *_ in ranking] == list(range(1, len(ranking) + 1))
        scores = [s for _, _, s, _ in ranking]
        assert scores == sorted(scores, reverse=True)
        assert {t for *_, t in ranking} == {method}
        assert len(ranking) <= 100


def test_memrevise_ranks_the_intended_page_first_after_corrections(index_dir, tmp_path):
    run, trace = tmp_path / "run.trec", tmp_path / "trace.jsonl"
    result = invoke(
        "run", "--index", index_dir, "--items", ITEMS, "--method", "memrevise",
        "--run", run, "--trace", trace,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    firsts = {qid: ranking[0][1] for qid, ranking in read_run(run).items()}
    assert firsts["apollo-1-corr"].startswith("neil-armstrong")
    assert firsts["apollo-1-srep"].startswith("neil-armstrong")
    assert firsts["apollo-2-val"].startswith("apollo-12")
    assert firsts["avatar-1-corr"].startswith("avatar-2004")
    traces = {t["qid"]: t for t in map(json.loads, trace.read_text().splitlines())}
    correction = traces["apollo-1-corr"]
    assert correction["query"] == "where did Neil Armstrong grow up?"
    assert correction["topic"] == "Neil Armstrong"
    statuses = {t["name"]: t["status"] for t in correction["memory"]["topics"]}
    assert statuses["Buzz Aldrin"] == "dropped"
    assert set(correction["ms"]) == {"writer", "search"}


def test_ablation_switches_reach_the_search(index_dir, tmp_path):
    run = tmp_path / "run.trec"
    result = invoke(
        "run", "--index", index_dir, "--items", ITEMS, "--method", "memrevise", "--run", run,
        "--no-title-prior", "--no-facts-vote", "--no-exclusion", "--no-topic-repair",
        "--no-number-rule", "--horizon", "1", "--trace", tmp_path / "t.jsonl",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    trace = json.loads((tmp_path / "t.jsonl").read_text().splitlines()[0])
    assert len(trace["memory"]["nodes"]) == 4, "the trace keeps the whole memory"
    bad = invoke(
        "run", "--index", index_dir, "--items", ITEMS, "--method", "memrevise", "--run", run,
        "--no-template", "--no-writer-query",
    )  # fmt: skip
    assert bad.exit_code == 2
    assert "needs the template" in bad.output


def test_a_malformed_collection_line_is_named_and_no_index_is_left(tmp_path):
    collection = tmp_path / "c.jsonl"
    collection.write_text('{"id": "a", "title": "A", "text": "x"}\n{"id": "b", "text": 3}\n')
    result = invoke("index", "--collection", collection, "--out", tmp_path / "idx")
    assert result.exit_code == 2
    assert f"{collection}:2:" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "idx").exists()
    good = tmp_path / "good.jsonl"
    good.write_text('{"id": "a", "title": "A", "text": "x"}\n')
    assert invoke("index", "--collection", good, "--out", tmp_path / "idx").exit_code == 0
    again = invoke("index", "--collection", collection, "--out", tmp_path / "idx")
    assert again.exit_code == 2  # read as it is indexed: the bad line stops it before saving
    assert load_index(tmp_path / "idx").passage(0) == Passage("a", "A", "x")


def test_a_malformed_items_line_is_named_and_an_earlier_run_is_kept(index_dir, tmp_path):
    run = tmp_path / "run.trec"
    run.write_text("kept\n")
    items = tmp_path / "items.jsonl"
    good = ITEMS.read_text().splitlines()[0]
    items.write_text(
        good
        + "\n"
        + json.dumps({"qid": "x", "conversation_id": "c", "dataset": "d", "question": "  "})
        + "\n"
    )
    result = invoke("run", "--index", index_dir, "--items", items, "--method", "original",
                    "--run", run)  # fmt: skip
    assert result.exit_code == 2
    assert f"{items}:2:" in result.output and "empty" in result.output
    assert run.read_text() == "kept\n"


def item(**fields):
    return json.dumps({"qid": "q1", "conversation_id": "c", "dataset": "d",
                       "question": "who commanded apollo 11?", **fields})  # fmt: skip


BAD_ITEMS = {
    "nested": (item(history=[{"question": "a"}]) + "\n" + '{"qid": ' + "[" * 5000, "2",
               "invalid JSON: nested too deeply"),
    "a 4,301-digit number": (item()[:-1] + ', "turns": ' + "1" * 4301 + "}", "1",
                             "invalid JSON: a number of more than 4300 digits"),
    "a lone surrogate": ('{"qid": "q\\udc80"}', "1", "invalid JSON: a lone surrogate (half"),
    "a wrong type": (item(history="who was neil armstrong?"), "1", "qid 'q1': history: Input"),
    "a number for a qid": (item(qid=7), "1", "qid: Input should be a valid string"),
    "a qid with a space": (item(qid="q 1"), "1", "qid 'q 1': qid: Value error, must be one"),
    "a blank history question": (item(history=[{"question": " \u200b ", "answer": "x"}]), "1",
                                 "qid 'q1': history.0.question: Value error, the question is"),
    "no items": ("\n\n", "", "no items to rank"),
}  # fmt: skip


@pytest.mark.parametrize(("text", "line", "reason"), BAD_ITEMS.values(), ids=BAD_ITEMS.keys())
def test_bad_items_are_named_by_file_and_line_and_the_earlier_run_is_kept(
    index_dir, tmp_path, text, line, reason
):
    run, trace, items = tmp_path / "run.trec", tmp_path / "trace.jsonl", tmp_path / "items.jsonl"
    run.write_text("kept\n")
    trace.write_text("kept\n")
    items.write_text(text + "\n")
    result = invoke("run", "--index", index_dir, "--items", items, "--method", "memrevise",
                    "--run", run, "--trace", trace)  # fmt: skip
    assert result.exit_code == 2
    assert printed(result, f"error: {items}{':' + line if line else ''}: {reason}")
    assert "Traceback" not in result.output
    assert run.read_text() == trace.read_text() == "kept\n"


def passage(**fields):
    return json.dumps({"id": "p1", "title": "Apollo 11", "text": "The first crewed landing.",
                       **fields})  # fmt: skip


BAD_PASSAGES = {
    "nested": ('{"id": "p2", "text": ' + "[" * 5000, "invalid JSON: nested too deeply"),
    "a 4,301-digit number": (
        passage(id="p2")[:-1] + ', "views": ' + "1" * 4301 + "}",
        "invalid JSON: a number of more than 4300 digits",
    ),
    "a lone surrogate in an id": ('{"id": "p\\ud800", "text": "x"}', "invalid JSON: a lone"),
    "a wrong type": (passage(id="p2", text=["x"]), 'field "text" must be a string'),
    "an id with a space": (passage(id="p 2"), 'field "id" must be one word'),
    "an id with a tab": (passage(id="p\t2"), 'field "id" must be one word'),
}


@pytest.mark.parametrize(("line", "reason"), BAD_PASSAGES.values(), ids=BAD_PASSAGES.keys())
def test_a_bad_passage_is_named_by_file_and_line_and_the_index_is_kept(tmp_path, line, reason):
    good, bad, out = tmp_path / "good.jsonl", tmp_path / "bad.jsonl", tmp_path / "idx"
    good.write_text(passage() + "\n")
    assert invoke("index", "--collection", good, "--out", out).exit_code == 0
    saved = {p.name: p.read_bytes() for p in out.iterdir()}
    bad.write_text(passage() + "\n" + line + "\n")
    result = invoke("index", "--collection", bad, "--out", out)
    assert result.exit_code == 2
    assert printed(result, f"error: {bad}:2: {reason}")
    assert "Traceback" not in result.output
    assert {p.name: p.read_bytes() for p in out.iterdir()} == saved


def test_passages_without_titles_are_counted_in_one_warning(tmp_path):
    collection = tmp_path / "c.jsonl"
    lines = [passage(), passage(id="p2", title=""),
             json.dumps({"id": "p3", "Title": "Apollo 12", "text": "The second landing."}),
             json.dumps({"id": "p4", "text": "Buzz Aldrin grew up in Montclair."})]  # fmt: skip
    collection.write_text("\n".join(lines) + "\n")
    result = invoke("index", "--collection", collection, "--out", tmp_path / "idx")
    assert result.exit_code == 0, result.output
    assert result.output.count("warning:") == 1
    assert printed(result, f'warning: {collection}: 3 of 4 passages have no "title"')


def test_gzip_collections_and_items_are_read_as_they_are(tmp_path):
    collection, items = tmp_path / "c.jsonl.gz", tmp_path / "items.jsonl.gz"
    collection.write_bytes(gzip.compress(demo_collection().read_bytes()))
    items.write_bytes(gzip.compress(ITEMS.read_bytes()))
    assert invoke("index", "--collection", collection, "--out", tmp_path / "idx").exit_code == 0
    result = invoke("run", "--index", tmp_path / "idx", "--items", items, "--method",
                    "memrevise", "--run", tmp_path / "run.trec")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert len(read_run(tmp_path / "run.trec")) == len(ITEMS.read_text().splitlines())
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(collection.read_bytes()[:-20])
    broken = invoke("index", "--collection", cut, "--out", tmp_path / "idx2")
    assert broken.exit_code == 2
    assert printed(broken, f"error: {cut}:") and printed(broken, "unreadable")


def test_what_a_killed_save_left_is_removed_by_the_next_save(index_dir, tmp_path):
    collection, out = tmp_path / "c.jsonl", tmp_path / "idx"
    collection.write_text(passage() + "\n")
    left = [tmp_path / ".idx.k1ll3d_1", tmp_path / ".idx.old.k1ll3d_2"]
    for directory in left:
        directory.mkdir()
        (directory / "meta.json").write_text("{}")
    stale_run = tmp_path / ".run.trec.k1ll3d_3.tmp"
    stale_run.write_text("half a run")
    unrelated = tmp_path / ".idx.notes"
    unrelated.write_text("mine")
    assert invoke("index", "--collection", collection, "--out", out).exit_code == 0
    result = invoke("run", "--index", index_dir, "--items", ITEMS, "--method", "original",
                    "--run", tmp_path / "run.trec")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert not any(path.exists() for path in [*left, stale_run])
    assert unrelated.read_text() == "mine"
    assert (out / "meta.json").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--method", "nonsense"], "unknown method"),
        (["--method", "memrevise", "--writer", "nonsense"], "unknown writer"),
        (["--method", "original", "--tag", "a b"], "must be one word"),
        (["--method", "memrevise", "--writer-model", "nowhere"], "nowhere: no such model"),
    ],
)
def test_bad_options_are_clear_errors(index_dir, tmp_path, args, message):
    result = invoke("run", "--index", index_dir, "--items", ITEMS, "--run", tmp_path / "r", *args)
    assert result.exit_code == 2
    assert message in result.output


def test_run_reads_a_retrained_writer_from_its_directory(index_dir, tmp_path):
    copy = tmp_path / "model"
    shutil.copytree(DEFAULT_MODEL, copy)
    runs = []
    for extra in ([], ["--writer-model", copy]):
        run = tmp_path / f"run{len(runs)}.trec"
        result = invoke("run", "--index", index_dir, "--items", ITEMS, "--method", "memrevise",
                        "--run", run, "--workers", 1, *extra)  # fmt: skip
        assert result.exit_code == 0, result.output
        runs.append(run.read_text())
    assert runs[0] == runs[1]
    (copy / WriterModel.SWITCH).write_text("{}")
    result = invoke("run", "--index", index_dir, "--items", ITEMS, "--method", "memrevise",
                    "--run", tmp_path / "r", "--writer-model", copy)  # fmt: skip
    assert result.exit_code == 2
    assert "switch_model.json: not a switch model" in result.output.replace("\n", "")


def test_a_missing_index_is_a_clear_error(tmp_path):
    result = invoke("run", "--index", tmp_path / "none", "--items", ITEMS, "--method",
                    "original", "--run", tmp_path / "r")  # fmt: skip
    assert result.exit_code == 2
    assert "none" in result.output and "Traceback" not in result.output


def test_chat_keeps_the_memory_across_lines(index_dir):
    lines = "\n".join([
        "who was neil armstrong?",
        "",
        "\x00\x01",
        "where did he grow up?",
        ":memory",
        ":quit",
    ])  # fmt: skip
    result = invoke("chat", "--index", index_dir, stdin=lines)
    assert result.exit_code == 0, result.output
    assert "query: where did Neil Armstrong grow up?" in result.output
    assert "error: the question is empty" in result.output
    assert "current  Neil Armstrong" in result.output


def test_no_line_typed_ends_the_chat_and_its_memory_is_kept(index_dir):
    huge = "1" + "0" * 4300  # one digit more than Python converts to an int by default
    lines = "\n".join([
        "who was neil armstrong?",
        f"sorry, i meant {huge}, not 11",
        "{" * 16_000,
        "²³ ١٢ 1e999 -0 NaN",
        "where did he grow up?",
        ":memory",
        ":quit",
    ])  # fmt: skip
    result = invoke("chat", "--index", index_dir, stdin=lines)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "query: where did Neil Armstrong grow up?" in result.output
    assert "Neil Armstrong" in result.output.split("query: where did")[1]


def test_a_100_kb_turn_is_handled(index_dir, tmp_path):
    items = tmp_path / "items.jsonl"
    item = {"qid": "big", "conversation_id": "c", "dataset": "d",
            "history": [{"question": "what was apollo 11?", "answer": "x " * 50_000}],
            "question": "when did it launch? " + "moon " * 20_000}  # fmt: skip
    items.write_text(json.dumps(item) + "\n")
    result = invoke("run", "--index", index_dir, "--items", items, "--method", "memrevise",
                    "--run", tmp_path / "r.trec")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert len(read_run(tmp_path / "r.trec")["big"]) > 0


def test_evaluate_compares_runs_and_writes_a_report(index_dir, tmp_path):
    runs = []
    for method in ("memrevise", "original"):
        run = tmp_path / f"{method}.trec"
        invoke("run", "--index", index_dir, "--items", ITEMS, "--method", method, "--run", run)
        runs.append(run)
    report = tmp_path / "report.md"
    result = invoke("evaluate", "--items", ITEMS, *runs, "--report", report, "--resamples", 200)
    assert result.exit_code == 0, result.output
    assert "MRR@10" in result.output and "memrevise" in result.output
    assert "Δ MRR@10 vs memrevise" in result.output
    assert report.exists() and (tmp_path / "report-tiers.png").read_bytes()[:4] == b"\x89PNG"
    named = invoke("evaluate", "--items", ITEMS, *runs, "--name", "ours", "--name", "plain")
    assert named.exit_code == 0, named.output
    assert "Δ MRR@10 vs ours" in named.output and "Baseline: ours." in named.output


def test_evaluate_names_a_broken_run_line(tmp_path):
    run = tmp_path / "bad.trec"
    run.write_text("q1 Q0 p1 1 0.5 tag\nq1 Q0 p2 x\n")
    result = invoke("evaluate", "--items", ITEMS, run)
    assert result.exit_code == 2
    assert f"{run}:2:" in result.output


def test_bench_build_writes_collection_splits_and_manifest(tmp_path):
    source = Path(__file__).parent / "data" / "sources" / "topiocqa.json.gz"
    result = invoke("bench", "build", "--topiocqa", source, "--out", tmp_path / "bench")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "bench" / "manifest.json").read_text())
    assert set(manifest["items"]) == {"train", "dev", "test"}
    for name in ("collection.jsonl", "train.jsonl", "dev.jsonl", "test.jsonl"):
        assert (tmp_path / "bench" / name).exists()


def test_a_run_over_two_processes_equals_one_in_a_single_process(index_dir, tmp_path):
    for workers in (1, 2):
        result = invoke(
            "run", "--index", index_dir, "--items", ITEMS, "--method", "memrevise",
            "--run", tmp_path / f"w{workers}.trec", "--trace", tmp_path / f"w{workers}.jsonl",
            "--workers", workers,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
    assert (tmp_path / "w1.trec").read_text() == (tmp_path / "w2.trec").read_text()
    one = [json.loads(line) for line in (tmp_path / "w1.jsonl").read_text().splitlines()]
    two = [json.loads(line) for line in (tmp_path / "w2.jsonl").read_text().splitlines()]
    assert [(t["qid"], t["query"], t["memory"]) for t in one] == [
        (t["qid"], t["query"], t["memory"]) for t in two
    ]

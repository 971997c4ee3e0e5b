"""Ranking on a local Ray cluster: the run is byte for byte the run of one process."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memrevise.bench.items import read_items
from memrevise.cli import app
from memrevise.data import demo_collection
from memrevise.distributed import rank_on_ray
from memrevise.methods import MethodSpec, rank_items
from memrevise.workers import batches

ray = pytest.importorskip("ray")

ITEMS = Path(__file__).parent / "data" / "items.jsonl"
runner = CliRunner()


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ray") / "index"
    result = invoke("index", "--collection", demo_collection(), "--out", path)
    assert result.exit_code == 0, result.output
    return path


def test_batches_keep_conversations_whole_and_items_in_order():
    items = read_items(ITEMS)
    for workers in (1, 2, 8):
        split = batches(items, workers)
        assert [item for batch in split for item in batch] == items
        for before, after in itertools.pairwise(split):
            assert before[-1].conversation_id != after[0].conversation_id
    assert len(batches(items, 8)) == len({item.conversation_id for item in items})


def test_ray_rankings_equal_those_of_one_process(cluster, index_dir):
    items = read_items(ITEMS)
    spec = MethodSpec(index_dir, "memrevise", "rules")
    alone = [(item.qid, ranked.ids, ranked.scores) for item, ranked in rank_items(spec, items)]
    spread = rank_on_ray(spec, items, 100, "auto", 2)
    assert [(item.qid, ranked.ids, ranked.scores) for item, ranked in spread] == alone


def test_the_run_file_is_identical_to_a_sequential_run(cluster, index_dir, tmp_path):
    """Ray actors sharing history prefixes write what one process replaying each item does."""
    for name, extra in (
        ("one", ("--workers", 1, "--no-shared-prefixes")),
        ("ray", ("--ray", "auto", "--shared-prefixes")),
    ):
        result = invoke(
            "run", "--index", index_dir, "--items", ITEMS, "--method", "memrevise",
            "--writer", "rules", "--run", tmp_path / f"{name}.trec", *extra,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
    assert (tmp_path / "ray.trec").read_bytes() == (tmp_path / "one.trec").read_bytes()


def test_annotating_on_ray_writes_what_one_process_writes(cluster, tmp_path):
    from llm_fixtures import bench_items

    from memrevise.bench.items import write_items

    items_path = tmp_path / "items.jsonl"
    write_items(bench_items(), items_path)
    outputs = {}
    for name, extra in (("one", ()), ("ray", ("--ray", "auto"))):
        outputs[name] = tmp_path / f"{name}.jsonl"
        result = invoke("train", "annotate", "--items", items_path, "--out", outputs[name], *extra)
        assert result.exit_code == 0, result.output
    lines = {name: path.read_text().splitlines() for name, path in outputs.items()}
    assert len(lines["one"]) > len(bench_items())
    assert sorted(lines["ray"]) == sorted(lines["one"])
    again = invoke(
        "train", "annotate", "--items", items_path, "--out", outputs["ray"], "--ray", "auto"
    )
    assert again.exit_code == 0 and "0 conversations" in again.output


def test_an_oracle_teacher_with_a_checker_is_refused_before_ray_starts(tmp_path):
    result = invoke(
        "train", "annotate", "--items", ITEMS, "--out", tmp_path / "a.jsonl",
        "--checker", "http://127.0.0.1:9", "--ray", "auto",
    )  # fmt: skip
    assert result.exit_code == 2 and "need no checker" in result.output

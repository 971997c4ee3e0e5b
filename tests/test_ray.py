"""Ranking on a local Ray cluster: the run is byte for byte the run of one process."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memrevise.bench.items import read_items
from memrevise.cli import app, demo_collection
from memrevise.distributed import batches
from memrevise.methods import MethodSpec, rank_items

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
    spread = rank_items(spec, items, workers=2, ray="auto")
    assert [(item.qid, ranked.ids, ranked.scores) for item, ranked in spread] == alone


def test_the_run_file_is_identical_to_a_sequential_run(cluster, index_dir, tmp_path):
    for name, extra in (("one", ("--workers", 1)), ("ray", ("--ray", "auto"))):
        result = invoke(
            "run", "--index", index_dir, "--items", ITEMS, "--method", "memrevise",
            "--writer", "rules", "--run", tmp_path / f"{name}.trec", *extra,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
    assert (tmp_path / "ray.trec").read_bytes() == (tmp_path / "one.trec").read_bytes()

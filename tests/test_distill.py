"""Distillation: teacher memories (the oracle, or a model checked by a second one), training
examples as the paper builds them, the memory-free writer's examples, and LoRA training end
to end on a tiny model, loaded back as a writer that runs a conversation."""

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from llm_fixtures import (
    CONVERSATIONS,
    bench_index,
    bench_items,
    make_tiny_model,
    requests_of,
    served,
)
from safetensors.torch import load_file
from typer.testing import CliRunner

from memrevise.bench.items import write_items
from memrevise.cli import app
from memrevise.memory import Op, WriterOutput
from memrevise.retrieval import BM25Index
from memrevise.search import MemRevise
from memrevise.train.annotate import (
    AnnotationLog,
    Checker,
    ModelTeacher,
    OracleTeacher,
    annotate,
    item_turns,
    oracle_annotations,
)
from memrevise.train.distill import (
    auxiliary_examples,
    changes_memory,
    memory_free_data,
    read_annotations,
    read_examples,
    teacher_memories,
    writer_data,
)
from memrevise.train.lora import Recipe, attention_modules, encode
from memrevise.writer import RuleWriter, make_writer
from memrevise.writer.base import Writer
from memrevise.writer.llm.hf import HFBackend, load_model, load_tokenizer
from memrevise.writer.llm.memory_free import SYSTEM_PROMPT as MEMORY_FREE_PROMPT
from memrevise.writer.llm.prompt import SYSTEM_PROMPT
from memrevise.writer.llm.server import ServerBackend
from memrevise.writer.llm.writer import LLMWriter

runner = CliRunner()


def invoke(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def items():
    return bench_items()


@pytest.fixture(scope="module")
def items_path(items, tmp_path_factory):
    path = tmp_path_factory.mktemp("items") / "train.jsonl"
    write_items(items, path)
    return path


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("index") / "index"
    bench_index().save(path)
    return path


@pytest.fixture(scope="module")
def annotations(items_path, tmp_path_factory):
    path = tmp_path_factory.mktemp("annotations") / "annotations.jsonl"
    invoke("train", "annotate", "--items", items_path, "--out", path)
    return path


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("tiny"))


def lines(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


# ---- teacher memories ---------------------------------------------------------------------


def test_the_oracle_gives_one_pair_a_turn_rendered_from_its_own_memory(items, annotations):
    records = lines(annotations)
    assert len(records) == sum(len(item.history) + 1 for item in items)
    item = items[0]
    pairs = [r for r in records if r["qid"] == item.qid]
    assert [r["turn"] for r in pairs] == list(range(1, len(item.history) + 2))
    assert [r["want_query"] for r in pairs] == [False] * len(item.history) + [True]
    assert [r["target"] for r in pairs] == [
        json.loads(WriterOutput.model_validate(t).model_dump_json(exclude_none=True))
        | {"operations": [{k: v for k, v in op.items() if v} for op in t["operations"]]}
        for t in item.model_extra["oracle"]
    ]
    assert pairs[0]["input"].startswith("Topics:\n(none)\nLog:\n(empty)\nPrevious question: (none)")
    assert "1. Paul McCartney [person] | turns 1 | current" in pairs[1]["input"]
    assert pairs[-1]["input"].endswith("Query requested: yes")
    assert {r["source"] for r in records} == {"oracle"}


def test_an_item_without_oracle_targets_is_named(items):
    bare = items[0].model_copy(update={"oracle": None})
    with pytest.raises(ValueError, match=f"item {bare.qid}: no oracle targets for 7 turns"):
        oracle_annotations(bare)


def test_a_rerun_keeps_every_finished_conversation_and_drops_a_half_written_one(
    items, annotations, tmp_path
):
    path = tmp_path / "annotations.jsonl"
    complete = Path(annotations).read_bytes()
    first_end = complete.index(b"\n", complete.index(b'"want_query":true')) + 1
    path.write_bytes(complete[: first_end + 900])  # into the second conversation
    log = AnnotationLog(path)
    assert log.done == {items[0].qid}
    assert path.read_bytes() == complete[:first_end], "the half-written tail is cut off"
    result = annotate(items, path, OracleTeacher())
    assert (result.annotated, result.skipped) == (len(items) - 1, 1)
    assert sorted(lines(path), key=json.dumps) == sorted(lines(annotations), key=json.dumps)
    again = annotate(items, path, OracleTeacher())
    assert (again.annotated, again.skipped) == (0, len(items))


def test_a_model_teacher_is_checked_and_corrected_by_a_second_model(items, tiny_model, tmp_path):
    with served(tiny_model) as base:
        writer = LLMWriter(ServerBackend(f"{base}/fenced/v1", "tiny"), RuleWriter())
        checker = Checker(ServerBackend(f"{base}/fixer/v1", "tiny"))
        teacher = ModelTeacher(writer, checker, batch=3)
        result = annotate(items[:3], tmp_path / "a.jsonl", teacher)
        garbage = ModelTeacher(LLMWriter(ServerBackend(f"{base}/garbage/v1", "tiny"), RuleWriter()))
        fallen = annotate(items[:1], tmp_path / "b.jsonl", garbage)
    turns = sum(len(item.history) + 1 for item in items[:3])
    assert result.sources == {"checked": turns}
    records = lines(tmp_path / "a.jsonl")
    assert {r["target"]["topic"] for r in records} == {"Apollo 12"}, "the checker's node"
    assert "1. Apollo 12 | turns 1 | current" in records[1]["input"], "the corrected memory"
    assert fallen.sources == {"fallback": len(items[0].history) + 1}


def test_a_model_teacher_writes_shared_histories_once_and_annotates_as_item_by_item(
    items, tiny_model, tmp_path
):
    asked, written = {}, {}
    with served(tiny_model) as base:
        for shared in (True, False):
            before = len(requests_of(base, "fenced"))
            writer = LLMWriter(ServerBackend(f"{base}/fenced/v1", "tiny"), RuleWriter())
            teacher = ModelTeacher(writer, batch=2, share_prefixes=shared)
            annotate(items, tmp_path / f"{shared}.jsonl", teacher)
            asked[shared] = len(requests_of(base, "fenced")) - before
            written[shared] = (tmp_path / f"{shared}.jsonl").read_bytes()
    assert written[True] == written[False]
    histories = {
        tuple(item_turns(item)[: n + 1]) for item in items for n in range(len(item.history) + 1)
    }
    assert asked[True] <= len(histories) < asked[False]


# ---- training examples --------------------------------------------------------------------


def test_a_turn_changes_the_memory_unless_it_refines_the_current_topic(annotations):
    group = read_annotations(annotations)[0]
    refine = group[1].output()
    assert [op.op for op in refine.operations] == [Op.REFINE]
    memories = teacher_memories(group)
    assert not changes_memory(refine, memories[1])
    assert changes_memory(group[2].output(), memories[2]), "Add(John Lennon)"


def test_examples_are_built_as_the_paper_builds_them(annotations, index_dir):
    groups = read_annotations(annotations)
    index = BM25Index.load(index_dir)
    data = writer_data(groups, MemRevise(index, make_writer("rules", index)), 0.3, seed=1)
    kinds = {}
    for example in data.train:
        key = (example.meta["memory"], example.meta.get("answer", True))
        kinds[key] = kinds.get(key, 0) + 1
        assert example.messages[0]["content"] == SYSTEM_PROMPT
    assert set(kinds) == {("teacher", True), ("teacher", False), ("auxiliary", True)}
    for example in data.train:
        if example.meta.get("answer") is False:
            assert "Answer:" not in example.messages[1]["content"].split("Turn ")[-1]
            assert json.loads(example.target)["facts"] == []
    dev_qids = {e.meta["qid"] for e in data.dev}
    assert dev_qids and not dev_qids & {e.meta["qid"] for e in data.train}
    assert all(e.meta["memory"] == "teacher" for e in data.dev)
    finals = [e for e in data.dev if '"query"' in e.target]
    assert finals and all(e.target[: e.scored].endswith("]") for e in finals)
    keys = [(e.messages[1]["content"], e.target) for e in data.train]
    assert len(keys) == len(set(keys)), "shared histories appear once"


@dataclass
class CountingWriter:
    """A real writer, and how many turns it wrote."""

    writer: Writer
    written: int = 0

    def update(self, memory, previous_question, turn, want_query):
        self.written += 1
        return self.writer.update(memory, previous_question, turn, want_query)


def test_auxiliary_memories_write_shared_histories_once_and_give_the_same_examples(
    annotations, index_dir
):
    groups = read_annotations(annotations)
    index = BM25Index.load(index_dir)
    examples, writes = {}, {}
    for shared in (True, False):
        writer = CountingWriter(make_writer("rules", index))
        found = auxiliary_examples(groups, MemRevise(index, writer), share_prefixes=shared)
        examples[shared], writes[shared] = [e.to_dict() for e in found], writer.written
    assert examples[True], "the fixtures' items give auxiliary examples"
    assert examples[True] == examples[False]
    histories = {
        tuple((a.question, a.answer) for a in g[:n]) for g in groups for n in range(1, len(g))
    }
    assert writes[True] == len(histories) < writes[False]


def test_the_memory_free_writer_learns_final_queries_from_the_raw_conversation(annotations):
    data = memory_free_data(read_annotations(annotations), 0.3, seed=1)
    for example in data.train + data.dev:
        assert example.messages[0]["content"] == MEMORY_FREE_PROMPT
        assert set(json.loads(example.target)) == {"query"}
        assert example.scored == len(example.target)
        assert "Topics:" not in example.messages[1]["content"]
        assert "(final)" in example.messages[1]["content"]


def test_data_without_a_held_out_conversation_is_refused(annotations):
    groups = read_annotations(annotations)[:1]
    with pytest.raises(ValueError, match="1 conversations leave"):
        writer_data(groups, None, 0.05)


def test_a_bad_annotation_line_is_named(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"qid": "x"}\n')
    with pytest.raises(ValueError, match=r"bad.jsonl:1: conversation_id: Field required"):
        read_annotations(path)


# ---- LoRA ---------------------------------------------------------------------------------


def test_the_loss_covers_the_reply_and_held_out_only_the_fields_before_the_query(
    annotations, tiny_model
):
    tokenizer = load_tokenizer(tiny_model)
    data = writer_data(read_annotations(annotations), None, 0.3, seed=1)
    final = next(e for e in data.dev if '"query"' in e.target)
    train = encode(tokenizer, final, scored_only=False, limit=16_384)
    held = encode(tokenizer, final, scored_only=True, limit=16_384)
    reply = [t for t, label in zip(train["input_ids"], train["labels"], strict=True) if label >= 0]
    assert tokenizer.decode(reply, skip_special_tokens=True) == final.target
    scored = [t for t, label in zip(held["input_ids"], held["labels"], strict=True) if label >= 0]
    assert tokenizer.decode(scored).startswith(final.target[: final.scored - 2])
    assert '"query"' not in tokenizer.decode(scored)


def test_attention_projections_are_found(tiny_model):
    assert attention_modules(load_model(tiny_model)) == ["q_proj", "k_proj", "v_proj", "o_proj"]


def test_the_batch_must_split_into_micro_batches():
    with pytest.raises(ValueError, match=r"the batch \(12\) must be a multiple"):
        Recipe(batch=12, micro_batch=5)


def test_distil_end_to_end_then_run_a_conversation_with_the_adapter(
    annotations, index_dir, tiny_model, tmp_path
):
    data, out = tmp_path / "data", tmp_path / "writer"
    invoke(
        "train", "data", "--annotations", annotations, "--out", data,
        "--index", index_dir, "--auxiliary", "rules", "--holdout", "0.3", "--seed", "1",
    )  # fmt: skip
    assert read_examples(data / "train.jsonl") and read_examples(data / "dev.jsonl")
    recipe = ["--batch", "2", "--micro-batch", "1", "--eval-steps", "1", "--learning-rate", "1e-3"]
    said = invoke("train", "lora", "--data", data, "--base", tiny_model, "--out", out,
                  *recipe, "--max-steps", "2")  # fmt: skip
    assert "after 2 steps" in said
    record = json.loads((out / "training.json").read_text())
    evals = [e["eval_loss"] for e in record["log"] if "eval_loss" in e]
    assert len(evals) == 2 and record["best_eval_loss"] == min(evals)
    assert record["best_checkpoint"].endswith(f"checkpoint-{1 + evals.index(min(evals))}")
    assert record["recipe"]["rank"] == 16 and record["recipe"]["alpha"] == 32
    assert (out / "loss.png").stat().st_size > 0
    kept = load_file(out / "adapter" / "adapter_model.safetensors")
    best = load_file(Path(record["best_checkpoint"]) / "adapter_model.safetensors")
    assert kept.keys() == best.keys() and all(kept[k].equal(best[k]) for k in kept)
    assert {k.split(".")[-3] for k in kept} >= {"q_proj", "k_proj", "v_proj", "o_proj"}
    assert any(k.endswith("lora_B.weight") and kept[k].abs().sum() > 0 for k in kept), "trained"

    said = invoke("train", "lora", "--data", data, "--base", tiny_model, "--out", out,
                  *recipe, "--max-steps", "3")  # fmt: skip
    assert "after 3 steps" in said, "resumed from checkpoint 2"
    resumed = json.loads((out / "training.json").read_text())["log"]
    assert [e["step"] for e in resumed if "eval_loss" in e] == [1, 2, 3]

    writer = LLMWriter(HFBackend(tiny_model, out / "adapter"), RuleWriter(), max_tokens=12)
    session = MemRevise(BM25Index.load(index_dir), writer).session()
    for turn in CONVERSATIONS[1].turns:
        session.add_turn(turn.question, turn.answer)
    result = session.search("sorry, i meant 12, not 11", k=5)
    assert result.hits and result.query
    assert len(result.memory.nodes) == 3
    assert [e["turn"] for e in writer.events] == [1, 2, 3]
    assert all("fallback" in e or "repaired" in e for e in writer.events)


def test_the_memory_free_writer_trains_with_the_same_recipe(annotations, tiny_model, tmp_path):
    data, out = tmp_path / "data", tmp_path / "memory-free"
    invoke("train", "memory-free", "--annotations", annotations, "--out", data,
           "--holdout", "0.3", "--seed", "1")  # fmt: skip
    recipe = ["--batch", "2", "--micro-batch", "1", "--max-steps", "1", "--eval-steps", "1"]
    invoke("train", "lora", "--data", data, "--base", tiny_model, "--out", out, *recipe)
    assert (out / "adapter" / "adapter_config.json").is_file()

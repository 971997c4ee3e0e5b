"""Shared conversation prefixes: items of one conversation write their common history once, and
rank exactly as if each item were replayed from its first turn."""

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from fixtures_bench import ALL, write_source
from typer.testing import CliRunner

from memrevise.bench import Item
from memrevise.cli import app
from memrevise.data import demo_collection
from memrevise.memory import Memory, Node
from memrevise.methods import MemReviseMethod
from memrevise.prefixes import PrefixCache
from memrevise.retrieval import BM25Index, read_collection
from memrevise.search import MemRevise
from memrevise.search.prefixes import PrefixStates
from memrevise.writer import make_writer
from memrevise.writer.base import Turn, Writer

runner = CliRunner()

MOON = [
    {"question": "what was apollo 11?", "answer": "The first crewed Moon landing, in 1969."},
    {"question": "who walked on the moon?", "answer": "Neil Armstrong and Buzz Aldrin."},
    {"question": "where did he grow up?", "answer": "Armstrong grew up in Wapakoneta, Ohio."},
]


def moon_item(qid: str, turns: int, question: str) -> Item:
    return Item(
        qid=qid, conversation_id="moon", dataset="demo", history=MOON[:turns], question=question
    )


ITEMS = [
    moon_item("moon-2", 2, "where did he grow up?"),
    moon_item("moon-3", 3, "sorry, i meant aldrin, not armstrong"),
    moon_item("moon-3b", 3, "when did apollo 12 land?"),
    Item(
        qid="avatar-1",
        conversation_id="avatar",
        dataset="demo",
        history=[{"question": "who directed avatar?", "answer": "James Cameron, in 2009."}],
        question="when was he born?",
    ),
]


@dataclass
class CountingWriter:
    """A real writer, and the questions it was asked to write."""

    writer: Writer
    written: list[str] = field(default_factory=list)

    def update(
        self, memory: Memory, previous_question: str | None, turn: Turn, want_query: bool
    ) -> Node:
        self.written.append(turn.question)
        return self.writer.update(memory, previous_question, turn, want_query)


@pytest.fixture(scope="module")
def index():
    return BM25Index.build(read_collection(demo_collection()))


def ranked_with(index, share_prefixes: bool, kept: int = 100, items=ITEMS):
    writer = CountingWriter(make_writer("rules", index))
    method = MemReviseMethod(MemRevise(index, writer), share_prefixes, kept)
    return [method.rank(item, 20) for item in items], writer.written


def without_timings(ranked):
    return [(r.ids, r.scores, {**r.trace, "ms": None}) for r in ranked]


def test_each_distinct_history_turn_is_written_once(index):
    shared, written = ranked_with(index, share_prefixes=True)
    alone, replayed = ranked_with(index, share_prefixes=False)
    assert written == [
        "what was apollo 11?",
        "who walked on the moon?",
        "where did he grow up?",  # moon-2's final turn
        "where did he grow up?",  # the third history turn, written once for moon-3 and moon-3b
        "sorry, i meant aldrin, not armstrong",
        "when did apollo 12 land?",
        "who directed avatar?",
        "when was he born?",
    ]
    assert len(replayed) == 2 + 1 + 3 + 1 + 3 + 1 + 1 + 1
    assert without_timings(shared) == without_timings(alone)


def test_a_small_cache_forgets_old_prefixes_but_ranks_the_same(index):
    again = [*ITEMS, ITEMS[1]]  # moon-3 again after the avatar item
    alone, _ = ranked_with(index, share_prefixes=False, items=again)
    one, written = ranked_with(index, share_prefixes=True, kept=1, items=again)
    assert without_timings(one) == without_timings(alone)
    assert written.count("what was apollo 11?") == 2, "the moon prefixes are no longer kept"
    _, written = ranked_with(index, share_prefixes=True, items=again)
    assert written.count("what was apollo 11?") == 1
    with pytest.raises(ValueError, match="at least one"):
        PrefixStates(MemRevise(index, make_writer("rules", index)), 0)


def invoke(*args: object):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def benchmark(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Every split of a benchmark built from the fixture conversations, in one items file
    (items of one conversation share history prefixes), and its index."""
    root = tmp_path_factory.mktemp("shared")
    write_source(root / "topiocqa.json.gz", ALL)
    invoke("bench", "build", "--topiocqa", root / "topiocqa.json.gz", "--out", root / "bench")
    lines = [
        line
        for split in ("train", "dev", "test")
        for line in (root / "bench" / f"{split}.jsonl").read_text().splitlines()
    ]
    items = root / "items.jsonl"
    items.write_text("\n".join(lines) + "\n")
    invoke("index", "--collection", root / "bench" / "collection.jsonl", "--out", root / "index")
    return items, root / "index"


def test_runs_with_shared_prefixes_are_those_of_item_by_item_replay(benchmark, tmp_path):
    """The run file is byte for byte the same with and without shared prefixes, in one process
    and in two, and so is the trace but for its ``ms`` timings, which differ on every run,
    shared prefixes or not."""
    items, index = benchmark
    conversations = [json.loads(line)["conversation_id"] for line in items.open()]
    assert len(conversations) > len(set(conversations)) > 1, "some items share a conversation"
    runs, traces = {}, {}
    for shared in ("--shared-prefixes", "--no-shared-prefixes"):
        for workers in (1, 2):
            name = f"{shared}-{workers}"
            run, trace = tmp_path / f"{name}.trec", tmp_path / f"{name}.jsonl"
            invoke("run", "--index", index, "--items", items, "--method", "memrevise",
                   "--run", run, "--trace", trace, "--workers", workers, shared)  # fmt: skip
            runs[name] = run.read_bytes()
            traces[name] = [{**record, "ms": None} for record in map(json.loads, trace.open())]
    reference = "--no-shared-prefixes-1"
    assert runs[reference].count(b"\n") > 0
    assert all(run == runs[reference] for run in runs.values())
    assert all(trace == traces[reference] for trace in traces.values())
    assert len(traces[reference]) == len(conversations)


def test_the_longest_kept_prefix_is_found_and_the_least_recently_used_goes_first():
    kept: PrefixCache[str, int] = PrefixCache(size=2)
    kept.put(("apollo 11",), 1)
    kept.put(("apollo 11", "armstrong"), 2)
    assert kept.longest(("apollo 11", "armstrong", "aldrin")) == (2, 2)
    assert kept.longest(("apollo 12",)) == (0, None)
    kept.longest(("apollo 11",))  # used: ("apollo 11", "armstrong") is now the oldest
    kept.put(("avatar",), 3)
    assert kept.get(("apollo 11", "armstrong")) is None
    assert kept.get(("apollo 11",)) == 1
    assert kept.get(("avatar",)) == 3

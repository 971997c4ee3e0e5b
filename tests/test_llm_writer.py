"""The LLM writer: replies repaired once or fallen back, with every fallback in the trace; a
local model, a real chat-completions server on loopback (that also fails, stalls and answers
malformed JSON), GGUF; and ``memrevise run`` with the LLM writer."""

import contextlib
import json
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from llm_fixtures import make_tiny_model, requests_of, served
from typer.testing import CliRunner

from memrevise.bench.items import read_items
from memrevise.cli import app
from memrevise.data import demo_collection
from memrevise.memory import Memory, Op, WriterOutput, WriterOutputError, parse_writer_output
from memrevise.methods import MemReviseMethod
from memrevise.methods.lockstep import LockstepMemRevise
from memrevise.retrieval import BM25Index, read_collection
from memrevise.search import MemRevise
from memrevise.writer import RuleWriter, Turn
from memrevise.writer.llm.backends import BackendError
from memrevise.writer.llm.config import LLMConfig
from memrevise.writer.llm.hf import HFBackend, cap, load_tokenizer, prompt_text
from memrevise.writer.llm.prompt import before_query, output_schema, output_text
from memrevise.writer.llm.repair import first_object, read_output
from memrevise.writer.llm.server import ServerBackend
from memrevise.writer.llm.writer import LLMWriter, Request

ITEMS = Path(__file__).parent / "data" / "items.jsonl"
runner = CliRunner()

CORRECTION = WriterOutput.model_validate(
    {
        "dependencies": [2],
        "contradictions": ["Buzz Aldrin"],
        "operations": ["Abandon(Buzz Aldrin)", "Reactivate(Neil Armstrong)"],
        "topic": "Neil Armstrong",
        "facts": [],
        "query": "where did Neil Armstrong grow up?",
    }
)


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("tiny"))


@pytest.fixture(scope="module")
def server(tiny_model):
    with served(tiny_model) as base:
        yield base


@pytest.fixture(scope="module")
def demo_index():
    return BM25Index.build(read_collection(demo_collection()))


def first_turn(want_query=False):
    answer = None if want_query else "Apollo 11 was the first crewed Moon landing."
    return Request(Memory(), None, Turn.of("what was apollo 11?", answer), want_query)


# ---- reading and repairing replies --------------------------------------------------------


def test_a_valid_reply_is_read_as_written_with_no_repair():
    reading = read_output(output_text(CORRECTION), turn=4, want_query=True)
    assert reading.output == CORRECTION
    assert reading.fixes == ()


def test_a_reply_in_prose_and_a_code_fence_with_trailing_commas_is_repaired():
    body = output_text(CORRECTION)[:-1] + ",}"
    reply = f"Sure! Here is the node:\n```json\n{body}\n```\nAnything else?"
    reading = read_output(reply, turn=4, want_query=True)
    assert reading.output == CORRECTION
    assert reading.fixes == (
        "took the JSON object out of the surrounding text",
        "removed trailing commas",
    )


def test_a_field_of_the_wrong_shape_is_fixed_when_only_one_reading_is_possible():
    reply = json.dumps(
        {
            "dependencies": ["2"],
            "contradictions": "Buzz Aldrin",
            "operations": ["Abandon(Buzz Aldrin)", "Reactivate(Neil Armstrong)"],
            "topic": ["Neil Armstrong"],
            "facts": None,
            "query": "where did Neil Armstrong grow up?",
        }
    )
    reading = read_output(reply, turn=4, want_query=True)
    assert reading.output == CORRECTION
    assert set(reading.fixes) == {
        "dependencies: numbers written as strings",
        "contradictions: one value made a list",
        "topic: one-element list made a string",
        "facts: null made an empty list",
    }


def test_dependencies_outside_the_earlier_turns_and_an_unrequested_query_are_dropped():
    reply = output_text(CORRECTION.model_copy(update={"dependencies": (0, 2, 4, 9)}))
    reading = read_output(reply, turn=4, want_query=False)
    assert reading.output.dependencies == (2,)
    assert reading.output.query is None
    assert reading.fixes == (
        "dropped dependencies outside turns 1-3",
        "dropped a query that was not requested",
    )


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        (output_text(CORRECTION)[:60], "no JSON object to repair"),  # cut off at max tokens
        ('{"operations": ["Forget(Apollo 11)"], "topic": "Apollo 11"}', "operations.0"),
        ('{"operations": ["Add(Apollo 11)"], "topic": "Apollo 11"}', "a query was requested"),
        ("I cannot help with that.", "no JSON object"),
    ],
)
def test_what_cannot_be_repaired_is_an_error_saying_what(reply, said):
    with pytest.raises(WriterOutputError, match=said):
        read_output(reply, turn=1, want_query=True)


NAMES = st.text(
    alphabet=st.characters(codec="utf-8", categories=["L", "N", "P", "Zs"]), min_size=1
).filter(lambda s: s.strip() and "(" not in s)


@st.composite
def outputs(draw):
    topics = draw(st.lists(NAMES, min_size=1, max_size=3))
    operations = [{"op": draw(st.sampled_from(list(Op))).value, "topic": t} for t in topics]
    return WriterOutput.model_validate(
        {
            "dependencies": draw(st.lists(st.integers(1, 8), max_size=3)),
            "contradictions": draw(st.lists(NAMES, max_size=2)),
            "operations": operations,
            "topic": draw(st.sampled_from(topics)),
            "facts": draw(st.lists(st.text(min_size=1), max_size=3)),
            "query": draw(st.none() | NAMES),
        }
    )


def with_trailing_commas(value):
    if isinstance(value, dict):
        inner = "".join(f"{json.dumps(k)}: {with_trailing_commas(v)}, " for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, list):
        return "[" + "".join(f"{with_trailing_commas(v)}, " for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


PROSE = st.text(alphabet=st.characters(exclude_characters="{}"), max_size=40)


@given(outputs(), PROSE, PROSE)
def test_any_valid_output_survives_prose_and_trailing_commas(output, before, after):
    reply = before + with_trailing_commas(json.loads(output_text(output))) + after
    reading = read_output(reply, turn=9, want_query=output.query is not None)
    assert reading.output == output


@given(outputs())
def test_the_scored_part_of_an_output_is_all_of_it_up_to_the_query(output):
    text = output_text(output)
    scored = text[: before_query(output)]
    assert '"query":' not in scored  # the key, not a topic called "query"
    assert text.startswith(scored)
    if output.query is None:
        assert scored == text
    else:
        without = output.model_copy(update={"query": None})
        assert json.loads(scored + "}") == json.loads(output_text(without))


@given(st.text())
def test_the_first_object_is_balanced_or_absent(text):
    found = first_object(text)
    assert found is None or (found.startswith("{") and found.endswith("}") and found in text)


PIECES = st.sampled_from([
    "{", "}", "[", "]", '"', ",", ":", "\\", " ", "\n", "```json", "null", "true", "1.5", "NaN",
    "-0", "1e999", "²", "١٢", "\\ud800", "9" * 4301, '"dependencies": ', '"2"', '"²"',
    '"operations": ["Add(Apollo 11)"]', '"topic": "Apollo 11"', '"query": "q"', '"facts": ',
])  # fmt: skip
REPLIES = st.one_of(
    st.text(max_size=300),
    st.lists(PIECES, max_size=80).map("".join),
    st.tuples(st.sampled_from(["[", "{", '{"a": ', '{"']), st.integers(900, 20_000)).map(
        lambda pair: '{"topic": ' + pair[0] * pair[1]
    ),
)


@settings(max_examples=300, deadline=None)
@given(REPLIES, st.integers(1, 8), st.booleans())
def test_any_reply_is_an_output_or_the_documented_error(reply, turn, want_query):
    with contextlib.suppress(WriterOutputError):
        parse_writer_output(reply)
    with contextlib.suppress(WriterOutputError):
        read_output(reply, turn, want_query).output.to_node(turn, "where was he born?")


HOSTILE_64KB = {
    "braces": "{" * 65_536,
    "quoted braces": '{"' * 32_768,
    "deep": '{"a": ' + "[" * 65_000,
    "commas": "{" + ", " * 32_767 + "}",
    "escapes": '{"' + '\\"' * 32_767,
    "strings and a trailing comma": '{"facts": ['
    + ",".join(['"x"'] * 16_000)
    + '], "topic": "A",}',
    "half open": ('{"a": [1, {"b": "}' * 4_000)[:65_536],
}


@pytest.mark.parametrize("reply", HOSTILE_64KB.values(), ids=HOSTILE_64KB.keys())
def test_a_64_kb_reply_is_read_within_50_ms(reply):
    def seconds():
        start = time.perf_counter()
        with contextlib.suppress(WriterOutputError):
            read_output(reply, turn=3, want_query=True)
        return time.perf_counter() - start

    assert min(seconds() for _ in range(3)) < 0.05  # the best of three: the machine is shared


# ---- a local model ------------------------------------------------------------------------


def test_a_local_model_writes_a_batch_and_every_unusable_reply_falls_back(tiny_model):
    writer = LLMWriter(HFBackend(tiny_model, batch_size=2), RuleWriter(), max_tokens=8)
    requests = [
        first_turn(),
        first_turn(want_query=True),
        Request(Memory(), None, Turn.of("who is ringo starr?", "The drummer."), False),
    ]
    written = writer.write_many(requests)
    assert [w.node.topic for w in written] == ["Apollo 11", "Apollo 11", "Ringo Starr"]
    assert all(w.fell_back and w.reply is not None for w in written)
    assert written[1].node.query, "the fallback writer wrote the query the turn asked for"
    assert [e["turn"] for e in writer.events] == [1, 1, 1]
    assert all("fallback" in e for e in writer.events)


def test_a_long_input_keeps_its_instructions_and_its_end():
    ids = list(range(100))
    kept = cap(ids, 40)
    assert len(kept) == 40
    assert kept[:10] == list(range(10))
    assert kept[10:] == list(range(70, 100))
    assert cap(ids, 100) == ids


def test_a_tokenizer_without_a_chat_template_reads_plain_blocks(tiny_model):
    tokenizer = load_tokenizer(tiny_model)
    tokenizer.chat_template = None
    text = prompt_text(tokenizer, first_turn().messages())
    assert text.startswith("<s>### System\nYou keep the memory")
    assert text.endswith("Query requested: no\n\n### Assistant\n")


def test_a_missing_model_directory_is_named(tmp_path):
    with pytest.raises(ValueError, match=f"no model directory at {tmp_path / 'nothing'}"):
        HFBackend(tmp_path / "nothing")


# ---- an OpenAI-compatible server ------------------------------------------------------------


def test_the_server_is_asked_greedily_for_the_schema_and_a_fenced_reply_is_repaired(server):
    backend = ServerBackend(f"{server}/fenced/v1")
    assert backend.model == "tiny", "the server's only model"
    writer = LLMWriter(backend, RuleWriter())
    (written,) = writer.write_many([first_turn()])
    assert not written.fell_back
    assert written.node.topic == "Apollo 11"
    assert "removed trailing commas" in written.fixes
    assert list(writer.events) == [{"turn": 1, "repaired": list(written.fixes)}]
    (request,) = requests_of(server, "fenced")
    body = request["body"]
    assert body["temperature"] == 0 and body["max_tokens"] == 800 and body["model"] == "tiny"
    assert body["response_format"]["json_schema"]["schema"] == output_schema()
    assert body["messages"] == first_turn().messages()


def test_the_key_comes_from_the_environment(server, monkeypatch):
    monkeypatch.setenv("MEMREVISE_LLM_API_KEY", "secret")
    ServerBackend(f"{server}/keyed/v1", "tiny").complete([first_turn().messages()], None)
    assert requests_of(server, "keyed")[-1]["authorization"] == "Bearer secret"


def test_a_real_model_behind_the_server_writes_and_its_garbage_falls_back(server):
    writer = LLMWriter(ServerBackend(f"{server}/model/v1"), RuleWriter(), max_tokens=8)
    (written,) = writer.write_many([first_turn(want_query=True)])
    assert written.fell_back and written.reply, "the tiny model answered, with noise"
    assert written.node.topic == "Apollo 11" and written.node.query
    assert requests_of(server, "model")[0]["body"]["max_tokens"] == 8


def test_errors_are_retried_with_growing_backoff(server):
    backend = ServerBackend(f"{server}/flaky/v1", "tiny", retries=3, backoff=0.2)
    (reply,) = backend.complete([first_turn().messages()], output_schema())
    assert isinstance(reply, str) and "Apollo 11" in reply
    times = [r["time"] for r in requests_of(server, "flaky")]
    assert len(times) == 3, "two failures, then the answer"
    assert times[1] - times[0] >= 0.2 and times[2] - times[1] >= 0.4


def test_a_server_that_stays_down_fails_the_turn_after_its_retries(server):
    writer = LLMWriter(ServerBackend(f"{server}/down/v1", "tiny", backoff=0.01), RuleWriter())
    (written,) = writer.write_many([first_turn()])
    assert written.fell_back and written.node.topic == "Apollo 11"
    assert "HTTP 503" in written.error and "after 4 attempts" in written.error
    assert len(requests_of(server, "down")) == 4


def test_a_stalled_server_times_out_and_the_turn_falls_back(server):
    backend = ServerBackend(f"{server}/slow/v1", "tiny", timeout=0.3, retries=1, backoff=0.01)
    start = time.monotonic()
    (reply,) = backend.complete([first_turn().messages()], None)
    assert isinstance(reply, BackendError) and "timed out (after 2 attempts)" in str(reply)
    assert time.monotonic() - start < 1.5


def test_a_server_without_structured_output_is_asked_again_without_it(server):
    backend = ServerBackend(f"{server}/plain/v1", "tiny")
    for _ in range(2):
        (reply,) = backend.complete([first_turn().messages()], output_schema())
        assert isinstance(reply, str)
    asked = ["response_format" in r["body"] for r in requests_of(server, "plain")]
    assert asked == [True, False, False], "not offered again once refused"


def test_equal_prompts_in_a_batch_are_asked_once(server):
    writer = LLMWriter(ServerBackend(f"{server}/once/v1", "tiny"), RuleWriter())
    nodes = writer.update_many([first_turn(), first_turn(), first_turn(want_query=True)])
    assert [node.query for node in nodes] == [None, None, "what about Apollo 11?"]
    assert len(requests_of(server, "once")) == 2


def test_a_batch_in_lockstep_ranks_as_one_conversation_at_a_time(server, demo_index):
    items = read_items(ITEMS)
    writer = LLMWriter(ServerBackend(f"{server}/fenced/v1", "tiny"), RuleWriter())
    engine = MemRevise(demo_index, writer)
    batched = list(LockstepMemRevise(engine, batch=4).rank_many(items, 10))
    alone = [MemReviseMethod(engine).rank(item, 10) for item in items]
    assert [r.ids for r in batched] == [r.ids for r in alone]
    assert [r.trace["query"] for r in batched] == [r.trace["query"] for r in alone]
    turns = sum(len(item.history) + 1 for item in items)
    assert sum(len(r.trace["writer_events"]) for r in batched) == turns, "each turn repaired"


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("index") / "demo"
    result = runner.invoke(
        app, ["index", "--collection", str(demo_collection()), "--out", str(path)]
    )
    assert result.exit_code == 0, result.output
    return path


def run_llm(index_dir, tmp_path, *options):
    run, trace = tmp_path / "run.trec", tmp_path / "trace.jsonl"
    args = ["run", "--index", index_dir, "--items", ITEMS, "--run", run, "--trace", trace]
    result = runner.invoke(app, [str(a) for a in [*args, *options]])
    assert result.exit_code == 0, result.output
    lines = run.read_text().splitlines()
    return lines, [json.loads(line) for line in trace.read_text().splitlines()]


def test_run_with_the_llm_writer_completes_when_every_turn_falls_back(server, index_dir, tmp_path):
    lines, traces = run_llm(
        index_dir, tmp_path, "--method", "memrevise", "--writer", "llm",
        "--llm", f"{server}/garbage/v1", "--llm-batch", "3",
    )  # fmt: skip
    assert {line.split()[0] for line in lines} == {t["qid"] for t in traces}
    assert len(traces) == 6
    for trace in traces:
        events = trace["writer_events"]
        assert len(events) == len(trace["memory"]["nodes"])
        assert all("no JSON object" in e["fallback"] for e in events)
        assert trace["query"]


def test_hostile_replies_fall_back_turn_by_turn_and_the_run_is_written(server, index_dir, tmp_path):
    lines, traces = run_llm(
        index_dir, tmp_path, "--method", "memrevise", "--writer", "llm",
        "--llm", f"{server}/hostile/v1", "--llm-batch", "1",
    )  # fmt: skip
    assert {line.split()[0] for line in lines} == {t["qid"] for t in traces}
    events = [e for t in traces for e in t["writer_events"]]
    assert len(events) == sum(len(t["memory"]["nodes"]) for t in traces)
    reasons = " ".join(e["fallback"] for e in events)
    for said in ("nested too deeply", "no JSON object", "4300 digits", "dependencies.0"):
        assert said in reasons


def test_run_takes_the_server_from_the_environment(server, index_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMREVISE_LLM_BASE_URL", f"{server}/fenced/v1")
    _, traces = run_llm(index_dir, tmp_path, "--method", "memrevise", "--writer", "llm")
    assert all(t["topic"] == "Apollo 11" for t in traces)


def test_the_memory_free_writer_searches_its_query_alone(server, index_dir, tmp_path):
    _, traces = run_llm(
        index_dir, tmp_path, "--method", "memory-free-llm", "--llm", f"{server}/fenced/v1"
    )
    assert {t["query"] for t in traces} == {"when did Apollo 11 launch?"}
    _, traces = run_llm(
        index_dir, tmp_path, "--method", "memory-free-llm", "--llm", f"{server}/garbage/v1"
    )
    questions = {item.qid: item.question for item in read_items(ITEMS)}
    assert all(t["query"] == questions[t["qid"]] for t in traces), "the question itself"
    assert all("no JSON object" in t["writer_events"][0]["fallback"] for t in traces)


def test_run_without_a_model_for_the_llm_writer_says_what_it_needs(index_dir, tmp_path):
    args = ["run", "--index", index_dir, "--items", ITEMS, "--method", "memrevise"]
    args += ["--run", tmp_path / "run.trec", "--writer", "llm"]
    result = runner.invoke(app, [str(a) for a in args], env={"MEMREVISE_LLM_BASE_URL": ""})
    assert result.exit_code == 2
    assert "the llm writer needs a model: --llm" in result.output


# ---- choosing a backend -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "kind"),
    [
        ("http://localhost:8000/v1", "server"),
        ("https://api.example.com/v1", "server"),
        ("models/writer.Q4_K_M.gguf", "gguf"),
        ("models/ministral-3b", "hf"),
    ],
)
def test_the_target_says_which_backend(target, kind):
    assert LLMConfig.of(target).kind == kind


def test_an_adapter_needs_a_local_model():
    with pytest.raises(ValueError, match="a LoRA adapter applies to a local Hugging Face model"):
        LLMConfig.of("http://localhost:8000/v1", adapter=Path("adapter")).backend()


def test_the_gguf_backend_without_llama_cpp_says_how_to_install_it(tmp_path):
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match=r"pip install 'memrevise\[gguf\]'"):
            LLMConfig.of(str(tmp_path / "writer.gguf")).backend()
    else:
        with pytest.raises(ValueError, match="no GGUF file at"):
            LLMConfig.of(str(tmp_path / "writer.gguf")).backend()

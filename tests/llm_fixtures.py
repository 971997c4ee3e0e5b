"""Test fixtures for the LLM writer: a tiny random causal LM with a tokenizer built here (no
download), labelled conversations with their benchmark items, and a real chat-completions
server on loopback.

Run as a script (``python llm_fixtures.py MODEL_DIR``), this module serves
``/{mode}/v1/chat/completions`` and ``/{mode}/v1/models`` on a free loopback port (printed on
the first line of stdout); ``/{mode}/log`` lists the requests a mode received. Modes:

- ``model``: the tiny model's greedy reply (through the Hugging Face backend);
- ``fenced``: a valid node for the turn about "Apollo 11", in a code fence with a trailing
  comma (repairable); the memory-free writer's prompt gets a fenced query instead;
- ``fixer``: a valid node about "Apollo 12", as plain JSON;
- ``garbage``: prose with no JSON object;
- ``hostile``: in turn, replies nested 5,000 deep, made of 16,000 ``{``, with an integer of
  4,301 digits, and with "²", null, a list and a float as dependencies;
- ``flaky``: HTTP 500 for its first two requests, then as ``fenced``;
- ``down``: HTTP 503 always;
- ``slow``: as ``fenced`` after sleeping 1.5 seconds;
- ``plain``: HTTP 400 for a request with ``response_format``, else as ``fenced``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from memrevise.bench.build import build_items
from memrevise.bench.collection import topiocqa_collection
from memrevise.bench.conversation import Conversation, SourceTurn
from memrevise.bench.items import Item
from memrevise.bench.tiers import Builder, Corpus
from memrevise.retrieval import BM25Index
from memrevise.writer.llm.memory_free import SYSTEM_PROMPT as MEMORY_FREE_PROMPT
from memrevise.writer.llm.prompt import SYSTEM_PROMPT

CHAT_TEMPLATE = (
    "{{ bos_token }}{% for m in messages %}<|{{ m['role'] }}|>\n{{ m['content'] }}\n"
    "{% endfor %}{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)
SAMPLES = [
    SYSTEM_PROMPT,
    MEMORY_FREE_PROMPT,
    '{"dependencies": [1], "contradictions": ["Buzz Aldrin"], "operations": [{"op": '
    '"Abandon", "topic": "Buzz Aldrin"}, {"op": "Reactivate", "topic": "Neil Armstrong"}], '
    '"topic": "Neil Armstrong", "facts": [], "query": "where did Neil Armstrong grow up?"}',
    "Topics:\n1. Apollo 11 [mission] | turns 1, 2 | earlier\nLog:\n1. Add(Apollo 11)",
    'Previous question: (none)\nTurn 1:\nQuestion: "who wrote yesterday?"\nAnswer: "Paul."',
    "Query requested: yes\nQuery requested: no",
]


def make_tiny_model(path: Path) -> Path:
    """A random two-layer Llama model (hidden size 32) and a byte-level BPE tokenizer with a
    chat template, saved in ``path``."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=600,
        special_tokens=["<s>", "</s>", "<pad>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    bpe.train_from_iterator(SAMPLES, trainer)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=bpe, bos_token="<s>", eos_token="</s>", pad_token="<pad>"
    )
    tokenizer.chat_template = CHAT_TEMPLATE
    tokenizer.save_pretrained(path)
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=20_000,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    torch.manual_seed(0)
    LlamaForCausalLM(config).save_pretrained(path)
    return path


def turn(question: str, answer: str, topic: str, section: str = "Introduction") -> SourceTurn:
    return SourceTurn(question, answer, topic, section)


# Labelled conversations, as TopiOCQA gives them: two singers, a film, Apollo missions.
CONVERSATIONS = [
    Conversation("topiocqa-1", "topiocqa", (
        turn("who wrote yesterday?", "Paul McCartney wrote it.", "Paul McCartney"),
        turn("where did he grow up?", "In Liverpool.", "Paul McCartney", "Early life"),
        turn("who was his bandmate?", "John Lennon.", "John Lennon"),
        turn("where did he grow up?", "Woolton, Liverpool.", "John Lennon", "Early life"),
        turn("what film did he make?", "Help! is a 1965 film.", "Help! (film)", "Plot"),
        turn("what is it about?", "A cult pursues Ringo.", "Help! (film)", "Plot"),
        turn("what did the bandmate do later?", "He made Imagine.", "John Lennon", "Later life"),
    )),
    Conversation("topiocqa-2", "topiocqa", (
        turn("what was apollo 11?", "The first crewed Moon landing.", "Apollo 11"),
        turn("when did it launch?", "July 16, 1969.", "Apollo 11", "Launch"),
    )),
    Conversation("topiocqa-3", "topiocqa", (
        turn("what is nirvana?", "A rock band from Aberdeen.", "Nirvana (band)"),
        turn("who founded it?", "Kurt Cobain and Krist Novoselic.", "Nirvana (band)", "History"),
    )),
    Conversation("topiocqa-4", "topiocqa", (
        turn("what is lima?", "The capital of Peru.", "Lima"),
        turn("what is its climate?", "Mild and dry.", "Lima", "Climate"),
    )),
    Conversation("topiocqa-5", "topiocqa", (
        turn("who is ringo starr?", "The Beatles' drummer.", "Ringo Starr", "Early life"),
        turn("where did apollo 12 land?", "Ocean of Storms.", "Apollo 12", "Launch"),
        turn("when?", "November 1969.", "Apollo 12"),
    )),
]  # fmt: skip


def bench_items() -> list[Item]:
    """Benchmark items (with their oracle target memories) built from the conversations."""
    return build_items(Builder(Corpus.of(CONVERSATIONS), seed=7), CONVERSATIONS)


def bench_index() -> BM25Index:
    """An index of the conversations' answers, titled by their topics."""
    return BM25Index.build(topiocqa_collection(CONVERSATIONS))


@contextmanager
def served(model: Path) -> Iterator[str]:
    """The server below in a subprocess, on loopback; yields ``http://127.0.0.1:PORT``."""
    process = subprocess.Popen(
        [sys.executable, __file__, str(model)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline())
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


def requests_of(base: str, mode: str) -> list[dict[str, Any]]:
    """What a mode of the server received: ``{"time", "body", "authorization"}`` each."""
    import httpx

    return httpx.get(f"{base}/{mode}/log").json()


# ---- the server (run as a script) -------------------------------------------------------


def _node(topic: str, user: str) -> dict[str, Any]:
    op = "Refine" if f". {topic} " in user.split("Log:")[0] else "Add"
    node: dict[str, Any] = {"operations": [{"op": op, "topic": topic}], "topic": topic}
    if "Query requested: yes" in user:
        node["query"] = f"what about {topic}?"
    return node


def _fenced(messages: list[dict[str, str]]) -> str:
    if messages[0]["content"] == MEMORY_FREE_PROMPT:
        return '```json\n{"query": "when did Apollo 11 launch?",}\n```'
    text = json.dumps(_node("Apollo 11", messages[-1]["content"]))
    return f"Here is the node:\n```json\n{text[:-1]},\n}}\n```"


_APOLLO = '"operations": ["Add(Apollo 11)"], "topic": "Apollo 11", "query": "apollo 11"'
HOSTILE_REPLIES = (
    '{"topic": ' + "[" * 5000,
    "{" * 16_000,
    '{"dependencies": [' + "1" * 4301 + "], " + _APOLLO + "}",
    '{"dependencies": ["²", null, [1], 1.5], ' + _APOLLO + "}",
)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, model: Path):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.model = model
        self.backend: Any = None  # loaded on the first request for it
        self.model_lock = threading.Lock()
        self.log: dict[str, list[dict[str, Any]]] = {}

    def reply(self, messages: list[dict[str, str]], max_tokens: int) -> str:
        """The tiny model's greedy reply."""
        from memrevise.writer.llm.hf import HFBackend

        with self.model_lock:
            if self.backend is None:
                self.backend = HFBackend(self.model, batch_size=1)
            (content,) = self.backend.complete([messages], None, max_tokens)
        return str(content)


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, *args: Any) -> None:
        pass

    def _send(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        mode, _, rest = self.path.strip("/").partition("/")
        if rest == "log":
            self._send(200, self.server.log.get(mode, []))
        elif rest == "v1/models":
            self._send(200, {"object": "list", "data": [{"id": "tiny", "object": "model"}]})
        else:
            self._send(404, {"error": "not found"})

    def do_POST(self) -> None:
        mode, _, rest = self.path.strip("/").partition("/")
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        log = self.server.log.setdefault(mode, [])
        log.append(
            {
                "time": time.monotonic(),
                "body": body,
                "authorization": self.headers.get("Authorization"),
            }
        )
        if rest != "v1/chat/completions":
            return self._send(404, {"error": "not found"})
        messages = body["messages"]
        if mode == "down" or (mode == "flaky" and len(log) <= 2):
            return self._send(503 if mode == "down" else 500, {"error": "overloaded"})
        if mode == "plain" and "response_format" in body:
            return self._send(400, {"error": "response_format json_schema is not supported"})
        if mode == "slow":
            time.sleep(1.5)
        if mode == "model":
            content = self.server.reply(messages, body["max_tokens"])
        elif mode == "fixer":
            content = json.dumps(_node("Apollo 12", messages[-1]["content"]))
        elif mode == "garbage":
            content = "Sorry, I cannot help with that."
        elif mode == "hostile":
            content = HOSTILE_REPLIES[len(log) % len(HOSTILE_REPLIES)]
        else:
            content = _fenced(messages)
        return self._send(
            200,
            {
                "object": "chat.completion",
                "model": body["model"],
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}],
            },
        )


if __name__ == "__main__":
    server = _Server(Path(sys.argv[1]))
    print(server.server_address[1], flush=True)
    server.serve_forever()

"""Tokens in and out per turn: the LLM memory writer against a full-history rewriter.

Long conversations are made by joining consecutive labelled conversations (a topic switch at
each join, as in ConvRevise's spliced tier) and cut at 5, 10, 20 and 40 turns; the last turn
is searched. The memory writer reads its system prompt, the memory that the oracle targets
imply (the memory a writer distilled from them keeps: one log line per turn, each answer's
sentences as facts), the previous question and the turn, and writes the node with its query.
The full-history rewriter (the memory-free writer's prompt) reads every earlier question and
answer, answers cut at 600 characters, and writes the query.

Tokens are counted with the tokenizer of a local model directory (``--tokenizer``), else with
a word-and-punctuation regex, close to subword counts for English. The script prints the
mean tokens at the searched turn, each input's growth per added turn (least squares over the
four lengths), and exits with status 1 when the memory's input does not grow more slowly.

    python benchmarks/llm_tokens.py                      # the demo conversation, repeated
    python benchmarks/llm_tokens.py --topiocqa ../shared/data/topiocqa/topiocqa_train.json.gz
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from memrevise.bench.conversation import Conversation, SourceTurn
from memrevise.bench.oracle import Oracle, resolve
from memrevise.bench.sources import load_topiocqa
from memrevise.data import demo_conversation
from memrevise.writer import Turn
from memrevise.writer.llm.memory_free import SYSTEM_PROMPT as REWRITER_PROMPT
from memrevise.writer.llm.memory_free import conversation_prompt, query_text
from memrevise.writer.llm.prompt import SYSTEM_PROMPT, output_text, user_prompt

LENGTHS = (5, 10, 20, 40)
# The page each turn of the built-in demo conversation is about.
DEMO_TOPICS = (
    "Apollo 11", "Apollo 11", "Buzz Aldrin", "Neil Armstrong", "Neil Armstrong", "Apollo 11",
    "Apollo 12",
)  # fmt: skip
Count = Callable[[str], int]


def repeated_demo() -> Conversation:
    """The built-in conversation with its topics, repeated to 40 turns."""
    turns = [
        SourceTurn(t["question"], t["answer"], topic)
        for t, topic in zip(demo_conversation()["turns"], DEMO_TOPICS, strict=True)
    ]
    return Conversation("demo", "demo", tuple(turns[i % len(turns)] for i in range(max(LENGTHS))))


def joined(conversations: list[Conversation], count: int) -> list[Conversation]:
    """``count`` conversations of at least 40 turns, each joining consecutive ones."""
    out: list[Conversation] = []
    turns: list[SourceTurn] = []
    for conversation in conversations:
        turns += [t for t in conversation.turns if t.topic]
        if len(turns) >= max(LENGTHS):
            out.append(Conversation(f"joined-{len(out)}", "topiocqa", tuple(turns)))
            turns = []
            if len(out) == count:
                break
    return out


def counter(tokenizer: Path | None) -> Count:
    if tokenizer is None:
        pattern = re.compile(r"\w+|[^\w\s]")
        return lambda text: len(pattern.findall(text))
    from transformers import AutoTokenizer

    loaded = AutoTokenizer.from_pretrained(tokenizer, local_files_only=True)
    return lambda text: len(loaded(text, add_special_tokens=False)["input_ids"])


def searched_turn(conversation: Conversation, length: int, count: Count) -> dict[str, int]:
    """Tokens in and out of both writers when turn ``length`` is searched."""
    history, final = conversation.turns[: length - 1], conversation.turns[length - 1]
    oracle = Oracle({})
    for turn in history:
        oracle.turn(turn.question, turn.answer, turn.topic)
    previous = history[-1].question if history else None
    memory_in = SYSTEM_PROMPT + user_prompt(oracle.memory, previous, Turn.of(final.question), True)
    query = resolve(final.question, final.topic)
    node = oracle.turn(final.question, None, final.topic, query=query)
    pairs = [(t.question, t.answer) for t in history]
    return {
        "memory_in": count(memory_in),
        "memory_out": count(output_text(node)),
        "history_in": count(REWRITER_PROMPT + conversation_prompt(pairs, final.question)),
        "history_out": count(query_text(query)),
    }


def growth(means: dict[int, float]) -> float:
    """Tokens added per turn: the least-squares slope over the lengths."""
    slope, _ = np.polyfit(list(means), list(means.values()), 1)
    return float(slope)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--topiocqa", type=Path, help="TopiOCQA training file (else the demo)")
    parser.add_argument("--tokenizer", type=Path, help="a local model directory")
    parser.add_argument("--conversations", type=int, default=100)
    args = parser.parse_args()
    if args.topiocqa:
        conversations = joined(load_topiocqa(args.topiocqa), args.conversations)
    else:
        conversations = [repeated_demo()]
    count = counter(args.tokenizer)
    rows = {length: [searched_turn(c, length, count) for c in conversations] for length in LENGTHS}
    means = {
        length: {key: statistics.mean(r[key] for r in found) for key in found[0]}
        for length, found in rows.items()
    }
    source = "TopiOCQA, joined" if args.topiocqa else "the demo conversation, repeated"
    tokens = args.tokenizer.name if args.tokenizer else "regex"
    print(f"{len(conversations)} conversations ({source}); tokens: {tokens}")
    print("| turns | memory writer in | out | full-history rewriter in | out |")
    print("|---|---|---|---|---|")
    for length, mean in means.items():
        print(
            f"| {length} | {mean['memory_in']:.0f} | {mean['memory_out']:.0f} | "
            f"{mean['history_in']:.0f} | {mean['history_out']:.0f} |"
        )
    memory = growth({n: m["memory_in"] for n, m in means.items()})
    history = growth({n: m["history_in"] for n, m in means.items()})
    print(f"input growth per turn: memory {memory:.1f} tokens, full history {history:.1f} tokens")
    if memory >= history:
        print("the memory's input does NOT grow more slowly than the full history")
        return 1
    print("the memory's input grows more slowly than the full history")
    return 0


if __name__ == "__main__":
    sys.exit(main())

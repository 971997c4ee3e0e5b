"""Fuzzed writer replies: does every reply end in an output or the documented error, in time?

Each reply is read as the LLM writer reads it: :func:`read_output` (``parse_writer_output`` on
the text as written, then the repair and the fit to the turn) and the node it makes.
A reply passes when it yields a node or raises :class:`WriterOutputError`; any other exception
is a crash, and a reply still being read after ``--hang`` seconds is stopped and counted as
a hang. Replies are valid outputs, then mutated: cut off, wrapped in prose or a code fence,
nested thousands of levels deep, made of 16,000 ``{``, given integers of thousands of digits,
digits that ``int`` refuses ("²"), floats, nulls and lists where numbers belong, random edits.
The script prints the crashes by kind, the hangs, the slowest reply and how many took over
the time bound, and exits with status 1 when any reply crashed, hung or exceeded it.

    python benchmarks/fuzz_writer_replies.py                  # 10,000 replies, seed 0
    python benchmarks/fuzz_writer_replies.py --replies 2000 --seed 7
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable

from memrevise.memory import WriterOutputError
from memrevise.writer.llm.repair import read_output

TOPICS = ["Apollo 11", "Neil Armstrong", "Buzz Aldrin", "Avatar (2009 film)", "Toy Story 2"]
OPS = ["Add", "Refine", "Revise", "Abandon", "Reactivate"]
FACTS = ["He was born in Wapakoneta, Ohio, in 1930.", "Buzz Aldrin grew up in Montclair."]
ODD_NUMBERS: list[object] = [
    "²",
    "١٢",
    "³4",
    " 3 ",
    "-1",
    "1.5",
    1.5,
    2.0,
    None,
    [1],
    {"n": 1},
    True,
    "",
    "1e3",
    float("inf"),
    "9" * 5000,
]


class Hang(Exception):
    """A reply still being read when the alarm rang."""


def valid(rng: random.Random) -> dict[str, object]:
    topics = rng.sample(TOPICS, rng.randint(1, 3))
    output: dict[str, object] = {
        "dependencies": [rng.randint(1, 6) for _ in range(rng.randint(0, 3))],
        "contradictions": rng.sample(TOPICS, rng.randint(0, 1)),
        "operations": [f"{rng.choice(OPS)}({t})" for t in topics],
        "topic": rng.choice(topics),
        "facts": rng.sample(FACTS, rng.randint(0, 2)),
    }
    if rng.random() < 0.5:
        output["query"] = "where did Neil Armstrong grow up?"
    return output


def nested(rng: random.Random, depth: int) -> str:
    opener, closer = rng.choice([("[", "]"), ('{"a": ', "}")])
    return opener * depth + "1" + closer * depth


def deep(rng: random.Random) -> str:
    output = json.dumps(valid(rng))
    field = rng.choice(["dependencies", "facts", "topic", "extra"])
    depth = rng.choice([500, 1000, 1500, 3000, 10_000])
    return output[:-1] + f', "{field}": {nested(rng, depth)}' + "}"


def huge_integer(rng: random.Random) -> str:
    digits = "".join(rng.choice("0123456789") for _ in range(rng.choice([4300, 4301, 9000])))
    digits = "1" + digits[1:]
    output = json.dumps(valid(rng))
    if rng.random() < 0.5:
        return output[:-1] + f', "dependencies": [{digits}]' + "}"
    return output[:-1] + f', "dependencies": ["{digits}"]' + "}"


def odd_dependency(rng: random.Random) -> str:
    output = valid(rng)
    picks = rng.sample(ODD_NUMBERS, rng.randint(1, 3))
    output["dependencies"] = [*picks, "2"] if rng.random() < 0.7 else picks[0]
    return json.dumps(output, allow_nan=True)


def braces(rng: random.Random) -> str:
    char = rng.choice(["{", "[", '{"', "{[", '"{'])
    return char * (rng.choice([100, 1000, 16_000]) // len(char))


def wrapped(rng: random.Random) -> str:
    body = json.dumps(valid(rng), indent=rng.choice([None, 2]))
    if rng.random() < 0.5:
        body = body.replace("]", ",]").replace("}", ",}")
    prose = rng.choice(["Sure! Here it is:\n", "```json\n", "{not json} ", "", "{{", "}"])
    return prose + body + rng.choice(["\n```", " Anything else?", "", "}", "{"])


def cut(rng: random.Random) -> str:
    text = json.dumps(valid(rng))
    return text[: rng.randint(0, len(text))]


def wrong_types(rng: random.Random) -> str:
    output = valid(rng)
    field = rng.choice(["operations", "topic", "facts", "contradictions", "query"])
    output[field] = rng.choice([5, None, [None], [[1]], {"op": 1}, [{"op": "Add"}], ["x"], True])
    return json.dumps(output)


def mutated(rng: random.Random) -> str:
    chars = list(json.dumps(valid(rng), ensure_ascii=rng.random() < 0.5))
    for _ in range(rng.randint(1, 8)):
        where = rng.randrange(len(chars) + 1)
        action = rng.random()
        if action < 0.4 and chars:
            del chars[min(where, len(chars) - 1)]
        elif action < 0.8:
            chars.insert(where, rng.choice('{}[]",:\\0123456789 \ud800²x'))
        else:
            chars[where:where] = chars[where : where + rng.randint(1, 40)] * rng.randint(2, 50)
    return "".join(chars)


def noise(rng: random.Random) -> str:
    size = rng.choice([0, 10, 1000, 64_000])
    alphabet = '{}[]":,\\ \n0123456789abcnulltrue²\ud800é'
    return "".join(rng.choice(alphabet) for _ in range(size))


def large(rng: random.Random) -> str:
    output = valid(rng)
    output["facts"] = ["Apollo 11 landed on the Moon. " * 40] * 50
    return json.dumps(output)[: rng.choice([64_000, 10**6])]


KINDS: dict[str, Callable[[random.Random], str]] = {
    "valid": lambda rng: json.dumps(valid(rng)),
    "deep": deep,
    "huge integer": huge_integer,
    "odd dependency": odd_dependency,
    "braces": braces,
    "wrapped": wrapped,
    "cut": cut,
    "wrong types": wrong_types,
    "mutated": mutated,
    "noise": noise,
    "large": large,
}


def read(reply: str, turn: int, want_query: bool) -> None:
    """Read ``reply`` as the LLM writer does; only :class:`WriterOutputError` may escape."""
    reading = read_output(reply, turn, want_query)
    reading.output.to_node(turn, "where did he grow up?")


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replies", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bound-ms", type=float, default=50.0, help="time bound per 64 kB")
    parser.add_argument("--hang", type=float, default=5.0, help="seconds before a reply is stopped")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    signal.signal(signal.SIGALRM, _alarm)
    crashes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    hangs: list[str] = []
    over: list[tuple[float, str, int]] = []
    slowest = (0.0, "", 0)
    tried: Counter[str] = Counter()
    for _ in range(args.replies):
        kind = rng.choice(list(KINDS))
        reply = KINDS[kind](rng)
        tried[kind] += 1
        start = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, args.hang)
        try:
            read(reply, rng.randint(1, 8), rng.random() < 0.5)
        except WriterOutputError:
            pass
        except Hang:
            hangs.append(f"{kind} ({len(reply):,} characters)")
        except Exception as error:  # counting what escapes is the point
            name = f"{type(error).__name__} ({kind})"
            crashes[name] += 1
            examples.setdefault(name, str(error)[:100])
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        seconds = time.perf_counter() - start
        if seconds > slowest[0]:
            slowest = (seconds, kind, len(reply))
        bound = args.bound_ms / 1000 * max(1.0, len(reply) / 64_000)
        if seconds > bound:
            over.append((seconds, kind, len(reply)))
    print(f"replies tried: {args.replies:,} (seed {args.seed})")
    print("  " + ", ".join(f"{kind} {count}" for kind, count in sorted(tried.items())))
    print(f"crashes: {sum(crashes.values()):,}")
    for name, count in crashes.most_common():
        print(f"  {count:5d}  {name}: {examples[name]}")
    print(f"hangs (over {args.hang:g} s, stopped): {len(hangs)}")
    for hang in hangs[:10]:
        print(f"  {hang}")
    print(f"over the bound ({args.bound_ms:g} ms per 64 kB): {len(over)}")
    for seconds, kind, size in sorted(over, reverse=True)[:5]:
        print(f"  {seconds * 1000:9.1f} ms  {kind} ({size:,} characters)")
    seconds, kind, size = slowest
    print(f"slowest reply: {seconds * 1000:.1f} ms, {kind} ({size:,} characters)")
    return 1 if crashes or hangs or over else 0


if __name__ == "__main__":
    sys.exit(main())

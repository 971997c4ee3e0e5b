"""A tiny titled collection, hand-built memory nodes and a scripted writer for the search tests."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from memrevise.memory import Memory, Node, Op, Operation, WriterOutput
from memrevise.retrieval import BM25Index, Passage
from memrevise.writer.base import Turn

PAGES: dict[str, list[str]] = {
    "Apollo 11": [
        "Apollo 11 was the American spaceflight that first landed humans on the Moon. Commander "
        "Neil Armstrong, born in Ohio, and pilot Buzz Aldrin landed; Neil Armstrong stepped out "
        "first and Armstrong spoke the famous words. Armstrong and Aldrin walked for two hours.",
        "Apollo 11 launched on July 16, 1969 from Kennedy Space Center on a Saturn V rocket.",
    ],
    "Apollo 12": [
        "Apollo 12 was the second crewed mission to land on the Moon, in November 1969, "
        "commanded by Pete Conrad with Alan Bean.",
        "Apollo 12 launched on November 14, 1969 from Kennedy Space Center; lightning struck "
        "the rocket twice during launch.",
    ],
    "Neil Armstrong": [
        "He was born in Wapakoneta, Ohio, in 1930, and studied aeronautical engineering at "
        "Purdue University.",
        "Before joining NASA he was a naval aviator in the Korean War and a test pilot who "
        "flew the X-15.",
    ],
    "Buzz Aldrin": [
        "He was born in Glen Ridge, New Jersey, in 1930 and earned a doctorate in astronautics "
        "from MIT.",
        "Aldrin was the lunar module pilot and the second person to walk on the Moon.",
    ],
    "Michael Collins": [
        "Michael Collins flew the command module Columbia around the Moon while Armstrong and "
        "Aldrin walked on the surface; he was born in Rome, Italy.",
    ],
    "Avatar (2009 film)": [
        "Avatar is a 2009 American epic science fiction film directed by James Cameron, set "
        "on the moon Pandora.",
        "Avatar grossed 2.9 billion dollars, the highest grossing film of all time.",
    ],
    "Avatar (2004 film)": [
        "Avatar is a 2004 Singaporean science fiction action film by Kuo Jian Hong about a "
        "cyborg in a future Singapore.",
        "The Singaporean Avatar was also released under the title Cyber Wars.",
    ],
    "Moon": [
        "The Moon is Earth's only natural satellite; twelve astronauts walked on the Moon "
        "between 1969 and 1972.",
    ],
    "Kennedy Space Center": [
        "Kennedy Space Center in Florida has been the launch site of every crewed NASA "
        "mission since 1968.",
    ],
    "Rocky II": ["Rocky II is a 1979 sports film; Rocky Balboa has a rematch with Apollo Creed."],
    "Rocky III": ["Rocky III is a 1982 sports film; Rocky Balboa fights Clubber Lang."],
    "Toy Story": ["Toy Story is a 1995 animated film in which Woody meets Buzz Lightyear."],
    "Toy Story 2": ["Toy Story 2 is a 1999 animated film in which Woody is stolen by a collector."],
}


def passages(titled: bool = True) -> list[Passage]:
    """The collection, one passage per text, ids ``"<page>#<n>"``; untitled keeps the texts."""
    return [
        Passage(f"{title}#{n}", title if titled else "", text)
        for title, texts in PAGES.items()
        for n, text in enumerate(texts)
    ]


@cache
def build_index(titled: bool = True) -> BM25Index:
    return BM25Index.build(passages(titled))


def node(
    turn: int,
    question: str,
    operations: Iterable[str],
    topic: str | None = None,
    facts: Iterable[str] = (),
    query: str | None = None,
) -> Node:
    """A node as a writer would write it; the topic defaults to the first non-Abandon target."""
    ops = tuple(Operation.model_validate(op) for op in operations)
    topic = topic or next(op.topic for op in ops if op.op is not Op.ABANDON)
    output = WriterOutput(operations=ops, topic=topic, facts=tuple(facts), query=query)
    return output.to_node(turn, question)


def memory(*nodes: Node) -> Memory:
    return Memory(nodes=nodes)


class ScriptedWriter:
    """Test double for the writer: returns the given nodes in order and records each call."""

    def __init__(self, nodes: Iterable[Node]) -> None:
        self.nodes = list(nodes)
        self.calls: list[tuple[Memory, str | None, Turn, bool]] = []

    def update(
        self, memory: Memory, previous_question: str | None, turn: Turn, want_query: bool
    ) -> Node:
        self.calls.append((memory, previous_question, turn, want_query))
        return self.nodes.pop(0)

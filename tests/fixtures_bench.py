"""Five small TopiOCQA-like conversations (two singers, a film, a city, a band, two Moon
missions) and a TopiOCQA source file of them, for benchmark builds."""

import gzip
import json

from memrevise.bench.conversation import Conversation, SourceTurn


def turn(question, answer, topic=None, section="Introduction"):
    return SourceTurn(question, answer, topic, section if topic else None)


# Two singers, a film and a city; the singers share the section "Early life".
BEATLES = Conversation(
    "topiocqa-1",
    "topiocqa",
    (
        turn("who wrote yesterday?", "Paul McCartney.", "Paul McCartney"),
        turn("where did he grow up?", "In Liverpool.", "Paul McCartney", "Early life"),
        turn("who was his bandmate?", "John Lennon.", "John Lennon"),
        turn("where did he grow up?", "Woolton, Liverpool.", "John Lennon", "Early life"),
        turn("what film did he make?", "Help!", "Help! (film)", "Plot"),
        turn("what is it about?", "A cult pursues Ringo.", "Help! (film)", "Plot"),
        turn("what did the bandmate do later?", "He made Imagine.", "John Lennon", "Later life"),
    ),
)
APOLLO = Conversation(
    "topiocqa-2",
    "topiocqa",
    (
        turn("what was apollo 11?", "The first Moon landing.", "Apollo 11"),
        turn("when did it launch?", "July 16, 1969.", "Apollo 11", "Launch"),
    ),
)
OTHERS = [
    Conversation("topiocqa-3", "topiocqa", (
        turn("what is nirvana?", "A rock band.", "Nirvana (band)"),
        turn("who founded it?", "Kurt Cobain.", "Nirvana (band)", "History"),
    )),
    Conversation("topiocqa-4", "topiocqa", (
        turn("what is lima?", "The capital of Peru.", "Lima", "Introduction"),
        turn("what is its climate?", "Mild and dry.", "Lima", "Climate"),
    )),
    Conversation("topiocqa-5", "topiocqa", (
        turn("who is ringo starr?", "The Beatles' drummer.", "Ringo Starr", "Early life"),
        turn("where did apollo 12 land?", "Ocean of Storms.", "Apollo 12", "Launch"),
        turn("when?", "November 1969.", "Apollo 12", "Introduction"),
    )),
]  # fmt: skip
ALL = [BEATLES, APOLLO, *OTHERS]


def write_source(path, conversations):
    records = [
        {"Context": [], "Conversation_no": int(c.id.split("-")[1]), "Turn_no": n,
         "Question": t.question, "is_nq": False, "Answer": t.answer or "UNANSWERABLE",
         "Topic": t.topic or "", "Topic_section": t.section or ""}
        for c in conversations for n, t in enumerate(c.turns, 1)
    ]  # fmt: skip
    with gzip.open(path, "wt") as handle:
        json.dump(records, handle)

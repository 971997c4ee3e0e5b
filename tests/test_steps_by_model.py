"""Steps along a numbered family as people type them: "one model down", "the one two models
before it", "the king two before him", "his successors wives", "and what about the third,",
"numero uno"; "was he the first?" asks after something else."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.writer.siblings import Siblings

PAGES = {
    "Fokker 50": ["The Fokker 50 is a Dutch turboprop airliner first flown in 1985."],
    "Fokker 70": ["The Fokker 70 is a Dutch twin-engine jet airliner first flown in 1993."],
    "Fokker 100": ["The Fokker 100 is a Dutch jet airliner first flown in 1986."],
    "Frederick I of Denmark": ["Frederick I was King of Denmark from 1523 until 1533."],
    "Frederick II of Denmark": ["Frederick II was King of Denmark from 1559 until 1588."],
    "Frederick III of Denmark": ["Frederick III was King of Denmark from 1648 until 1670."],
}
FOKKER_100 = ("how many fokker 100 planes were built", "283 Fokker 100s were built until 1997.")


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("ok one model down?", "Fokker 70"),
        ("and when did they stop making the one two models before it", "Fokker 50"),
    ],
)
def test_models_counted_down_or_before(writer, said, meant):
    output, _ = converse(writer, [FOKKER_100], said)
    assert output.topic == meant


def test_the_king_two_before_him(writer):
    crowned = ("when was frederick iii of denmark crowned", "Frederick III was crowned in 1648.")
    output, _ = converse(writer, [crowned], "ok and the king two before him, howd he get the crown")
    assert output.topic == "Frederick I of Denmark"
    assert "crown" in output.query


def test_his_successors_wives(writer):
    wife = ("frederick i of denmark wife", "Frederick I married Anna of Brandenburg in 1502.")
    output, _ = converse(writer, [wife], "and his successors wives?")
    assert output.topic == "Frederick II of Denmark"


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("and what about the third, did he rule long", "Frederick III of Denmark"),
        ("k now do frederick numero uno", "Frederick I of Denmark"),
    ],
)
def test_an_ordinal_alone_after_what_about_and_numero_uno(writer, said, meant):
    crowned = ("when was frederick ii of denmark crowned", "Frederick II was crowned in 1559.")
    output, _ = converse(writer, [crowned], said)
    assert output.topic == meant


def test_the_first_alone_asks_after_something_else(writer):
    crowned = ("when was frederick ii of denmark crowned", "Frederick II was crowned in 1559.")
    output, _ = converse(writer, [crowned], "was he the first?")
    assert output.topic == "Frederick II of Denmark"


def test_a_name_after_the_numeral_is_the_members_own():
    titles = ["Eric XIII Magnus of Sweden", "Eric XIV of Sweden", "Eric XV of Sweden"]
    siblings = Siblings(titles)
    assert [m.title for m in siblings.family("Eric XIV of Sweden")] == titles
    assert siblings.moved("Eric XIII Magnus of Sweden", "and the next eric") == "Eric XIV of Sweden"
    assert siblings.moved("Eric XIV of Sweden", "13 not 14 lol") == "Eric XIII Magnus of Sweden"

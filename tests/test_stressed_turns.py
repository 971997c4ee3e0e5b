"""Exclamation marks inside a turn end a sentence, as a full stop does: "sim!! not dickens"
after an answer about Dickens corrects it to Alastair Sim, as "sim. not dickens" does."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Alastair Sim": [
        "Alastair Sim was a Scottish actor born in Edinburgh in 1900, Scrooge in the 1951 film."
    ],
    "Charles Dickens": [
        "Charles Dickens was an English novelist born in Portsmouth on 7 February 1812."
    ],
}


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize("turn", ["sim!! not dickens", "sim! not dickens", "sim. not dickens"])
def test_a_stressed_name_before_not_corrects_the_answer(writer, turn):
    history = [("when was sim born", "Charles Dickens was born on 7 February 1812.")]
    output, _ = converse(writer, history, turn)
    assert output.topic == "Alastair Sim"
    assert "Charles Dickens" in output.contradictions

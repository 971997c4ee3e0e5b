"""Siblings of one last name in the order of birth their pages open with: after Charlotte
Brontë, "n the next sister down" is Emily and "and the baby of the family" Anne; after
Anne, "k one sister older" is Emily and "the eldest?" Charlotte."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Charlotte Brontë": [
        "Charlotte Brontë was an English novelist, born in 1816 in Thornton, Yorkshire. She "
        "wrote Jane Eyre and died in 1855."
    ],
    "Emily Brontë": [
        "Emily Brontë was an English novelist and poet, born in 1818 in Thornton, Yorkshire. "
        "She wrote Wuthering Heights and died in 1848."
    ],
    "Anne Brontë": [
        "Anne Brontë was an English novelist and poet, born in 1820 in Thornton, Yorkshire. She "
        "wrote Agnes Grey and died in Scarborough in 1849."
    ],
}
CHARLOTTE = ("when was charlotte bronte born", "In 1816, in Thornton.")
ANNE = ("when did anne bronte die", "In 1849, in Scarborough.")


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        ([CHARLOTTE], "n the next sister down", "Emily Brontë"),
        ([CHARLOTTE], "and the baby of the family", "Anne Brontë"),
        ([CHARLOTTE], "two sisters younger", "Anne Brontë"),
        ([ANNE], "k one sister older", "Emily Brontë"),
        ([ANNE], "the eldest?", "Charlotte Brontë"),
    ],
)
def test_a_step_among_siblings_by_birth(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant


def test_no_step_past_the_youngest(writer):
    output, _ = converse(writer, [ANNE], "the next sister down")
    assert output.topic == "Anne Brontë"

"""An "it" of the sentence's form stands for no topic: "is it true isabellas get in free",
"was it really true", "its said that he lied" ask about what follows, not about "it"; every
other pronoun is still a reference ("is it in london", "when was it built")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.language import cues

PAGES = {
    "Tower Bridge": [
        "Tower Bridge is a bascule and suspension bridge in London, built between 1886 and "
        "1894, that crosses the River Thames close to the Tower of London."
    ],
    "London Bridge": [
        "London Bridge is a bridge over the River Thames in London, opened in 1973 in place of "
        "a 19th-century stone bridge that was sold and rebuilt in Arizona."
    ],
}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("is it true isabellas get in free", []),
        ("was it really true", []),
        ("its said that he lied", ["he"]),
        ("isn't it possible that she left", ["she"]),
        ("is it in london", ["it"]),
        ("when was it built", ["it"]),
    ],
)
def test_only_an_it_that_stands_for_something_is_a_pronoun(text, said):
    assert cues.pronouns(text) == said


def test_the_query_keeps_an_it_of_the_sentences_form(writer):
    history = [("when was tower bridge built", "Between 1886 and 1894.")]
    output, _ = converse(writer, history, "is it true it opens for ships")
    assert output.query.startswith("is it true")
    output, _ = converse(writer, history, "how long is it")
    assert "Tower Bridge" in output.query

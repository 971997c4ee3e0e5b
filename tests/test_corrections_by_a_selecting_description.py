"""Corrections that open with the one meant described among those of a name, typed without
"i" or "no": "meant the two seater one tbh", "the two seater one, elvis had one"."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.language import cues

PAGES = {
    "Ford Thunderbird (1955)": [
        "The Ford Thunderbird (1955) was a two seater sports car built by Ford in Dearborn from "
        "1955 to 1957; Elvis Presley owned one."
    ],
    "Ford Thunderbird (2002)": [
        "The Ford Thunderbird (2002) was a retro roadster with a removable hardtop, built in "
        "Wixom from 2002 to 2005."
    ],
}
ASKED = (
    "when was the ford thunderbird made",
    "The 2002 Thunderbird was built in Wixom from 2002 to 2005.",
)


@pytest.mark.parametrize(
    "said", ["meant the two seater one tbh", "the two seater one, elvis had one"]
)
def test_a_described_one_corrects(writer, said):
    output, _ = converse(writer, [ASKED], said)
    assert output.topic == "Ford Thunderbird (1955)"
    assert "Ford Thunderbird (2002)" in output.contradictions


@pytest.mark.parametrize(
    ("said", "correcting"),
    [("meant the two seater one tbh", True), ("meanwhile, who designed it", False)],
)
def test_meant_opens_a_correction_but_meanwhile_does_not(said, correcting):
    assert cues.is_correction(said) is correcting

"""A correction that describes a relative the last answer named right after calling them so
("... his son Wolfgang had left for Vienna", "his daughter Nannerl stayed with him"): "no the
son who went to vienna", "the daughter who stayed with him" mean that person, by a first name
only one person's page opens with (or a whole name); the place the description names ("to
vienna") is not the one meant."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.memory import Status

PAGES = {
    "Leopold Mozart": [
        "Leopold Mozart was a German composer and violinist, born in Augsburg in 1719; he "
        "taught his children music in Salzburg."
    ],
    "Wolfgang Amadeus Mozart": [
        "Wolfgang Amadeus Mozart was an Austrian composer, born in Salzburg in 1756; he died in "
        "Vienna in 1791."
    ],
    "Nannerl Mozart": [
        "Nannerl Mozart was an Austrian musician, born in Salzburg in 1751, the elder sister of "
        "Wolfgang Amadeus Mozart; she died in Salzburg in 1829."
    ],
    "Salzburg": ["Salzburg is a city in Austria, on the Salzach river."],
}


@pytest.mark.parametrize(
    ("answer", "said", "meant"),
    [
        (
            "Leopold Mozart died in Salzburg in 1787; his son Wolfgang had left for Vienna in "
            "1781.",
            "no the son who went to vienna — where did he die",
            "Wolfgang Amadeus Mozart",
        ),
        (
            "Leopold Mozart died in Salzburg in 1787; his daughter Nannerl stayed with him to "
            "the end.",
            "nah the daughter who stayed with him — where did she die",
            "Nannerl Mozart",
        ),
    ],
)
def test_the_relative_the_answer_named(writer, answer, said, meant):
    output, memory = converse(writer, [("where did leopold mozart die", answer)], said)
    assert output.topic == meant
    assert memory.topic("Leopold Mozart").status is Status.DROPPED
    assert "die" in output.query

"""A self-repair that drops a person mid-word and goes on to a value ("and lem wrote the
cyber— no, the 72 film, who did the music" after a question about the Solaris novel) means
the current topic's namesake of that value, the film of 1972, not another page the value fits
(a film that runs 72 minutes)."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Solaris (novel)": [
        "Solaris is a 1961 science fiction novel by the Polish writer Stanisław Lem; its first "
        "English translation, by Joanna Kilmartin and Steve Cox, came out in 1970."
    ],
    "Solaris (1972 film)": [
        "Solaris is a 1972 Soviet science fiction film directed by Andrei Tarkovsky, with music "
        "by Eduard Artemyev and Bach's chorale prelude in F minor."
    ],
    "Stanisław Lem": [
        "Stanisław Lem was a Polish writer born in Lviv in 1921, the author of His Master's "
        "Voice and The Cyberiad."
    ],
    "Duck Soup (1933 film)": [
        "Duck Soup is a 1933 comedy film with the Marx Brothers; the film runs 72 minutes and "
        "has music by Bert Kalmar and Harry Ruby."
    ],
}


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


def test_a_repair_to_a_value_means_the_current_topics_namesake(writer):
    history = [("solaris novel translator", "Joanna Kilmartin and Steve Cox, in 1970.")]
    output, _ = converse(
        writer, history, "and lem wrote the cyber— no, the 72 film, who did the music"
    )
    assert output.topic == "Solaris (1972 film)"

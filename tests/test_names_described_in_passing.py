"""A name said first with a description set beside it is what the question asks about: after
a turn about Evel Knievel, "petit the french guy when did he do it" asks about Philippe
Petit; the description is his, not a way back to the topic ("the stunt guy" alone is)."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Evel Knievel": [
        "Evel Knievel was an American stunt performer, born in 1938 in Butte, Montana. In 1974 "
        "he tried to jump the Snake River Canyon in a steam-powered rocket."
    ],
    "Philippe Petit": [
        "Philippe Petit is a French high-wire artist, born in 1949 in Nemours. On 7 August 1974 "
        "he walked on a wire between the Twin Towers of the World Trade Center."
    ],
    "Annie Edson Taylor": [
        "Annie Edson Taylor was an American schoolteacher, born in 1838 in Auburn, New York. In "
        "1901 she was the first person to go over Niagara Falls in a barrel and live."
    ],
}
KNIEVEL = ("who was evel knievel", "An American stunt performer from Butte, Montana.")


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("petit the french guy when did he do it", "Philippe Petit"),
        ("petit, the wire guy, where was he born", "Philippe Petit"),
        ("taylor the barrel woman where was she from", "Annie Edson Taylor"),
        ("petit the twin towers guy when did he do it", "Philippe Petit"),
    ],
)
def test_a_name_with_a_description_beside_it(writer, said, meant):
    output, _ = converse(writer, [KNIEVEL], said)
    assert output.topic == meant


def test_a_description_alone_still_refers_back(writer):
    output, _ = converse(writer, [KNIEVEL], "the stunt guy, where was he born")
    assert output.topic == "Evel Knievel"

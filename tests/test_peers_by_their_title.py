"""A peer whose page is titled "<Name>, <Nth> Duke of <Place>" is said place first: "the
wellington duke" and "wellington the duke" are Arthur Wellesley, 1st Duke of Wellington,
as "the alexandria lighthouse" is the Lighthouse of Alexandria."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Arthur Wellesley, 1st Duke of Wellington": [
        "Arthur Wellesley, 1st Duke of Wellington, was an Anglo-Irish soldier and statesman, born "
        "in 1769 in Dublin. He was Prime Minister twice and died at Walmer Castle in 1852."
    ],
    "Battle of Waterloo": [
        "The Battle of Waterloo was fought on 18 June 1815 near Waterloo in present-day Belgium. "
        "A coalition army and the Prussians defeated Napoleon."
    ],
    "Wellington boot": [
        "The Wellington boot is a waterproof boot, first made of leather and later of rubber. "
        "It is named after a boot the first duke had made by his shoemaker."
    ],
}
WATERLOO = ("when was the battle of waterloo", "On 18 June 1815.")


@pytest.mark.parametrize(
    "said", ["the wellington duke, where was he born", "wellington the duke where did he die"]
)
def test_a_peer_said_place_first(writer, said):
    output, _ = converse(writer, [WATERLOO], said)
    assert output.topic == "Arthur Wellesley, 1st Duke of Wellington"


def test_the_place_word_of_another_title_is_still_that_title(writer):
    output, _ = converse(writer, [WATERLOO], "who made the first wellington boot")
    assert output.topic == "Wellington boot"

"""Short ways people type a page: a relative after a filler word ("k and his wife", "n her
kid?"), a name with its page's kind after it where only that page has the name in its title
("the bodoni typeface" while on the printer), a number in words ("SIXTY FOUR lol") or a
number that only a title of the same opening outside the family holds ("and 64?" on Donkey
Kong Country 2), and a three-word title in its initials ("bnw")."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Robert Schumann": [
        "Robert Schumann was a German composer and music critic, born in 1810 in Zwickau. He "
        "died in 1856 in an asylum at Endenich near Bonn. His wife Clara Schumann outlived him "
        "by forty years."
    ],
    "Clara Schumann": [
        "Clara Schumann was a German pianist and composer, born Clara Wieck in 1819 in Leipzig. "
        "She toured Europe for six decades and died in Frankfurt in 1896."
    ],
    "Ingrid Bergman": [
        "Ingrid Bergman was a Swedish actress, born in 1915 in Stockholm. She won three Academy "
        "Awards. Her daughter Isabella Rossellini became a model and an actress."
    ],
    "Isabella Rossellini": [
        "Isabella Rossellini is an Italian actress and model, born in 1952 in Rome. She was the "
        "face of Lancôme for fourteen years and won no Academy Award."
    ],
    "Giambattista Bodoni": [
        "Giambattista Bodoni was an Italian printer and punchcutter, born in 1740 in Saluzzo. "
        "He ran the ducal press at Parma for forty-five years."
    ],
    "Bodoni (typeface)": [
        "Bodoni is a serif typeface with hairline serifs and strong contrast, cut at Parma in "
        "the 1790s. Fashion magazines revived it for their mastheads in the twentieth century."
    ],
    "Donkey Kong Country": [
        "Donkey Kong Country is a platform game released in 1994 for the Super Nintendo. Rare "
        "rendered its graphics from three-dimensional models. It sold 9.3 million copies."
    ],
    "Donkey Kong Country 2": [
        "Donkey Kong Country 2 is a platform game released in 1995 for the Super Nintendo, "
        "starring Diddy Kong and Dixie Kong. It sold 5.1 million copies."
    ],
    "Donkey Kong 64": [
        "Donkey Kong 64 is a platform game released in 1999 for the Nintendo 64, the first "
        "three-dimensional game of the series. It sold 5.2 million copies and needed the "
        "Expansion Pak."
    ],
    "Aldous Huxley": [
        "Aldous Huxley was an English writer, born in 1894 in Godalming. He moved to California "
        "in 1937 and died in Los Angeles in 1963."
    ],
    "Brave New World": [
        "Brave New World is a dystopian novel by Aldous Huxley, published in 1932. Its World "
        "State breeds people in hatcheries and keeps them content with the drug soma."
    ],
}


@pytest.mark.parametrize(
    ("history", "said", "meant"),
    [
        (
            [("when did robert schumann die", "In 1856, near Bonn.")],
            "k and his wife",
            "Clara Schumann",
        ),
        ([("ingrid bergman oscar wins", "She won three.")], "n her kid?", "Isabella Rossellini"),
    ],
)
def test_a_relative_after_a_filler_word(writer, history, said, meant):
    output, _ = converse(writer, history, said)
    assert output.topic == meant


@pytest.mark.parametrize(
    "said", ["what about the bodoni typeface", "the bodoni font, who revived it"]
)
def test_a_name_with_its_pages_kind_after_it(writer, said):
    history = [("who was giambattista bodoni", "An Italian printer in Parma.")]
    output, _ = converse(writer, history, said)
    assert output.topic == "Bodoni (typeface)"


def test_the_person_of_the_name_stays_without_a_kind(writer):
    history = [("who was giambattista bodoni", "An Italian printer in Parma.")]
    output, _ = converse(writer, history, "where was bodoni born")
    assert output.topic == "Giambattista Bodoni"


@pytest.mark.parametrize("said", ["and 64?", "no SIXTY FOUR lol", "sixty-four i meant"])
def test_a_number_only_a_title_of_the_same_opening_holds(writer, said):
    history = [("sales of donkey kong country 2", "5.1 million copies.")]
    output, _ = converse(writer, history, said)
    assert output.topic == "Donkey Kong 64"


def test_a_number_of_the_family_still_wins(writer):
    history = [("sales of donkey kong country 2", "5.1 million copies.")]
    output, _ = converse(writer, history, "and the first one")
    assert output.topic == "Donkey Kong Country"


def test_a_three_word_title_in_its_initials(writer):
    history = [("where was aldous huxley born", "In Godalming, in 1894.")]
    output, _ = converse(writer, history, "bnw came out when")
    assert output.topic == "Brave New World"


def test_a_role_as_the_page_of_a_person_in_play_states_it(writer):
    history = [("what is the bodoni typeface", "A serif typeface cut by Giambattista Bodoni.")]
    output, _ = converse(writer, history, "where was the printer born")
    assert output.topic == "Giambattista Bodoni"

"""A name inside a correction's description is part of the description, not the page meant:
"nope, the heroic one, the dedication to napoleon" after an answer about the Ninth means the
Third symphony, not Napoleon. A description that asks something names what it asks about."""

from __future__ import annotations

from fixtures_writer import converse

PAGES = {
    "Ludwig van Beethoven": [
        "Ludwig van Beethoven was a German composer and pianist, born in 1770 in Bonn. He "
        "wrote nine symphonies and went deaf in his later years."
    ],
    "Symphony No. 3 (Beethoven)": [
        "Symphony No. 3 in E-flat major, the Eroica or heroic symphony, was written by Beethoven "
        "in 1803 and 1804. He first planned its dedication to Napoleon, then tore the title page "
        "when Napoleon crowned himself emperor."
    ],
    "Symphony No. 9 (Beethoven)": [
        "Symphony No. 9 in D minor is the last complete symphony by Beethoven, first performed "
        "in Vienna in 1824. Its finale sets the Ode to Joy for a choir and four soloists."
    ],
    "Napoleon": [
        "Napoleon Bonaparte was a French military leader, born in 1769 in Corsica. He crowned "
        "himself Emperor of the French in 1804 and died on Saint Helena in 1821."
    ],
}


def test_a_name_inside_a_description_is_not_the_page_meant(writer):
    history = [
        (
            "which beethoven symphony was meant for a general",
            "Symphony No. 9, first performed in Vienna in 1824.",
        )
    ]
    output, _ = converse(writer, history, "nope, the heroic one, the dedication to napoleon")
    assert output.topic == "Symphony No. 3 (Beethoven)"


def test_a_name_said_alone_in_a_correction_is_meant(writer):
    history = [("who did beethoven admire", "He admired Haydn, his teacher in Vienna.")]
    output, _ = converse(writer, history, "no, i meant napoleon")
    assert output.topic == "Napoleon"

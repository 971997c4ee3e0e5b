"""Places in lists as answers write them: "the final name in that list", "whoever was at the
end of ur list"; a list of works each after its maker's name ("Monet's Water Lilies (c. 1906,
Giverny) and Van Gogh's Sunflowers"), where the makers are no items; a list whose first item
follows a verb ("the late airliners were the 50, the 70 ..."), whose numbered names keep their
numeral I ("Henry I (1100–1135), Henry II ...") and whose last item follows a short aside of
time ("and, from 1547, Edward VI"); and "c. 1906" that ends no sentence of an answer."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

from memrevise.language import cues
from memrevise.language.entities import plain_lists
from memrevise.language.kinds import facts_of
from memrevise.memory import Status

PAGES = {
    "Water Lilies (Monet series)": [
        "Water Lilies is a series of about 250 oil paintings by Claude Monet, painted at his "
        "garden in Giverny from about 1896 until his death in 1926."
    ],
    "Sunflowers (Van Gogh series)": [
        "Sunflowers is the name of two series of still life paintings by Vincent van Gogh, "
        "painted in Paris in 1887 and in Arles in 1888 and 1889."
    ],
    "Claude Monet": ["Claude Monet was a French painter, born in Paris in 1840."],
    "Vincent van Gogh": ["Vincent van Gogh was a Dutch painter, born in Zundert in 1853."],
    "Fokker 50": ["The Fokker 50 is a Dutch turboprop airliner first flown in 1985."],
    "Fokker 70": ["The Fokker 70 is a Dutch twin-engine jet airliner first flown in 1993."],
    "Fokker 100": ["The Fokker 100 is a Dutch jet airliner first flown in 1986."],
    "Henry I of England": ["Henry I was King of England from 1100 to 1135, born in Selby."],
    "Henry II of England": ["Henry II was King of England from 1154 to 1189, born in Le Mans."],
    "Henry III of England": ["Henry III was King of England from 1216 to 1272."],
    "Henry VII of England": ["Henry VII was King of England from 1485 until his death in 1509."],
    "Henry VIII of England": ["Henry VIII was King of England from 1509 until 1547."],
    "Edward VI of England": ["Edward VI was King of England from 1547 until 1553."],
}

PAINTINGS = (
    "paintings of flowers",
    "Famous ones include Monet's Water Lilies (c. 1906, Giverny) and Van Gogh's Sunflowers "
    "(1888, Arles).",
)
HOW_BIG = ("how big is water lilies", "The Water Lilies canvases are up to two metres wide.")
JETS = (
    "fokker airliners",
    "Fokker's late airliners were the 50 (first flown 1985), the 70 (1993) and the 100 (1986).",
)
HENRYS = (
    "early kings called henry",
    "Henry I (1100–1135), Henry II (1154–1189) and Henry III (1216–1272), followed by Edward I.",
)
TUDORS = (
    "the first tudor kings",
    "Henry VII (1485–1509), Henry VIII (1509–1547) and, from 1547, Edward VI.",
)


@pytest.mark.parametrize(
    ("said", "index"),
    [
        ("the final name in that list is who i meant", -1),
        ("no i meant whoever was at the end of ur list", -1),
        ("the final one u listed", -1),
        ("the 2nd dad in ur list, not the son", 2),  # any noun, where the list is said
    ],
)
def test_the_final_name_and_the_end_of_a_list_are_its_last_place(said, index):
    assert [p.index for p in cues.positions(said)] == [index]


@pytest.mark.parametrize("said", ["who won the final", "the final of the cup", "the final season"])
def test_a_final_that_names_no_list_item_is_no_place(said):
    assert cues.positions(said) == []


def test_circa_and_opus_end_no_sentence_of_an_answer():
    assert facts_of("Painted c. 1906 in Giverny. His Op. 314 came later.") == (
        "Painted c. 1906 in Giverny.",
        "His Op. 314 came later.",
    )


def test_a_list_opens_after_the_verb_that_introduces_it():
    assert plain_lists(JETS[1])[0] == ["50", "70", "100"]


def test_a_numeral_i_stays_with_its_name_and_a_closing_clause_is_no_item():
    assert plain_lists(HENRYS[1]) == [["Henry I", "Henry II", "Henry III"]]


def test_the_second_work_listed_after_its_makers_name(writer):
    output, memory = converse(writer, [PAINTINGS, HOW_BIG], "sorry i meant the 2nd one u listed")
    assert output.topic == "Sunflowers (Van Gogh series)"
    assert memory.topic("Water Lilies (Monet series)").status is Status.DROPPED


def test_the_third_of_a_list_after_its_verb_is_the_family_member_it_numbers(writer):
    about = ("what was the fokker 50 known for", "The Fokker 50 was quiet for a turboprop.")
    output, _ = converse(writer, [JETS, about], "sorry, meant the third one in that list")
    assert output.topic == "Fokker 100"
    assert "known" in output.query


def test_the_middle_of_three_numbered_names_is_the_page_its_title_opens_with(writer):
    about = ("when did he die", "Henry I of England died in 1135 near Rouen.")
    output, _ = converse(writer, [HENRYS, about], "i meant the middle one of those three")
    assert output.topic == "Henry II of England"


def test_the_final_name_after_an_aside_of_time(writer):
    about = ("how old was he when he became king", "Henry VII of England was 28 in 1485.")
    output, _ = converse(writer, [TUDORS, about], "the final name in that list is who i meant")
    assert output.topic == "Edward VI of England"

"""Names as people type them: hyphenated words run together ("cocacola" for Coca-Cola), a
middle initial left out ("ulysses grant" for Ulysses S. Grant), and "comet" left out of a
comet's name ("ikeya seki"). A question that opens with such a name and then asks of it
("cocacola who invented it") is about that page."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.language.entities import name_keys
from memrevise.writer import make_writer


@pytest.mark.parametrize(
    ("title", "typed"),
    [
        ("Coca-Cola", ("cocacola",)),
        ("Ulysses S. Grant", ("ulysses", "grant")),
        ("Comet Ikeya–Seki", ("ikeya", "seki")),
    ],
)
def test_a_name_is_found_as_people_type_it(title, typed):
    assert typed in name_keys(title)


def test_a_letter_inside_a_hyphenated_name_is_no_middle_initial():
    assert ("koh", "noor") not in name_keys("Koh-i-Noor")


PAGES = {
    "Pepsi": ["Pepsi is a soft drink first made in 1893 by Caleb Bradham in North Carolina."],
    "Coca-Cola": [
        "Coca-Cola is a soft drink invented in 1886 by the pharmacist John Stith Pemberton in "
        "Atlanta, Georgia."
    ],
    "Abraham Lincoln": [
        "Abraham Lincoln was the 16th president of the United States, from 1861 until he was "
        "shot in 1865."
    ],
    "Ulysses S. Grant": [
        "Ulysses S. Grant was the commanding general of the Union army and the 18th president "
        "of the United States; he died in 1885 at Mount McGregor, New York."
    ],
}


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize(
    ("history", "turn", "meant"),
    [
        ([("who made pepsi", "Caleb Bradham, in 1893.")], "cocacola who invented it", "Coca-Cola"),
        (
            [("when was lincoln shot", "In April 1865.")],
            "ulysses grant when did he die",
            "Ulysses S. Grant",
        ),
    ],
)
def test_a_question_opening_with_a_typed_name_is_about_it(writer, history, turn, meant):
    output, _ = converse(writer, history, turn)
    assert output.topic == meant

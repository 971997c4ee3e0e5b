"""A role that names who made a thing ("the author", "the architect") means the person the
thing's page says it is by, where no one in play has that role: "the author, was he a priest"
after turns about Gulliver's Travels is about Jonathan Swift; "the drummer" of a band is
still none of the people its page says nothing of."""

from __future__ import annotations

from fixtures_writer import converse

PAGES = {
    "Gulliver's Travels": [
        "Gulliver's Travels is a 1726 prose satire by the Anglo-Irish writer and clergyman "
        "Jonathan Swift. Lemuel Gulliver visits Lilliput, whose people are six inches tall."
    ],
    "Jonathan Swift": [
        "Jonathan Swift was an Anglo-Irish satirist and cleric, born in Dublin in 1667, who "
        "became Dean of St Patrick's Cathedral in 1713."
    ],
    "Lilliput and Blefuscu": ["Lilliput and Blefuscu are two island nations at war."],
}
BOOK = [
    ("when did gullivers travels come out", "October 1726, in London."),
    ("how tall are the lilliputians", "Six inches."),
]


def test_the_author_is_who_the_book_is_by(writer):
    output, _ = converse(writer, BOOK, "the author, was he a priest")
    assert output.topic == "Jonathan Swift"
    assert output.query is not None and output.query.startswith("the author")


def test_a_role_no_maker_has_stays_with_the_chooser(writer):
    output, _ = converse(writer, BOOK, "the drummer, was he a priest")
    assert output.topic != "Jonathan Swift"

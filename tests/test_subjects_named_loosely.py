"""A question that already names its subject is left as typed, also where it names a thing
in the plural ("how many harpsichords survive", "tourettes how is it diagnosed"); the plural of
a name's last word is the kind it names, not the page ("penguins" are no Emperor penguin), and
a person's name with an "s" is theirs, not a plural ("andys wife" still needs Andy Murray,
"morrisseys birthday" Morrissey the singer)."""

from __future__ import annotations

import pytest

from memrevise.memory import Status, Topic
from memrevise.writer.query import names_subject, write_query

SINGER = Topic(name="Morrissey", kind="singer", status=Status.CURRENT, turns=(1,), facts=())


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("how many harpsichords survive", "Harpsichord"),
        ("fiberglass sousaphones came in when", "Sousaphone"),
        ("tourettes how is it diagnosed", "Tourette syndrome"),
    ],
)
def test_a_thing_said_in_the_plural_is_named(question, name):
    assert names_subject(question, name, thing=True)
    assert write_query(question, name, None, None, False, []) == question


@pytest.mark.parametrize(
    ("question", "name", "thing", "query"),
    [
        (
            "are penguins in trouble",
            "Emperor penguin",
            True,
            "are penguins in trouble Emperor penguin",
        ),
        ("andys wife name", "Andy Murray", False, "andys wife name Andy Murray"),
        ("where is his grave", "Robert Graves", False, "where is Robert Graves's grave"),
    ],
)
def test_a_kind_or_a_person_s_name_with_an_s_does_not_name_the_subject(
    question, name, thing, query
):
    assert not names_subject(question, name, thing)
    assert write_query(question, name, None, None, False, []) == query


def test_a_one_word_name_of_a_person_with_an_s_is_theirs():
    query = write_query("whens morrisseys birthday", "Morrissey", None, SINGER, False, [])
    assert query == "whens morrisseys birthday Morrissey"


CANAL = Topic(name="Caledonian Canal", kind="canal", status=Status.CURRENT, turns=(1,), facts=())


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("who built the lighthouse", "Bell Rock Lighthouse"),
        ("what happened to the lighthouse", "Lighthouse of Alexandria"),
        ("was the canal finished on time", "Caledonian Canal"),
    ],
)
def test_the_head_noun_of_a_thing_s_title_after_the_is_a_description(question, name):
    assert not names_subject(question, name, thing=True)


def test_a_description_by_the_head_noun_is_given_the_name():
    query = write_query(
        "was the canal finished on time", "Caledonian Canal", None, CANAL, False, []
    )
    assert query == "was the canal finished on time Caledonian Canal"


@pytest.mark.parametrize(
    ("question", "name", "thing"),
    [
        ("when did the bulls last win", "Chicago Bulls", True),  # a team's plural name
        ("is the lyrebird on a coin", "Superb lyrebird", True),  # the common name
        ("who was the crocodile hunter", "Saltwater crocodile", True),  # a noun before a noun
        ("whats the cruyff turn", "Johan Cruyff", False),  # a person's name
        ("how tall is cordouan lighthouse", "Cordouan Lighthouse", True),  # the name itself
    ],
)
def test_a_name_a_team_or_a_common_name_still_names_the_subject(question, name, thing):
    assert names_subject(question, name, thing)

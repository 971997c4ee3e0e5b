"""A thing is often named by the last words of its title ("bittern" for the locomotive LNER
Class A4 4464 Bittern), and a kind word beside the name picks it among the pages of that name
("bittern the train" is the engine, not the bird). A place's region is no part of its name
("columbia" is no Victoria, British Columbia), and a person's last name is read as such."""

from __future__ import annotations

import pytest
from fixtures_writer import converse

PAGES = {
    "Bittern": [
        "The bittern is a wading bird of the heron family that lives in reed beds and booms "
        "in spring."
    ],
    "LNER Class A4 4464 Bittern": [
        "LNER Class A4 4464 Bittern is a preserved steam locomotive built at Doncaster in 1937 "
        "for express trains on the East Coast Main Line."
    ],
    "Victoria, British Columbia": [
        "Victoria is the capital city of the Canadian province of British Columbia, on the "
        "southern tip of Vancouver Island."
    ],
    "Columbia River": [
        "The Columbia River is the largest river in the Pacific Northwest of North America, "
        "reached by Lewis and Clark in 1805."
    ],
}
BIRD = ("what does a bittern eat", "Mostly fish and frogs.")


@pytest.mark.parametrize(
    "said", ["bittern the train, is it still running", "bittern the locomotive when was it built"]
)
def test_a_kind_word_picks_the_title_a_name_ends(writer, said):
    output, _ = converse(writer, [BIRD], said)
    assert output.topic == "LNER Class A4 4464 Bittern"


def test_a_region_is_no_part_of_a_place_s_name(writer):
    history = [("where is victoria bc", "On the southern tip of Vancouver Island.")]
    output, _ = converse(writer, history, "and the columbia river, how long is it")
    assert output.topic == "Columbia River"

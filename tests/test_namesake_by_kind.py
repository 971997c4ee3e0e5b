"""A namesake of another kind, said by its kind with a word that only stresses it ("and the
actual movie" after a question about a soundtrack album), is that namesake; a record is an
album ("the record" after a question about the film is the soundtrack album)."""

from __future__ import annotations

import pytest
from fixtures_writer import converse, index_of

from memrevise.writer import make_writer

PAGES = {
    "Purple Rain (film)": [
        "Purple Rain is a 1984 American rock musical drama film directed by Albert Magnoli and "
        "starring Prince, shot in Minneapolis."
    ],
    "Purple Rain (album)": [
        "Purple Rain is the sixth studio album by Prince and the Revolution, released in June "
        "1984 as the soundtrack of the film; it spent 24 weeks at number one."
    ],
    "Prince (musician)": [
        "Prince was an American singer, songwriter and musician from Minneapolis, born in 1958."
    ],
}
ALBUM = ("when did the purple rain soundtrack come out", "In June 1984.")
FILM = ("who directed purple rain", "Albert Magnoli.")


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request):
    return make_writer(request.param, index_of(PAGES))


@pytest.mark.parametrize(
    ("history", "turn", "meant"),
    [
        ([ALBUM], "and the actual movie", "Purple Rain (film)"),
        ([ALBUM], "and the real film?", "Purple Rain (film)"),
        ([FILM], "and the record", "Purple Rain (album)"),
    ],
)
def test_a_namesake_said_by_its_kind_is_that_namesake(writer, history, turn, meant):
    output, _ = converse(writer, history, turn)
    assert output.topic == meant

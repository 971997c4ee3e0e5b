"""A title "<Noun> of <Name>" said name first, as people also say it: "the alexandria
lighthouse, did it have a mirror" is the Lighthouse of Alexandria, though "lighthouse" alone
would be the one in focus."""

from __future__ import annotations

from fixtures_writer import converse

PAGES = {
    "Lighthouse of Alexandria": [
        "The Lighthouse of Alexandria was a lighthouse built by the Ptolemies on the island of "
        "Pharos in Alexandria, Egypt, in the third century BC; a mirror at its top reflected "
        "the sun by day."
    ],
    "Eddystone Lighthouse": [
        "Eddystone Lighthouse is a lighthouse on the Eddystone Rocks off Plymouth, England; the "
        "present tower was lit in 1882."
    ],
    "Plymouth": ["Plymouth is a port city in Devon, England."],
}


def test_a_title_said_name_first_is_that_page(writer):
    history = [("when was the eddystone lighthouse lit", "The present tower in 1882.")]
    said = "the alexandria lighthouse, did it have a mirror"
    output, _ = converse(writer, history, said)
    assert output.topic == "Lighthouse of Alexandria"
    assert output.query == said

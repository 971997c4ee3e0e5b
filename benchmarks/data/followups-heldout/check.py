"""Validate the held-out hand-written follow-up set (stdlib only).

Usage: python check.py [DIR]   (DIR defaults to the folder of this file)
The checks of ``../followups/check.py``, with this set's minimums: fewer turns of each kind,
20 conversations, 120 turns, and 10 new pages (passage ids ``fh-p...``).
Exits non-zero when an error is found; warnings are printed for review.
"""

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MINIMUM = {
    "no-rewrite": 25,
    "named-switch": 20,
    "pronoun": 20,
    "possessive": 8,
    "definite": 8,
    "role": 6,
    "ellipsis": 8,
    "answer-entity": 8,
    "return": 6,
}


def main():
    spec = importlib.util.spec_from_file_location(
        "followups_check", HERE.parent / "followups" / "check.py"
    )
    base = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(base)
    return base.main(
        HERE,
        MINIMUM,
        least_conversations=20,
        least_turns=120,
        new_page_prefix="fh-p",
        least_new_pages=10,
    )


if __name__ == "__main__":
    sys.exit(main())

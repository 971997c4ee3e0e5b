"""Validate the fresh held-out hand-written follow-up set (stdlib only).

Usage: python check.py [DIR]   (DIR defaults to the folder of this file)
The checks of ``../followups/check.py``, with this set's minimums: the per-kind minimums
below, 24 conversations, 170 turns, and 20 new pages (passage ids ``ff-p...``).
Exits non-zero when an error is found; warnings are printed for review.
"""

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MINIMUM = {
    "no-rewrite": 30,
    "named-switch": 40,
    "pronoun": 25,
    "possessive": 8,
    "definite": 8,
    "role": 8,
    "ellipsis": 8,
    "answer-entity": 10,
    "return": 8,
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
        least_conversations=24,
        least_turns=170,
        new_page_prefix="ff-p",
        least_new_pages=20,
    )


if __name__ == "__main__":
    sys.exit(main())

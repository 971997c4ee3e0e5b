#!/usr/bin/env python3
"""Validate the fresh held-out hand-written revisions set (stdlib only).

Usage: python3 check.py [DIR]   (DIR defaults to this file's folder)
The checks of ``../revisions/check.py``, and this set's own: a minimum size per tier, 110
items, every reference kind used, and at least half the items on the new pages (passage ids
``rf-p...``). Exits non-zero when any problem is found.
"""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TIER_MINIMUM = {
    "correction": 30,
    "self-repair": 30,
    "value-revision": 20,
    "follow-up": 15,
    "return-1": 8,
    "return-2+": 7,
}


def main():
    path = os.path.join(HERE, os.pardir, "revisions", "check.py")
    spec = importlib.util.spec_from_file_location("revisions_check", path)
    base = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(base)
    return base.main(HERE, tier_minimum=TIER_MINIMUM, least_items=110, new_page_prefix="rf-p")


if __name__ == "__main__":
    sys.exit(main())

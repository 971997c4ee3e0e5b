"""The hand-written evaluation sets under ``benchmarks/data/`` pass their own validators
(well-formed lines, gold passages that exist, topics that are pages, the minimum counts)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data"
SETS = sorted(path.parent.name for path in DATA.glob("*/check.py"))


def test_every_set_has_a_validator():
    assert {"followups", "followups-heldout", "followups-fresh", "followups-fresh2"} <= set(SETS)
    assert {"followups-fresh3", "revisions-fresh3", "followups-fresh4", "revisions-fresh4"} <= set(
        SETS
    )
    assert {"followups-fresh5", "revisions-fresh5", "revisions"} <= set(SETS)
    assert {"followups-fresh6", "revisions-fresh6", "followups-fresh7", "revisions-fresh7"} <= set(
        SETS
    )
    assert {"revisions-heldout", "revisions-fresh", "followups-fresh8", "revisions-fresh8"} <= set(
        SETS
    )
    assert {"followups-fresh9", "revisions-fresh9"} <= set(SETS)


@pytest.mark.parametrize("name", SETS)
def test_a_hand_written_set_passes_its_validator(name):
    done = subprocess.run(
        [sys.executable, str(DATA / name / "check.py")], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr

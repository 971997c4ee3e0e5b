"""Progress of long commands (``memrevise.progress``): on a terminal only, with time estimates."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from memrevise.progress import advance, shown, stage, track

COLLECTION = Path(__file__).parents[1] / "memrevise" / "data" / "demo_collection.jsonl"


def run_stages(console: Console) -> list[int]:
    """The stages of a small command: a step counted by hand, then a tracked loop."""
    seen = []
    with shown(console):
        stage("loading Apollo 11", total=2)
        advance(2)
        for number in track(range(3), "writing the Armstrong/Aldrin pages"):
            seen.append(number)
    return seen


def test_nothing_is_shown_when_the_console_is_not_a_terminal() -> None:
    stream = io.StringIO()
    assert run_stages(Console(file=stream, force_terminal=False)) == [0, 1, 2]
    assert stream.getvalue() == ""


def test_stages_with_counts_and_time_left_are_shown_on_a_terminal() -> None:
    stream = io.StringIO()
    console = Console(file=stream, force_terminal=True, width=120)
    assert run_stages(console) == [0, 1, 2]
    shown_text = stream.getvalue()
    assert "loading Apollo 11" in shown_text and "2/2" in shown_text
    assert "writing the Armstrong/Aldrin pages" in shown_text and "3/3" in shown_text
    assert "left" in shown_text


def test_reports_outside_a_shown_block_do_nothing() -> None:
    stage("sorry, i meant 2, not 1", total=5)
    advance(5)
    assert list(track(["Avatar (2009 film)", "Avatar (2004 film)"])) == [
        "Avatar (2009 film)",
        "Avatar (2004 film)",
    ]


def index_command(tmp_path: Path, stderr: int | None) -> subprocess.CompletedProcess[bytes]:
    args = ["index", "--collection", str(COLLECTION), "--out", str(tmp_path / "index")]
    command = [sys.executable, "-m", "memrevise.cli", *args]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1]), "COLUMNS": "120"}
    return subprocess.run(command, stderr=stderr, stdout=subprocess.PIPE, env=env, check=True)


def test_memrevise_index_shows_progress_on_a_terminal_only(tmp_path: Path) -> None:
    piped = index_command(tmp_path, subprocess.PIPE)
    assert piped.stderr.decode().splitlines() == [f"indexed 31 passages into {tmp_path / 'index'}"]
    leader, follower = pty.openpty()
    try:
        index_command(tmp_path, follower)
        os.close(follower)
        follower = -1
        shown_text = b""
        while True:
            try:
                chunk = os.read(leader, 1 << 16)
            except OSError:  # the terminal closed once read to the end
                break
            if not chunk:
                break
            shown_text += chunk
    finally:
        os.close(leader)
        if follower >= 0:
            os.close(follower)
    text = shown_text.decode(errors="replace")
    assert "reading passages" in text and "saving" in text
    assert "indexed 31 passages" in text

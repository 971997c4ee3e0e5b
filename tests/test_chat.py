"""`memrevise chat` in a pseudo-terminal, as a user meets it: the banner, readline editing and
history, and the commands :help, :memory, :why, :answer, :reset and :quit."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")
UP, CTRL_A = "\x1b[A", "\x01"


class Terminal:
    """A command on a pseudo-terminal: type lines, read what it printed since the last line."""

    def __init__(self, args: list[str], env: dict[str, str]):
        self.fd, child = pty.openpty()
        self.process = subprocess.Popen(
            args, stdin=child, stdout=child, stderr=child, env=env, close_fds=True
        )
        os.close(child)
        self.seen = ""

    def expect(self, text: str, timeout: float = 60) -> str:
        """Everything printed up to and including ``text``; fails after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} not printed; got:\n{self.seen}"
            if select.select([self.fd], [], [], left)[0]:
                try:
                    chunk = os.read(self.fd, 4096).decode("utf-8", "replace")
                except OSError:  # the command ended
                    chunk = ""
                assert chunk or text in self.seen, f"ended before {text!r}:\n{self.seen}"
                self.seen += ANSI.sub("", chunk)
        end = self.seen.index(text) + len(text)
        before, self.seen = self.seen[:end], self.seen[end:]
        return before

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def ask(self, line: str) -> str:
        """Type ``line`` and Enter; what it printed up to the next prompt."""
        self.type(line + "\r")
        return self.expect("you> ")

    def close(self) -> int:
        code = self.process.wait(timeout=30)
        os.close(self.fd)
        return code


@pytest.fixture
def chat(tmp_path):
    env = os.environ | {
        "HOME": str(tmp_path),
        "MEMREVISE_HISTORY": str(tmp_path / "history"),
        "NO_COLOR": "1",
        "TERM": "xterm",
    }
    terminal = Terminal([sys.executable, "-m", "memrevise.cli", "chat"], env)
    yield terminal
    if terminal.process.poll() is None:
        terminal.process.kill()
        terminal.close()


def test_the_banner_names_the_index_and_the_writer(chat):
    banner = chat.expect("you> ")
    assert "31 passages on 13 pages (the demo collection)" in banner
    assert "writer LearnedWriter" in banner and ":help" in banner


def test_the_commands_through_a_conversation(chat, tmp_path):
    chat.expect("you> ")
    shown = chat.ask(":help")
    for command in (":memory", ":why", ":answer TEXT", ":reset", ":quit"):
        assert command in shown
    assert "query:" not in shown  # a command, never sent as a question

    first = chat.ask("who walked on the moon first?")
    assert re.search(r"\| topic: \S", first) and "1. " in first
    noted = chat.ask(":answer Neil Armstrong walked on the Moon first, then Buzz Aldrin.")
    assert "answer noted for turn 1" in noted
    assert "no question is waiting" in chat.ask(":answer again")
    assert "writer: " in chat.ask(":why")  # the answered turn's search is still explained

    searched = chat.ask("where did he grow up?")
    assert "Refine(Neil Armstrong) | topic: Neil Armstrong" in searched
    assert "query: where did Neil Armstrong grow up?" in searched

    why = chat.ask(":why")
    assert "writer: follow-up: stayed on Neil Armstrong" in why
    assert re.search(r"1\. Neil Armstrong: retrieval -?\d+\.\d\d, title_prior \+1\.50[,\ ]", why)

    memory = chat.ask(":memory")
    assert re.search(r"current\s+Neil Armstrong", memory)

    assert "unknown command :nonsense" in chat.ask(":nonsense")
    assert "a new conversation" in chat.ask(":reset")
    assert "the memory is empty" in chat.ask(":memory")
    assert "no searched question" in chat.ask(":why")

    chat.type(":quit\r")
    assert chat.close() == 0
    assert "where did he grow up?" in (tmp_path / "history").read_text()


def test_readline_edits_the_line_and_recalls_history(chat):
    chat.expect("you> ")
    chat.ask("who was neil armstrong?")
    edited = chat.ask("grow up?" + CTRL_A + "where did he ")  # typed at the line's start
    assert "query: where did Neil Armstrong grow up?" in edited
    recalled = chat.ask(UP)  # the previous line again
    assert "query: where did Neil Armstrong grow up?" in recalled
    chat.type("\x04")  # Ctrl-D ends the chat
    assert chat.close() == 0

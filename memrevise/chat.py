"""``memrevise chat``: a conversation in the terminal, with commands that show the memory and
why the last turn went where it did. Lines are edited with readline and kept in a history."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from memrevise.console import operations, print_hits, print_memory, print_refiled, print_writer
from memrevise.search import MemRevise, SearchResult, Session
from memrevise.writer import TurnError

HISTORY = Path.home() / ".memrevise_history"  # $MEMREVISE_HISTORY overrides it
HISTORY_LINES = 1000
HELP = """\
Type a question and press Enter. Commands:
  :help           this list
  :memory         the topics with their status
  :why            the last turn's signals: what the writer did, the query, each passage's scores
  :answer TEXT    the answer you saw for the last question (else its top passage counts)
  :reset          start a new conversation
  :quit           end (also :q, :exit, Ctrl-D)"""
QUIT = {":quit", ":q", ":exit"}


def _history_file() -> Path:
    return Path(os.environ.get("MEMREVISE_HISTORY") or HISTORY)


def _line_editing() -> Callable[[], None]:
    """Turn on readline editing and history (on a terminal); returns what saves the history."""
    if not sys.stdin.isatty():
        return lambda: None
    try:
        import readline
    except ImportError:  # a Python built without readline: plain input
        return lambda: None
    path = _history_file()
    with contextlib.suppress(OSError):  # no history yet, or unreadable: start a new one
        readline.read_history_file(path)
    readline.set_history_length(HISTORY_LINES)

    def save() -> None:
        with contextlib.suppress(OSError):  # a history not kept does not fail the chat
            readline.write_history_file(path)

    return save


class Chat:
    """One terminal conversation over ``engine``; :meth:`handle` takes one typed line."""

    def __init__(self, engine: MemRevise, k: int, out: Console, err: Console):
        self.engine = engine
        self.k = k
        self.out = out
        self.err = err
        self.session: Session = engine.session()
        self.last: SearchResult | None = None  # the last search, for :why
        self.waiting = False  # whether the last search still waits for its answer

    def banner(self, index: str) -> None:
        engine = self.engine
        pages = f" on {len(set(engine.index.titles))} pages" if engine.index.titled else ""
        self.out.print(
            f"memrevise chat: {engine.index.num_docs} passages{pages} ({index}), "
            f"writer {type(engine.writer).__name__}. :help lists the commands.",
            markup=False,
        )

    def handle(self, line: str) -> bool:
        """Act on one line; False when the chat should end."""
        line = line.strip()
        command, _, rest = line.partition(" ")
        if command in QUIT:
            return False
        if not line:
            return True
        if command == ":help":
            self.out.print(HELP, markup=False)
        elif command == ":memory":
            self.memory()
        elif command == ":why":
            self.why()
        elif command == ":answer":
            self.answer(rest.strip())
        elif command == ":reset":
            self.session, self.last, self.waiting = self.engine.session(), None, False
            self.out.print("  a new conversation: the memory is empty", markup=False)
        elif command.startswith(":"):
            self.err.print(f"error: unknown command {command}; :help lists them", markup=False)
        else:
            self.ask(line)
        return True

    def ask(self, question: str) -> None:
        """Search ``question``; the previous one's top passage counts as its answer if none was
        given with :answer."""
        if self.waiting and self.last is not None and self.last.hits:
            self.session.answer(self.last.hits[0].text)
        self.waiting = False
        try:
            result = self.session.search(question, self.k)
        except TurnError as error:
            self.err.print(f"error: {error}", markup=False)
            return
        self.last, self.waiting = result, True
        node = result.memory.nodes[-1]
        self.out.print(
            f"  {operations(node)} | topic: {result.topic} | query: {result.query}", markup=False
        )
        print_hits(result.hits, self.out)

    def answer(self, text: str) -> None:
        if not text:
            self.err.print("error: :answer needs the answer's text", markup=False)
            return
        if not self.waiting or self.last is None:
            self.err.print("error: no question is waiting for its answer", markup=False)
            return
        searched = self.last.memory.nodes[-1]
        answered = self.session.answer(text)
        self.waiting = False
        self.out.print(f"  answer noted for turn {answered.turn}", markup=False)
        print_refiled(searched, answered, self.session.repairs.get(answered.turn), self.out)

    def memory(self) -> None:
        if not self.session.memory.nodes:
            self.out.print("  the memory is empty", markup=False)
        print_memory(self.session.memory, self.out)

    def why(self) -> None:
        """The last search's signals: the writer's act and operations, the query and topic,
        and each passage's retrieval score and what each search step added to it."""
        if self.last is None:
            self.err.print("error: no searched question to explain yet", markup=False)
            return
        result = self.last
        print_writer(result.memory.nodes[-1], self.out)
        self.out.print(f"  query:  {result.query}", markup=False)
        self.out.print(f"  topic:  {result.topic}", markup=False)
        for rank, hit in enumerate(result.hits, 1):
            steps = "".join(f", {name} {value:+.2f}" for name, value in hit.signals.items())
            self.out.print(
                f"    {rank}. {hit.title or hit.id}: retrieval {hit.base:.2f}{steps} "
                f"= {hit.score:.2f}",
                markup=False,
            )


def run_chat(chat: Chat, index: str) -> None:
    """The banner, then one line at a time until :quit or the end of input."""
    save_history = _line_editing()
    prompt = "you> " if sys.stdin.isatty() else ""
    chat.banner(index)
    try:
        while True:
            try:
                line = input(prompt)
            except EOFError:
                break
            try:
                if not chat.handle(line):
                    break
            except Exception as error:  # nothing typed may end the chat
                chat.err.print(f"error: {type(error).__name__}: {error} (the memory is kept)")
    finally:
        save_history()

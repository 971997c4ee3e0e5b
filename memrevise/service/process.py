"""A ``memrevise serve`` process on a free loopback port, for tests and load benchmarks."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx


def free_port() -> int:
    """A loopback port that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class ServerProcess:
    """A running server; its output goes to ``log``."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @classmethod
    def start(
        cls, db: str | Path, log: Path, *options: str, ready_seconds: float = 120.0
    ) -> ServerProcess:
        """Start ``memrevise serve --db DB [options]`` (a SQLite file or a PostgreSQL URL) and
        wait until it answers."""
        port = free_port()
        command = [sys.executable, "-m", "memrevise.cli", "serve", "--port", str(port)]
        with open(log, "ab") as output:
            process = subprocess.Popen(
                [*command, "--db", str(db), *options], stdout=output, stderr=subprocess.STDOUT
            )
        server = cls(process, port, log)
        server._wait_ready(ready_seconds)
        return server

    def _wait_ready(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                code = self.process.returncode
                raise RuntimeError(f"the server exited with status {code}: {self.tail()}")
            try:
                if httpx.get(f"{self.url}/health", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        self.kill()
        raise RuntimeError(f"the server did not answer within {seconds:g} s: {self.tail()}")

    def tail(self, chars: int = 2000) -> str:
        return self.log.read_text(errors="replace")[-chars:]

    def stop(self) -> None:
        """Shut down cleanly (as on Ctrl-C)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self) -> None:
        """Kill at once, as a crash would."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()

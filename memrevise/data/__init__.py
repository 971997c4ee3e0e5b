"""Data shipped with the package: the demo collection and conversation."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any


def demo_collection() -> Path:
    """The demo collection's JSONL file."""
    return Path(str(resources.files("memrevise.data").joinpath("demo_collection.jsonl")))


def demo_conversation() -> dict[str, Any]:
    """The demo conversation (its title and turns)."""
    text = resources.files("memrevise.data").joinpath("demo_conversation.json").read_text("utf-8")
    return json.loads(text)

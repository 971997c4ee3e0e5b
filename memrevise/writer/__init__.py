"""Writers: one interface, several implementations (rules on the CPU first), made by name."""

from memrevise.writer.base import Turn, TurnError, Writer
from memrevise.writer.context import Context, TopicChooser
from memrevise.writer.registry import DEFAULT_WRITER, WRITERS, make_writer
from memrevise.writer.rules import RuleWriter

__all__ = [
    "DEFAULT_WRITER",
    "WRITERS",
    "Context",
    "RuleWriter",
    "TopicChooser",
    "Turn",
    "TurnError",
    "Writer",
    "make_writer",
]

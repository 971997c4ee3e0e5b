"""Writers: one interface, several implementations (rules on the CPU first)."""

from memrevise.writer.base import Turn, TurnError, Writer
from memrevise.writer.rules import RuleWriter

__all__ = ["RuleWriter", "Turn", "TurnError", "Writer"]

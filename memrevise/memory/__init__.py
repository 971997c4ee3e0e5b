"""The revisable memory: nodes, replayed topic states, rendering and the writer's schema."""

from memrevise.memory.acts import Act, act_of, explain
from memrevise.memory.model import Memory, Node, Op, Operation, Status, Topic
from memrevise.memory.operations import corrected_to, operation_for
from memrevise.memory.render import render_input, render_memory
from memrevise.memory.replay import replay
from memrevise.memory.schema import (
    WriterOutput,
    WriterOutputError,
    parse_writer_output,
    writer_output,
)

__all__ = [
    "Act",
    "Memory",
    "Node",
    "Op",
    "Operation",
    "Status",
    "Topic",
    "WriterOutput",
    "WriterOutputError",
    "act_of",
    "corrected_to",
    "explain",
    "operation_for",
    "parse_writer_output",
    "render_input",
    "render_memory",
    "replay",
    "writer_output",
]

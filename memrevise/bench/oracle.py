"""Oracle target memories: the node a writer should write at each turn of a built item.

The builder knows which topic every turn is about (TopiOCQA labels each turn, and the built
turns are built for a known topic), so it can write each target node: the operations follow
from the topic states, the facts are the answer's sentences, and the final node carries the
query. These targets are the training signal for learned writers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memrevise.language.kinds import facts_of
from memrevise.memory import Memory, Op, Operation, WriterOutput, corrected_to, operation_for
from memrevise.text import replace_pronouns, strip_qualifier, words


def resolve(question: str, name: str) -> str:
    """``question`` about ``name``: its pronouns replaced by the name, or the name appended."""
    resolved = replace_pronouns(question, name)
    if set(words(strip_qualifier(name))) <= set(words(resolved)):
        return resolved
    return f"{question.rstrip(' ?.')} {name}" + ("?" if question.rstrip().endswith("?") else "")


class Oracle:
    """Replays a conversation turn by turn, writing each target node and keeping the memory."""

    def __init__(self, kinds: Mapping[str, str]):
        self.kinds = kinds
        self.memory = Memory()
        self.outputs: list[WriterOutput] = []

    @property
    def current(self) -> str | None:
        topic = self.memory.current
        return topic.name if topic is not None else None

    def operation(self, topic: str) -> Operation:
        """Refine the current topic, Reactivate a known one, Add a new one (with its kind)."""
        return operation_for(self.memory, topic, kind=self.kinds.get(topic, ""))

    def turn(
        self,
        question: str,
        answer: str | None,
        topic: str,
        *,
        operations: Sequence[Operation] = (),
        contradictions: Sequence[str] = (),
        query: str | None = None,
    ) -> WriterOutput:
        """Write the node of one turn about ``topic`` (operations derived unless given)."""
        operations = list(operations) or [self.operation(topic)]
        depends = set()
        for name in {topic, *contradictions}:
            known = self.memory.topic(name)
            if known is not None:
                depends.add(known.turns[-1])
        output = WriterOutput(
            dependencies=tuple(sorted(depends)),
            contradictions=tuple(contradictions),
            operations=tuple(operations),
            topic=topic,
            facts=facts_of(answer),
            query=query,
        )
        self.memory = self.memory.append(output.to_node(self.memory.next_turn, question))
        self.outputs.append(output)
        return output

    def correction(
        self,
        question: str,
        answer: str | None,
        rejected: str,
        intended: str,
        *,
        revise: bool = False,
        query: str | None = None,
    ) -> WriterOutput:
        """A turn that drops ``rejected`` for ``intended``; ``revise`` for a changed value or a
        same-name page (Abandon then Revise), else Abandon then Reactivate or Add."""
        if revise:
            switch = Operation(op=Op.REVISE, topic=intended, kind=self.kinds.get(intended, ""))
        else:
            switch = corrected_to(self.memory, intended, kind=self.kinds.get(intended, ""))
        return self.turn(
            question,
            answer,
            intended,
            operations=[Operation(op=Op.ABANDON, topic=rejected), switch],
            contradictions=[rejected],
            query=query,
        )

    def targets(self) -> list[dict]:
        """The target outputs of every turn so far, as JSON-ready objects."""
        return [output.model_dump(mode="json", exclude_none=True) for output in self.outputs]

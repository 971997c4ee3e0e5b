"""A titled passage collection built from TopiOCQA's answers.

TopiOCQA's Wikipedia collection is not shipped with its conversations, so each (topic, section)
the conversations visit becomes one pseudo-passage: its title is the topic, its text the
section name followed by the distinct answers given about it, each as a sentence.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

from memrevise.bench.conversation import Conversation
from memrevise.retrieval.collection import Passage

__all__ = ["passage_id", "topiocqa_collection"]

_ENDED = re.compile(r"[.!?…][\"'”’)\]]*$")
_TRAILING = re.compile(r"[\s.!?…]+$")


def passage_id(topic: str, section: str | None) -> str:
    """The stable id of the pseudo-passage for ``(topic, section)``: ``tq-`` and the first 12
    hex digits of the SHA-1 of ``topic + "\\x1f" + section`` (``None`` counts as ``""``)."""
    key = f"{topic}\x1f{section or ''}".encode()
    return "tq-" + hashlib.sha1(key).hexdigest()[:12]


def _sentence(text: str) -> str:
    return text if _ENDED.search(text) else text + "."


def _key(text: str) -> str:
    """What two answers must share to count as the same (case and end punctuation aside)."""
    return _TRAILING.sub("", text).casefold()


def topiocqa_collection(conversations: Iterable[Conversation]) -> list[Passage]:
    """One :class:`Passage` per (topic, section) over all turns that have a topic.

    The title is the topic; the text is the section name, then each distinct non-empty answer
    about it in first-seen order (answers that differ only in case or end punctuation count as
    one), each ended as a sentence: ``"Early life. Pisa, Italy. After attending a lecture."``.
    Ids come from :func:`passage_id`; the list is sorted by id.
    """
    pages: dict[tuple[str, str | None], tuple[list[str], set[str]]] = {}
    for conversation in conversations:
        for turn in conversation.turns:
            if turn.topic is None:
                continue
            page = (turn.topic, turn.section or None)
            answers, seen = pages.setdefault(page, ([], set()))
            if turn.answer and _key(turn.answer) not in seen:
                seen.add(_key(turn.answer))
                answers.append(_sentence(turn.answer))
    passages = []
    for (topic, section), (answers, _) in pages.items():
        parts = ([_sentence(section)] if section else []) + answers
        passages.append(Passage(passage_id(topic, section), topic, " ".join(parts)))
    passages.sort(key=lambda passage: passage.id)
    return passages

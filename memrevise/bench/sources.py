"""Loaders for the three source datasets of ConvRevise, each into :class:`Conversation` lists.

``memrevise bench build`` reads TopiOCQA alone; the OR-QuAC and CORAL loaders are sources not
yet wired to the build (reached through :func:`load_source`), kept with their tests for it.

Every loader keeps the turns in conversation order, passes questions, answers, topics and
sections through :func:`memrevise.text.clean`, and reads the sources' "no answer" markers
(``UNANSWERABLE``, ``CANNOTANSWER``, ``NOTRECOVERED``) as ``""``. Files may be gzip-compressed
(recognised by their content, whatever their name). A broken file or record raises
:class:`SourceError` whose message names the file and the record: ``path:LINE: ...`` for JSON
Lines, ``path: record INDEX: ...`` (from 0) for JSON lists, followed by the conversation and
turn where they are known.

Formats (public releases):

- TopiOCQA (McGill-NLP/topiocqa): one JSON list of turn records ``{"Context", "Conversation_no",
  "Turn_no", "Question", "is_nq", "Answer", "Topic", "Topic_section"}``.
- OR-QuAC (prdwb/orconvqa-release): the preprocessed ``train.txt``/``dev.txt``/``test.txt``, one
  question a line ``{"qid": "C_<dialog>_q#<n>", "question", "rewrite", "history": [{"question",
  "answer": {"text"}}], "answer": {"text", "answer_start"}, "evidences", "retrieval_labels", ...}``
  (no title, no passage ids), or the dev/test files in QuAC format ``{"data": [{"title",
  "section_title", "paragraphs": [{"id", "qas": [{"id", "question", "orig_answer",
  "answers"}]}]}]}``, which carry the article title. Gold passage ids live in the separate
  ``qrels.txt`` (``{qid: {passage id: relevance}}``), passed as ``qrels=``.
- CORAL (RUC-NLPIR/CORAL, data on Hugging Face ``ariya2357/CORAL``): conversations ``{"conv_id",
  "turns": [{"turn_id", "question", "response", "golden_rewrite", "golden_docs_pids",
  "golden_docs_text"}]}``, as one JSON list or one conversation a line.
"""

from __future__ import annotations

import gzip
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, BinaryIO

from memrevise.bench.conversation import Conversation, SourceError, SourceTurn
from memrevise.jsonl import JsonValueError, parse_json
from memrevise.text import clean

__all__ = [
    "SOURCES",
    "UNANSWERABLE",
    "load_coral",
    "load_orquac",
    "load_source",
    "load_topiocqa",
]

SOURCES: tuple[str, ...] = ("topiocqa", "orquac", "coral")
"""The names :func:`load_source` accepts."""

UNANSWERABLE: frozenset[str] = frozenset({"UNANSWERABLE", "CANNOTANSWER", "NOTRECOVERED"})
"""Answer texts that mean the source has no answer (TopiOCQA, QuAC/OR-QuAC)."""

_QID = re.compile(r"^(?P<dialog>.+)_q#(?P<turn>\d+)$")
_CITATION = re.compile(r"\s*\[\d+(?:\s*[,;]\s*\d+)*\]")

Path_ = str | os.PathLike[str]


# --------------------------------------------------------------------------- shared helpers


def _where(path: Path_, record: str, conversation: object = None, turn: object = None) -> str:
    text = f"{os.fspath(path)}{record}: "
    known = []
    if conversation is not None:
        known.append(f"conversation {conversation}")
    if turn is not None:
        known.append(f"turn {turn}")
    return text + (", ".join(known) + ": " if known else "")


def _index_error(
    path: Path_, index: int, reason: str, conversation: object = None, turn: object = None
) -> SourceError:
    return SourceError(_where(path, f": record {index}", conversation, turn) + reason)


def _line_error(
    path: Path_, line: int, reason: str, conversation: object = None, turn: object = None
) -> SourceError:
    return SourceError(_where(path, f":{line}", conversation, turn) + reason)


def _open(path: Path_) -> BinaryIO:
    """The file opened for reading bytes, through gunzip when it holds gzip data."""
    try:
        handle = open(path, "rb")  # noqa: SIM115 - returned to the caller, who closes it
    except OSError as error:
        raise SourceError(f"{os.fspath(path)}: {error.strerror or error}") from None
    if handle.read(2) == b"\x1f\x8b":
        handle.close()
        return gzip.open(path, "rb")
    handle.seek(0)
    return handle


def _gzip_error(path: Path_, error: Exception) -> SourceError:
    return SourceError(f"{os.fspath(path)}: broken gzip data ({error})")


def _read_text(path: Path_) -> str:
    """The whole file as text (gunzipped when gzip)."""
    with _open(path) as handle:
        try:
            data = handle.read()
        except (OSError, EOFError) as error:
            raise _gzip_error(path, error) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SourceError(f"{os.fspath(path)}:{line}: invalid UTF-8") from None


def _text_lines(path: Path_) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` for each non-blank line, read as a stream."""
    with _open(path) as handle:
        try:
            for number, raw in enumerate(handle, start=1):
                if not raw.strip():
                    continue
                try:
                    yield number, raw.decode("utf-8-sig" if number == 1 else "utf-8")
                except UnicodeDecodeError:
                    raise SourceError(f"{os.fspath(path)}:{number}: invalid UTF-8") from None
        except (OSError, EOFError) as error:
            raise _gzip_error(path, error) from None


def _first_line(path: Path_) -> str:
    """The first non-blank line of the file, ``""`` when there is none."""
    lines = _text_lines(path)
    try:
        return next(lines, (0, ""))[1]
    finally:
        lines.close()


def _parse_json(path: Path_, text: str) -> Any:
    try:
        return parse_json(text, strict=False)
    except JsonValueError as error:
        where = f"{os.fspath(path)}:{error.line}" if error.line else os.fspath(path)
        raise SourceError(f"{where}: invalid JSON: {error.reason}") from None


def _json_lines(path: Path_) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for each non-blank line of a JSON Lines file."""
    for number, raw in _text_lines(path):
        try:
            record = parse_json(raw, strict=False)
        except JsonValueError as error:
            raise SourceError(f"{os.fspath(path)}:{number}: invalid JSON: {error}") from None
        if not isinstance(record, dict):
            raise SourceError(
                f"{os.fspath(path)}:{number}: expected a JSON object, not {_kind(record)}"
            )
        yield number, record


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _get(record: dict[str, Any], name: str, kind: type | tuple[type, ...], what: str) -> Any:
    """``record[name]`` checked against ``kind``; a ``ValueError`` saying what is wrong."""
    if name not in record:
        raise ValueError(f'missing field "{name}"')
    value = record[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        raise ValueError(f'field "{name}" must be {what}, not {_kind(value)}')
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _answer(text: str) -> str:
    answer = clean(text)
    return "" if answer in UNANSWERABLE else answer


def _optional(text: str) -> str | None:
    return clean(text) or None


# --------------------------------------------------------------------------------- TopiOCQA


def load_topiocqa(path: Path_) -> list[Conversation]:
    """Read the official TopiOCQA file (a JSON list of turn records, optionally gzipped).

    Conversations come in the order they first appear, with ids ``topiocqa-<Conversation_no>``;
    each conversation's records must give ``Turn_no`` 1, 2, ... in order. ``Topic`` becomes the
    turn's topic and ``Topic_section`` its section (``""`` -> ``None``); ``passages`` stays
    empty, as the file has no passage ids (see :func:`memrevise.bench.collection.passage_id`).
    """
    records = _parse_json(path, _read_text(path))
    if not isinstance(records, list):
        raise SourceError(f"{os.fspath(path)}: expected a JSON list, not {_kind(records)}")
    turns: dict[int, list[SourceTurn]] = {}
    cache: dict[str, str | None] = {}

    def optional(text: str) -> str | None:
        if text not in cache:
            cache[text] = _optional(text)
        return cache[text]

    for index, record in enumerate(records):
        if not isinstance(record, dict):
            raise _index_error(path, index, f"expected a JSON object, not {_kind(record)}")
        number = record.get("Conversation_no")
        number = number if isinstance(number, int) and not isinstance(number, bool) else None
        turn_no = record.get("Turn_no")
        turn_no = turn_no if isinstance(turn_no, int) and not isinstance(turn_no, bool) else None
        try:
            _get(record, "Conversation_no", int, "an integer")
            _get(record, "Turn_no", int, "an integer")
            question = _get(record, "Question", str, "a string")
            answer = _get(record, "Answer", str, "a string")
            topic = _get(record, "Topic", str, "a string")
            section = _get(record, "Topic_section", str, "a string")
            _get(record, "Context", list, "a list")
            _get(record, "is_nq", bool, "a boolean")
            question = clean(question)
            if not question:
                raise ValueError("empty question")
        except ValueError as error:
            raise _index_error(path, index, str(error), number, turn_no) from None
        assert number is not None and turn_no is not None
        so_far = turns.setdefault(number, [])
        if turn_no != len(so_far) + 1:
            reason = f"Turn_no {turn_no} where turn {len(so_far) + 1} was expected"
            raise _index_error(path, index, reason, number)
        so_far.append(SourceTurn(question, _answer(answer), optional(topic), optional(section)))
    return [
        Conversation(f"topiocqa-{number}", "topiocqa", tuple(conversation))
        for number, conversation in turns.items()
    ]


# ---------------------------------------------------------------------------------- OR-QuAC


def _read_qrels(path: Path_) -> dict[str, tuple[str, ...]]:
    """OR-QuAC's ``qrels.txt``: ``{qid: {passage id: relevance}}`` -> qid -> relevant ids."""
    qrels = _parse_json(path, _read_text(path))
    if not isinstance(qrels, dict):
        raise SourceError(f"{os.fspath(path)}: expected a JSON object, not {_kind(qrels)}")
    gold: dict[str, tuple[str, ...]] = {}
    for qid, judged in qrels.items():
        if not isinstance(judged, dict):
            raise SourceError(
                f"{os.fspath(path)}: qid {qid}: expected an object of passage ids, "
                f"not {_kind(judged)}"
            )
        ids = []
        for pid, relevance in judged.items():
            if not isinstance(relevance, int | float) or isinstance(relevance, bool):
                raise SourceError(
                    f"{os.fspath(path)}: qid {qid}: relevance of {pid} must be a number, "
                    f"not {_kind(relevance)}"
                )
            if relevance > 0:
                ids.append(pid)
        gold[qid] = tuple(ids)
    return gold


def _answer_text(record: dict[str, Any], name: str) -> str:
    answer = _get(record, name, dict, "an object")
    try:
        return _get(answer, "text", str, "a string")
    except ValueError as error:
        raise ValueError(str(error).replace('field "text"', f'field "{name}.text"')) from None


def _qid(value: Any) -> tuple[str, int]:
    if not isinstance(value, str):
        raise ValueError(f'field "qid" must be a string, not {_kind(value)}')
    match = _QID.match(value)
    if not match:
        raise ValueError(f'qid "{value}" is not of the form <dialog>_q#<turn>')
    return match["dialog"], int(match["turn"])


def load_orquac(path: Path_, *, qrels: Path_ | None = None) -> list[Conversation]:
    """Read OR-QuAC: its preprocessed JSON Lines file or a dev/test file in QuAC format.

    A conversation is a QuAC dialog (the qid before ``_q#``), id ``orquac-<dialog>``, its turns
    ordered by the number after ``_q#``. In the JSON Lines form, a turn without its own line is
    taken from the ``history`` of a later line of the dialog (whose history must then hold
    exactly the turns before it); the topic is the ``title`` (and the section the
    ``section_title``) that the dialog's lines give, if any do, else ``None``. In QuAC form
    the topic is the article's ``title`` and the section its ``section_title``. ``passages``
    are the relevant ids in ``qrels`` (OR-QuAC's ``qrels.txt``) when it is given, else empty.
    """
    gold = _read_qrels(qrels) if qrels is not None else {}
    try:
        probe = parse_json(_first_line(path), strict=False)
    except JsonValueError:
        probe = None
    if isinstance(probe, dict) and "data" not in probe:
        return _orquac_lines(path, gold)
    document = _parse_json(path, _read_text(path))
    if not isinstance(document, dict) or not isinstance(document.get("data"), list):
        raise SourceError(
            f"{os.fspath(path)}: neither OR-QuAC JSON Lines (objects with a qid) "
            'nor QuAC JSON (an object with a "data" list)'
        )
    return _orquac_quac(path, document["data"], gold)


def _orquac_lines(path: Path_, gold: dict[str, tuple[str, ...]]) -> list[Conversation]:
    dialogs: dict[str, dict[int, tuple[int, SourceTurn, list[tuple[str, str]]]]] = {}
    titles: dict[str, str] = {}
    sections: dict[str, str] = {}
    for line, record in _json_lines(path):
        dialog = turn_no = None
        try:
            dialog, turn_no = _qid(record.get("qid"))
            question = clean(_get(record, "question", str, "a string"))
            if not question:
                raise ValueError("empty question")
            answer = _answer(_answer_text(record, "answer"))
            history = []
            earlier_turns = record.get("history", [])
            if not isinstance(earlier_turns, list):
                raise ValueError(f'field "history" must be a list, not {_kind(earlier_turns)}')
            for position, earlier in enumerate(earlier_turns):
                if not isinstance(earlier, dict):
                    raise ValueError(f"history[{position}] must be an object")
                try:
                    history.append(
                        (
                            _get(earlier, "question", str, "a string"),
                            _answer_text(earlier, "answer"),
                        )
                    )
                except ValueError as error:
                    raise ValueError(f"history[{position}]: {error}") from None
            title = record.get("title")
            section = record.get("section_title")
            for name, value in (("title", title), ("section_title", section)):
                if value is not None and not isinstance(value, str):
                    raise ValueError(f'field "{name}" must be a string, not {_kind(value)}')
        except ValueError as error:
            raise _line_error(path, line, str(error), dialog, turn_no) from None
        turns = dialogs.setdefault(dialog, {})
        if turn_no in turns:
            reason = f"qid {record['qid']} repeats line {turns[turn_no][0]}"
            raise _line_error(path, line, reason, dialog, turn_no)
        topic = _optional(title) if title is not None else None
        section = _optional(section) if section is not None else None
        if topic is not None:
            titles.setdefault(dialog, topic)
        if section is not None:
            sections.setdefault(dialog, section)
        turn = SourceTurn(question, answer, topic, section, gold.get(f"{dialog}_q#{turn_no}", ()))
        turns[turn_no] = (line, turn, history)

    conversations = []
    for dialog, turns in dialogs.items():
        ordered = []
        for turn_no in range(max(turns) + 1):
            page = (titles.get(dialog), sections.get(dialog))
            if turn_no not in turns:
                ordered.append(_from_history(path, dialog, turn_no, turns, page, gold))
                continue
            turn = turns[turn_no][1]
            if turn.topic is None and turn.section is None:
                turn = replace(turn, topic=page[0], section=page[1])
            ordered.append(turn)
        conversations.append(Conversation(f"orquac-{dialog}", "orquac", tuple(ordered)))
    return conversations


def _from_history(
    path: Path_,
    dialog: str,
    turn_no: int,
    turns: dict[int, tuple[int, SourceTurn, list[tuple[str, str]]]],
    page: tuple[str | None, str | None],
    gold: dict[str, tuple[str, ...]],
) -> SourceTurn:
    """Turn ``turn_no`` of ``dialog``, which has no line, from a later line's history."""
    for later in sorted(number for number in turns if number > turn_no):
        _, _, history = turns[later]
        if len(history) == later:
            question, answer = history[turn_no]
            question = clean(question)
            if question:
                passages = gold.get(f"{dialog}_q#{turn_no}", ())
                return SourceTurn(question, _answer(answer), *page, passages)
    first_line = min(line for line, _, _ in turns.values())
    reason = f"turn q#{turn_no} has no line and no later line's history gives it"
    raise _line_error(path, first_line, reason, dialog)


def _orquac_quac(
    path: Path_, data: list[Any], gold: dict[str, tuple[str, ...]]
) -> list[Conversation]:
    conversations = []
    seen: set[str] = set()
    for article_no, article in enumerate(data):
        where = f"data[{article_no}]"
        try:
            if not isinstance(article, dict):
                raise ValueError(f"expected a JSON object, not {_kind(article)}")
            title = article.get("title", "")
            section = article.get("section_title", "")
            for name, value in (("title", title), ("section_title", section)):
                if not isinstance(value, str):
                    raise ValueError(f'field "{name}" must be a string, not {_kind(value)}')
            paragraphs = _get(article, "paragraphs", list, "a list")
        except ValueError as error:
            raise SourceError(f"{os.fspath(path)}: {where}: {error}") from None
        topic, section = _optional(title), _optional(section)
        for paragraph_no, paragraph in enumerate(paragraphs):
            where = f"data[{article_no}].paragraphs[{paragraph_no}]"
            dialog = paragraph.get("id") if isinstance(paragraph, dict) else None
            try:
                if not isinstance(paragraph, dict):
                    raise ValueError(f"expected a JSON object, not {_kind(paragraph)}")
                dialog = _get(paragraph, "id", str, "a string")
                qas = _get(paragraph, "qas", list, "a list")
            except ValueError as error:
                raise SourceError(f"{os.fspath(path)}: {where}: {error}") from None
            if dialog in seen:
                raise SourceError(f"{os.fspath(path)}: {where}: dialog {dialog} repeats")
            seen.add(dialog)
            numbered = []
            for qa_no, qa in enumerate(qas):
                turn_no = None
                try:
                    if not isinstance(qa, dict):
                        raise ValueError(f"expected a JSON object, not {_kind(qa)}")
                    qa_dialog, turn_no = _qid(qa.get("id"))
                    if qa_dialog != dialog:
                        raise ValueError(f'qid "{qa["id"]}" is not of dialog {dialog}')
                    question = clean(_get(qa, "question", str, "a string"))
                    if not question:
                        raise ValueError("empty question")
                    if "orig_answer" in qa:
                        answer = _answer_text(qa, "orig_answer")
                    else:
                        answers = _get(qa, "answers", list, "a list")
                        answer = ""
                        if answers:
                            if not isinstance(answers[0], dict):
                                raise ValueError("answers[0] must be an object")
                            answer = _get(answers[0], "text", str, "a string")
                except ValueError as error:
                    raise SourceError(
                        f"{os.fspath(path)}: {where}.qas[{qa_no}]: "
                        + (f"turn {turn_no}: " if turn_no is not None else "")
                        + str(error)
                    ) from None
                turn = SourceTurn(question, _answer(answer), topic, section, gold.get(qa["id"], ()))
                numbered.append((turn_no, qa_no, turn))
            numbers = [number for number, _, _ in numbered]
            if len(set(numbers)) != len(numbers):
                raise SourceError(f"{os.fspath(path)}: {where}: a turn number repeats")
            numbered.sort(key=lambda item: item[:2])
            turns = tuple(turn for _, _, turn in numbered)
            if turns:
                conversations.append(Conversation(f"orquac-{dialog}", "orquac", turns))
    return conversations


# ------------------------------------------------------------------------------------ CORAL


def _response(text: str) -> str:
    """A CORAL response without its ``[12]`` citation labels (which name gold passages)."""
    return _answer(_CITATION.sub("", text))


def _coral_conversation(record: dict[str, Any], fail: Callable[..., SourceError]) -> Conversation:
    conv_id = record.get("conv_id")
    if not isinstance(conv_id, str | int) or isinstance(conv_id, bool) or conv_id == "":
        raise fail('field "conv_id" must be a non-empty string or an integer')
    try:
        turns = _get(record, "turns", list, "a list")
    except ValueError as error:
        raise fail(str(error), conv_id) from None
    if not turns:
        raise fail("no turns", conv_id)
    numbered = []
    for position, turn in enumerate(turns):
        turn_id = turn.get("turn_id") if isinstance(turn, dict) else None
        turn_id = turn_id if isinstance(turn_id, int) and not isinstance(turn_id, bool) else None
        try:
            if not isinstance(turn, dict):
                raise ValueError(f"expected a JSON object, not {_kind(turn)}")
            _get(turn, "turn_id", int, "an integer")
            question = clean(_get(turn, "question", str, "a string"))
            if not question:
                raise ValueError("empty question")
            response = _response(_get(turn, "response", str, "a string"))
            pids = _get(turn, "golden_docs_pids", list, "a list")
            passages: list[str] = []
            for pid in pids:
                if not isinstance(pid, str | int) or isinstance(pid, bool):
                    raise ValueError(f"golden_docs_pids holds a {_kind(pid)}")
                if str(pid) not in passages:
                    passages.append(str(pid))
        except ValueError as error:
            reason = str(error) if turn_id is not None else f"turns[{position}]: {error}"
            raise fail(reason, conv_id, turn_id) from None
        numbered.append((turn_id, SourceTurn(question, response, None, None, tuple(passages))))
    numbers = [number for number, _ in numbered]
    if len(set(numbers)) != len(numbers):
        repeated = next(number for number in numbers if numbers.count(number) > 1)
        raise fail(f"turn_id {repeated} repeats", conv_id)
    numbered.sort(key=lambda item: item[0])
    return Conversation(f"coral-{conv_id}", "coral", tuple(turn for _, turn in numbered))


def load_coral(path: Path_) -> list[Conversation]:
    """Read CORAL conversations: one JSON list of them, or one a line (optionally gzipped).

    Ids are ``coral-<conv_id>``, turns ordered by ``turn_id``; the answer is the ``response``
    without its numeric citation labels (``[3]``, ``[3, 7]``), ``passages`` the turn's
    ``golden_docs_pids`` as strings, and the topic ``None``: CORAL has no page titles.
    """
    conversations: list[Conversation] = []
    first_seen: dict[str, str] = {}

    def add(conversation: Conversation, record: str, fail: Callable[..., SourceError]) -> None:
        if conversation.id in first_seen:
            conv_id = conversation.id.removeprefix("coral-")
            raise fail(f"conv_id repeats {first_seen[conversation.id]}", conv_id)
        first_seen[conversation.id] = record
        conversations.append(conversation)

    if _first_line(path).lstrip().startswith("["):
        records = _parse_json(path, _read_text(path))
        for index, record in enumerate(records):

            def fail(reason: str, conv: object = None, turn: object = None) -> SourceError:
                return _index_error(path, index, reason, conv, turn)  # noqa: B023

            if not isinstance(record, dict):
                raise fail(f"expected a JSON object, not {_kind(record)}")
            add(_coral_conversation(record, fail), f"record {index}", fail)
    else:
        for line, record in _json_lines(path):

            def fail(reason: str, conv: object = None, turn: object = None) -> SourceError:
                return _line_error(path, line, reason, conv, turn)  # noqa: B023

            add(_coral_conversation(record, fail), f"line {line}", fail)
    return conversations


# ---------------------------------------------------------------------------------- dispatch

_LOADERS: dict[str, Callable[..., list[Conversation]]] = {
    "topiocqa": load_topiocqa,
    "orquac": load_orquac,
    "coral": load_coral,
}


def load_source(name: str, path: Path_, **options: Any) -> list[Conversation]:
    """Load source ``name`` (one of :data:`SOURCES`) from ``path``; ``options`` go to its loader
    (``qrels=`` for OR-QuAC). An unknown name raises ``ValueError`` listing the names."""
    try:
        loader = _LOADERS[name]
    except KeyError:
        raise ValueError(
            f"unknown source {name!r}; expected one of: {', '.join(SOURCES)}"
        ) from None
    return loader(path, **options)

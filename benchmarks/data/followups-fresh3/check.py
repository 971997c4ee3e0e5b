"""Validate the third fresh held-out hand-written follow-up set (stdlib only, standalone).

Usage: python check.py [DIR]   (DIR defaults to the folder of this file)

Errors (exit status 1): bad JSON or fields, duplicate passage or conversation ids, passage
ids without the ``f3-p`` prefix, pages without 2-3 passages, page titles that another set
beside this one (``../followups*``, ``../revisions*``) already uses, conversations outside
6-9 turns, unknown kinds, topics that are not collection titles, empty gold lists, gold ids
that do not exist or belong to another page than the turn's topic, first turns that are not
``no-rewrite``, ``no-rewrite``/``named-switch`` turns whose rewrite differs from the question
(and other kinds whose rewrite equals it), ``named-switch`` turns that stay on the previous
turn's topic, ``return`` turns whose topic was not a topic two or more turns before, pages
never used as a topic, and a set below the minimum size or mix below (including at least
45 ``no-rewrite`` turns that are not first turns).
Warnings (printed for review): a question word, other than a reference word, that the
rewrite does not keep in order; an ``answer-entity`` rewrite that adds nothing from the
previous answer.
"""

import collections
import contextlib
import json
import re
import sys
from pathlib import Path

KINDS = [
    "no-rewrite",
    "pronoun",
    "possessive",
    "definite",
    "role",
    "ellipsis",
    "named-switch",
    "answer-entity",
    "return",
]
MINIMUM = {
    "no-rewrite": 85,
    "pronoun": 60,
    "possessive": 20,
    "definite": 20,
    "role": 12,
    "ellipsis": 25,
    "named-switch": 60,
    "answer-entity": 12,
    "return": 12,
}
# no-rewrite turns beyond the first turn of a conversation
LEAST_LATER_NO_REWRITE = 45
LEAST_CONVERSATIONS = 38
LEAST_TURNS = 310
LEAST_PAGES = 40
TURNS_PER_CONVERSATION = (6, 9)
PASSAGES_PER_PAGE = (2, 3)
ID_PREFIX = "f3-p"
CONVERSATION_PREFIX = "f3-"
TURN_FIELDS = ["question", "answer", "rewrite", "topic", "gold", "kind"]
# words a rewrite may drop or change when it resolves a reference
REFERENCE_WORDS = {
    "he",
    "she",
    "it",
    "they",
    "him",
    "her",
    "his",
    "its",
    "their",
    "them",
    "there",
    "it's",
    "he's",
    "she's",
    "they're",
    "theyre",
    "himself",
    "the",
    "a",
    "one",
    "ones",
    "that",
    "this",
    "these",
    "those",
    "band",
    "bands",
    "drummers",
    "film",
    "movie",
    "album",
    "company",
    "team",
    "teams",
    "club",
    "clubs",
    "city",
    "town",
    "state",
    "name",
    "train",
    "capsule",
    "telescope",
    "telescopes",
    "lake",
    "river",
    "shuttle",
    "university",
    "universitys",
    "university's",
    "nebula",
    "library",
    "lighthouse",
    "stadium",
    "logo",
    "campus",
    "prize",
    "goddess",
    "myth",
    "queen",
    "king",
    "hunter",
    "singer",
    "guitarist",
    "drummer",
    "director",
    "composer",
    "author",
    "chemist",
    "astronomer",
    "coach",
    "actor",
    "founder",
    "city's",
    "band's",
    "film's",
    "team's",
    "club's",
    "company's",
}


def words(text):
    return re.findall(r"[a-z0-9'\u00c0-\u024f]+", text.lower())


def other_titles(root):
    """Titles used by the other hand-written sets that sit beside this one."""
    titles = collections.defaultdict(set)
    for folder in sorted(root.parent.iterdir()):
        if folder == root or not folder.is_dir():
            continue
        if not folder.name.startswith(("followups", "revisions")):
            continue
        path = folder / "collection.jsonl"
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                with contextlib.suppress(json.JSONDecodeError, KeyError):
                    titles[json.loads(line)["title"]].add(folder.name)
    return titles


def records(path, errors):
    """(where, object) for each non-blank line of a JSON Lines file; a line that is no JSON
    goes to ``errors``."""
    with open(path, encoding="utf-8") as fh:
        for ln, line in enumerate(fh, 1):
            where = f"{path.name}:{ln}"
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append(f"{where}: bad JSON ({exc})")
                continue
            yield where, record


def check(root):
    errors, warnings = [], []

    # ---- collection
    pages = collections.defaultdict(list)
    pid_title = {}
    n_passages = 0
    for where, p in records(root / "collection.jsonl", errors):
        if not isinstance(p, dict) or set(p) != {"id", "title", "text"}:
            errors.append(f"{where}: fields must be exactly id, title, text")
            continue
        if p["id"] in pid_title:
            errors.append(f"{where}: duplicate passage id {p['id']}")
        if not str(p["id"]).startswith(ID_PREFIX):
            errors.append(f"{where}: passage id {p['id']!r} lacks the prefix {ID_PREFIX!r}")
        if not str(p["text"]).strip() or not str(p["title"]).strip():
            errors.append(f"{where}: empty title or text")
        pid_title[p["id"]] = p["title"]
        pages[p["title"]].append(p["id"])
        n_passages += 1
    low, high = PASSAGES_PER_PAGE
    for title, ids in pages.items():
        if not low <= len(ids) <= high:
            errors.append(f"page {title!r} has {len(ids)} passages ({low}-{high} expected)")
    used_elsewhere = other_titles(root)
    for title in pages:
        if title in used_elsewhere:
            errors.append(
                f"page {title!r} is not new: also in {', '.join(sorted(used_elsewhere[title]))}"
            )

    # ---- conversations
    kinds = collections.Counter()
    later_no_rewrite = 0
    conv_ids = set()
    n_turns = n_convs = 0
    topics_used = set()
    for where, conv in records(root / "conversations.jsonl", errors):
        cid = conv.get("conversation_id")
        if not cid or cid in conv_ids:
            errors.append(f"{where}: missing or duplicate conversation_id {cid!r}")
        elif not cid.startswith(CONVERSATION_PREFIX):
            errors.append(f"{where}: conversation_id {cid!r} lacks {CONVERSATION_PREFIX!r}")
        conv_ids.add(cid)
        turns = conv.get("turns", [])
        n_convs += 1
        lo, hi = TURNS_PER_CONVERSATION
        if not lo <= len(turns) <= hi:
            errors.append(f"{cid}: {len(turns)} turns ({lo}-{hi} expected)")
        for i, t in enumerate(turns):
            at = f"{cid} turn {i + 1}"
            missing = [f for f in TURN_FIELDS if f not in t]
            if missing:
                errors.append(f"{at}: missing {missing}")
                continue
            n_turns += 1
            kind = t["kind"]
            kinds[kind] += 1
            if kind not in KINDS:
                errors.append(f"{at}: unknown kind {kind!r}")
            if t["topic"] not in pages:
                errors.append(f"{at}: topic {t['topic']!r} is not a collection title")
            topics_used.add(t["topic"])
            if not isinstance(t["gold"], list) or not t["gold"]:
                errors.append(f"{at}: gold must be a non-empty list")
            else:
                if len(set(t["gold"])) != len(t["gold"]):
                    errors.append(f"{at}: gold lists an id twice")
                for g in t["gold"]:
                    if g not in pid_title:
                        errors.append(f"{at}: gold {g} is not in the collection")
                    elif pid_title[g] != t["topic"]:
                        errors.append(
                            f"{at}: gold {g} belongs to {pid_title[g]!r}, not {t['topic']!r}"
                        )
            for f in ("question", "answer", "rewrite"):
                if not str(t[f]).strip():
                    errors.append(f"{at}: empty {f}")
            if i > 0 and kind == "no-rewrite":
                later_no_rewrite += 1
            if i == 0 and kind != "no-rewrite":
                errors.append(f"{at}: a first turn must be no-rewrite")
            same = t["rewrite"] == t["question"]
            if kind in ("no-rewrite", "named-switch") and not same:
                errors.append(f"{at}: {kind} but the rewrite differs from the question")
            if kind in KINDS and kind not in ("no-rewrite", "named-switch") and same:
                errors.append(f"{at}: {kind} but the rewrite equals the question")
            if kind == "named-switch" and i > 0 and t["topic"] == turns[i - 1]["topic"]:
                errors.append(f"{at}: named-switch but the topic is the previous turn's")
            if kind == "return":
                earlier = {u["topic"] for u in turns[: max(i - 1, 0)]}
                if t["topic"] not in earlier:
                    errors.append(
                        f"{at}: return, but {t['topic']!r} is not a topic of a turn "
                        f"two or more turns before"
                    )
            # every question word should survive in order, except reference words
            rw = words(t["rewrite"])
            pos = 0
            for w in words(t["question"]):
                if w in REFERENCE_WORDS:
                    continue
                try:
                    pos = rw.index(w, pos) + 1
                except ValueError:
                    warnings.append(
                        f"{at}: question word {w!r} not kept in order in rewrite {t['rewrite']!r}"
                    )
            if kind == "answer-entity" and i > 0:
                added = set(rw) - set(words(t["question"]))
                if not added & set(words(turns[i - 1]["answer"])):
                    warnings.append(
                        f"{at}: answer-entity, but nothing the rewrite adds "
                        f"appears in the previous answer"
                    )

    for title in pages:
        if title not in topics_used:
            errors.append(f"page {title!r} is never a turn topic")

    # ---- report
    for e in errors:
        print("ERROR", e)
    for w in warnings:
        print("warning", w)
    print(
        f"collection: {len(pages)} pages, {n_passages} passages "
        f"({len(topics_used)} pages used as turn topics)"
    )
    print(f"conversations: {n_convs}, turns: {n_turns}")
    for k in KINDS:
        flag = "" if kinds[k] >= MINIMUM[k] else f"  (below the minimum {MINIMUM[k]})"
        print(f"  {k:14s} {kinds[k]:4d}{flag}")
    print(f"  no-rewrite turns beyond first turns: {later_no_rewrite}")
    short = [k for k in KINDS if kinds[k] < MINIMUM[k]]
    size = []
    if n_convs < LEAST_CONVERSATIONS:
        size.append(f"{n_convs} conversations, at least {LEAST_CONVERSATIONS} needed")
    if n_turns < LEAST_TURNS:
        size.append(f"{n_turns} turns, at least {LEAST_TURNS} needed")
    if len(pages) < LEAST_PAGES:
        size.append(f"{len(pages)} pages, at least {LEAST_PAGES} needed")
    if later_no_rewrite < LEAST_LATER_NO_REWRITE:
        size.append(
            f"{later_no_rewrite} no-rewrite turns beyond first turns, "
            f"at least {LEAST_LATER_NO_REWRITE} needed"
        )
    if short:
        size.append("too few turns of kind " + ", ".join(short))
    for s in size:
        print("ERROR: below the required size or mix:", s)
    errors.extend(size)
    print("OK" if not errors else f"{len(errors)} error(s)")
    return 1 if errors else 0


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    return check(root.resolve())


if __name__ == "__main__":
    sys.exit(main())

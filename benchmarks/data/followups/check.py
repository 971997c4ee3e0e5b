"""Validate the hand-written follow-up set (stdlib only).

Usage: python check.py [DIR]   (DIR defaults to the folder of this file)
Exits non-zero when an error is found; warnings are printed for review.
"""

import collections
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
    "no-rewrite": 45,
    "named-switch": 20,
    "pronoun": 20,
    "possessive": 12,
    "definite": 10,
    "role": 12,
    "ellipsis": 10,
    "answer-entity": 12,
    "return": 8,
}
TURN_FIELDS = ["question", "answer", "rewrite", "topic", "gold", "kind"]
# words a rewrite may drop when it resolves a reference
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
    "the",
    "one",
    "ones",
    "that",
    "this",
    "these",
    "those",
    "band",
    "film",
    "movie",
    "company",
    "team",
    "club",
    "club's",
    "team's",
    "company's",
    "player",
    "drug",
    "ship",
    "mission",
    "city",
    "name",
    "real",
    "online",
    "store",
    "book",
    "astronauts",
    "crew",
    "he's",
}


def words(text):
    return re.findall(r"[a-z0-9']+", text.lower())


def main(folder=None, minimum=None, least_conversations=35, least_turns=170, **new_pages):
    """Check the folder named on the command line, else ``folder`` (by default this file's),
    against ``minimum`` (this set's by default) and the other limits of :func:`check`."""
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(folder or Path(__file__).parent)
    return check(root.resolve(), minimum or MINIMUM, least_conversations, least_turns, **new_pages)


def check(root, minimum, least_conversations, least_turns, new_page_prefix=None, least_new_pages=0):
    """Validate the set in ``root`` against its minimum size and mix: turns of each kind, and
    with ``new_page_prefix``, pages whose passage ids start with it. 0 when it passes."""
    errors, warnings = [], []

    pages = collections.defaultdict(set)
    pid_title = {}
    n_passages = 0
    with open(root / "collection.jsonl", encoding="utf-8") as fh:
        for ln, line in enumerate(fh, 1):
            where = f"collection.jsonl:{ln}"
            try:
                p = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append(f"{where}: bad JSON ({exc})")
                continue
            if set(p) != {"id", "title", "text"}:
                errors.append(f"{where}: fields must be id, title, text")
                continue
            if p["id"] in pid_title:
                errors.append(f"{where}: duplicate id {p['id']}")
            pid_title[p["id"]] = p["title"]
            pages[p["title"]].add(p["id"])
            n_passages += 1
            if not p["text"].strip() or not p["title"].strip():
                errors.append(f"{where}: empty title or text")
    for title, ids in pages.items():
        if not 2 <= len(ids) <= 3:
            warnings.append(f"page {title!r} has {len(ids)} passages")

    kinds = collections.Counter()
    conv_ids = set()
    n_turns = 0
    n_convs = 0
    topics_used = set()
    with open(root / "conversations.jsonl", encoding="utf-8") as fh:
        for ln, line in enumerate(fh, 1):
            where = f"conversations.jsonl:{ln}"
            try:
                conv = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append(f"{where}: bad JSON ({exc})")
                continue
            cid = conv.get("conversation_id")
            if not cid or cid in conv_ids:
                errors.append(f"{where}: missing or duplicate conversation_id {cid!r}")
            conv_ids.add(cid)
            turns = conv.get("turns", [])
            n_convs += 1
            if not 4 <= len(turns) <= 8:
                warnings.append(f"{cid}: {len(turns)} turns (4-8 expected)")
            for i, t in enumerate(turns):
                at = f"{cid} turn {i + 1}"
                missing = [f for f in TURN_FIELDS if f not in t]
                if missing:
                    errors.append(f"{at}: missing {missing}")
                    continue
                n_turns += 1
                kinds[t["kind"]] += 1
                if t["kind"] not in KINDS:
                    errors.append(f"{at}: unknown kind {t['kind']!r}")
                if t["topic"] not in pages:
                    errors.append(f"{at}: topic {t['topic']!r} is not a collection title")
                topics_used.add(t["topic"])
                if not isinstance(t["gold"], list) or not t["gold"]:
                    errors.append(f"{at}: gold must be a non-empty list")
                for g in t["gold"]:
                    if g not in pid_title:
                        errors.append(f"{at}: gold {g} not in the collection")
                    elif pid_title[g] != t["topic"]:
                        errors.append(
                            f"{at}: gold {g} belongs to {pid_title[g]!r}, not {t['topic']!r}"
                        )
                if i == 0 and t["kind"] != "no-rewrite":
                    errors.append(f"{at}: a first turn must be no-rewrite")
                same = t["rewrite"] == t["question"]
                if t["kind"] in ("no-rewrite", "named-switch") and not same:
                    errors.append(f"{at}: {t['kind']} but the rewrite differs from the question")
                if t["kind"] not in ("no-rewrite", "named-switch") and same:
                    errors.append(f"{at}: {t['kind']} but the rewrite equals the question")
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
                            f"{at}: question word {w!r} not kept in order "
                            f"in rewrite {t['rewrite']!r}"
                        )
                # an answer-entity turn resolves to something named in the previous answer
                if t["kind"] == "answer-entity" and i > 0:
                    added = set(rw) - set(words(t["question"]))
                    if not added & set(words(turns[i - 1]["answer"])):
                        warnings.append(
                            f"{at}: answer-entity, but nothing added by the "
                            f"rewrite appears in the previous answer"
                        )

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
        flag = "" if kinds[k] >= minimum[k] else f"  (below the minimum {minimum[k]})"
        print(f"  {k:14s} {kinds[k]:4d}{flag}")
    short = [k for k in KINDS if kinds[k] < minimum[k]]
    new_pages = 0
    if new_page_prefix is not None:
        new_pages = sum(
            1 for ids in pages.values() if any(i.startswith(new_page_prefix) for i in ids)
        )
        print(f"new pages: {new_pages}")
    if (
        n_convs < least_conversations
        or n_turns < least_turns
        or short
        or new_pages < least_new_pages
    ):
        print("ERROR: below the required size or mix")
        errors.append("size")
    print("OK" if not errors else f"{len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

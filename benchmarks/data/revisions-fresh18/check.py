#!/usr/bin/env python3
"""Validate the eighteenth fresh held-out hand-written revisions set (stdlib only, standalone).

Usage: python3 check.py [DIR]   (DIR defaults to the folder of this file)

Errors (exit status 1):
- a line that is not JSON, or a record with missing or unknown fields;
- passage ids that are duplicated or not of the form r18-pNNN; pages without exactly 2 passages;
- page titles that another set beside this one (any ../*/collection.jsonl) already uses, and
  passages that share a run of 12 words with a passage of such a set;
- qids that are duplicated or not r18-NNN, conversation_id other than the qid, a wrong dataset;
- unknown tiers or reference kinds;
- history outside 1-4 turns, turns without question or answer; return-1 with fewer than 2 and
  return-2+ with fewer than 3 earlier turns; follow-ups with fewer than 2 earlier turns;
- topic or rejected titles that are not in the collection, rejected equal to topic;
- corrections, value revisions and follow-ups without a rejected page; returns with one;
- empty gold, gold ids that do not exist or are not on the topic page; stale ids that do not
  exist, are on the topic page, or (when a rejected page is given) are not on it; a rejected
  page, a self-repair or a return without stale passages; a passage both gold and stale;
- an empty keep list, a keep word missing from the rewrite, a rewrite equal to the question;
- combined anywhere but on corrections and self-repairs, or not true;
- fewer items than LEAST_ITEMS, tiers below TIER_MINIMUM, reference kinds used fewer than
  REF_MINIMUM times, fewer than BACK_TO_TOPIC_MINIMUM self-repairs that come back to the current
  topic (rejected null).
It prints the counts per tier and per reference kind.
"""

import collections
import json
import re
import sys
from pathlib import Path

DATASET = "handwritten-revisions-fresh18"
PASSAGE_ID = re.compile(r"r18-p\d{3}")
QID = re.compile(r"r18-\d{3}")
TIERS = ["correction", "self-repair", "value-revision", "follow-up", "return-1", "return-2+"]
REFS = ["name", "description", "fact", "list-position", "order", "relation", "value"]
TIER_MINIMUM = {
    "correction": 105,
    "self-repair": 40,
    "value-revision": 30,
    "follow-up": 22,
    "return-1": 14,
    "return-2+": 12,
}
LEAST_ITEMS = 250
REF_MINIMUM = 4
BACK_TO_TOPIC_MINIMUM = 15
SHINGLE = 12
FIELDS = [
    "qid",
    "conversation_id",
    "dataset",
    "tier",
    "history",
    "question",
    "gold",
    "stale",
    "topic",
    "rejected",
    "rewrite",
    "keep",
    "reference",
]


def words(text):
    return re.findall(r"\w+", text.lower())


def shingles(text):
    w = words(text)
    return {" ".join(w[i : i + SHINGLE]) for i in range(len(w) - SHINGLE + 1)}


def read_jsonl(path, errors):
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                yield f"{path.name}:{n}", json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append(f"{path.name}:{n}: bad JSON ({exc})")


def other_sets(root):
    """Titles and 12-word shingles of the collections of the sets beside this one."""
    titles, grams = {}, set()
    for folder in sorted(root.parent.iterdir()):
        if folder == root or not folder.is_dir():
            continue
        path = folder / "collection.jsonl"
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                d = json.loads(line)
            except json.JSONDecodeError:
                continue
            titles.setdefault(d.get("title"), folder.name)
            grams |= shingles(str(d.get("text", "")))
    return titles, grams


def check(root):
    errors = []
    passages, pages = {}, collections.defaultdict(list)
    for where, d in read_jsonl(root / "collection.jsonl", errors):
        if not isinstance(d, dict) or set(d) != {"id", "title", "text"}:
            errors.append(f"{where}: fields must be exactly id, title, text")
            continue
        if not PASSAGE_ID.fullmatch(str(d["id"])):
            errors.append(f"{where}: passage id {d['id']!r} is not r18-pNNN")
        if d["id"] in passages:
            errors.append(f"{where}: duplicate passage id {d['id']}")
        if not str(d["title"]).strip() or not str(d["text"]).strip():
            errors.append(f"{where}: empty title or text")
        passages[d["id"]] = d
        pages[d["title"]].append(d["id"])
    for title, ids in pages.items():
        if len(ids) != 2:
            errors.append(f"page {title!r} has {len(ids)} passages, not 2")
    used, grams = other_sets(root)
    for title in pages:
        if title in used:
            errors.append(f"page {title!r} is already used by {used[title]}")
    for pid, d in passages.items():
        if shingles(d["text"]) & grams:
            errors.append(f"passage {pid} shares a {SHINGLE}-word run with another set")

    tiers, refs = collections.Counter(), collections.Counter()
    qids = set()
    combined = back_to_topic = 0
    topics_used = set()
    for where, d in read_jsonl(root / "items.jsonl", errors):
        missing = [k for k in FIELDS if k not in d]
        if missing:
            errors.append(f"{where}: missing fields {missing}")
            continue
        extra = set(d) - set(FIELDS) - {"combined"}
        if extra:
            errors.append(f"{where}: unknown fields {sorted(extra)}")
        where = f"{where} ({d['qid']})"
        if not QID.fullmatch(str(d["qid"])):
            errors.append(f"{where}: qid is not r18-NNN")
        if d["qid"] in qids:
            errors.append(f"{where}: duplicate qid")
        qids.add(d["qid"])
        if d["conversation_id"] != d["qid"]:
            errors.append(f"{where}: conversation_id differs from qid")
        if d["dataset"] != DATASET:
            errors.append(f"{where}: dataset is not {DATASET}")
        tier, ref = d["tier"], d["reference"]
        if tier not in TIERS:
            errors.append(f"{where}: unknown tier {tier!r}")
        if ref not in REFS:
            errors.append(f"{where}: unknown reference kind {ref!r}")
        tiers[tier] += 1
        refs[ref] += 1

        h = d["history"]
        if not isinstance(h, list) or not 1 <= len(h) <= 4:
            errors.append(f"{where}: history must have 1-4 turns")
            h = []
        for turn in h:
            if not (
                isinstance(turn, dict)
                and str(turn.get("question", "")).strip()
                and str(turn.get("answer", "")).strip()
            ):
                errors.append(f"{where}: a history turn without question or answer")
        least_turns = {"return-1": 2, "return-2+": 3, "follow-up": 2}.get(tier, 1)
        if h and len(h) < least_turns:
            errors.append(f"{where}: {tier} needs at least {least_turns} earlier turns")

        topic, rejected = d["topic"], d["rejected"]
        if topic not in pages:
            errors.append(f"{where}: topic {topic!r} is not a collection title")
        topics_used.add(topic)
        if rejected is not None and rejected not in pages:
            errors.append(f"{where}: rejected {rejected!r} is not a collection title")
        if rejected is not None and rejected == topic:
            errors.append(f"{where}: rejected equals topic")
        if tier in ("correction", "value-revision", "follow-up") and rejected is None:
            errors.append(f"{where}: {tier} without a rejected page")
        if tier.startswith("return") and rejected is not None:
            errors.append(f"{where}: a return has no rejected page")
        if tier == "self-repair" and rejected is None:
            back_to_topic += 1

        gold, stale = d["gold"], d["stale"]
        if not isinstance(gold, list) or not gold:
            errors.append(f"{where}: gold must be a non-empty list")
            gold = []
        if not isinstance(stale, list):
            errors.append(f"{where}: stale must be a list")
            stale = []
        for pid in gold:
            if pid not in passages:
                errors.append(f"{where}: gold {pid} is not in the collection")
            elif passages[pid]["title"] != topic:
                errors.append(
                    f"{where}: gold {pid} is on {passages[pid]['title']!r}, not the topic"
                )
        for pid in stale:
            if pid not in passages:
                errors.append(f"{where}: stale {pid} is not in the collection")
            elif passages[pid]["title"] == topic:
                errors.append(f"{where}: stale {pid} is on the topic page")
            elif rejected is not None and passages[pid]["title"] != rejected:
                errors.append(
                    f"{where}: stale {pid} is on {passages[pid]['title']!r}, not the rejected page"
                )
        if (rejected is not None or tier in ("self-repair", "return-1", "return-2+")) and not stale:
            errors.append(f"{where}: no stale passages")
        if set(gold) & set(stale):
            errors.append(f"{where}: a passage is both gold and stale")

        rewrite = str(d["rewrite"])
        if not str(d["question"]).strip() or not rewrite.strip():
            errors.append(f"{where}: empty question or rewrite")
        if rewrite.strip().lower() == str(d["question"]).strip().lower():
            errors.append(f"{where}: the rewrite equals the question")
        keep = d["keep"]
        if not isinstance(keep, list) or not keep:
            errors.append(f"{where}: keep must be a non-empty list")
        else:
            for w in keep:
                if str(w).lower() not in rewrite.lower():
                    errors.append(f"{where}: keep word {w!r} is not in the rewrite")
        if "combined" in d:
            if d["combined"] is not True:
                errors.append(f"{where}: combined must be true when present")
            elif tier not in ("correction", "self-repair"):
                errors.append(f"{where}: combined on a {tier}")
            else:
                combined += 1

    total = sum(tiers.values())
    unused = sorted(set(pages) - topics_used)
    if total < LEAST_ITEMS:
        errors.append(f"{total} items, fewer than {LEAST_ITEMS}")
    for tier, least in TIER_MINIMUM.items():
        if tiers[tier] < least:
            errors.append(f"tier {tier}: {tiers[tier]} items, fewer than {least}")
    for ref in REFS:
        if refs[ref] < REF_MINIMUM:
            errors.append(f"reference kind {ref}: {refs[ref]} items, fewer than {REF_MINIMUM}")
    if back_to_topic < BACK_TO_TOPIC_MINIMUM:
        errors.append(
            f"{back_to_topic} self-repairs come back to the current topic, "
            f"fewer than {BACK_TO_TOPIC_MINIMUM}"
        )

    for e in errors:
        print("ERROR", e)
    print(
        f"collection: {len(pages)} pages, {len(passages)} passages "
        f"({len(pages) - len(unused)} pages are a topic; never a topic: {unused or 'none'})"
    )
    print(
        f"items: {total} ({len(qids)} conversations), combined {combined}, "
        f"self-repairs back to the current topic {back_to_topic}"
    )
    print("tiers:", ", ".join(f"{t} {tiers[t]}" for t in TIERS))
    print("references:", ", ".join(f"{r} {refs[r]}" for r in REFS))
    print("OK" if not errors else f"{len(errors)} error(s)")
    return 1 if errors else 0


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    return check(root.resolve())


if __name__ == "__main__":
    sys.exit(main())

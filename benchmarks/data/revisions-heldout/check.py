#!/usr/bin/env python3
"""Validate the held-out hand-written revisions set (stdlib only).

Usage: python3 check.py [DIR]   (DIR defaults to this file's folder)
Exits non-zero when any problem is found, including a tier below its minimum size,
a reference kind that is never used, or fewer than half the items on the new pages.
"""

import collections
import json
import os
import sys

TIERS = {"correction", "self-repair", "value-revision", "follow-up", "return-1", "return-2+"}
REFS = {"name", "description", "fact", "list-position", "order", "relation", "value"}
TIER_MINIMUM = {
    "correction": 20,
    "self-repair": 15,
    "value-revision": 15,
    "follow-up": 12,
    "return-1": 6,
    "return-2+": 6,
}
MIN_ITEMS = 80
NEW_PAGE_PREFIX = "rh-p"  # passages of the pages written for this set
REQUIRED = [
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


def main():
    here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    problems = []
    passages, titles = {}, collections.defaultdict(list)
    with open(os.path.join(here, "collection.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                d = json.loads(line)
            except json.JSONDecodeError as e:
                problems.append(f"collection.jsonl:{n}: bad JSON ({e})")
                continue
            for k in ("id", "title", "text"):
                if not isinstance(d.get(k), str) or not d.get(k):
                    problems.append(f"collection.jsonl:{n}: missing or empty {k}")
            if d.get("id") in passages:
                problems.append(f"collection.jsonl:{n}: duplicate id {d.get('id')}")
            passages[d.get("id")] = d
            titles[d.get("title")].append(d.get("id"))
    for t, ids in titles.items():
        if not 2 <= len(ids) <= 3:
            problems.append(f"collection: page {t!r} has {len(ids)} passages")

    tiers, refs = collections.Counter(), collections.Counter()
    combo = 0
    on_new_pages = 0
    qids = set()
    with open(os.path.join(here, "items.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            where = f"items.jsonl:{n}"
            try:
                d = json.loads(line)
            except json.JSONDecodeError as e:
                problems.append(f"{where}: bad JSON ({e})")
                continue
            for k in REQUIRED:
                if k not in d:
                    problems.append(f"{where}: missing field {k}")
            if any(k not in d for k in REQUIRED):
                continue
            where = f"{where} ({d['qid']})"
            if d["qid"] in qids:
                problems.append(f"{where}: duplicate qid")
            qids.add(d["qid"])
            if d["tier"] not in TIERS:
                problems.append(f"{where}: unknown tier {d['tier']!r}")
            if d["reference"] not in REFS:
                problems.append(f"{where}: unknown reference kind {d['reference']!r}")
            h = d["history"]
            if not isinstance(h, list) or not 1 <= len(h) <= 4:
                problems.append(f"{where}: history must have 1-4 turns")
            else:
                for t in h:
                    if not (isinstance(t, dict) and t.get("question") and t.get("answer")):
                        problems.append(f"{where}: history turn without question/answer")
            if not d["question"].strip() or not d["rewrite"].strip():
                problems.append(f"{where}: empty question or rewrite")
            if d["topic"] not in titles:
                problems.append(f"{where}: topic {d['topic']!r} is not a title")
            if d["rejected"] is not None and d["rejected"] not in titles:
                problems.append(f"{where}: rejected {d['rejected']!r} is not a title")
            if d["rejected"] is not None and d["rejected"] == d["topic"]:
                problems.append(f"{where}: rejected equals topic")
            if d["tier"].startswith("return") and d["rejected"] is not None:
                problems.append(f"{where}: a return has no rejected page")
            if not d["gold"]:
                problems.append(f"{where}: no gold")
            for pid in d["gold"]:
                if pid not in passages:
                    problems.append(f"{where}: gold {pid} not in collection")
                elif passages[pid]["title"] != d["topic"]:
                    problems.append(
                        f"{where}: gold {pid} is on {passages[pid]['title']!r}, not the topic"
                    )
            for pid in d["stale"]:
                if pid not in passages:
                    problems.append(f"{where}: stale {pid} not in collection")
                elif d["rejected"] is not None and passages[pid]["title"] != d["rejected"]:
                    title = passages[pid]["title"]
                    problems.append(f"{where}: stale {pid} is on {title!r}, not the rejected page")
                elif passages[pid]["title"] == d["topic"]:
                    problems.append(f"{where}: stale {pid} is on the topic page")
            if set(d["gold"]) & set(d["stale"]):
                problems.append(f"{where}: a passage is both gold and stale")
            if d["tier"] in ("correction", "value-revision") and d["rejected"] is None:
                problems.append(f"{where}: {d['tier']} without a rejected page")
            if not isinstance(d["keep"], list) or not d["keep"]:
                problems.append(f"{where}: keep must be a non-empty list")
            else:
                low = d["rewrite"].lower()
                for w in d["keep"]:
                    if w.lower() not in low:
                        problems.append(f"{where}: keep word {w!r} not in rewrite")
            if d.get("combined"):
                combo += 1
            if any(pid.startswith(NEW_PAGE_PREFIX) for pid in d["gold"] + d["stale"]):
                on_new_pages += 1
            tiers[d["tier"]] += 1
            refs[d["reference"]] += 1

    for tier, least in TIER_MINIMUM.items():
        if tiers[tier] < least:
            problems.append(f"tier {tier}: {tiers[tier]} items, fewer than {least}")
    for ref in sorted(REFS - set(refs)):
        problems.append(f"reference kind {ref} is never used")
    total = sum(tiers.values())
    if total < MIN_ITEMS:
        problems.append(f"{total} items, fewer than {MIN_ITEMS}")
    if 2 * on_new_pages < total:
        problems.append(f"only {on_new_pages} of {total} items use the new pages")

    for p in problems:
        print(p)
    print(
        f"pages {len(titles)}, passages {len(passages)}, items {sum(tiers.values())}, "
        f"conversations {len(qids)}, correction/self-repair with a new question {combo}, "
        f"on the new pages {on_new_pages}"
    )
    print("tiers:", ", ".join(f"{k} {tiers[k]}" for k in sorted(TIERS)))
    print("references:", ", ".join(f"{k} {refs[k]}" for k in sorted(REFS)))
    print("problems:", len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

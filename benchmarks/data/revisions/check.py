#!/usr/bin/env python3
"""Validate the hand-written revisions set (stdlib only).

Usage: python3 check.py [DIR]   (DIR defaults to this file's folder)
Exits non-zero when any problem is found.
"""

import collections
import json
import os
import sys

TIERS = {"correction", "self-repair", "value-revision", "follow-up", "return-1", "return-2+"}
REFS = {"name", "description", "fact", "list-position", "order", "relation", "value"}
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


def main(folder=None, **limits):
    """Check the folder named on the command line, else ``folder`` (by default this file's),
    with the limits of :func:`check`."""
    here = (
        sys.argv[1] if len(sys.argv) > 1 else folder or os.path.dirname(os.path.abspath(__file__))
    )
    return check(here, **limits)


def check(here, tier_minimum=None, least_items=0, new_page_prefix=None):
    """Validate the set in ``here``; with ``tier_minimum`` every tier and reference kind must
    be there in that number, and with ``new_page_prefix`` at least half the items must use
    passages whose ids start with it. 0 when it passes."""
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
    combo = on_new_pages = 0
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
            if new_page_prefix and any(
                pid.startswith(new_page_prefix) for pid in d["gold"] + d["stale"]
            ):
                on_new_pages += 1
            tiers[d["tier"]] += 1
            refs[d["reference"]] += 1

    total = sum(tiers.values())
    for tier, least in (tier_minimum or {}).items():
        if tiers[tier] < least:
            problems.append(f"tier {tier}: {tiers[tier]} items, fewer than {least}")
    if tier_minimum is not None:
        problems += [f"reference kind {ref} is never used" for ref in sorted(REFS - set(refs))]
    if total < least_items:
        problems.append(f"{total} items, fewer than {least_items}")
    if new_page_prefix and 2 * on_new_pages < total:
        problems.append(f"only {on_new_pages} of {total} items use the new pages")

    for p in problems:
        print(p)
    new = f", on the new pages {on_new_pages}" if new_page_prefix else ""
    print(
        f"pages {len(titles)}, passages {len(passages)}, items {total}, "
        f"conversations {len(qids)}, correction/self-repair with a new question {combo}{new}"
    )
    print("tiers:", ", ".join(f"{k} {tiers[k]}" for k in sorted(TIERS)))
    print("references:", ", ".join(f"{k} {refs[k]}" for k in sorted(REFS)))
    print("problems:", len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

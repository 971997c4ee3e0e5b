#!/usr/bin/env python3
"""Validate the third fresh held-out hand-written revisions set (stdlib only).

Usage: python3 check.py [DIR]   (DIR defaults to this file's folder)

The checks of ``../revisions/check.py`` (every line parses, unique ids, gold passages on the
``topic`` page, stale passages on the ``rejected`` page when one is given, titles exist, tiers and
reference kinds valid, every ``keep`` word in the ``rewrite``), written out here so that this
set stands on its own, and this set's own:

- at least 110 items and the tier minimums below;
- every reference kind used at least ``REF_MINIMUM`` times;
- every passage id starts with ``r3-p`` and every page has 2 passages (the collection is
  self-contained);
- no page title is shared with the other sets' collections (``../revisions*/collection.jsonl``);
- ``dataset``, ``qid`` and ``conversation_id`` are well formed; ``combined`` only on corrections
  and self-repairs; at least one self-repair comes back to the current topic (``rejected`` null).

Exits non-zero when any problem is found.
"""

import collections
import contextlib
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATASET = "handwritten-revisions-fresh3"
PASSAGE_PREFIX = "r3-p"
TIERS = {"correction", "self-repair", "value-revision", "follow-up", "return-1", "return-2+"}
REFS = {"name", "description", "fact", "list-position", "order", "relation", "value"}
TIER_MINIMUM = {
    "correction": 32,
    "self-repair": 32,
    "value-revision": 22,
    "follow-up": 15,
    "return-1": 8,
    "return-2+": 7,
}
LEAST_ITEMS = 110
REF_MINIMUM = 3
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


def load_collection(here, problems):
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
            if set(d) != {"id", "title", "text"}:
                problems.append(f"collection.jsonl:{n}: fields must be id, title, text")
            pid = d.get("id")
            if pid in passages:
                problems.append(f"collection.jsonl:{n}: duplicate id {pid}")
            if not (
                isinstance(pid, str) and re.fullmatch(re.escape(PASSAGE_PREFIX) + r"\d{3}", pid)
            ):
                problems.append(f"collection.jsonl:{n}: id {pid!r} is not {PASSAGE_PREFIX}NNN")
            passages[pid] = d
            titles[d.get("title")].append(pid)
    for t, ids in titles.items():
        if len(ids) != 2:
            problems.append(f"collection: page {t!r} has {len(ids)} passages, not 2")
    return passages, titles


def other_titles(here):
    """Titles of the other sets' collections (sibling folders named revisions*)."""
    seen = set()
    parent = os.path.dirname(os.path.abspath(here))
    for path in glob.glob(os.path.join(parent, "revisions*", "collection.jsonl")):
        if os.path.samefile(os.path.dirname(path), here):
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                with contextlib.suppress(json.JSONDecodeError):
                    seen.add(json.loads(line).get("title"))
    return seen


def check(here):
    problems = []
    passages, titles = load_collection(here, problems)
    for t in sorted(set(titles) & other_titles(here)):
        problems.append(f"collection: page {t!r} is also in another set")

    tiers, refs = collections.Counter(), collections.Counter()
    combo = back_to_topic = 0
    qids = set()
    with open(os.path.join(here, "items.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            where = f"items.jsonl:{n}"
            try:
                d = json.loads(line)
            except json.JSONDecodeError as e:
                problems.append(f"{where}: bad JSON ({e})")
                continue
            missing = [k for k in REQUIRED if k not in d]
            if missing:
                problems.append(f"{where}: missing fields {missing}")
                continue
            extra = set(d) - set(REQUIRED) - {"combined"}
            if extra:
                problems.append(f"{where}: unknown fields {sorted(extra)}")
            where = f"{where} ({d['qid']})"
            if not re.fullmatch(r"r3-\d{3}", str(d["qid"])):
                problems.append(f"{where}: qid is not r3-NNN")
            if d["qid"] in qids:
                problems.append(f"{where}: duplicate qid")
            qids.add(d["qid"])
            if d["conversation_id"] != d["qid"]:
                problems.append(f"{where}: conversation_id differs from qid")
            if d["dataset"] != DATASET:
                problems.append(f"{where}: dataset is not {DATASET}")
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
                if d["tier"] == "return-2+" and len(h) < 3:
                    problems.append(f"{where}: return-2+ needs at least 3 earlier turns")
                if d["tier"] == "return-1" and len(h) < 2:
                    problems.append(f"{where}: return-1 needs at least 2 earlier turns")
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
            if d["tier"] in ("correction", "value-revision") and d["rejected"] is None:
                problems.append(f"{where}: {d['tier']} without a rejected page")
            if d["tier"] == "self-repair" and d["rejected"] is None:
                back_to_topic += 1
            if not isinstance(d["gold"], list) or not d["gold"]:
                problems.append(f"{where}: no gold")
            if not isinstance(d["stale"], list):
                problems.append(f"{where}: stale must be a list")
                continue
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
            if d["rejected"] is not None and not d["stale"]:
                problems.append(f"{where}: a rejected page without stale passages")
            if d["tier"].startswith("return") and not d["stale"]:
                problems.append(f"{where}: a return without skipped-over (stale) passages")
            if set(d["gold"]) & set(d["stale"]):
                problems.append(f"{where}: a passage is both gold and stale")
            if not isinstance(d["keep"], list) or not d["keep"]:
                problems.append(f"{where}: keep must be a non-empty list")
            else:
                low = d["rewrite"].lower()
                for w in d["keep"]:
                    if w.lower() not in low:
                        problems.append(f"{where}: keep word {w!r} not in rewrite")
            if "combined" in d:
                if d["combined"] is not True:
                    problems.append(f"{where}: combined must be true when present")
                elif d["tier"] not in ("correction", "self-repair"):
                    problems.append(f"{where}: combined on a {d['tier']}")
                else:
                    combo += 1
            tiers[d["tier"]] += 1
            refs[d["reference"]] += 1

    total = sum(tiers.values())
    for tier, least in TIER_MINIMUM.items():
        if tiers[tier] < least:
            problems.append(f"tier {tier}: {tiers[tier]} items, fewer than {least}")
    for ref in sorted(REFS):
        if refs[ref] < REF_MINIMUM:
            problems.append(
                f"reference kind {ref}: used {refs[ref]} times, fewer than {REF_MINIMUM}"
            )
    if total < LEAST_ITEMS:
        problems.append(f"{total} items, fewer than {LEAST_ITEMS}")
    if back_to_topic == 0:
        problems.append("no self-repair comes back to the current topic")

    for p in problems:
        print(p)
    print(
        f"pages {len(titles)}, passages {len(passages)}, items {total}, "
        f"conversations {len(qids)}, correction/self-repair with a new question {combo}, "
        f"self-repairs back to the current topic {back_to_topic}"
    )
    print("tiers:", ", ".join(f"{k} {tiers[k]}" for k in sorted(TIERS)))
    print("references:", ", ".join(f"{k} {refs[k]}" for k in sorted(REFS)))
    print("problems:", len(problems))
    return 1 if problems else 0


def main():
    here = sys.argv[1] if len(sys.argv) > 1 else HERE
    return check(here)


if __name__ == "__main__":
    sys.exit(main())

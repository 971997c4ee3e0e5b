#!/usr/bin/env python3
"""Validate the eighteenth fresh held-out hand-written follow-up set (stdlib only, standalone).

Usage: python3 check.py [DIR]   (DIR defaults to the folder of this file)

Errors (exit status 1):
- a line that is not JSON; passages without exactly id, title and text; conversations or turns
  with missing fields;
- passage ids that are duplicated or lack the f18-p prefix; pages with fewer than 2 or more than
  3 passages; page titles that another set beside this one (any ../*/collection.jsonl)
  already uses; passages that share a run of 12 words with a passage of such a set; pages
  that are never the topic of a turn; passages that are never the gold passage of a turn;
- conversation ids that are duplicated or lack the f18- prefix; conversations outside 8-9 turns;
- unknown kinds; topics that are not collection titles; empty gold lists, gold ids listed twice,
  gold ids that do not exist or are not on the turn's topic page;
- a first turn that is not no-rewrite; no-rewrite or named-switch turns whose rewrite differs
  from the question; other kinds whose rewrite equals it; named-switch turns on the previous
  turn's topic; return turns whose topic is not the topic of a turn two or more turns before;
- a set below the sizes or the per-kind minimums in MINIMUM.
Warnings (printed for review): a question word, other than a reference word, that the rewrite
does not keep in the same order; an answer-entity rewrite that adds no word of the previous
answer; an apostrophe in a question or rewrite (this set types them without).
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
    "no-rewrite": 80,
    "pronoun": 48,
    "possessive": 16,
    "definite": 16,
    "role": 13,
    "ellipsis": 40,
    "named-switch": 120,
    "answer-entity": 12,
    "return": 19,
}
LEAST_LATER_NO_REWRITE = 36  # no-rewrite turns that are not first turns
LEAST_CONVERSATIONS = 45
LEAST_TURNS = 405
LEAST_PAGES = 42
TURNS = (8, 9)
PASSAGES = (2, 3)
PASSAGE_PREFIX = "f18-p"
CONVERSATION = re.compile(r"f18-\d{2}")
TURN_FIELDS = ["question", "answer", "rewrite", "topic", "gold", "kind"]
SHINGLE = 12
# words that a rewrite may drop or replace when it resolves a reference
REFERENCE_WORDS = set(
    """
he she it they him her his its their them there one ones that this these those the a
himself herself itself theyre its hes shes
band album song film movie book story company club team stadium ballpark ground city town
planet god symphony prison island mountain element model lab tower
singer drummer guitarist founder founders engineer inventor composer author writer director
physicist wrestler striker shortstop king scot
trophy game show locomotive tank storm golfer fullback commander
president rapper actor actress director producer bridge brewery beer drink soda record records
driver brother brothers wife husband dad father son daughter sister coach center centre
label guy girl group stout headphones
chef cook designer cyclist author showrunner creator studio series restaurant brand shark
marsupial jersey race mum mom
dinosaur dinosaurs skeleton fossil fossils bones palaeontologist paleontologist explorer
expedition expeditions desert cliffs circus showman elephant magician escape artist acrobat
trapeze outfit tightrope walker ballet ballets dancer ballerina choreographer impresario
frenchman music premiere suite cocktail drink bartender bar vermouth cheese wheel wheels milk
wine champagne monk cellar master bottle brand lighthouse lighthouses tower towers keeper
engineer physicist lens lenses rock reef ruins mummies museum theatre statue grandfather
stepdad quaker count countess
font fonts typeface typefaces type types letters printer printers press bible bibles
typographer punchcutter calligrapher sculptor stonemason millwright draughtsman goldsmith
founder foundry canal canals aqueduct locks lake ditch duke diplomat tax farmer perfume
perfumes perfumer scent house gardens garden town novel book lab
dessert desserts dish pudding puddings tart tarts cake toast sauce fruit berry crepe crepes
pancake pancakes soprano diva waiter earl earls village shop shops disease syndrome
condition cancer lymphoma doctor doctors physician neurologist pathologist poet instrument
instruments maker violin violins fiddle luthier sax player prodigy virtuoso banker belgian
tuba bird birds penguin penguins duck pigeon zoo body train trains engine engines loco
service railway railroad car cars sleeper
architect architects building skyscraper spire sculptor lady iron coathanger novel novels
satirist dean castaway sailor pirate parrot islands falls waterfall waterfalls pilot aviator
plane teacher daredevil barrel cat language languages program programs computer engine
machine mathematician admiral inventor fastener postman mailman apple apples avocado avocados
tree trees banana bananas spice nut nuts bear kid boy woman
castle castles palace palaces fortress king queen diamond diamonds stone stones gem jewel
jewels jeweller jeweler heiress lady comet comets astronomer probe spacecraft painter actor
skipper geologist crater dog dogs breed puppy musher terrier professor owner country
cathedral cathedrals church dome spire mosque emperor goldsmith restorer architect pianist
barber game games quiz card cards board
airship airships ship carrier count graf president field marshal commander captain
reporter politician machine codebreaker mathematician scholar frenchman englishman telegram
probe lander comet chocolate chocolatier bar bars company town village founder quaker
doll dolls bear bears toy toys seamstress inventor wife businesswoman spring bell bells
tower clock clocks clockmaker carpenter commissioner boxer book cave caves priest abbe
lawyer film documentary director crew cartoon guide shop
jeweller jewellers jeweler glass glassmaker glassmakers artist designer lamp lamps studio
estate screen novella writer narrator landlord neighbour actress singer movie store
diamond setting lagoon furnace robbery robbers robber gang driver farm fugitive escaper
planner thief thieves hijacker passengers ransom heist theft burglary vault drill
ringleader collector husband widow portrait painting paintings frame frames guards
coffee coffeehouse cafe chain logo siren mate whale harpooner harpooners musician dj
sicilian underwriters market names civet civets animals submarine sub subs financier
wreck bathyscaphe vessel float oceanographer professor balloon balloonist twin character
sequoia pine oak general generals tank tanks soldier memoirs patriarch grandson bottle
play stamp stamps sheet reformer preacher chapel nephew planes biplane pilot heir
schoolboy dealer postmaster clerk governor ceo marketing
dictionary dictionaries lexicographer editor editors surgeon inmate patient madman
professor speller senator orator statesman sweater jumper earl brigade charge poem poet
sleeve boot boots welly duke capital raincoat mac chemist inventor flower flowers plant
plants shrub botanist diplomat minister murder victim detective detectives killer pirate
pirates ship wreck queen privateer buccaneer rum captain governor gold rush miners miner
prospectors stampede team quarterback coach mascot novel dog map maps projection
cartographer navigator admiral merchant sailor lieutenant mapmaker
""".split()
)


def words(text):
    return re.findall(r"[a-z0-9\u00c0-\u024f]+", text.lower().replace("'", ""))


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
    errors, warnings = [], []
    pid_title, pages, texts = {}, collections.defaultdict(list), {}
    for where, p in read_jsonl(root / "collection.jsonl", errors):
        if not isinstance(p, dict) or set(p) != {"id", "title", "text"}:
            errors.append(f"{where}: fields must be exactly id, title, text")
            continue
        if p["id"] in pid_title:
            errors.append(f"{where}: duplicate passage id {p['id']}")
        if not str(p["id"]).startswith(PASSAGE_PREFIX):
            errors.append(f"{where}: passage id {p['id']!r} lacks the prefix {PASSAGE_PREFIX}")
        if not str(p["title"]).strip() or not str(p["text"]).strip():
            errors.append(f"{where}: empty title or text")
        pid_title[p["id"]] = p["title"]
        pages[p["title"]].append(p["id"])
        texts[p["id"]] = p["text"]
    for title, ids in pages.items():
        if not PASSAGES[0] <= len(ids) <= PASSAGES[1]:
            errors.append(f"page {title!r} has {len(ids)} passages ({PASSAGES[0]}-{PASSAGES[1]})")
    used, grams = other_sets(root)
    for title in pages:
        if title in used:
            errors.append(f"page {title!r} is already used by {used[title]}")
    for pid, text in texts.items():
        if shingles(text) & grams:
            errors.append(f"passage {pid} shares a {SHINGLE}-word run with another set")

    kinds = collections.Counter()
    conv_ids, topics_used, golds_used = set(), set(), set()
    n_turns = n_convs = later_no_rewrite = 0
    for where, conv in read_jsonl(root / "conversations.jsonl", errors):
        cid = conv.get("conversation_id") if isinstance(conv, dict) else None
        if not cid or cid in conv_ids:
            errors.append(f"{where}: missing or duplicate conversation_id {cid!r}")
        elif not CONVERSATION.fullmatch(cid):
            errors.append(f"{where}: conversation_id {cid!r} is not f18-NN")
        conv_ids.add(cid)
        n_convs += 1
        turns = conv.get("turns", []) if isinstance(conv, dict) else []
        if not TURNS[0] <= len(turns) <= TURNS[1]:
            errors.append(f"{cid}: {len(turns)} turns ({TURNS[0]}-{TURNS[1]} expected)")
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
            gold = t["gold"]
            if not isinstance(gold, list) or not gold:
                errors.append(f"{at}: gold must be a non-empty list")
                gold = []
            if len(set(gold)) != len(gold):
                errors.append(f"{at}: gold lists an id twice")
            golds_used.update(gold)
            for g in gold:
                if g not in pid_title:
                    errors.append(f"{at}: gold {g} is not in the collection")
                elif pid_title[g] != t["topic"]:
                    errors.append(f"{at}: gold {g} is on {pid_title[g]!r}, not {t['topic']!r}")
            for f in ("question", "answer", "rewrite"):
                if not str(t[f]).strip():
                    errors.append(f"{at}: empty {f}")
            same = t["rewrite"] == t["question"]
            if i == 0 and kind != "no-rewrite":
                errors.append(f"{at}: a first turn must be no-rewrite")
            if i > 0 and kind == "no-rewrite":
                later_no_rewrite += 1
            if kind in ("no-rewrite", "named-switch") and not same:
                errors.append(f"{at}: {kind}, but the rewrite differs from the question")
            if kind in KINDS and kind not in ("no-rewrite", "named-switch") and same:
                errors.append(f"{at}: {kind}, but the rewrite equals the question")
            if kind == "named-switch" and i > 0 and t["topic"] == turns[i - 1].get("topic"):
                errors.append(f"{at}: named-switch, but the topic is the previous turn's")
            if kind == "return":
                earlier = {u.get("topic") for u in turns[: max(i - 1, 0)]}
                if t["topic"] not in earlier:
                    errors.append(
                        f"{at}: return, but {t['topic']!r} is not a topic of a turn "
                        f"two or more turns before"
                    )
                if i > 0 and t["topic"] == turns[i - 1].get("topic"):
                    errors.append(f"{at}: return, but the previous turn has the same topic")
            if "'" in t["question"] or "'" in t["rewrite"]:
                warnings.append(f"{at}: apostrophe in the question or rewrite (typed without them)")
            rw = words(t["rewrite"])
            pos = 0
            for w in words(t["question"]):
                if w in REFERENCE_WORDS:
                    continue
                try:
                    pos = rw.index(w, pos) + 1
                except ValueError:
                    warnings.append(
                        f"{at}: question word {w!r} is not kept in order in {t['rewrite']!r}"
                    )
            if kind == "answer-entity" and i > 0:
                added = set(rw) - set(words(t["question"]))
                if not added & set(words(turns[i - 1].get("answer", ""))):
                    warnings.append(
                        f"{at}: answer-entity, but the rewrite adds nothing from "
                        f"the previous answer"
                    )

    for title in pages:
        if title not in topics_used:
            errors.append(f"page {title!r} is never a turn topic")
    for pid in pid_title:
        if pid not in golds_used:
            errors.append(f"passage {pid} is never the gold passage of a turn")
    size = []
    if n_convs < LEAST_CONVERSATIONS:
        size.append(f"{n_convs} conversations, fewer than {LEAST_CONVERSATIONS}")
    if n_turns < LEAST_TURNS:
        size.append(f"{n_turns} turns, fewer than {LEAST_TURNS}")
    if len(pages) < LEAST_PAGES:
        size.append(f"{len(pages)} pages, fewer than {LEAST_PAGES}")
    if later_no_rewrite < LEAST_LATER_NO_REWRITE:
        size.append(
            f"{later_no_rewrite} no-rewrite turns beyond first turns, "
            f"fewer than {LEAST_LATER_NO_REWRITE}"
        )
    for k in KINDS:
        if kinds[k] < MINIMUM[k]:
            size.append(f"{kinds[k]} turns of kind {k}, fewer than {MINIMUM[k]}")
    errors.extend(size)

    for e in errors:
        print("ERROR", e)
    for w in warnings:
        print("warning", w)
    print(
        f"collection: {len(pages)} pages, {len(pid_title)} passages "
        f"({len(topics_used & set(pages))} pages are turn topics)"
    )
    print(f"conversations: {n_convs}, turns: {n_turns}")
    for k in KINDS:
        print(f"  {k:14s} {kinds[k]:4d}  (minimum {MINIMUM[k]})")
    print(
        f"  no-rewrite turns beyond first turns: {later_no_rewrite} "
        f"(minimum {LEAST_LATER_NO_REWRITE})"
    )
    print(f"warnings: {len(warnings)}")
    print("OK" if not errors else f"{len(errors)} error(s)")
    return 1 if errors else 0


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    return check(root.resolve())


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
Prints only counts, ids and PASS/FAIL."""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

notes = {}
for root, _dirs, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()

fails = []

def fail(tag, ident):
    fails.append((tag, ident))

def exists(nid, ident):
    if nid not in notes:
        fail("missing-note", ident)
        return False
    return True

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate-id", i)

# quick items
for q in quick:
    qid = q["id"]
    texts = [notes[n] for n in q["notes"] if exists(n, qid)]
    if not (1 <= len(q["facts"]) <= 2):
        fail("fact-count", qid)
    if len(q.get("phrasings", [])) != 3:
        fail("phrasing-count", qid)
    for rx in q["facts"]:
        r = re.compile(rx, re.I)
        if not any(r.search(t) for t in texts):
            fail("fact-not-in-notes", qid)
    if q["kind"] == "supersession":
        if not q.get("superseded"):
            fail("no-superseded", qid)
        for old in q.get("superseded", []):
            if exists(old, qid):
                for rx in q["facts"]:
                    if re.search(rx, notes[old], re.I):
                        fail("fact-in-superseded", qid)
    elif q.get("superseded"):
        fail("superseded-on-non-supersession", qid)

# look-alikes
absent = gold.get("lookalikes", [])
lk = [o for o in ood if o["type"] == "lookalike"]
if len(absent) != len(lk):
    fail("lookalike-count", "lookalikes")
for o, a in zip(lk, absent):
    if o["present_twin"].lower() not in alltext:
        fail("present-twin-absent", o["id"])
    if a.lower() in alltext:
        fail("absent-twin-present", o["id"])
    if a.lower() not in o["question"].lower():
        fail("absent-twin-not-in-question", o["id"])

# investigations
for v in inv:
    vid = v["id"]
    rel = v["relevant"]
    if not (6 <= len(rel) <= 10) or len(set(rel)) != len(rel):
        fail("relevant-count", vid)
    texts = [notes[n] for n in rel if exists(n, vid)]
    for rx in v["facts"]:
        if not any(re.search(rx, t, re.I) for t in texts):
            fail("inv-fact-not-in-notes", vid)

kinds = Counter(q["kind"] for q in quick)
types = Counter(o["type"] for o in ood)
print("notes:", len(notes))
print("quick:", len(quick), dict(sorted(kinds.items())))
print("out_of_domain:", len(ood), dict(sorted(types.items())))
print("investigations:", len(inv))
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if dict(kinds) != want:
    fail("kind-mix", "quick")
if len(quick) != 24 or len(ood) != 12 or len(inv) != 8 or types.get("lookalike") != 6 or types.get("offtopic") != 6:
    fail("section-size", "gold")
if not (55 <= len(notes) <= 65):
    fail("note-count", "vault")

for tag, ident in fails:
    print("FAIL", ident, tag)
print("FAIL" if fails else "PASS", f"({len(fails)} problems)" if fails else "")
sys.exit(1 if fails else 0)

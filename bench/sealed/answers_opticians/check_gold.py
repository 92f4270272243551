#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
Prints counts, failing ids and PASS/FAIL only."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

notes = {}
for d, _, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(d, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()

fails = []
def fail(i, why):
    fails.append((i, why))

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, n in Counter(ids).items():
    if n > 1:
        fail(i, "duplicate id")

# counts and kinds
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
if len(quick) != 24 or dict(kinds) != want:
    fail("quick", "wrong count/kinds")
types = Counter(x["type"] for x in ood)
if types.get("lookalike") != 6 or types.get("offtopic") != 6:
    fail("out_of_domain", "wrong counts")
if len(inv) != 8:
    fail("investigations", "wrong count")

# quick items
for x in quick:
    for n in x["notes"] + x.get("superseded", []):
        if n not in notes:
            fail(x["id"], "missing note")
    if not (1 <= len(x["facts"]) <= 2):
        fail(x["id"], "fact count")
    if len(x.get("phrasings", [])) != 3:
        fail(x["id"], "phrasing count")
    for f in x["facts"]:
        if not any(re.search(f, notes.get(n, ""), re.I) for n in x["notes"]):
            fail(x["id"], "fact not in notes")
    if x["kind"] == "supersession":
        if not x.get("superseded"):
            fail(x["id"], "no superseded note")
        for old in x.get("superseded", []):
            for f in x["facts"]:
                if re.search(f, notes.get(old, ""), re.I):
                    fail(x["id"], "fact matches superseded note")

# look-alikes
la = {l["id"]: l for l in gold.get("lookalikes", [])}
for x in ood:
    if x["type"] != "lookalike":
        continue
    l = la.get(x["id"])
    if not l or l["present_twin"] != x["present_twin"]:
        fail(x["id"], "no lookalike entry")
        continue
    if l["present_twin"].lower() not in alltext:
        fail(x["id"], "present twin absent")
    if l["absent_twin"].lower() in alltext:
        fail(x["id"], "absent twin present")
    if l["absent_twin"].lower() not in x["question"].lower():
        fail(x["id"], "question does not name absent twin")

# investigations
for x in inv:
    if not (6 <= len(x["relevant"]) <= 10):
        fail(x["id"], "relevant count")
    for n in x["relevant"]:
        if n not in notes:
            fail(x["id"], "missing note")
    if not (2 <= len(x["facts"]) <= 3):
        fail(x["id"], "fact count")
    for f in x["facts"]:
        if not any(re.search(f, notes.get(n, ""), re.I) for n in x["relevant"]):
            fail(x["id"], "fact not in relevant notes")

print("notes:", len(notes))
print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv), "lookalikes:", len(la))
if fails:
    for i, why in fails:
        print("FAIL", i, why)
    print("FAIL")
    sys.exit(1)
print("PASS")

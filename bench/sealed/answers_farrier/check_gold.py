#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

notes = {}
for root, _, files in os.walk(VAULT):
    for fn in files:
        if fn.endswith(".md"):
            p = os.path.join(root, fn)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()

fails = []
def fail(item, why):
    fails.append((item, why))

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail(i, "duplicate id")

# quick
want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
if dict(kinds) != want_kinds:
    fail("quick", "kind counts")
for x in quick:
    for n in x["notes"] + x.get("superseded", []):
        if n not in notes:
            fail(x["id"], "missing note")
    if not (1 <= len(x["facts"]) <= 2):
        fail(x["id"], "fact count")
    if len(x.get("phrasings", [])) != 3:
        fail(x["id"], "phrasings")
    for f in x["facts"]:
        rx = re.compile(f, re.I)
        if not any(n in notes and rx.search(notes[n]) for n in x["notes"]):
            fail(x["id"], "fact not in notes")
        for s in x.get("superseded", []):
            if s in notes and rx.search(notes[s]):
                fail(x["id"], "fact matches superseded note")
    if x["kind"] == "supersession" and not x.get("superseded"):
        fail(x["id"], "no superseded note")

# out of domain
look = [x for x in ood if x.get("type") == "lookalike"]
offt = [x for x in ood if x.get("type") == "offtopic"]
absent = gold.get("lookalikes", [])
if len(look) != 6 or len(offt) != 6 or len(absent) != 6:
    fail("out_of_domain", "counts")
for x, a in zip(look, absent):
    if x["present_twin"].lower() not in alltext:
        fail(x["id"], "present twin not in vault")
    if a.lower() in alltext:
        fail(x["id"], "absent twin found in vault")
    if a.lower() not in x["question"].lower():
        fail(x["id"], "absent twin not in question")

# investigations
if len(inv) != 8:
    fail("investigations", "count")
for x in inv:
    if not (6 <= len(x["relevant"]) <= 10):
        fail(x["id"], "relevant count")
    for n in x["relevant"]:
        if n not in notes:
            fail(x["id"], "missing note")
    if not (2 <= len(x["facts"]) <= 3):
        fail(x["id"], "fact count")
    for f in x["facts"]:
        rx = re.compile(f, re.I)
        if not any(n in notes and rx.search(notes[n]) for n in x["relevant"]):
            fail(x["id"], "fact not in relevant notes")

print("notes:", len(notes), "folders:", len({n.split('/')[0] for n in notes}))
print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv))
print("kinds:", ", ".join("%s=%d" % kv for kv in sorted(kinds.items())))
if fails:
    for i, why in fails:
        print("FAIL", i, why)
    print("FAIL")
    sys.exit(1)
print("PASS")

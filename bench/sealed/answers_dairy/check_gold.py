#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

notes = {}
for root, _, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()
fails = []

def fail(i, msg):
    fails.append(i)
    print("FAIL", i, msg)

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail(i, "duplicate id")

for it in quick:
    i = it["id"]
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            fail(i, "missing note " + n)
    if len(it.get("phrasings", [])) != 3:
        fail(i, "phrasings != 3")
    if not 1 <= len(it["facts"]) <= 2:
        fail(i, "facts count")
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(n in notes and rx.search(notes[n]) for n in it["notes"]):
            fail(i, "fact not in its notes: " + fx)
        for s in it.get("superseded", []):
            if s in notes and rx.search(notes[s]):
                fail(i, "fact matches superseded note " + s)
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail(i, "supersession without superseded")

kinds = Counter(x["kind"] for x in quick)
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if dict(kinds) != want:
    fail("quick", "kind counts %s" % dict(kinds))

look = [x for x in ood if x["type"] == "lookalike"]
for it in look:
    if it["present_twin"].lower() not in alltext:
        fail(it["id"], "present twin not in vault")
for a in gold.get("lookalikes", []):
    if a.lower() in alltext:
        fail("lookalikes", "absent twin occurs in vault: " + a)
for it, a in zip(look, gold.get("lookalikes", [])):
    if a.lower() not in it["question"].lower():
        fail(it["id"], "question does not name its absent twin")
if len(look) != 6 or len(gold.get("lookalikes", [])) != 6 or len(ood) != 12:
    fail("out_of_domain", "counts")

for it in inv:
    i = it["id"]
    rel = it["relevant"]
    if not 6 <= len(rel) <= 10:
        fail(i, "relevant count %d" % len(rel))
    for n in rel:
        if n not in notes:
            fail(i, "missing note " + n)
    for fx in it["facts"]:
        if not any(n in notes and re.search(fx, notes[n], re.I) for n in rel):
            fail(i, "fact not in relevant notes: " + fx)

print("notes:", len(notes), "quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv))
print("kinds:", dict(kinds))
print("FAIL" if fails else "PASS", len(set(fails)), "failing ids" if fails else "")
sys.exit(1 if fails else 0)

#!/usr/bin/env python3
"""Consistency check for gold.json against vault/. Standard library only.
Prints only counts, ids and PASS/FAIL."""
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
def fail(tag, id_):
    fails.append((tag, id_))

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, n in Counter(ids).items():
    if n > 1:
        fail("duplicate-id", i)

# quick items
for it in quick:
    for nid in it["notes"] + it.get("superseded", []):
        if nid not in notes:
            fail("missing-note", it["id"])
    if not (1 <= len(it["facts"]) <= 2):
        fail("fact-count", it["id"])
    if len(it.get("phrasings", [])) != 3:
        fail("phrasing-count", it["id"])
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in it["notes"]):
            fail("fact-not-in-notes", it["id"])
        for old in it.get("superseded", []):
            if rx.search(notes.get(old, "")):
                fail("fact-in-superseded", it["id"])
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail("no-superseded", it["id"])

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
if dict(kinds) != want or len(quick) != 24:
    fail("kind-counts", "quick")

# look-alikes
look = [x for x in ood if x["type"] == "lookalike"]
absent = gold.get("lookalikes", [])
if len(look) != 6 or len(absent) != 6 or len([x for x in ood if x["type"] == "offtopic"]) != 6:
    fail("ood-counts", "out_of_domain")
for it, ab in zip(look, absent):
    if it["present_twin"].lower() not in alltext:
        fail("present-twin-missing", it["id"])
    if ab.lower() in alltext:
        fail("absent-twin-present", it["id"])

# investigations
if len(inv) != 8:
    fail("inv-count", "investigations")
for it in inv:
    if not (6 <= len(it["relevant"]) <= 10):
        fail("relevant-count", it["id"])
    for nid in it["relevant"]:
        if nid not in notes:
            fail("missing-note", it["id"])
    if not (2 <= len(it["facts"]) <= 3):
        fail("fact-count", it["id"])
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in it["relevant"]):
            fail("fact-not-in-relevant", it["id"])

print(f"notes={len(notes)} quick={len(quick)} ood={len(ood)} investigations={len(inv)} lookalikes={len(absent)}")
print("kinds=" + ",".join(f"{k}:{kinds[k]}" for k in sorted(kinds)))
for tag, i in fails:
    print(f"FAIL {tag} {i}")
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

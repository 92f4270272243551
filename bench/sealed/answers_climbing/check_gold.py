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
def fail(tag, ident):
    fails.append((tag, ident))

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate id", i)

# quick items
for it in quick:
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            fail("missing note", it["id"])
    if not 1 <= len(it["facts"]) <= 2:
        fail("fact count", it["id"])
    if len(it.get("phrasings", [])) != 3:
        fail("phrasing count", it["id"])
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(n in notes and rx.search(notes[n]) for n in it["notes"]):
            fail("fact not in its notes", it["id"])
        for s in it.get("superseded", []):
            if s in notes and rx.search(notes[s]):
                fail("fact matches superseded note", it["id"])
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail("supersession without superseded", it["id"])

kinds = Counter(it["kind"] for it in quick)
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if dict(kinds) != want or len(quick) != 24:
    fail("kind counts", "quick")

# out of domain
look = [x for x in ood if x["type"] == "lookalike"]
offt = [x for x in ood if x["type"] == "offtopic"]
absent = gold.get("lookalikes", [])
if len(look) != 6 or len(offt) != 6 or len(absent) != len(look):
    fail("ood counts", "out_of_domain")
for it, a in zip(look, absent):
    if it["present_twin"].lower() not in alltext:
        fail("present twin not in vault", it["id"])
    if a.lower() in alltext:
        fail("absent twin in vault", it["id"])
    if a.lower() not in it["question"].lower():
        fail("question not about absent twin", it["id"])

# investigations
if len(inv) != 8:
    fail("investigation count", "investigations")
for it in inv:
    if not 6 <= len(it["relevant"]) <= 10:
        fail("relevant count", it["id"])
    for n in it["relevant"]:
        if n not in notes:
            fail("missing note", it["id"])
    if not 2 <= len(it["facts"]) <= 3:
        fail("fact count", it["id"])
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(n in notes and rx.search(notes[n]) for n in it["relevant"]):
            fail("fact not in relevant notes", it["id"])

print("notes:", len(notes))
print("quick:", len(quick), "kinds:", ", ".join("%s=%d" % kv for kv in sorted(kinds.items())))
print("out_of_domain:", len(ood), "(lookalike %d, offtopic %d)" % (len(look), len(offt)))
print("investigations:", len(inv))
for tag, ident in fails:
    print("FAIL", ident, tag)
print("PASS" if not fails else "FAIL (%d)" % len(fails))
sys.exit(0 if not fails else 1)

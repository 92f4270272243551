#!/usr/bin/env python3
"""Consistency check for gold.json against vault/ (standard library only).
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

fails = []
def fail(tag, id_):
    fails.append(f"{tag}:{id_}")

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate_id", i)

# quick items
for it in quick:
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            fail("missing_note", it["id"])
    if len(it.get("phrasings", [])) != 3:
        fail("phrasings", it["id"])
    if not 1 <= len(it["facts"]) <= 2:
        fail("fact_count", it["id"])
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in it["notes"]):
            fail("fact_not_in_notes", it["id"])
        for s in it.get("superseded", []):
            if rx.search(notes.get(s, "")):
                fail("fact_in_superseded", it["id"])
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail("no_superseded", it["id"])

kinds = Counter(it["kind"] for it in quick)
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
for k, v in want.items():
    if kinds.get(k, 0) != v:
        fail("kind_count", k)

# look-alikes
alltext = "\n".join(notes.values()).lower()
for lk in gold.get("lookalikes", []):
    if lk["present"].lower() not in alltext:
        fail("present_twin_missing", lk["present"])
    if lk["absent"].lower() in alltext:
        fail("absent_twin_found", lk["absent"])
presents = {lk["present"] for lk in gold.get("lookalikes", [])}
for it in ood:
    if it["type"] == "lookalike" and it["present_twin"] not in presents:
        fail("lookalike_not_listed", it["id"])
    if it["type"] == "lookalike" and it["present_twin"].lower() not in alltext:
        fail("present_twin_missing", it["id"])
types = Counter(it["type"] for it in ood)

# investigations
for it in inv:
    if not 6 <= len(it["relevant"]) <= 10:
        fail("relevant_count", it["id"])
    for n in it["relevant"]:
        if n not in notes:
            fail("missing_note", it["id"])
    if not 2 <= len(it["facts"]) <= 3:
        fail("fact_count", it["id"])
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes[n]) for n in it["relevant"] if n in notes):
            fail("inv_fact_not_in_relevant", it["id"])

print(f"notes: {len(notes)}")
print(f"quick: {len(quick)}  " + " ".join(f"{k}={kinds.get(k,0)}" for k in want))
print(f"out_of_domain: {len(ood)}  lookalike={types.get('lookalike',0)} offtopic={types.get('offtopic',0)}")
print(f"investigations: {len(inv)}")
if fails:
    for f in fails:
        print("FAIL", f)
    print("FAIL")
    sys.exit(1)
print("PASS")

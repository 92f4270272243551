#!/usr/bin/env python3
"""Consistency checks for gold.json against vault/ (standard library only).
Prints counts, failing ids and PASS/FAIL."""
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
    fails.append(f"{tag}:{ident}")

quick, ood, inv = gold.get("quick", []), gold.get("out_of_domain", []), gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate_id", i)

# counts and kinds
if len(quick) != 24: fail("quick_count", len(quick))
if len(ood) != 12: fail("ood_count", len(ood))
if len(inv) != 8: fail("inv_count", len(inv))
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
for k, n in want.items():
    if kinds.get(k, 0) != n: fail("kind_count", k)
if not 55 <= len(notes) <= 65: fail("note_count", len(notes))

def exists(nid, owner):
    if nid not in notes:
        fail("missing_note", f"{owner}->{nid}")
        return False
    return True

for x in quick:
    for n in x["notes"] + x.get("superseded", []):
        exists(n, x["id"])
    if len(x.get("phrasings", [])) != 3: fail("phrasings", x["id"])
    if not 1 <= len(x["facts"]) <= 2: fail("fact_count", x["id"])
    for fi, fact in enumerate(x["facts"]):
        rx = re.compile(fact, re.I)
        if not any(rx.search(notes.get(n, "")) for n in x["notes"]):
            fail("fact_not_in_notes", f"{x['id']}#{fi}")
        for s in x.get("superseded", []):
            if rx.search(notes.get(s, "")):
                fail("fact_in_superseded", f"{x['id']}#{fi}")
    if x["kind"] == "supersession" and not x.get("superseded"):
        fail("no_superseded", x["id"])

# look-alikes
absent = gold.get("lookalikes", [])
look = [o for o in ood if o["type"] == "lookalike"]
if len(look) != 6 or len(absent) != 6: fail("lookalike_count", f"{len(look)}/{len(absent)}")
for o in look:
    if o["present_twin"].lower() not in alltext:
        fail("present_twin_missing", o["id"])
for i, a in enumerate(absent):
    if a.lower() in alltext:
        fail("absent_twin_present", f"lookalikes[{i}]")
    oid = look[i]["id"] if i < len(look) else "?"
    if i < len(look) and a.lower() not in look[i]["question"].lower():
        fail("absent_twin_not_in_question", oid)
if sum(1 for o in ood if o["type"] == "offtopic") != 6: fail("offtopic_count", "")

# investigations
for x in inv:
    if not 6 <= len(x["relevant"]) <= 10: fail("relevant_count", x["id"])
    for n in x["relevant"]:
        exists(n, x["id"])
    if not 2 <= len(x["facts"]) <= 3: fail("inv_fact_count", x["id"])
    for fi, fact in enumerate(x["facts"]):
        rx = re.compile(fact, re.I)
        if not any(rx.search(notes.get(n, "")) for n in x["relevant"]):
            fail("inv_fact_not_in_relevant", f"{x['id']}#{fi}")

print(f"notes={len(notes)} quick={len(quick)} out_of_domain={len(ood)} investigations={len(inv)} lookalikes={len(absent)}")
for f in fails:
    print("FAIL", f)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

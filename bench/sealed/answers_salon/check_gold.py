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
def fail(what, id_):
    fails.append((what, id_))

quick, ood, inv = gold.get("quick", []), gold.get("out_of_domain", []), gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, n in Counter(ids).items():
    if n > 1:
        fail("duplicate id", i)

# shape / counts
want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
if len(quick) != 24: fail("quick count", len(quick))
if len(ood) != 12: fail("out_of_domain count", len(ood))
if len(inv) != 8: fail("investigations count", len(inv))
for k, n in want_kinds.items():
    if kinds.get(k, 0) != n:
        fail("kind count " + k, kinds.get(k, 0))
if not (55 <= len(notes) <= 65): fail("note count", len(notes))

# quick items
for x in quick:
    for n in x["notes"] + x.get("superseded", []):
        if n not in notes:
            fail("missing note", x["id"] + ":" + n)
    if not (1 <= len(x["facts"]) <= 2): fail("fact count", x["id"])
    if len(x.get("phrasings", [])) != 3: fail("phrasings", x["id"])
    if x["kind"] == "supersession" and not x.get("superseded"): fail("no superseded", x["id"])
    if x["kind"] != "supersession" and x.get("superseded"): fail("superseded on non-supersession", x["id"])
    for fct in x["facts"]:
        rx = re.compile(fct, re.I)
        if not any(rx.search(notes.get(n, "")) for n in x["notes"]):
            fail("fact not in notes", x["id"])
        for s in x.get("superseded", []):
            if rx.search(notes.get(s, "")):
                fail("fact matches superseded note", x["id"] + ":" + s)

# look-alikes
absent = gold.get("lookalikes", [])
look = [x for x in ood if x["type"] == "lookalike"]
if len(look) != 6 or len(absent) != 6: fail("lookalike count", len(look))
for x, a in zip(look, absent):
    if x["present_twin"].lower() not in alltext: fail("present twin missing", x["id"])
    if a.lower() in alltext: fail("absent twin present", x["id"])
    if a.lower() not in x["question"].lower(): fail("question not about absent twin", x["id"])
if sum(1 for x in ood if x["type"] == "offtopic") != 6: fail("offtopic count", "")

# investigations
for x in inv:
    if not (6 <= len(x["relevant"]) <= 10): fail("relevant count", x["id"])
    for n in x["relevant"]:
        if n not in notes: fail("missing note", x["id"] + ":" + n)
    if not (2 <= len(x["facts"]) <= 3): fail("inv fact count", x["id"])
    for fct in x["facts"]:
        rx = re.compile(fct, re.I)
        if not any(rx.search(notes.get(n, "")) for n in x["relevant"]):
            fail("inv fact not in relevant notes", x["id"])

print(f"notes: {len(notes)}  quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
print("kinds:", ", ".join(f"{k}={kinds.get(k,0)}" for k in want_kinds))
for what, i in fails:
    print("FAIL", what, i)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

#!/usr/bin/env python3
"""Check gold.json against vault/ (standard library only).
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

# counts
want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if len(quick) != 24: fail("quick", "count %d != 24" % len(quick))
if len(ood) != 12: fail("out_of_domain", "count %d != 12" % len(ood))
if len(inv) != 8: fail("investigations", "count %d != 8" % len(inv))
kinds = Counter(x.get("kind") for x in quick)
for k, n in want_kinds.items():
    if kinds.get(k, 0) != n:
        fail("quick", "kind %s count %d != %d" % (k, kinds.get(k, 0), n))
if not (55 <= len(notes) <= 65):
    fail("vault", "note count %d outside 55-65" % len(notes))

# quick items
for x in quick:
    i = x["id"]
    if len(x.get("phrasings", [])) != 3: fail(i, "phrasings != 3")
    if not 1 <= len(x.get("facts", [])) <= 2: fail(i, "facts not 1-2")
    for n in x["notes"]:
        if n not in notes: fail(i, "missing note")
    for fx in x["facts"]:
        r = re.compile(fx, re.I)
        if not any(n in notes and r.search(notes[n]) for n in x["notes"]):
            fail(i, "fact not in its notes")
    sup = x.get("superseded", [])
    if x.get("kind") == "supersession" and not sup:
        fail(i, "supersession without superseded")
    if x.get("kind") != "supersession" and sup:
        fail(i, "superseded on non-supersession item")
    for s in sup:
        if s not in notes:
            fail(i, "missing superseded note"); continue
        for fx in x["facts"]:
            if re.search(fx, notes[s], re.I):
                fail(i, "fact matches superseded note")

# out of domain
absent = gold.get("lookalikes", [])
lk = [x for x in ood if x.get("type") == "lookalike"]
ot = [x for x in ood if x.get("type") == "offtopic"]
if len(lk) != 6: fail("out_of_domain", "lookalike count %d != 6" % len(lk))
if len(ot) != 6: fail("out_of_domain", "offtopic count %d != 6" % len(ot))
if len(absent) != len(lk): fail("lookalikes", "list length != lookalike items")
for x, a in zip(lk, absent):
    if x["present_twin"].lower() not in alltext:
        fail(x["id"], "present twin not in vault")
    if a.lower() in alltext:
        fail(x["id"], "absent twin occurs in vault")
    if a.lower() not in x["question"].lower():
        fail(x["id"], "question does not name the absent twin")

# investigations
for x in inv:
    i = x["id"]
    rel = x.get("relevant", [])
    if not 6 <= len(rel) <= 10: fail(i, "relevant count %d not 6-10" % len(rel))
    for n in rel:
        if n not in notes: fail(i, "missing note")
    if not 2 <= len(x.get("facts", [])) <= 3: fail(i, "facts not 2-3")
    for fx in x["facts"]:
        r = re.compile(fx, re.I)
        if not any(n in notes and r.search(notes[n]) for n in rel):
            fail(i, "fact not in relevant notes")

print("notes: %d" % len(notes))
print("quick: %d  out_of_domain: %d  investigations: %d" % (len(quick), len(ood), len(inv)))
print("kinds: " + ", ".join("%s=%d" % (k, kinds.get(k, 0)) for k in want_kinds))
if fails:
    for i, why in fails:
        print("FAIL %s: %s" % (i, why))
    print("FAIL (%d problems)" % len(fails))
    sys.exit(1)
print("PASS")

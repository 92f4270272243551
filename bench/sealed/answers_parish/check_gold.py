#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
Prints counts, ids and PASS/FAIL only (never note text)."""
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
def fail(what, ident):
    fails.append(f"{what}: {ident}")

print(f"notes in vault: {len(notes)}")
print(f"folders: {len({n.split('/')[0] for n in notes})}")
if not 55 <= len(notes) <= 65:
    fail("note count out of range 55-65", len(notes))

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
if (len(quick), len(ood), len(inv)) != (24, 12, 8):
    fail("section sizes", f"{len(quick)}/{len(ood)}/{len(inv)}")

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate id", i)

# kinds
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
print("kinds: " + ", ".join(f"{k}={kinds.get(k, 0)}" for k in want))
if dict(kinds) != want:
    fail("kind counts", dict(kinds))

# quick items
for x in quick:
    for n in x["notes"] + x.get("superseded", []):
        if n not in notes:
            fail("missing note", f"{x['id']} {n}")
    if len(x.get("phrasings", [])) != 3:
        fail("phrasings != 3", x["id"])
    if not 1 <= len(x["facts"]) <= 2:
        fail("facts count", x["id"])
    for k, fact in enumerate(x["facts"]):
        rx = re.compile(fact, re.I)
        if not any(rx.search(notes.get(n, "")) for n in x["notes"]):
            fail("fact not in notes", f"{x['id']} fact{k}")
        for s in x.get("superseded", []):
            if rx.search(notes.get(s, "")):
                fail("fact matches superseded note", f"{x['id']} fact{k} {s}")
    if x["kind"] == "supersession" and not x.get("superseded"):
        fail("supersession without superseded", x["id"])
    if x["kind"] != "supersession" and x.get("superseded"):
        fail("superseded on non-supersession", x["id"])

# out of domain
lk = [x for x in ood if x.get("type") == "lookalike"]
off = [x for x in ood if x.get("type") == "offtopic"]
print(f"lookalike: {len(lk)}  offtopic: {len(off)}")
if len(lk) != 6 or len(off) != 6:
    fail("ood type counts", f"{len(lk)}/{len(off)}")
absent = gold.get("lookalikes", [])
if len(absent) != len(lk):
    fail("lookalikes list length", len(absent))
for x in lk:
    if x["present_twin"].lower() not in alltext:
        fail("present twin not in vault", x["id"])
    a = x.get("absent_twin")
    if a and a not in absent:
        fail("absent twin not in lookalikes list", x["id"])
for a in absent:
    if a.lower() in alltext:
        fail("absent twin occurs in vault", a)

# investigations
for x in inv:
    rel = x["relevant"]
    if not 6 <= len(rel) <= 10:
        fail("relevant count", x["id"])
    for n in rel:
        if n not in notes:
            fail("missing note", f"{x['id']} {n}")
    if not 2 <= len(x["facts"]) <= 3:
        fail("inv facts count", x["id"])
    for k, fact in enumerate(x["facts"]):
        rx = re.compile(fact, re.I)
        if not any(rx.search(notes.get(n, "")) for n in rel):
            fail("inv fact not in relevant notes", f"{x['id']} fact{k}")

for f in fails:
    print("FAIL", f)
print("PASS" if not fails else f"FAIL ({len(fails)} problems)")
sys.exit(0 if not fails else 1)

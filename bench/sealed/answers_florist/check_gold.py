#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL.

Check codes printed on failure (followed by the item id / note id / count):
C01 duplicate item id            C02 note count not 55-65        C03 section sizes (24/12/8)
C04 quick kind counts            C05 note id does not exist      C06 item shape (3 phrasings, 1-2 facts, superseded field)
C07 quick fact not in its notes  C08 supersession fact matches the superseded note
C09 look-alike list/ood mismatch C10 present twin missing        C11 absent twin occurs in vault
C12 investigation relevant 6-10  C13 investigation fact in none of its relevant notes
C14 regex does not compile
"""
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
    fails.append((what, ident))

def rx(pattern, ident):
    try:
        return re.compile(pattern, re.I)
    except re.error:
        fail("C14", ident)
        return None

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])
look = gold.get("lookalikes", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("C01", i)

# counts
if not 55 <= len(notes) <= 65: fail("C02", len(notes))
if len(quick) != 24: fail("C03", len(quick))
if len(ood) != 12: fail("C03", len(ood))
if len(inv) != 8: fail("C03", len(inv))
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x.get("kind") for x in quick)
for k, n in want.items():
    if kinds.get(k, 0) != n: fail("C04", k)

# quick items
for item in quick:
    i = item["id"]
    for n in item["notes"] + item.get("superseded", []):
        if n not in notes: fail("C05", i + ":" + n)
    if len(item.get("phrasings", [])) != 3: fail("C06", i)
    if not 1 <= len(item["facts"]) <= 2: fail("C06", i)
    if item["kind"] == "supersession" and not item.get("superseded"): fail("C06", i)
    if item["kind"] != "supersession" and item.get("superseded"): fail("C06", i)
    for fact in item["facts"]:
        r = rx(fact, i)
        if r is None: continue
        if not any(r.search(notes.get(n, "")) for n in item["notes"]):
            fail("C07", i)
        for s in item.get("superseded", []):
            if r.search(notes.get(s, "")):
                fail("C08", i + ":" + s)

# look-alikes
ood_ids = {x["id"]: x for x in ood}
if sum(1 for x in ood if x["type"] == "lookalike") != 6: fail("C09", "")
if sum(1 for x in ood if x["type"] == "offtopic") != 6: fail("C09", "")
if len(look) != 6: fail("C09", len(look))
for l in look:
    i = l["id"]
    if i not in ood_ids or ood_ids[i].get("present_twin") != l["present_twin"]: fail("C09", i)
    if l["present_twin"].lower() not in alltext: fail("C10", i)
    if l["absent_twin"].lower() in alltext: fail("C11", i)

# investigations
for item in inv:
    i = item["id"]
    if not 6 <= len(item["relevant"]) <= 10: fail("C12", i)
    if not 2 <= len(item["facts"]) <= 3: fail("C06", i)
    for n in item["relevant"]:
        if n not in notes: fail("C05", i + ":" + n)
    for fact in item["facts"]:
        r = rx(fact, i)
        if r and not any(r.search(notes.get(n, "")) for n in item["relevant"]):
            fail("C13", i)

print("notes:", len(notes))
print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv), "lookalikes:", len(look))
print("kinds:", ", ".join("%s=%d" % (k, kinds.get(k, 0)) for k in want))
for what, ident in fails:
    print("FAIL", what, ident)
print("PASS" if not fails else "FAIL (%d)" % len(fails))
sys.exit(1 if fails else 0)

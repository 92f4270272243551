#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
Prints only counts, item ids and PASS/FAIL."""
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
corpus = "\n".join(notes.values()).lower()

fails = []  # (check, id)
def fail(check, iid):
    fails.append((check, iid))

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for iid, n in Counter(ids).items():
    if n > 1:
        fail("duplicate_id", iid)

# sizes and kinds
if len(quick) != 24: fail("quick_count", "quick")
if len(ood) != 12: fail("ood_count", "out_of_domain")
if len(inv) != 8: fail("inv_count", "investigations")
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if Counter(x["kind"] for x in quick) != Counter(want): fail("kind_counts", "quick")
if not (55 <= len(notes) <= 65): fail("note_count", "vault")

for it in quick:
    iid = it["id"]
    if len(it.get("phrasings", [])) != 3: fail("phrasings", iid)
    if not 1 <= len(it["facts"]) <= 2: fail("fact_count", iid)
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes: fail("missing_note", iid)
    texts = [notes[n] for n in it["notes"] if n in notes]
    for fx in it["facts"]:
        if not any(re.search(fx, t, re.I) for t in texts):
            fail("fact_not_in_note", iid)
    if it["kind"] == "supersession":
        if not it.get("superseded"): fail("no_superseded", iid)
        for old in it.get("superseded", []):
            if old in notes and any(re.search(fx, notes[old], re.I) for fx in it["facts"]):
                fail("fact_in_superseded", iid)
    elif it.get("superseded"):
        fail("superseded_on_non_supersession", iid)

looks = [x for x in ood if x.get("type") == "lookalike"]
offs = [x for x in ood if x.get("type") == "offtopic"]
if len(looks) != 6 or len(offs) != 6: fail("ood_types", "out_of_domain")
absent = gold.get("lookalikes", [])
if len(absent) != len(looks): fail("lookalike_list", "lookalikes")
for x, a in zip(looks, absent):
    if x["present_twin"].lower() not in corpus: fail("present_twin_missing", x["id"])
    if a.lower() in corpus: fail("absent_twin_present", x["id"])
    if x.get("absent_twin") and x["absent_twin"] != a: fail("absent_mismatch", x["id"])

for x in inv:
    rel = x["relevant"]
    if not 6 <= len(rel) <= 10: fail("relevant_count", x["id"])
    for n in rel:
        if n not in notes: fail("missing_note", x["id"])
    if not 2 <= len(x["facts"]) <= 3: fail("fact_count", x["id"])
    for fx in x["facts"]:
        if not any(re.search(fx, notes[n], re.I) for n in rel if n in notes):
            fail("inv_fact_not_in_relevant", x["id"])

print(f"notes: {len(notes)}")
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}  lookalikes: {len(absent)}")
print(f"failures: {len(fails)}")
for check, iid in fails:
    print(f"FAIL {iid} {check}")
print("PASS" if not fails else "FAIL")
sys.exit(0 if not fails else 1)

#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
Prints counts, ids and PASS/FAIL (never note text)."""
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

folders = {n.split("/")[0] for n in notes}
print(f"notes: {len(notes)}  folders: {len(folders)}")
if not 55 <= len(notes) <= 65:
    fail("note_count", len(notes))

quick, ood, inv = gold.get("quick", []), gold.get("out_of_domain", []), gold.get("investigations", [])
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
if (len(quick), len(ood), len(inv)) != (24, 12, 8):
    fail("section_sizes", f"{len(quick)}/{len(ood)}/{len(inv)}")

# unique ids
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate_id", i)

# kinds
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
got = Counter(x["kind"] for x in quick)
print("kinds: " + ", ".join(f"{k}={got.get(k, 0)}" for k in want))
if dict(got) != want:
    fail("kind_counts", dict(got))

def exists(nid, owner):
    if nid not in notes:
        fail("missing_note", f"{owner}->{nid}")
        return False
    return True

def rx(p):
    return re.compile(p, re.I | re.S)

# quick items
for x in quick:
    if len(x.get("phrasings", [])) != 3:
        fail("phrasings", x["id"])
    if not 1 <= len(x["facts"]) <= 2:
        fail("fact_count", x["id"])
    ok_notes = [n for n in x["notes"] if exists(n, x["id"])]
    for k, f in enumerate(x["facts"]):
        if not any(rx(f).search(notes[n]) for n in ok_notes):
            fail("fact_not_in_notes", f"{x['id']}.f{k}")
    sup = x.get("superseded", [])
    if x["kind"] == "supersession" and not sup:
        fail("no_superseded", x["id"])
    if x["kind"] != "supersession" and sup:
        fail("superseded_on_non_supersession", x["id"])
    for s in sup:
        if exists(s, x["id"]):
            for k, f in enumerate(x["facts"]):
                if rx(f).search(notes[s]):
                    fail("fact_matches_superseded", f"{x['id']}.f{k}")

# out of domain
absent = [a.lower() for a in gold.get("lookalikes", [])]
la = [x for x in ood if x.get("type") == "lookalike"]
ot = [x for x in ood if x.get("type") == "offtopic"]
print(f"lookalike: {len(la)}  offtopic: {len(ot)}  absent names listed: {len(absent)}")
if len(la) != 6 or len(ot) != 6 or len(absent) != 6:
    fail("ood_sizes", f"{len(la)}/{len(ot)}/{len(absent)}")
for x in la:
    if x["present_twin"].lower() not in alltext:
        fail("present_twin_missing", x["id"])
    a = x.get("absent_twin", "").lower()
    if a and a not in absent:
        fail("absent_twin_not_listed", x["id"])
    if a and a not in x["question"].lower():
        fail("question_lacks_absent_twin", x["id"])
for a in absent:
    if a in alltext:
        fail("absent_twin_present", a)

# investigations
for x in inv:
    rel = x["relevant"]
    if not 6 <= len(rel) <= 10:
        fail("relevant_count", x["id"])
    ok = [n for n in rel if exists(n, x["id"])]
    if not 2 <= len(x["facts"]) <= 3:
        fail("inv_fact_count", x["id"])
    for k, f in enumerate(x["facts"]):
        if not any(rx(f).search(notes[n]) for n in ok):
            fail("inv_fact_not_in_relevant", f"{x['id']}.f{k}")

print(f"checks failed: {len(fails)}")
for f in fails:
    print("  FAIL " + f)
print("PASS" if not fails else "FAIL")
sys.exit(0 if not fails else 1)

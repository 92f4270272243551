#!/usr/bin/env python3
"""Consistency check for gold.json against vault/. Standard library only.
Prints counts, ids and PASS/FAIL only."""
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

def matches(rx, text):
    return re.search(rx, text, re.I) is not None

# counts
folders = {n.split("/")[0] for n in notes}
print(f"notes: {len(notes)}  folders: {len(folders)}")
if not 55 <= len(notes) <= 65:
    fail("note count out of range", len(notes))

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
if len(quick) != 24: fail("quick count", len(quick))
if len(ood) != 12: fail("out_of_domain count", len(ood))
if len(inv) != 8: fail("investigations count", len(inv))

want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
              "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(q.get("kind") for q in quick)
print("kinds: " + ", ".join(f"{k}={kinds.get(k,0)}" for k in want_kinds))
if dict(kinds) != want_kinds: fail("kind counts", "quick")

# unique ids
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1: fail("duplicate id", i)

# quick items
for q in quick:
    qid = q["id"]
    if len(q.get("phrasings", [])) != 3: fail("phrasings != 3", qid)
    if not 1 <= len(q.get("facts", [])) <= 2: fail("facts count", qid)
    for n in q["notes"]:
        if n not in notes: fail("missing note", f"{qid}:{n}")
    texts = [notes[n] for n in q["notes"] if n in notes]
    for rx in q["facts"]:
        if not any(matches(rx, t) for t in texts):
            fail("fact not in notes", qid)
    sup = q.get("superseded", [])
    if q.get("kind") == "supersession" and not sup:
        fail("supersession without superseded", qid)
    for s in sup:
        if s not in notes:
            fail("missing superseded note", f"{qid}:{s}"); continue
        for rx in q["facts"]:
            if matches(rx, notes[s]):
                fail("fact matches superseded note", f"{qid}:{s}")

# look-alikes
absent = gold.get("lookalikes", [])
la = [o for o in ood if o.get("type") == "lookalike"]
off = [o for o in ood if o.get("type") == "offtopic"]
print(f"lookalike: {len(la)}  offtopic: {len(off)}  absent names: {len(absent)}")
if len(la) != 6 or len(off) != 6 or len(absent) != 6: fail("ood split", "out_of_domain")
for o, a in zip(la, absent):
    if o["present_twin"].lower() not in alltext: fail("present twin missing", o["id"])
    if a.lower() in alltext: fail("absent twin present", o["id"])
    if a.lower() not in o["question"].lower(): fail("question not about absent twin", o["id"])

# investigations
for v in inv:
    rel = v.get("relevant", [])
    if not 6 <= len(rel) <= 10: fail("relevant count", v["id"])
    for n in rel:
        if n not in notes: fail("missing note", f"{v['id']}:{n}")
    texts = [notes[n] for n in rel if n in notes]
    if not 2 <= len(v.get("facts", [])) <= 3: fail("inv facts count", v["id"])
    for rx in v.get("facts", []):
        if not any(matches(rx, t) for t in texts):
            fail("inv fact not in relevant notes", v["id"])

for what, ident in fails:
    print(f"FAIL {ident}: {what}")
print("PASS" if not fails else f"FAIL ({len(fails)} problems)")
sys.exit(0 if not fails else 1)

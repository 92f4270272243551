#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

notes = {}
for root, _, files in os.walk(VAULT):
    for fn in files:
        if fn.endswith(".md"):
            p = os.path.join(root, fn)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()

fails = []
def fail(tag, ident):
    fails.append((tag, ident))

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate id", i)

for q in quick:
    for nid in q["notes"] + q.get("superseded", []):
        if nid not in notes:
            fail("missing note", q["id"] + ":" + nid)
    if not (1 <= len(q["facts"]) <= 2):
        fail("fact count", q["id"])
    if len(q.get("phrasings", [])) != 3:
        fail("phrasings", q["id"])
    for f in q["facts"]:
        rx = re.compile(f, re.I)
        if not any(rx.search(notes.get(n, "")) for n in q["notes"]):
            fail("fact not in notes", q["id"])
        for s in q.get("superseded", []):
            if rx.search(notes.get(s, "")):
                fail("fact matches superseded", q["id"] + ":" + s)
    if q["kind"] == "supersession" and not q.get("superseded"):
        fail("supersession without superseded", q["id"])

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(q["kind"] for q in quick)
if dict(kinds) != want:
    fail("kind counts", str(dict(kinds)))
if len(quick) != 24: fail("quick count", len(quick))
if len(ood) != 12: fail("ood count", len(ood))
if len(inv) != 8: fail("inv count", len(inv))

absent = [a.lower() for a in gold.get("lookalikes", [])]
la = [o for o in ood if o["type"] == "lookalike"]
if len(la) != 6 or len([o for o in ood if o["type"] == "offtopic"]) != 6:
    fail("ood types", "")
if len(absent) != 6:
    fail("lookalikes list", len(absent))
for o in la:
    if o["present_twin"].lower() not in alltext:
        fail("present twin missing", o["id"])
    tw = o.get("absent_twin", "").lower()
    if tw and tw not in absent:
        fail("absent twin not listed", o["id"])
for a in absent:
    if a in alltext:
        fail("absent twin in vault", a)

for v in inv:
    if not (6 <= len(v["relevant"]) <= 10):
        fail("relevant count", v["id"])
    for nid in v["relevant"]:
        if nid not in notes:
            fail("missing note", v["id"] + ":" + nid)
    if not (2 <= len(v["facts"]) <= 3):
        fail("inv fact count", v["id"])
    for f in v["facts"]:
        rx = re.compile(f, re.I)
        if not any(rx.search(notes.get(n, "")) for n in v["relevant"]):
            fail("inv fact not in relevant", v["id"])

print("notes:", len(notes), "folders:", len({n.split('/')[0] for n in notes}))
print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv))
print("kinds:", ", ".join("%s=%d" % kv for kv in sorted(kinds.items())))
for tag, ident in fails:
    print("FAIL", tag, ident)
print("PASS" if not fails else "FAIL (%d)" % len(fails))
sys.exit(0 if not fails else 1)

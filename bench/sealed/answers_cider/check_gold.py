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
def fail(what, ident):
    fails.append((what, ident))

def has(nid, rx):
    return re.search(rx, notes.get(nid, ""), re.I) is not None

quick, ood, inv = gold["quick"], gold["out_of_domain"], gold["investigations"]
print("notes in vault:", len(notes), " folders:", len({n.split('/')[0] for n in notes}))
print("quick:", len(quick), " out_of_domain:", len(ood), " investigations:", len(inv))
if not 55 <= len(notes) <= 65: fail("note count", len(notes))
if (len(quick), len(ood), len(inv)) != (24, 12, 8): fail("item counts", "")

ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1: fail("duplicate id", i)

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(q["kind"] for q in quick)
print("kinds:", dict(kinds))
if dict(kinds) != want: fail("kind distribution", "")

for q in quick:
    if len(q.get("phrasings", [])) != 3: fail("phrasings != 3", q["id"])
    if not 1 <= len(q["facts"]) <= 2: fail("facts count", q["id"])
    for n in q["notes"] + q.get("superseded", []):
        if n not in notes: fail("missing note", q["id"] + ":" + n)
    for rx in q["facts"]:
        re.compile(rx)
        if not any(has(n, rx) for n in q["notes"]): fail("fact not in notes", q["id"])
    if q["kind"] == "supersession":
        if not q.get("superseded"): fail("no superseded list", q["id"])
        for old in q.get("superseded", []):
            for rx in q["facts"]:
                if has(old, rx): fail("fact matches superseded note", q["id"] + ":" + old)
    elif q.get("superseded"):
        fail("superseded on non-supersession item", q["id"])

look = gold.get("lookalikes", [])
lk = [o for o in ood if o["type"] == "lookalike"]
print("lookalike items:", len(lk), " absent names:", len(look),
      " offtopic items:", sum(1 for o in ood if o["type"] == "offtopic"))
if len(lk) != 6 or len(look) != 6: fail("lookalike counts", "")
for o in lk:
    if o["present_twin"].lower() not in alltext: fail("present twin missing", o["id"])
for o, name in zip(lk, look):
    if name.lower() in alltext: fail("absent twin present in vault", o["id"])
    if name.lower() not in o["question"].lower(): fail("absent twin not in question", o["id"])

for v in inv:
    if not 6 <= len(v["relevant"]) <= 10: fail("relevant count", v["id"])
    if not 2 <= len(v["facts"]) <= 3: fail("inv facts count", v["id"])
    for n in v["relevant"]:
        if n not in notes: fail("missing note", v["id"] + ":" + n)
    for rx in v["facts"]:
        if not any(has(n, rx) for n in v["relevant"]): fail("inv fact not in relevant notes", v["id"])

print("checked ids:", " ".join(ids))
if fails:
    for what, ident in fails:
        print("FAIL", ident, what)
    print("FAIL (%d problems)" % len(fails))
    sys.exit(1)
print("PASS")

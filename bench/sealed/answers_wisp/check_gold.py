#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys

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

fails = []
def fail(id_, why):
    fails.append((id_, why))

def rx(id_, pat):
    try:
        return re.compile(pat, re.I)
    except re.error:
        fail(id_, "bad regex")
        return None

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i in sorted(set(ids)):
    if ids.count(i) > 1:
        fail(i, "duplicate id")

# quick items
kinds = {}
for it in quick:
    kinds[it["kind"]] = kinds.get(it["kind"], 0) + 1
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            fail(it["id"], "missing note")
    if len(it.get("phrasings", [])) != 3:
        fail(it["id"], "phrasings != 3")
    if not 1 <= len(it["facts"]) <= 2:
        fail(it["id"], "facts count")
    for f in it["facts"]:
        r = rx(it["id"], f)
        if r is None:
            continue
        if not any(r.search(notes.get(n, "")) for n in it["notes"]):
            fail(it["id"], "fact not in its notes")
        for s in it.get("superseded", []):
            if r.search(notes.get(s, "")):
                fail(it["id"], "fact matches superseded note")
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail(it["id"], "supersession without superseded")

expected = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
for k, v in expected.items():
    if kinds.get(k, 0) != v:
        fail("quick", "kind count " + k)

# out of domain / look-alikes
alltext = "\n".join(notes.values()).lower()
absent = gold.get("lookalikes", [])
lk = [o for o in ood if o["type"] == "lookalike"]
ot = [o for o in ood if o["type"] == "offtopic"]
if len(lk) != 6 or len(ot) != 6:
    fail("ood", "type counts")
if len(absent) != len(lk):
    fail("lookalikes", "list length")
for o in lk:
    if o["present_twin"].lower() not in alltext:
        fail(o["id"], "present twin not in vault")
    tw = o.get("absent_twin")
    if tw and tw not in absent:
        fail(o["id"], "absent twin not in lookalikes list")
for a in absent:
    if a.lower() in alltext:
        fail("lookalikes", "absent twin found in vault")

# investigations
for it in inv:
    if not 6 <= len(it["relevant"]) <= 10:
        fail(it["id"], "relevant count")
    for n in it["relevant"]:
        if n not in notes:
            fail(it["id"], "missing note")
    if not 2 <= len(it["facts"]) <= 3:
        fail(it["id"], "facts count")
    for f in it["facts"]:
        r = rx(it["id"], f)
        if r is not None and not any(r.search(notes.get(n, "")) for n in it["relevant"]):
            fail(it["id"], "fact not in relevant notes")

print("notes:", len(notes))
print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv))
for i, why in fails:
    print("FAIL", i)
print("PASS" if not fails else "FAIL (%d)" % len(fails))
sys.exit(0 if not fails else 1)

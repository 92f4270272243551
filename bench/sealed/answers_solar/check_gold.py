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
alltext = "\n".join(notes.values()).lower()

fails = []
def fail(item_id, why):
    fails.append((item_id, why))

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
dups = sorted({i for i in ids if ids.count(i) > 1})
for d in dups:
    fail(d, "duplicate id")

# quick items
kinds = {}
for it in quick:
    kinds[it["kind"]] = kinds.get(it["kind"], 0) + 1
    if len(it.get("phrasings", [])) != 3:
        fail(it["id"], "phrasings != 3")
    if not 1 <= len(it.get("facts", [])) <= 2:
        fail(it["id"], "facts count")
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            fail(it["id"], "missing note " + n)
    for fx in it["facts"]:
        try:
            rx = re.compile(fx, re.I)
        except re.error:
            fail(it["id"], "bad regex"); continue
        if not any(rx.search(notes.get(n, "")) for n in it["notes"]):
            fail(it["id"], "fact not in its notes")
        for s in it.get("superseded", []):
            if rx.search(notes.get(s, "")):
                fail(it["id"], "fact matches superseded note " + s)
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail(it["id"], "supersession without superseded")

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
for k, v in want.items():
    if kinds.get(k, 0) != v:
        fail("kinds", "%s=%d want %d" % (k, kinds.get(k, 0), v))

# out of domain
absent = [a.lower() for a in gold.get("lookalikes", [])]
nlook = 0
for it in ood:
    if it["type"] == "lookalike":
        nlook += 1
        if it["present_twin"].lower() not in alltext:
            fail(it["id"], "present twin not in vault")
        a = it.get("absent_twin", "").lower()
        if a and a not in absent:
            fail(it["id"], "absent twin not in lookalikes list")
for a in absent:
    if a in alltext:
        fail("lookalikes", "absent twin occurs in vault")
if nlook != 6 or len(ood) - nlook != 6 or len(absent) != 6:
    fail("out_of_domain", "counts")

# investigations
for it in inv:
    if not 6 <= len(it["relevant"]) <= 10:
        fail(it["id"], "relevant count")
    for n in it["relevant"]:
        if n not in notes:
            fail(it["id"], "missing note " + n)
    if not 2 <= len(it["facts"]) <= 3:
        fail(it["id"], "facts count")
    blob = "\n".join(notes.get(n, "") for n in it["relevant"])
    for fx in it["facts"]:
        if not re.search(fx, blob, re.I):
            fail(it["id"], "fact not in relevant notes")

print("notes:", len(notes))
print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv))
print("kinds:", ", ".join("%s=%d" % kv for kv in sorted(kinds.items())))
if fails:
    for i, why in fails:
        print("FAIL", i)
    print("FAIL (%d problems)" % len(fails))
    sys.exit(1)
print("PASS")

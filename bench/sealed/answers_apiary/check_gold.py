#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
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
alltext = "\n".join(notes.values())

fails = []
def fail(what, id_):
    fails.append((what, id_))

# ids unique
ids = [x["id"] for k in ("quick", "out_of_domain", "investigations") for x in gold[k]]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate id", i)

# quick items
want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(q["kind"] for q in gold["quick"])
if dict(kinds) != want_kinds:
    fail("kind counts", "quick")
for q in gold["quick"]:
    if len(q.get("phrasings", [])) != 3:
        fail("phrasings", q["id"])
    if not 1 <= len(q["facts"]) <= 2:
        fail("fact count", q["id"])
    for n in q["notes"]:
        if n not in notes:
            fail("missing note", q["id"] + ":" + n)
    for fx in q["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in q["notes"]):
            fail("fact not in notes", q["id"])
    if q["kind"] == "supersession":
        if not q.get("superseded"):
            fail("no superseded", q["id"])
        for old in q.get("superseded", []):
            if old not in notes:
                fail("missing superseded note", q["id"] + ":" + old)
                continue
            for fx in q["facts"]:
                if re.search(fx, notes[old], re.I):
                    fail("fact matches superseded note", q["id"] + ":" + old)

# out of domain
ood = gold["out_of_domain"]
if Counter(o["type"] for o in ood) != Counter({"lookalike": 6, "offtopic": 6}):
    fail("ood type counts", "out_of_domain")
absent = gold.get("lookalikes", [])
if len(absent) != 6:
    fail("lookalikes list", "lookalikes")
for name in absent:
    if name.lower() in alltext.lower():
        fail("absent twin present in vault", name)
for o in ood:
    if o["type"] == "lookalike":
        if o["present_twin"].lower() not in alltext.lower():
            fail("present twin missing", o["id"])
        if o.get("absent_twin") and o["absent_twin"] not in absent:
            fail("absent twin not listed", o["id"])

# investigations
for inv in gold["investigations"]:
    if not 6 <= len(inv["relevant"]) <= 10:
        fail("relevant count", inv["id"])
    for n in inv["relevant"]:
        if n not in notes:
            fail("missing relevant note", inv["id"] + ":" + n)
    if not 2 <= len(inv["facts"]) <= 3:
        fail("inv fact count", inv["id"])
    text = "\n".join(notes.get(n, "") for n in inv["relevant"])
    for fx in inv["facts"]:
        if not re.search(fx, text, re.I):
            fail("inv fact not in relevant notes", inv["id"])

folders = {n.split("/")[0] for n in notes}
print("notes:", len(notes), "folders:", len(folders))
print("quick:", len(gold["quick"]), "out_of_domain:", len(ood), "investigations:", len(gold["investigations"]))
if not 55 <= len(notes) <= 65:
    fail("note count", "vault")
for what, i in fails:
    print("FAIL", i, "-", what)
print("PASS" if not fails else "FAIL (%d)" % len(fails))
sys.exit(0 if not fails else 1)

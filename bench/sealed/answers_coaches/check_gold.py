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

def exists(nid, id_):
    if nid not in notes:
        fail("missing note", id_)
        return False
    return True

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# unique ids
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate id", i)

# quick items
want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
for k, n in want_kinds.items():
    if kinds.get(k, 0) != n:
        fail("kind count", k)
if len(quick) != 24:
    fail("quick count", len(quick))
for x in quick:
    if len(x.get("phrasings", [])) != 3:
        fail("phrasings", x["id"])
    if not 1 <= len(x.get("facts", [])) <= 2:
        fail("fact count", x["id"])
    ok_notes = [n for n in x["notes"] if exists(n, x["id"])]
    for fact in x["facts"]:
        rx = re.compile(fact, re.I)
        if not any(rx.search(notes[n]) for n in ok_notes):
            fail("fact not in notes", x["id"])
    sup = x.get("superseded", [])
    if x["kind"] == "supersession" and not sup:
        fail("no superseded note", x["id"])
    if x["kind"] != "supersession" and sup:
        fail("superseded on non-supersession", x["id"])
    for s in sup:
        if exists(s, x["id"]):
            for fact in x["facts"]:
                if re.search(fact, notes[s], re.I):
                    fail("fact matches superseded note", x["id"])

# out of domain
absent = gold.get("lookalikes", [])
la = [x for x in ood if x.get("type") == "lookalike"]
ot = [x for x in ood if x.get("type") == "offtopic"]
if len(la) != 6 or len(ot) != 6:
    fail("ood counts", "%d/%d" % (len(la), len(ot)))
if len(absent) != len(la):
    fail("lookalikes list length", len(absent))
low = alltext.lower()
for x in la:
    if x["present_twin"].lower() not in low:
        fail("present twin not in vault", x["id"])
    a = x.get("absent_twin")
    if a and a not in absent:
        fail("absent twin not in lookalikes list", x["id"])
for a in absent:
    if a.lower() in low:
        fail("absent twin occurs in vault", a)

# investigations
if len(inv) != 8:
    fail("investigation count", len(inv))
for x in inv:
    rel = [n for n in x["relevant"] if exists(n, x["id"])]
    if not 6 <= len(x["relevant"]) <= 10:
        fail("relevant count", x["id"])
    if not 2 <= len(x["facts"]) <= 3:
        fail("inv fact count", x["id"])
    for fact in x["facts"]:
        rx = re.compile(fact, re.I)
        if not any(rx.search(notes[n]) for n in rel):
            fail("inv fact not in relevant notes", x["id"])

# dangling-free check on notes count
print("notes:", len(notes))
print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv))
print("kinds:", " ".join("%s=%d" % (k, kinds.get(k, 0)) for k in want_kinds))
if fails:
    for what, i in fails:
        print("FAIL", i, "-", what)
    print("FAIL (%d problems)" % len(fails))
    sys.exit(1)
print("PASS")

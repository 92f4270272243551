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
alltext = "\n".join(notes.values()).lower()

fails = []
def fail(i, what):
    fails.append((i, what))

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])
look = gold.get("lookalikes", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail(i, "duplicate-id")

# counts
if not 55 <= len(notes) <= 65: fail("vault", "note-count")
if len(quick) != 24: fail("quick", "count")
if len(ood) != 12: fail("out_of_domain", "count")
if len(inv) != 8: fail("investigations", "count")
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
for k, n in want.items():
    if kinds.get(k, 0) != n: fail("kind:" + k, "count")

def rx(i, pat):
    try:
        return re.compile(pat, re.I)
    except re.error:
        fail(i, "bad-regex"); return None

for x in quick:
    i = x["id"]
    if len(x.get("phrasings", [])) != 3: fail(i, "phrasings")
    if not 1 <= len(x.get("facts", [])) <= 2: fail(i, "fact-count")
    for n in x["notes"] + x.get("superseded", []):
        if n not in notes: fail(i, "missing-note")
    for pat in x["facts"]:
        r = rx(i, pat)
        if r and not any(r.search(notes.get(n, "")) for n in x["notes"]):
            fail(i, "fact-not-in-notes")
    if x["kind"] == "supersession":
        if not x.get("superseded"): fail(i, "no-superseded")
        for n in x.get("superseded", []):
            for pat in x["facts"]:
                r = rx(i, pat)
                if r and r.search(notes.get(n, "")): fail(i, "fact-in-superseded")
    elif x.get("superseded"):
        fail(i, "superseded-on-non-supersession")

types = Counter(x["type"] for x in ood)
if types.get("lookalike") != 6 or types.get("offtopic") != 6: fail("out_of_domain", "type-count")
lk = {l["id"]: l for l in look}
if len(look) != 6: fail("lookalikes", "count")
for x in ood:
    if x["type"] != "lookalike": continue
    i = x["id"]
    l = lk.get(i)
    if not l: fail(i, "no-lookalike-entry"); continue
    if l["present"] != x["present_twin"]: fail(i, "present-mismatch")
    if l["present"].lower() not in alltext: fail(i, "present-twin-absent")
    if l["absent"].lower() in alltext: fail(i, "absent-twin-present")
    if l["absent"].lower() not in x["question"].lower(): fail(i, "question-lacks-absent-twin")

for x in inv:
    i = x["id"]
    rel = x.get("relevant", [])
    if not 6 <= len(rel) <= 10: fail(i, "relevant-count")
    if not 2 <= len(x.get("facts", [])) <= 3: fail(i, "fact-count")
    for n in rel:
        if n not in notes: fail(i, "missing-note")
    for pat in x.get("facts", []):
        r = rx(i, pat)
        if r and not any(r.search(notes.get(n, "")) for n in rel):
            fail(i, "fact-not-in-relevant")

print("notes", len(notes))
print("quick", len(quick), "out_of_domain", len(ood), "investigations", len(inv), "lookalikes", len(look))
for i, what in fails:
    print("FAIL", i, what)
print("FAIL" if fails else "PASS", len(fails))
sys.exit(1 if fails else 0)

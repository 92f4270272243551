#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
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
def fail(item, why):
    fails.append(f"{item}: {why}")

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail(i, "duplicate id")

want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
if dict(kinds) != want_kinds:
    fail("quick", "kind counts differ from brief")
if len(quick) != 24: fail("quick", "not 24 items")
if len(ood) != 12: fail("out_of_domain", "not 12 items")
if len(inv) != 8: fail("investigations", "not 8 items")

for x in quick:
    for n in x["notes"] + x.get("superseded", []):
        if n not in notes:
            fail(x["id"], "missing note")
    if len(x.get("phrasings", [])) != 3:
        fail(x["id"], "needs 3 phrasings")
    if not 1 <= len(x["facts"]) <= 2:
        fail(x["id"], "needs 1-2 facts")
    for f in x["facts"]:
        rx = re.compile(f, re.I)
        if not any(rx.search(notes.get(n, "")) for n in x["notes"]):
            fail(x["id"], "fact not found in its notes")
        for s in x.get("superseded", []):
            if rx.search(notes.get(s, "")):
                fail(x["id"], "fact matches superseded note")
    if x["kind"] == "supersession" and not x.get("superseded"):
        fail(x["id"], "supersession without superseded")
    if x["kind"] != "supersession" and x.get("superseded"):
        fail(x["id"], "superseded on non-supersession item")

absent = gold.get("lookalikes", [])
looks = [x for x in ood if x["type"] == "lookalike"]
offs = [x for x in ood if x["type"] == "offtopic"]
if len(looks) != 6 or len(offs) != 6:
    fail("out_of_domain", "need 6 lookalike + 6 offtopic")
if len(absent) != len(looks):
    fail("lookalikes", "count differs from lookalike items")
for x, a in zip(looks, absent):
    if x["present_twin"].lower() not in alltext:
        fail(x["id"], "present twin not in vault")
    if a.lower() in alltext:
        fail(x["id"], "absent twin occurs in vault")
    if a.lower() not in x["question"].lower():
        fail(x["id"], "question does not name the absent twin")

for x in inv:
    rel = x["relevant"]
    if not 6 <= len(rel) <= 10:
        fail(x["id"], "relevant not 6-10")
    for n in rel:
        if n not in notes:
            fail(x["id"], "missing note")
    if not 2 <= len(x["facts"]) <= 3:
        fail(x["id"], "needs 2-3 facts")
    for f in x["facts"]:
        if not any(re.search(f, notes.get(n, ""), re.I) for n in rel):
            fail(x["id"], "fact not found in relevant notes")

print(f"notes: {len(notes)}  folders: {len({n.split('/')[0] for n in notes})}")
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}  lookalikes: {len(absent)}")
print("kinds: " + ", ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
if fails:
    for f in fails:
        print("FAIL", f)
    print(f"FAIL ({len(fails)} problems)")
    sys.exit(1)
print("PASS")

#!/usr/bin/env python3
"""Check gold.json against vault/ (standard library only). Prints counts, ids and PASS/FAIL."""
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
def fail(what, id_):
    fails.append((what, id_))

quick, ood, inv = gold.get("quick", []), gold.get("out_of_domain", []), gold.get("investigations", [])
ids = [x["id"] for x in quick + ood + inv]
for i, n in Counter(ids).items():
    if n > 1:
        fail("duplicate id", i)

for item in quick:
    for n in item["notes"] + item.get("superseded", []):
        if n not in notes:
            fail("missing note", item["id"])
    for fx in item["facts"]:
        if not any(re.search(fx, notes.get(n, ""), re.I) for n in item["notes"]):
            fail("fact not in notes", item["id"])
        for old in item.get("superseded", []):
            if re.search(fx, notes.get(old, ""), re.I):
                fail("fact matches superseded note", item["id"])
    if item["kind"] == "supersession" and not item.get("superseded"):
        fail("supersession without superseded", item["id"])
    if len(item.get("phrasings", [])) != 3:
        fail("phrasings != 3", item["id"])

for item in inv:
    for n in item["relevant"]:
        if n not in notes:
            fail("missing relevant note", item["id"])
    if not 6 <= len(item["relevant"]) <= 10:
        fail("relevant count", item["id"])

present_twins = {x["present_twin"] for x in ood if x["type"] == "lookalike"}
for lk in gold.get("lookalikes", []):
    if lk["present"].lower() not in alltext:
        fail("present twin not in vault", lk["present"])
    if lk["absent"].lower() in alltext:
        fail("absent twin in vault", lk["absent"])
    if lk["present"] not in present_twins:
        fail("lookalike not asked", lk["present"])
for x in ood:
    if x["type"] == "lookalike":
        lk = [l for l in gold.get("lookalikes", []) if l["present"] == x["present_twin"]]
        if not lk or lk[0]["absent"].lower() not in x["question"].lower():
            fail("ood question does not name absent twin", x["id"])

kinds = Counter(x["kind"] for x in quick)
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if dict(kinds) != want:
    fail("kind counts", ",".join(f"{k}={v}" for k, v in sorted(kinds.items())))
types = Counter(x["type"] for x in ood)
if types.get("lookalike") != 6 or types.get("offtopic") != 6:
    fail("ood type counts", str(dict(types)))

print(f"notes: {len(notes)}  quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}  lookalikes: {len(gold.get('lookalikes', []))}")
print("kinds: " + ", ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
for what, i in fails:
    print(f"FAIL {what}: {i}")
print("PASS" if not fails else f"FAIL ({len(fails)} problems)")
sys.exit(0 if not fails else 1)

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
def fail(i, why):
    fails.append((i, why))

# ids unique
ids = [x["id"] for k in ("quick", "out_of_domain", "investigations") for x in gold[k]]
for i in set(ids):
    if ids.count(i) > 1:
        fail(i, "duplicate id")

for it in gold["quick"]:
    i = it["id"]
    for n in it["notes"] + it.get("superseded", []) :
        if n not in notes:
            fail(i, "missing note")
    if not 1 <= len(it["facts"]) <= 2:
        fail(i, "fact count")
    if len(it["phrasings"]) != 3:
        fail(i, "phrasing count")
    for fx in it["facts"]:
        if not any(re.search(fx, notes.get(n, ""), re.I) for n in it["notes"]):
            fail(i, "fact not in notes")
    if it["kind"] == "supersession":
        if not it.get("superseded"):
            fail(i, "no superseded note")
        for old in it.get("superseded", []):
            for fx in it["facts"]:
                if re.search(fx, notes.get(old, ""), re.I):
                    fail(i, "fact matches superseded note")

kinds = {}
for it in gold["quick"]:
    kinds[it["kind"]] = kinds.get(it["kind"], 0) + 1
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if kinds != want:
    fail("quick", "kind counts")

absent = [a.lower() for a in gold.get("lookalikes", [])]
look = [x for x in gold["out_of_domain"] if x["type"] == "lookalike"]
for it in look:
    if it["present_twin"].lower() not in alltext:
        fail(it["id"], "present twin not in vault")
    a = it.get("absent_twin", "").lower()
    if a and a not in absent:
        fail(it["id"], "absent twin not listed in lookalikes")
for a in absent:
    if a in alltext:
        fail("lookalikes", "absent twin occurs in vault")

for it in gold["investigations"]:
    if not 6 <= len(it["relevant"]) <= 10:
        fail(it["id"], "relevant count")
    for n in it["relevant"]:
        if n not in notes:
            fail(it["id"], "missing relevant note")

print("notes:", len(notes))
print("quick:", len(gold["quick"]), "ood:", len(gold["out_of_domain"]),
      "(lookalike %d)" % len(look), "investigations:", len(gold["investigations"]))
print("kinds:", ", ".join("%s=%d" % kv for kv in sorted(kinds.items())))
for i, why in fails:
    print("FAIL", i, why)
print("PASS" if not fails else "FAIL (%d)" % len(fails))
sys.exit(1 if fails else 0)

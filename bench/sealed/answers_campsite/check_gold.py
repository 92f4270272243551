#!/usr/bin/env python3
"""Consistency check for gold.json against vault/ (standard library only).
Prints only counts, ids and PASS/FAIL."""
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
def fail(tag, i):
    fails.append(f"{tag}:{i}")

def m(rx, text):
    return re.search(rx, text, re.I) is not None

# unique ids
ids = [x["id"] for k in ("quick", "out_of_domain", "investigations") for x in gold[k]]
for i in sorted(set(x for x in ids if ids.count(x) > 1)):
    fail("dup_id", i)

# quick
kinds = {}
for it in gold["quick"]:
    i = it["id"]
    kinds[it["kind"]] = kinds.get(it["kind"], 0) + 1
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            fail("missing_note", i)
    if not (1 <= len(it["facts"]) <= 2):
        fail("fact_count", i)
    if len(it["phrasings"]) != 3:
        fail("phrasings", i)
    for fx in it["facts"]:
        re.compile(fx)
        if not any(m(fx, notes.get(n, "")) for n in it["notes"]):
            fail("fact_not_in_notes", i)
        for s in it.get("superseded", []):
            if m(fx, notes.get(s, "")):
                fail("fact_in_superseded", i)
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail("no_superseded", i)

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if kinds != want:
    fail("kinds", "quick")

# out of domain / look-alikes
ood = gold["out_of_domain"]
look = [x for x in ood if x["type"] == "lookalike"]
off = [x for x in ood if x["type"] == "offtopic"]
absent = gold.get("lookalikes", [])
if len(look) != 6 or len(off) != 6 or len(absent) != 6:
    fail("ood_counts", "out_of_domain")
for it in look:
    if it["present_twin"].lower() not in alltext:
        fail("present_twin_missing", it["id"])
    if not any(a.lower() in it["question"].lower() for a in absent):
        fail("question_without_absent_twin", it["id"])
for a in absent:
    if a.lower() in alltext:
        fail("absent_twin_in_vault", a)

# investigations
for it in gold["investigations"]:
    i = it["id"]
    if not (6 <= len(it["relevant"]) <= 10):
        fail("relevant_count", i)
    for n in it["relevant"]:
        if n not in notes:
            fail("missing_note", i)
    if not (2 <= len(it["facts"]) <= 3):
        fail("fact_count", i)
    for fx in it["facts"]:
        if not any(m(fx, notes.get(n, "")) for n in it["relevant"]):
            fail("fact_not_in_relevant", i)

print(f"notes: {len(notes)}")
print(f"quick: {len(gold['quick'])}  out_of_domain: {len(ood)} (lookalike {len(look)}, offtopic {len(off)})  investigations: {len(gold['investigations'])}")
print("supersession ids:", ",".join(x["id"] for x in gold["quick"] if x["kind"] == "supersession"))
if fails:
    print(f"failures: {len(fails)}")
    for f in fails:
        print("  " + f)
    print("FAIL")
    sys.exit(1)
print("PASS")

#!/usr/bin/env python3
"""Check gold.json against vault/ (standard library only).
Prints counts, failing ids and PASS/FAIL only - never note text."""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

notes = {}
for root, _dirs, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()

fails = []

def fail(tag, ident):
    fails.append(f"{tag}:{ident}")

# ids unique
ids = [q["id"] for q in gold["quick"]] + [o["id"] for o in gold["out_of_domain"]] + [i["id"] for i in gold["investigations"]]
for ident, n in Counter(ids).items():
    if n > 1:
        fail("duplicate-id", ident)

# quick items
expected_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(q["kind"] for q in gold["quick"])
if dict(kinds) != expected_kinds:
    fail("kind-counts", "quick")
for q in gold["quick"]:
    for nid in q["notes"] + q.get("superseded", []):
        if nid not in notes:
            fail("missing-note", q["id"])
    if not 1 <= len(q["facts"]) <= 2:
        fail("fact-count", q["id"])
    if len(q["phrasings"]) != 3:
        fail("phrasing-count", q["id"])
    for fact in q["facts"]:
        rx = re.compile(fact, re.I)
        if not any(rx.search(notes.get(n, "")) for n in q["notes"]):
            fail("fact-not-in-notes", q["id"])
        for old in q.get("superseded", []):
            if rx.search(notes.get(old, "")):
                fail("fact-matches-superseded", q["id"])
    if q["kind"] == "supersession" and not q.get("superseded"):
        fail("no-superseded", q["id"])

# out of domain
ood = gold["out_of_domain"]
if Counter(o["type"] for o in ood) != Counter({"lookalike": 6, "offtopic": 6}):
    fail("ood-counts", "out_of_domain")
lk = {l["id"]: l for l in gold.get("lookalikes", [])}
for o in ood:
    if o["type"] != "lookalike":
        continue
    l = lk.get(o["id"])
    if l is None:
        fail("no-lookalike-entry", o["id"])
        continue
    if l["present_twin"].lower() not in alltext or l["present_twin"] != o["present_twin"]:
        fail("present-twin-missing", o["id"])
    if l["absent_twin"].lower() in alltext:
        fail("absent-twin-present", o["id"])
    if l["absent_twin"].lower() not in o["question"].lower():
        fail("question-not-about-absent", o["id"])

# investigations
for inv in gold["investigations"]:
    if not 6 <= len(inv["relevant"]) <= 10:
        fail("relevant-count", inv["id"])
    for nid in inv["relevant"]:
        if nid not in notes:
            fail("missing-note", inv["id"])
    for fact in inv["facts"]:
        rx = re.compile(fact, re.I)
        if not any(rx.search(notes.get(n, "")) for n in inv["relevant"]):
            fail("fact-not-in-relevant", inv["id"])

print(f"notes={len(notes)} quick={len(gold['quick'])} out_of_domain={len(ood)} investigations={len(gold['investigations'])}")
print("kinds=" + ",".join(f"{k}:{v}" for k, v in sorted(kinds.items())))
if fails:
    print(f"failures={len(fails)}")
    for f in fails:
        print("  " + f)
    print("FAIL")
    sys.exit(1)
print("PASS")

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
def fail(tag, ident):
    fails.append((tag, ident))

def text(nid):
    return notes.get(nid)

# ids unique
ids = [x["id"] for sec in ("quick", "out_of_domain", "investigations") for x in gold.get(sec, [])]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate-id", i)

# quick items
quick = gold.get("quick", [])
want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(q["kind"] for q in quick)
if dict(kinds) != want_kinds:
    fail("kind-counts", "quick")
for q in quick:
    for nid in q["notes"] + q.get("superseded", []):
        if text(nid) is None:
            fail("missing-note", f"{q['id']}:{nid}")
    if not 1 <= len(q["facts"]) <= 2:
        fail("fact-count", q["id"])
    if len(q.get("phrasings", [])) != 3:
        fail("phrasing-count", q["id"])
    for fx in q["facts"]:
        try:
            rx = re.compile(fx, re.I)
        except re.error:
            fail("bad-regex", q["id"]); continue
        if not any(text(n) and rx.search(text(n)) for n in q["notes"]):
            fail("fact-not-in-notes", q["id"])
        for old in q.get("superseded", []):
            if text(old) and rx.search(text(old)):
                fail("fact-in-superseded", f"{q['id']}:{old}")
    if q["kind"] == "supersession" and not q.get("superseded"):
        fail("no-superseded", q["id"])

# out of domain
ood = gold.get("out_of_domain", [])
look = [o for o in ood if o["type"] == "lookalike"]
off = [o for o in ood if o["type"] == "offtopic"]
absent = gold.get("lookalikes", [])
if len(look) != 6 or len(off) != 6 or len(absent) != len(look):
    fail("ood-counts", "out_of_domain")
for o, a in zip(look, absent):
    if o["present_twin"].lower() not in alltext:
        fail("present-twin-missing", o["id"])
    if a.lower() in alltext:
        fail("absent-twin-present", o["id"])
    if a.lower() not in o["question"].lower():
        fail("absent-twin-not-asked", o["id"])

# investigations
inv = gold.get("investigations", [])
if len(inv) != 8:
    fail("inv-count", "investigations")
for v in inv:
    if not 6 <= len(v["relevant"]) <= 10:
        fail("relevant-count", v["id"])
    for nid in v["relevant"]:
        if text(nid) is None:
            fail("missing-note", f"{v['id']}:{nid}")
    for fx in v["facts"]:
        rx = re.compile(fx, re.I)
        if not any(text(n) and rx.search(text(n)) for n in v["relevant"]):
            fail("inv-fact-not-in-relevant", v["id"])

print(f"notes: {len(notes)}")
print(f"quick: {len(quick)}  out_of_domain: {len(ood)} ({len(look)} lookalike, {len(off)} offtopic)  investigations: {len(inv)}")
print("kinds: " + ", ".join(f"{k}={kinds[k]}" for k in want_kinds))
if not 55 <= len(notes) <= 65:
    fail("note-count", "vault")
for tag, ident in fails:
    print(f"FAIL {tag} {ident}")
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

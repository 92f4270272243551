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
def fail(tag, item):
    fails.append(f"{tag}:{item}")

# ids unique
ids = [x["id"] for sec in ("quick", "out_of_domain", "investigations") for x in gold[sec]]
for i, n in Counter(ids).items():
    if n > 1:
        fail("dup_id", i)

# quick items
want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(q["kind"] for q in gold["quick"])
if dict(kinds) != want_kinds:
    fail("kinds", dict(kinds))
for q in gold["quick"]:
    for n in q["notes"] + q.get("superseded", []):
        if n not in notes:
            fail("missing_note", f"{q['id']}:{n}")
    if len(q["phrasings"]) != 3:
        fail("phrasings", q["id"])
    if not 1 <= len(q["facts"]) <= 2:
        fail("fact_count", q["id"])
    for fx in q["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in q["notes"]):
            fail("fact_not_in_notes", q["id"])
        for s in q.get("superseded", []):
            if rx.search(notes.get(s, "")):
                fail("fact_in_superseded", f"{q['id']}:{s}")
    if q["kind"] == "supersession" and not q.get("superseded"):
        fail("no_superseded", q["id"])
    if q["kind"] != "supersession" and q.get("superseded"):
        fail("superseded_on_non_supersession", q["id"])

# out of domain
looks = [o for o in gold["out_of_domain"] if o["type"] == "lookalike"]
offs = [o for o in gold["out_of_domain"] if o["type"] == "offtopic"]
if len(looks) != 6 or len(offs) != 6:
    fail("ood_counts", f"{len(looks)}/{len(offs)}")
absent = gold.get("lookalikes", [])
if len(absent) != len(looks):
    fail("lookalikes_len", len(absent))
for o, a in zip(looks, absent):
    if o["present_twin"].lower() not in alltext:
        fail("present_twin_missing", o["id"])
    if a.lower() in alltext:
        fail("absent_twin_present", o["id"])
    if a.lower() not in o["question"].lower():
        fail("absent_not_in_question", o["id"])

# investigations
if len(gold["investigations"]) != 8:
    fail("inv_count", len(gold["investigations"]))
for inv in gold["investigations"]:
    if not 6 <= len(inv["relevant"]) <= 10:
        fail("inv_relevant_count", inv["id"])
    for n in inv["relevant"]:
        if n not in notes:
            fail("missing_note", f"{inv['id']}:{n}")
    if not 2 <= len(inv["facts"]) <= 3:
        fail("inv_fact_count", inv["id"])
    for fx in inv["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in inv["relevant"]):
            fail("inv_fact_not_in_relevant", inv["id"])

print(f"notes: {len(notes)}")
print(f"folders: {len({n.split('/')[0] for n in notes})}")
print(f"quick: {len(gold['quick'])}  out_of_domain: {len(gold['out_of_domain'])}  investigations: {len(gold['investigations'])}")
print("kinds: " + ", ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
if not 55 <= len(notes) <= 65:
    fail("note_count", len(notes))
for f in fails:
    print("FAIL", f)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
Prints counts, failing ids and PASS/FAIL only."""
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
    fails.append(f"{tag}:{ident}")

# ids unique
ids = [x["id"] for x in gold["quick"] + gold["out_of_domain"] + gold["investigations"]]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate_id", i)

# quick items
for it in gold["quick"]:
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            fail("missing_note", f"{it['id']}:{n}")
    if not 1 <= len(it["facts"]) <= 2:
        fail("fact_count", it["id"])
    if len(it["phrasings"]) != 3:
        fail("phrasing_count", it["id"])
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in it["notes"]):
            fail("fact_not_in_notes", it["id"])
        for s in it.get("superseded", []):
            if rx.search(notes.get(s, "")):
                fail("fact_in_superseded", f"{it['id']}:{s}")
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail("supersession_without_old_note", it["id"])

kinds = Counter(it["kind"] for it in gold["quick"])
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if dict(kinds) != want:
    fail("kind_counts", ",".join(f"{k}={v}" for k, v in sorted(kinds.items())))

# out of domain
looks = [o for o in gold["out_of_domain"] if o["type"] == "lookalike"]
offs = [o for o in gold["out_of_domain"] if o["type"] == "offtopic"]
absent = gold.get("lookalikes", [])
if len(looks) != 6 or len(offs) != 6 or len(absent) != 6:
    fail("ood_counts", f"lookalike={len(looks)},offtopic={len(offs)},absent_list={len(absent)}")
for o, a in zip(looks, absent):
    if o["present_twin"].lower() not in alltext:
        fail("present_twin_missing", o["id"])
    if a.lower() in alltext:
        fail("absent_twin_in_vault", o["id"])
    if a.lower() not in o["question"].lower():
        fail("absent_twin_not_in_question", o["id"])

# investigations
for inv in gold["investigations"]:
    if not 6 <= len(inv["relevant"]) <= 10:
        fail("relevant_count", inv["id"])
    for n in inv["relevant"]:
        if n not in notes:
            fail("missing_note", f"{inv['id']}:{n}")
    for fx in inv["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in inv["relevant"]):
            fail("inv_fact_not_in_relevant", inv["id"])

print(f"notes={len(notes)} quick={len(gold['quick'])} out_of_domain={len(gold['out_of_domain'])} "
      f"investigations={len(gold['investigations'])} lookalikes={len(absent)}")
print("kinds: " + " ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
for f in fails:
    print("FAIL", f)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

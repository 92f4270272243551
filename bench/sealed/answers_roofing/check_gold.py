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
folders = {n.split("/")[0] for n in notes}

fails = []
def fail(tag, ident):
    fails.append((tag, ident))

# ids unique
ids = [i["id"] for k in ("quick", "out_of_domain", "investigations") for i in gold[k]]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate-id", i)

# quick items
expected_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(i["kind"] for i in gold["quick"])
if dict(kinds) != expected_kinds:
    fail("kind-counts", "quick")
for it in gold["quick"]:
    if len(it.get("phrasings", [])) != 3:
        fail("phrasings", it["id"])
    if not 1 <= len(it["facts"]) <= 2:
        fail("fact-count", it["id"])
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            fail("missing-note", it["id"] + ":" + n)
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in it["notes"]):
            fail("fact-not-in-notes", it["id"])
        for old in it.get("superseded", []):
            if rx.search(notes.get(old, "")):
                fail("fact-in-superseded", it["id"] + ":" + old)
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail("no-superseded", it["id"])
    if it["kind"] != "supersession" and it.get("superseded"):
        fail("superseded-on-non-supersession", it["id"])

# out of domain
ood = gold["out_of_domain"]
look = [i for i in ood if i["type"] == "lookalike"]
off = [i for i in ood if i["type"] == "offtopic"]
absent = gold.get("lookalikes", [])
if len(look) != 6 or len(off) != 6 or len(absent) != 6:
    fail("ood-counts", "out_of_domain")
low = alltext.lower()
for it, ab in zip(look, absent):
    if it["present_twin"].lower() not in low:
        fail("present-twin-missing", it["id"])
    if ab.lower() in low:
        fail("absent-twin-present", it["id"])
    if ab.lower() not in it["question"].lower():
        fail("absent-twin-not-in-question", it["id"])

# investigations
for it in gold["investigations"]:
    if not 6 <= len(it["relevant"]) <= 10:
        fail("relevant-count", it["id"])
    if not 2 <= len(it["facts"]) <= 3:
        fail("fact-count", it["id"])
    for n in it["relevant"]:
        if n not in notes:
            fail("missing-note", it["id"] + ":" + n)
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in it["relevant"]):
            fail("fact-not-in-relevant", it["id"])

# vault shape
if not 55 <= len(notes) <= 65:
    fail("note-count", "vault")

print("notes:", len(notes), "folders:", len(folders))
print("quick:", len(gold["quick"]), "kinds:", ", ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
print("out_of_domain:", len(ood), "(lookalike", len(look), "/ offtopic", len(off), ")")
print("investigations:", len(gold["investigations"]))
for tag, ident in fails:
    print("FAIL", tag, ident)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

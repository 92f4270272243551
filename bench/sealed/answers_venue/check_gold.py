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
def fail(what, ident):
    fails.append((what, ident))

# ids unique
ids = [x["id"] for k in ("quick", "out_of_domain", "investigations") for x in gold[k]]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate id", i)

# quick items
for it in gold["quick"]:
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            fail("missing note", it["id"])
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in it["notes"]):
            fail("fact not in notes", it["id"])
        for old in it.get("superseded", []):
            if rx.search(notes.get(old, "")):
                fail("fact matches superseded note", it["id"])
    if len(it["phrasings"]) != 3:
        fail("phrasings != 3", it["id"])
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail("supersession without superseded", it["id"])

kinds = Counter(it["kind"] for it in gold["quick"])
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if dict(kinds) != want:
    fail("kind counts", "quick")

# out of domain / lookalikes
look = [o for o in gold["out_of_domain"] if o["type"] == "lookalike"]
for o in look:
    if o["present_twin"].lower() not in alltext:
        fail("present twin absent", o["id"])
for absent in gold.get("lookalikes", []):
    if absent.lower() in alltext:
        fail("absent twin occurs in vault", absent)
if len(look) != 6 or len(gold.get("lookalikes", [])) != 6:
    fail("lookalike count", "out_of_domain")

# investigations
for inv in gold["investigations"]:
    for n in inv["relevant"]:
        if n not in notes:
            fail("missing note", inv["id"])
    if not 6 <= len(inv["relevant"]) <= 10:
        fail("relevant count", inv["id"])
    for fx in inv["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes.get(n, "")) for n in inv["relevant"]):
            fail("inv fact not in relevant notes", inv["id"])

# wikilinks (information only)
links = set(re.findall(r"\[\[([^\]|#]+)", "\n".join(notes.values())))
names = {n.split("/")[-1] for n in notes}
broken = sorted(l for l in links if l.strip() not in names)

print("notes:", len(notes))
print("quick:", len(gold["quick"]), "out_of_domain:", len(gold["out_of_domain"]), "investigations:", len(gold["investigations"]))
print("kinds:", dict(sorted(kinds.items())))
print("wikilinks:", len(links), "unresolved:", len(broken))
for what, ident in fails:
    print("FAIL", ident, "-", what)
print("PASS" if not fails else "FAIL (%d)" % len(fails))
sys.exit(0 if not fails else 1)

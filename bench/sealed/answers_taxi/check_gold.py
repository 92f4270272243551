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
def fail(tag, ident):
    fails.append((tag, ident))

def exists(nid, ident):
    if nid not in notes:
        fail("missing-note", f"{ident}:{nid}")
        return False
    return True

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate-id", i)

for it in quick:
    i = it["id"]
    if len(it.get("phrasings", [])) != 3:
        fail("phrasings!=3", i)
    if not 1 <= len(it.get("facts", [])) <= 2:
        fail("facts-count", i)
    texts = [notes[n] for n in it["notes"] if exists(n, i)]
    for k, fx in enumerate(it["facts"]):
        rx = re.compile(fx, re.I)
        if not any(rx.search(t) for t in texts):
            fail("fact-not-in-notes", f"{i}#{k}")
    if it["kind"] == "supersession":
        sup = it.get("superseded", [])
        if not sup:
            fail("supersession-without-old-note", i)
        for n in sup:
            if exists(n, i):
                for k, fx in enumerate(it["facts"]):
                    if re.search(fx, notes[n], re.I):
                        fail("fact-matches-superseded", f"{i}#{k}:{n}")
    elif it.get("superseded"):
        fail("superseded-on-non-supersession", i)

kinds = Counter(it["kind"] for it in quick)
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
for k, n in want.items():
    if kinds.get(k, 0) != n:
        fail("kind-count", f"{k}={kinds.get(k, 0)}")
if len(quick) != 24:
    fail("quick-count", str(len(quick)))

absent = gold.get("lookalikes", [])
types = Counter(o["type"] for o in ood)
if types.get("lookalike") != 6 or types.get("offtopic") != 6:
    fail("ood-types", str(dict(types)))
look_items = [o for o in ood if o["type"] == "lookalike"]
for o in look_items:
    if o["present_twin"].lower() not in alltext:
        fail("present-twin-absent", o["id"])
    a = o.get("absent_twin")
    if a and a not in absent:
        fail("absent-twin-not-listed", o["id"])
if len(absent) != len(look_items):
    fail("lookalikes-list-length", str(len(absent)))
for a in absent:
    if a.lower() in alltext:
        fail("absent-twin-present", a)

if len(inv) != 8:
    fail("investigation-count", str(len(inv)))
for it in inv:
    i = it["id"]
    rel = it.get("relevant", [])
    if not 6 <= len(rel) <= 10:
        fail("relevant-count", f"{i}={len(rel)}")
    if not 2 <= len(it.get("facts", [])) <= 3:
        fail("inv-facts-count", i)
    texts = [notes[n] for n in rel if exists(n, i)]
    for k, fx in enumerate(it.get("facts", [])):
        if not any(re.search(fx, t, re.I) for t in texts):
            fail("inv-fact-not-in-relevant", f"{i}#{k}")

print(f"notes={len(notes)} folders={len({n.split('/')[0] for n in notes})}")
print(f"quick={len(quick)} out_of_domain={len(ood)} investigations={len(inv)} lookalikes={len(absent)}")
print("kinds=" + ",".join(f"{k}:{kinds[k]}" for k in sorted(kinds)))
if not 55 <= len(notes) <= 65:
    fail("note-count", str(len(notes)))
for tag, ident in fails:
    print(f"FAIL {tag} {ident}")
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

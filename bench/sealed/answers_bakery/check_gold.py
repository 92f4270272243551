#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

ROOT = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(ROOT, "vault")
gold = json.load(open(os.path.join(ROOT, "gold.json"), encoding="utf-8"))

notes = {}
for d, _, files in os.walk(VAULT):
    for fn in files:
        if fn.endswith(".md"):
            p = os.path.join(d, fn)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()

fails = []
def fail(what, ident):
    fails.append((what, ident))

def rx(pat, text):
    return re.search(pat, text, re.I) is not None

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])
looks = gold.get("lookalikes", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate id", i)

# quick items
EXPECT = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(q["kind"] for q in quick)
for k, n in EXPECT.items():
    if kinds.get(k, 0) != n:
        fail("kind count %s=%d want %d" % (k, kinds.get(k, 0), n), "quick")
for q in quick:
    for n in q["notes"] + q.get("superseded", []):
        if n not in notes:
            fail("missing note " + n, q["id"])
    if not (1 <= len(q["facts"]) <= 2):
        fail("fact count", q["id"])
    if len(q.get("phrasings", [])) != 3:
        fail("phrasing count", q["id"])
    for f in q["facts"]:
        re.compile(f)
        if not any(rx(f, notes.get(n, "")) for n in q["notes"]):
            fail("fact not in notes: " + f, q["id"])
    if q["kind"] == "supersession":
        if not q.get("superseded"):
            fail("supersession without superseded", q["id"])
        for old in q.get("superseded", []):
            for f in q["facts"]:
                if rx(f, notes.get(old, "")):
                    fail("fact matches superseded note " + old, q["id"])
    elif q.get("superseded"):
        fail("superseded on non-supersession item", q["id"])

# out of domain
types = Counter(o["type"] for o in ood)
if types.get("lookalike", 0) != 6 or types.get("offtopic", 0) != 6:
    fail("ood type counts %s" % dict(types), "out_of_domain")
look_by_id = {l["ood"]: l for l in looks}
for o in ood:
    if o["type"] != "lookalike":
        continue
    l = look_by_id.get(o["id"])
    if not l:
        fail("no lookalikes entry", o["id"]); continue
    if l["present"] != o["present_twin"]:
        fail("present twin mismatch", o["id"])
    if l["present"].lower() not in alltext:
        fail("present twin not in vault", o["id"])
    if l["absent"].lower() in alltext:
        fail("absent twin occurs in vault", o["id"])
    if l["absent"].lower() not in o["question"].lower():
        fail("question does not name absent twin", o["id"])

# investigations
for v in inv:
    if not (6 <= len(v["relevant"]) <= 10):
        fail("relevant count %d" % len(v["relevant"]), v["id"])
    for n in v["relevant"]:
        if n not in notes:
            fail("missing note " + n, v["id"])
    if not (2 <= len(v["facts"]) <= 3):
        fail("fact count", v["id"])
    for f in v["facts"]:
        if not any(rx(f, notes.get(n, "")) for n in v["relevant"]):
            fail("fact not in relevant notes: " + f, v["id"])

print("notes:", len(notes), "folders:", len({n.split('/')[0] for n in notes}))
print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv), "lookalikes:", len(looks))
print("kinds:", " ".join("%s=%d" % kv for kv in sorted(kinds.items())))
for what, ident in fails:
    # only the id and a short category, never the gold text itself
    print("FAIL", ident, what.split(":")[0].split(" note ")[0].split(" %")[0])
print("PASS" if not fails else "FAIL (%d)" % len(fails))
sys.exit(0 if not fails else 1)

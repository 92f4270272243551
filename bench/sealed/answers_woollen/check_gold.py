#!/usr/bin/env python3
"""Check gold.json against vault/ (standard library only).
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
folders = {n.split("/")[0] for n in notes}

fails = []
def fail(tag, id_):
    fails.append(f"{tag}: {id_}")

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])
look = gold.get("lookalikes", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate id", i)

# sizes
if not 55 <= len(notes) <= 65: fail("note count out of 55-65", len(notes))
if len(quick) != 24: fail("quick count", len(quick))
if len(ood) != 12: fail("out_of_domain count", len(ood))
if len(inv) != 8: fail("investigations count", len(inv))
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x.get("kind") for x in quick)
for k, n in want.items():
    if kinds.get(k, 0) != n: fail("kind count", k)

# quick items
for x in quick:
    i = x["id"]
    if len(x.get("phrasings", [])) != 3: fail("phrasings != 3", i)
    if not 1 <= len(x.get("facts", [])) <= 2: fail("facts not 1-2", i)
    for n in x.get("notes", []) + x.get("superseded", []):
        if n not in notes: fail("missing note", f"{i} {n}")
    for fx in x.get("facts", []):
        try:
            rx = re.compile(fx, re.I)
        except re.error:
            fail("bad regex", i); continue
        if not any(rx.search(notes.get(n, "")) for n in x.get("notes", [])):
            fail("fact not in notes", i)
        for s in x.get("superseded", []):
            if rx.search(notes.get(s, "")):
                fail("fact matches superseded note", f"{i} {s}")
    if x.get("kind") == "supersession" and not x.get("superseded"):
        fail("supersession without superseded", i)
    if x.get("kind") != "supersession" and x.get("superseded"):
        fail("superseded on non-supersession", i)

# out of domain
lk = Counter(x.get("type") for x in ood)
if lk.get("lookalike") != 6 or lk.get("offtopic") != 6: fail("ood type counts", dict(lk))
look_by_id = {l["id"]: l for l in look}
for x in ood:
    if x.get("type") == "lookalike":
        l = look_by_id.get(x["id"])
        if not l: fail("lookalike missing from lookalikes list", x["id"]); continue
        if l["present_twin"] != x.get("present_twin"): fail("present twin mismatch", x["id"])
for l in look:
    if l["present_twin"].lower() not in alltext: fail("present twin not in vault", l["id"])
    if l["absent_twin"].lower() in alltext: fail("absent twin in vault", l["id"])
    if l["absent_twin"].lower() not in next((o["question"].lower() for o in ood if o["id"] == l["id"]), ""):
        fail("absent twin not in question", l["id"])

# investigations
for x in inv:
    i = x["id"]
    rel = x.get("relevant", [])
    if not 6 <= len(rel) <= 10: fail("relevant not 6-10", i)
    for n in rel:
        if n not in notes: fail("missing note", f"{i} {n}")
    if not 2 <= len(x.get("facts", [])) <= 3: fail("facts not 2-3", i)
    for fx in x.get("facts", []):
        if not any(re.search(fx, notes.get(n, ""), re.I) for n in rel):
            fail("inv fact not in relevant notes", i)

print(f"notes: {len(notes)}  folders: {len(folders)}")
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}  lookalikes: {len(look)}")
print("kinds: " + ", ".join(f"{k}={kinds.get(k,0)}" for k in want))
if fails:
    for f in fails: print("FAIL " + f)
    print(f"FAIL ({len(fails)} problems)")
    sys.exit(1)
print("PASS")

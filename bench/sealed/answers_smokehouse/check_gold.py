#!/usr/bin/env python3
"""Check gold.json against vault/ (standard library only). Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

notes = {}
for root, _, files in os.walk(VAULT):
    for fn in files:
        if fn.endswith(".md"):
            p = os.path.join(root, fn)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()

fails = []
def fail(tag, id_):
    fails.append(f"{tag}: {id_}")

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate id", i)

# expected counts
want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
if len(quick) != 24: fail("quick count", len(quick))
for k, n in want_kinds.items():
    if kinds.get(k, 0) != n: fail("kind count", k)
if len(ood) != 12: fail("ood count", len(ood))
if len(inv) != 8: fail("investigation count", len(inv))
if not 55 <= len(notes) <= 65: fail("note count", len(notes))

# quick items
for x in quick:
    for nid in x["notes"] + x.get("superseded", []):
        if nid not in notes: fail("missing note", f"{x['id']} {nid}")
    if not 1 <= len(x["facts"]) <= 2: fail("fact count", x["id"])
    if len(x.get("phrasings", [])) != 3: fail("phrasing count", x["id"])
    for f in x["facts"]:
        rx = re.compile(f, re.I)
        if not any(rx.search(notes.get(n, "")) for n in x["notes"]):
            fail("fact not in notes", x["id"])
    if x["kind"] == "supersession":
        if not x.get("superseded"): fail("no superseded note", x["id"])
        for old in x.get("superseded", []):
            for f in x["facts"]:
                if re.search(f, notes.get(old, ""), re.I):
                    fail("fact matches superseded note", f"{x['id']} {old}")
    elif x.get("superseded"):
        fail("superseded on non-supersession item", x["id"])

# look-alikes
absent = gold.get("lookalikes", [])
la = [x for x in ood if x.get("type") == "lookalike"]
if len(la) != 6: fail("lookalike count", len(la))
if len([x for x in ood if x.get("type") == "offtopic"]) != 6: fail("offtopic count", "")
if len(absent) != 6: fail("lookalikes list", len(absent))
for name in absent:
    if name.lower() in alltext: fail("absent twin occurs in vault", name)
for x in la:
    if x["present_twin"].lower() not in alltext: fail("present twin missing", x["id"])
    if x.get("absent_twin") and x["absent_twin"] not in absent: fail("absent twin not listed", x["id"])

# investigations
for x in inv:
    rel = x["relevant"]
    if not 6 <= len(rel) <= 10: fail("relevant count", x["id"])
    for nid in rel:
        if nid not in notes: fail("missing note", f"{x['id']} {nid}")
    if not 2 <= len(x["facts"]) <= 3: fail("inv fact count", x["id"])
    for f in x["facts"]:
        if not any(re.search(f, notes.get(n, ""), re.I) for n in rel):
            fail("inv fact not in relevant notes", x["id"])

# wikilinks (info only)
links = set(re.findall(r"\[\[([^\]|#]+)", "\n".join(notes.values())))
basenames = {n.split("/")[-1] for n in notes} | set(notes)
dangling = sorted(l for l in links if l.strip() not in basenames)

print(f"notes: {len(notes)}")
print(f"quick: {len(quick)}  kinds: " + ", ".join(f"{k}={kinds.get(k,0)}" for k in want_kinds))
print(f"out_of_domain: {len(ood)} (lookalike {len(la)})  investigations: {len(inv)}")
print(f"wikilinks: {len(links)} distinct, dangling: {len(dangling)} {dangling}")
for f in fails:
    print("FAIL", f)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

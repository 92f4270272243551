#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
Prints counts, ids and PASS/FAIL; never prints note text."""
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
def fail(msg):
    fails.append(msg)

quick, ood, inv = gold["quick"], gold["out_of_domain"], gold["investigations"]
folders = {n.split("/")[0] for n in notes}
print(f"notes: {len(notes)}  folders: {len(folders)}")
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")

# ids unique
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        fail(f"duplicate id {i}")

# counts
if not 55 <= len(notes) <= 65: fail("note count out of 55-65")
if len(quick) != 24: fail("quick count != 24")
if len(ood) != 12: fail("out_of_domain count != 12")
if len(inv) != 8: fail("investigations count != 8")
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
got = Counter(x["kind"] for x in quick)
print("kinds:", ", ".join(f"{k}={got.get(k,0)}" for k in want))
if dict(got) != want: fail("kind counts differ from brief")

def exists(nid, where):
    if nid not in notes:
        fail(f"{where}: missing note {nid}")
        return False
    return True

# quick items
for x in quick:
    qid = x["id"]
    if len(x["phrasings"]) != 3: fail(f"{qid}: needs 3 phrasings")
    if not 1 <= len(x["facts"]) <= 2: fail(f"{qid}: needs 1-2 facts")
    ok_notes = [n for n in x["notes"] if exists(n, qid)]
    for k, fx in enumerate(x["facts"]):
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes[n]) for n in ok_notes):
            fail(f"{qid}: fact {k} matches none of its notes")
    sup = x.get("superseded", [])
    if x["kind"] == "supersession":
        if not sup: fail(f"{qid}: supersession without superseded note")
        for n in sup:
            if not exists(n, qid): continue
            if n in x["notes"]: fail(f"{qid}: superseded note also listed as answer note")
            for k, fx in enumerate(x["facts"]):
                if re.search(fx, notes[n], re.I):
                    fail(f"{qid}: fact {k} matches superseded note {n}")
    elif sup:
        fail(f"{qid}: superseded on non-supersession item")

# out of domain
look = [o for o in ood if o["type"] == "lookalike"]
off = [o for o in ood if o["type"] == "offtopic"]
print(f"lookalike: {len(look)}  offtopic: {len(off)}  absent names: {len(gold.get('lookalikes', []))}")
if len(look) != 6 or len(off) != 6: fail("need 6 lookalike + 6 offtopic")
absent = gold.get("lookalikes", [])
if len(absent) != len(look): fail("lookalikes list length != lookalike items")
for o, a in zip(look, absent):
    if o["present_twin"].lower() not in alltext:
        fail(f"{o['id']}: present twin not in vault")
    if a.lower() in alltext:
        fail(f"{o['id']}: absent twin occurs in vault")
    if a.lower() not in o["question"].lower():
        fail(f"{o['id']}: question does not name the absent twin")

# investigations
for x in inv:
    rel = x["relevant"]
    if not 6 <= len(rel) <= 10: fail(f"{x['id']}: relevant count {len(rel)} not 6-10")
    if not 2 <= len(x["facts"]) <= 3: fail(f"{x['id']}: needs 2-3 facts")
    ok = [n for n in rel if exists(n, x["id"])]
    for k, fx in enumerate(x["facts"]):
        if not any(re.search(fx, notes[n], re.I) for n in ok):
            fail(f"{x['id']}: fact {k} matches none of its relevant notes")

for f in fails:
    print("FAIL", f)
print("PASS" if not fails else f"FAIL ({len(fails)} problems)")
sys.exit(1 if fails else 0)

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
folders = {n.split("/")[0] for n in notes}

fails = []
def fail(msg):
    fails.append(msg)

quick, ood, inv = gold.get("quick", []), gold.get("out_of_domain", []), gold.get("investigations", [])
print(f"notes: {len(notes)}  folders: {len(folders)}")
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")

# ids unique
ids = [x["id"] for x in quick + ood + inv]
dup = [i for i, c in Counter(ids).items() if c > 1]
if dup: fail("duplicate ids: " + ",".join(dup))

if not 55 <= len(notes) <= 65: fail("note count out of range")
if len(quick) != 24: fail("quick count != 24")
if len(ood) != 12: fail("out_of_domain count != 12")
if len(inv) != 8: fail("investigations count != 8")

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
print("kinds: " + " ".join(f"{k}={kinds.get(k,0)}" for k in want))
if dict(kinds) != want: fail("kind counts differ from brief")

def compile_(rx, where):
    try:
        return re.compile(rx, re.I)
    except re.error:
        fail(f"{where}: bad regex")
        return None

for x in quick:
    i = x["id"]
    if len(x.get("phrasings", [])) != 3: fail(f"{i}: phrasings != 3")
    if not 1 <= len(x.get("facts", [])) <= 2: fail(f"{i}: facts count")
    for n in x["notes"] + x.get("superseded", []):
        if n not in notes: fail(f"{i}: missing note {n}")
    if x["kind"] == "supersession" and not x.get("superseded"): fail(f"{i}: supersession without superseded")
    if x["kind"] != "supersession" and x.get("superseded"): fail(f"{i}: superseded on non-supersession")
    for k, rx in enumerate(x["facts"]):
        c = compile_(rx, f"{i} fact{k}")
        if not c: continue
        if not any(c.search(notes.get(n, "")) for n in x["notes"]):
            fail(f"{i}: fact{k} matches none of its notes")
        for s in x.get("superseded", []):
            if c.search(notes.get(s, "")):
                fail(f"{i}: fact{k} matches superseded note")

la = {d["ood"]: d for d in gold.get("lookalikes", [])}
nla = noff = 0
for x in ood:
    i = x["id"]
    if x["type"] == "lookalike":
        nla += 1
        d = la.get(i)
        if not d: fail(f"{i}: no entry in lookalikes"); continue
        if d["present"] != x["present_twin"]: fail(f"{i}: present twin mismatch")
        if d["present"].lower() not in alltext: fail(f"{i}: present twin not in vault")
        if d["absent"].lower() in alltext: fail(f"{i}: absent twin occurs in vault")
        if d["absent"].lower() not in x["question"].lower(): fail(f"{i}: question does not name absent twin")
    elif x["type"] == "offtopic":
        noff += 1
    else:
        fail(f"{i}: unknown type")
print(f"lookalike: {nla}  offtopic: {noff}")
if (nla, noff) != (6, 6): fail("ood type counts")

for x in inv:
    i = x["id"]
    if not 6 <= len(x["relevant"]) <= 10: fail(f"{i}: relevant count {len(x['relevant'])}")
    if not 2 <= len(x["facts"]) <= 3: fail(f"{i}: facts count")
    for n in x["relevant"]:
        if n not in notes: fail(f"{i}: missing note {n}")
    for k, rx in enumerate(x["facts"]):
        c = compile_(rx, f"{i} fact{k}")
        if c and not any(c.search(notes.get(n, "")) for n in x["relevant"]):
            fail(f"{i}: fact{k} matches none of its relevant notes")

for f in fails:
    print("FAIL", f)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

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
failures = []

def fail(msg):
    failures.append(msg)

def need(nid, where):
    if nid not in notes:
        fail(f"missing note {nid} ({where})")
        return False
    return True

def rx(pattern, text):
    return re.search(pattern, text, re.I) is not None

# ids unique
ids = [x["id"] for x in gold["quick"] + gold["out_of_domain"] + gold["investigations"]]
for i, c in Counter(ids).items():
    if c > 1:
        fail(f"duplicate id {i}")

# quick items
kinds = Counter(x["kind"] for x in gold["quick"])
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if dict(kinds) != want:
    fail(f"kind counts {dict(kinds)}")
for x in gold["quick"]:
    if len(x["phrasings"]) != 3:
        fail(f"{x['id']} phrasings")
    if not 1 <= len(x["facts"]) <= 2:
        fail(f"{x['id']} fact count")
    ok = [n for n in x["notes"] if need(n, x["id"])]
    for f in x["facts"]:
        re.compile(f)
        if not any(rx(f, notes[n]) for n in ok):
            fail(f"{x['id']} fact #{x['facts'].index(f)+1} not in its notes")
    if x["kind"] == "supersession":
        if not x.get("superseded"):
            fail(f"{x['id']} no superseded note")
        for old in x.get("superseded", []):
            if need(old, x["id"]):
                for f in x["facts"]:
                    if rx(f, notes[old]):
                        fail(f"{x['id']} fact #{x['facts'].index(f)+1} matches superseded {old}")
    elif x.get("superseded"):
        fail(f"{x['id']} superseded on non-supersession item")

# out of domain
ood = gold["out_of_domain"]
lk = [o for o in ood if o["type"] == "lookalike"]
ot = [o for o in ood if o["type"] == "offtopic"]
if len(lk) != 6 or len(ot) != 6:
    fail("ood counts")
absent = gold.get("lookalikes", [])
if len(absent) != len(lk):
    fail("lookalikes list length")
for o, a in zip(lk, absent):
    if o["present_twin"].lower() not in alltext:
        fail(f"{o['id']} present twin missing")
    if a.lower() in alltext:
        fail(f"{o['id']} absent twin occurs in vault")
    if a.lower() not in o["question"].lower():
        fail(f"{o['id']} question does not name the absent twin")

# investigations
inv = gold["investigations"]
if len(inv) != 8:
    fail("investigation count")
for x in inv:
    if not 6 <= len(x["relevant"]) <= 10:
        fail(f"{x['id']} relevant count")
    ok = [n for n in x["relevant"] if need(n, x["id"])]
    if not 2 <= len(x["facts"]) <= 3:
        fail(f"{x['id']} fact count")
    for f in x["facts"]:
        if not any(rx(f, notes[n]) for n in ok):
            fail(f"{x['id']} fact #{x['facts'].index(f)+1} not in relevant notes")

n = len(notes)
if not 55 <= n <= 65:
    fail(f"note count {n}")

print(f"notes: {n}")
print(f"folders: {len({k.split('/')[0] for k in notes})}")
print(f"quick: {len(gold['quick'])}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
print("kinds: " + ", ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
print(f"failures: {len(failures)}")
for f in failures:
    print("  FAIL " + f)
print("PASS" if not failures else "FAIL")
sys.exit(0 if not failures else 1)

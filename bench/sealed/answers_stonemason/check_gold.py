#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
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
def fail(msg):
    fails.append(msg)

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])
folders = {n.split("/")[0] for n in notes}
print(f"notes: {len(notes)}  folders: {len(folders)}")
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
if not 55 <= len(notes) <= 65: fail("note count out of 55-65")
if len(quick) != 24: fail("quick != 24")
if len(ood) != 12: fail("out_of_domain != 12")
if len(inv) != 8: fail("investigations != 8")

ids = [x["id"] for x in quick + ood + inv]
dup = [i for i, c in Counter(ids).items() if c > 1]
if dup: fail(f"duplicate ids: {dup}")

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
print("kinds:", dict(sorted(kinds.items())))
if dict(kinds) != want: fail("kind counts differ from brief")

def exists(nid, where):
    if nid not in notes:
        fail(f"{where}: missing note {nid}")
        return False
    return True

for x in quick:
    i = x["id"]
    if len(x.get("phrasings", [])) != 3: fail(f"{i}: phrasings != 3")
    if not 1 <= len(x["facts"]) <= 2: fail(f"{i}: facts count")
    ok_notes = [n for n in x["notes"] if exists(n, i)]
    for f in x["facts"]:
        rx = re.compile(f, re.I)
        if not any(rx.search(notes[n]) for n in ok_notes):
            fail(f"{i}: fact not found in its notes")
    sup = x.get("superseded", [])
    if x["kind"] == "supersession" and not sup: fail(f"{i}: supersession without superseded")
    if x["kind"] != "supersession" and sup: fail(f"{i}: superseded on non-supersession item")
    for s in sup:
        if exists(s, i):
            for f in x["facts"]:
                if re.search(f, notes[s], re.I):
                    fail(f"{i}: fact matches superseded note {s}")

absent = gold.get("lookalikes", [])
la = [x for x in ood if x["type"] == "lookalike"]
ot = [x for x in ood if x["type"] == "offtopic"]
print(f"lookalike: {len(la)}  offtopic: {len(ot)}  absent names: {len(absent)}")
if len(la) != 6 or len(ot) != 6: fail("ood type counts")
if len(absent) != len(la): fail("lookalikes list length != lookalike items")
for x, a in zip(la, absent):
    if x["present_twin"].lower() not in alltext: fail(f"{x['id']}: present twin not in vault")
    if a.lower() in alltext: fail(f"{x['id']}: absent twin occurs in vault")
    if a.lower() not in x["question"].lower(): fail(f"{x['id']}: question does not name the absent twin")

for x in inv:
    i = x["id"]
    if not 6 <= len(x["relevant"]) <= 10: fail(f"{i}: relevant count")
    if not 2 <= len(x["facts"]) <= 3: fail(f"{i}: facts count")
    ok = [n for n in x["relevant"] if exists(n, i)]
    for f in x["facts"]:
        if not any(re.search(f, notes[n], re.I) for n in ok):
            fail(f"{i}: fact not found in relevant notes")

print("ids:", " ".join(ids))
for m in fails:
    print("FAIL:", m)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(1 if fails else 0)

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
alltext = "\n".join(notes.values())
fails = []

def need(nid, where):
    if nid not in notes:
        fails.append(f"{where}: missing note {nid}")
        return False
    return True

ids = [x["id"] for k in ("quick", "out_of_domain", "investigations") for x in gold[k]]
for i, c in Counter(ids).items():
    if c > 1:
        fails.append(f"duplicate id {i}")

for it in gold["quick"]:
    ok = [n for n in it["notes"] if need(n, it["id"])]
    for f in it["facts"]:
        if not any(re.search(f, notes[n], re.I) for n in ok):
            fails.append(f"{it['id']}: fact not in its notes: {f}")
    for s in it.get("superseded", []):
        if need(s, it["id"]):
            for f in it["facts"]:
                if re.search(f, notes[s], re.I):
                    fails.append(f"{it['id']}: fact matches superseded note {s}")
    if it["kind"] == "supersession" and not it.get("superseded"):
        fails.append(f"{it['id']}: supersession without superseded")
    if len(it["phrasings"]) != 3:
        fails.append(f"{it['id']}: needs 3 phrasings")

look = [x for x in gold["out_of_domain"] if x["type"] == "lookalike"]
absent = gold.get("lookalikes", [])
if len(absent) != len(look):
    fails.append("lookalikes list length differs from look-alike items")
for x, a in zip(look, absent):
    if x["present_twin"].lower() not in alltext.lower():
        fails.append(f"{x['id']}: present twin not in vault")
    if a.lower() in alltext.lower():
        fails.append(f"{x['id']}: absent twin found in vault")
    if a.lower() not in x["question"].lower():
        fails.append(f"{x['id']}: question does not name the absent twin")

for inv in gold["investigations"]:
    rel = [n for n in inv["relevant"] if need(n, inv["id"])]
    if not 6 <= len(inv["relevant"]) <= 10:
        fails.append(f"{inv['id']}: relevant count {len(inv['relevant'])}")
    text = "\n".join(notes[n] for n in rel)
    for f in inv["facts"]:
        if not re.search(f, text, re.I):
            fails.append(f"{inv['id']}: fact not in relevant notes: {f}")

kinds = Counter(x["kind"] for x in gold["quick"])
print(f"notes: {len(notes)}  folders: {len({n.split('/')[0] for n in notes})}")
print(f"quick: {len(gold['quick'])}  out_of_domain: {len(gold['out_of_domain'])}  investigations: {len(gold['investigations'])}")
print("kinds: " + ", ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
for f in fails:
    print("FAIL", f)
print("PASS" if not fails else f"FAIL ({len(fails)} problems)")
sys.exit(1 if fails else 0)

#!/usr/bin/env python3
"""Check gold.json against vault/. Prints only counts, ids and PASS/FAIL."""
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

def need(nid, where):
    if nid not in notes:
        fails.append(f"{where}: missing note")
        return False
    return True

ids = [x["id"] for x in gold["quick"]] + [x["id"] for x in gold["out_of_domain"]] + [x["id"] for x in gold["investigations"]]
for i, c in Counter(ids).items():
    if c > 1:
        fails.append(f"duplicate id {i}")

for it in gold["quick"]:
    ok = [n for n in it["notes"] if need(n, it["id"])]
    for fx in it["facts"]:
        if not any(re.search(fx, notes[n], re.I) for n in ok):
            fails.append(f"{it['id']}: fact not in notes")
    for old in it.get("superseded", []):
        if need(old, it["id"]):
            for fx in it["facts"]:
                if re.search(fx, notes[old], re.I):
                    fails.append(f"{it['id']}: fact matches superseded note")
    if it["kind"] == "supersession" and not it.get("superseded"):
        fails.append(f"{it['id']}: supersession without superseded")

for it in gold["investigations"]:
    for n in it["relevant"]:
        need(n, it["id"])
    for fx in it["facts"]:
        if not any(re.search(fx, notes[n], re.I) for n in it["relevant"] if n in notes):
            fails.append(f"{it['id']}: fact not in relevant notes")

for k, pair in enumerate(gold.get("lookalikes", []), 1):
    if pair["present"].lower() not in alltext:
        fails.append(f"lookalike #{k}: present twin missing")
    if pair["absent"].lower() in alltext:
        fails.append(f"lookalike #{k}: absent twin found in vault")
for it in gold["out_of_domain"]:
    if it["type"] == "lookalike" and it["present_twin"].lower() not in alltext:
        fails.append(f"{it['id']}: present twin missing")

kinds = Counter(x["kind"] for x in gold["quick"])
print(f"notes: {len(notes)}  quick: {len(gold['quick'])}  ood: {len(gold['out_of_domain'])}  investigations: {len(gold['investigations'])}")
print("kinds:", dict(sorted(kinds.items())))
for f in fails:
    print("FAIL", f)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(1 if fails else 0)

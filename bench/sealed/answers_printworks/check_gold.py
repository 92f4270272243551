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

def exists(nid, where):
    if nid not in notes:
        fails.append(f"{where}: missing note {nid}")
        return False
    return True

ids = [x["id"] for k in ("quick", "out_of_domain", "investigations") for x in gold[k]]
for i, c in Counter(ids).items():
    if c > 1:
        fails.append(f"duplicate id {i}")

kinds = Counter()
for it in gold["quick"]:
    kinds[it["kind"]] += 1
    ok = [exists(n, it["id"]) for n in it["notes"]]
    texts = [notes[n] for n in it["notes"] if n in notes]
    for fx in it["facts"]:
        if not any(re.search(fx, t, re.I) for t in texts):
            fails.append(f"{it['id']}: fact not in its notes: {fx}")
    if len(it.get("phrasings", [])) != 3:
        fails.append(f"{it['id']}: needs 3 phrasings")
    for old in it.get("superseded", []):
        if exists(old, it["id"]):
            for fx in it["facts"]:
                if re.search(fx, notes[old], re.I):
                    fails.append(f"{it['id']}: fact matches superseded note {old}")
    if it["kind"] == "supersession" and not it.get("superseded"):
        fails.append(f"{it['id']}: supersession without superseded")

for it in gold["out_of_domain"]:
    if it["type"] == "lookalike" and it["present_twin"].lower() not in alltext:
        fails.append(f"{it['id']}: present twin not in vault")
for name in gold.get("lookalikes", []):
    if name.lower() in alltext:
        fails.append(f"absent twin occurs in vault: {name}")
lk = [o for o in gold["out_of_domain"] if o["type"] == "lookalike"]
if len(lk) != len(gold.get("lookalikes", [])):
    fails.append("lookalike count mismatch")
for o, name in zip(lk, gold.get("lookalikes", [])):
    if name.lower() not in o["question"].lower():
        fails.append(f"{o['id']}: question does not name its absent twin")

for it in gold["investigations"]:
    for n in it["relevant"]:
        exists(n, it["id"])
    if not 6 <= len(it["relevant"]) <= 10:
        fails.append(f"{it['id']}: relevant count {len(it['relevant'])}")
    texts = [notes[n] for n in it["relevant"] if n in notes]
    for fx in it["facts"]:
        if not any(re.search(fx, t, re.I) for t in texts):
            fails.append(f"{it['id']}: fact not in relevant notes: {fx}")

print(f"notes: {len(notes)}")
print(f"quick: {len(gold['quick'])} " + " ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
print(f"out_of_domain: {len(gold['out_of_domain'])} (lookalike {len(lk)})")
print(f"investigations: {len(gold['investigations'])}")
print("ids: " + " ".join(ids))
for f in fails:
    print("FAIL " + f)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(0 if not fails else 1)

#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

texts = {}
for root, _, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            texts[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(texts.values()).lower()

errors = []
def err(msg): errors.append(msg)

quick, ood, inv = gold.get("quick", []), gold.get("out_of_domain", []), gold.get("investigations", [])
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1: err(f"duplicate id {i}")

for it in quick:
    for n in it["notes"] + it.get("superseded", []):
        if n not in texts: err(f"{it['id']}: missing note {n}")
    for fact in it["facts"]:
        rx = re.compile(fact, re.I)
        if not any(rx.search(texts.get(n, "")) for n in it["notes"]):
            err(f"{it['id']}: fact not in its notes: {fact}")
        for s in it.get("superseded", []):
            if rx.search(texts.get(s, "")):
                err(f"{it['id']}: fact matches superseded note {s}")
    if it["kind"] == "supersession" and not it.get("superseded"):
        err(f"{it['id']}: supersession without superseded")
    if len(it.get("phrasings", [])) != 3: err(f"{it['id']}: needs 3 phrasings")

for it in inv:
    for n in it["relevant"]:
        if n not in texts: err(f"{it['id']}: missing note {n}")
    for fact in it["facts"]:
        rx = re.compile(fact, re.I)
        if not any(rx.search(texts.get(n, "")) for n in it["relevant"]):
            err(f"{it['id']}: fact not in relevant notes: {fact}")

pairs = gold.get("lookalikes", [])
absent = {p["absent"] for p in pairs}
for p in pairs:
    if p["present"].lower() not in alltext: err(f"present twin missing: {p['present']}")
    if p["absent"].lower() in alltext: err(f"absent twin found in vault: {p['absent']}")
for it in ood:
    if it["type"] == "lookalike":
        if it["present_twin"].lower() not in alltext: err(f"{it['id']}: present twin missing")
        if it.get("absent_twin") not in absent: err(f"{it['id']}: absent twin not in lookalikes list")

kinds = Counter(x["kind"] for x in quick)
print(f"notes: {len(texts)}")
print(f"quick: {len(quick)} {dict(kinds)}")
print(f"out_of_domain: {len(ood)} (lookalike {sum(1 for x in ood if x['type']=='lookalike')}, offtopic {sum(1 for x in ood if x['type']=='offtopic')})")
print(f"investigations: {len(inv)}")
print("ids:", " ".join(ids))
for e in errors: print("ERROR", e)
print("PASS" if not errors else f"FAIL ({len(errors)} errors)")
sys.exit(0 if not errors else 1)

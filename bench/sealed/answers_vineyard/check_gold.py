#!/usr/bin/env python3
"""Check gold.json against vault/ (standard library only). Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

BASE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(BASE, "vault")
gold = json.load(open(os.path.join(BASE, "gold.json"), encoding="utf-8"))

texts = {}
for root, _, files in os.walk(VAULT):
    for fn in files:
        if fn.endswith(".md"):
            p = os.path.join(root, fn)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            texts[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(texts.values()).lower()
errors = []

def need(nid, where):
    if nid not in texts:
        errors.append(f"{where}: missing note {nid}")
        return False
    return True

quick, ood, inv = gold.get("quick", []), gold.get("out_of_domain", []), gold.get("investigations", [])
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1:
        errors.append(f"duplicate id {i}")

for it in quick:
    for n in it["notes"] + it.get("superseded", []):
        need(n, it["id"])
    for f in it["facts"]:
        rx = re.compile(f, re.I)
        if not any(rx.search(texts.get(n, "")) for n in it["notes"]):
            errors.append(f"{it['id']}: fact {it['facts'].index(f)} not in its notes")
        for old in it.get("superseded", []):
            if rx.search(texts.get(old, "")):
                errors.append(f"{it['id']}: fact matches superseded note {old}")
    if it["kind"] == "supersession" and not it.get("superseded"):
        errors.append(f"{it['id']}: supersession without superseded")
    if len(it.get("phrasings", [])) != 3:
        errors.append(f"{it['id']}: needs 3 phrasings")

absent = {l["absent"].lower() for l in gold.get("lookalikes", [])}
for l in gold.get("lookalikes", []):
    if l["present"].lower() not in alltext:
        errors.append(f"lookalike {gold['lookalikes'].index(l)}: present twin not in vault")
    if l["absent"].lower() in alltext:
        errors.append(f"lookalike {gold['lookalikes'].index(l)}: absent twin found in vault")
for it in ood:
    if it["type"] == "lookalike":
        if it["present_twin"].lower() not in alltext:
            errors.append(f"{it['id']}: present twin not in vault")
        if it.get("absent_twin", "").lower() not in absent:
            errors.append(f"{it['id']}: absent twin not listed in lookalikes")

for it in inv:
    if not 6 <= len(it["relevant"]) <= 10:
        errors.append(f"{it['id']}: relevant count {len(it['relevant'])}")
    for n in it["relevant"]:
        need(n, it["id"])
    for f in it["facts"]:
        rx = re.compile(f, re.I)
        if not any(rx.search(texts.get(n, "")) for n in it["relevant"]):
            errors.append(f"{it['id']}: fact {it['facts'].index(f)} not in relevant notes")

kinds = Counter(x["kind"] for x in quick)
print(f"notes: {len(texts)}  folders: {len({n.split('/')[0] for n in texts})}")
print(f"quick: {len(quick)} {dict(sorted(kinds.items()))}")
print(f"out_of_domain: {len(ood)} (lookalike {sum(1 for x in ood if x['type']=='lookalike')}, offtopic {sum(1 for x in ood if x['type']=='offtopic')})")
print(f"investigations: {len(inv)}")
for e in errors:
    print("ERR", e)
print("PASS" if not errors else f"FAIL ({len(errors)} errors)")
sys.exit(0 if not errors else 1)

#!/usr/bin/env python3
"""Validate gold.json against vault/. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))
errors = []

def text(nid):
    p = os.path.join(VAULT, nid + ".md")
    if not os.path.isfile(p):
        errors.append(f"missing note: {nid}")
        return None
    return open(p, encoding="utf-8").read()

notes = [os.path.relpath(os.path.join(d, f), VAULT)[:-3]
         for d, _, fs in os.walk(VAULT) for f in fs if f.endswith(".md")]
folders = {n.split(os.sep)[0] for n in notes}

ids = [x["id"] for x in gold["quick"]] + [x["id"] for x in gold["out_of_domain"]] + [x["id"] for x in gold["investigations"]]
for i, c in Counter(ids).items():
    if c > 1:
        errors.append(f"duplicate id: {i}")

for item in gold["quick"]:
    texts = [t for t in (text(n) for n in item["notes"]) if t is not None]
    if len(item.get("phrasings", [])) != 3:
        errors.append(f"{item['id']}: needs 3 phrasings")
    for fact in item["facts"]:
        if not any(re.search(fact, t, re.I) for t in texts):
            errors.append(f"{item['id']}: fact {fact!r} not found in its notes")
    if item["kind"] == "supersession":
        if not item.get("superseded"):
            errors.append(f"{item['id']}: supersession without superseded note")
        for old in item.get("superseded", []):
            t = text(old)
            if t is None:
                continue
            for fact in item["facts"]:
                if re.search(fact, t, re.I):
                    errors.append(f"{item['id']}: fact {fact!r} also matches superseded {old}")

for item in gold["investigations"]:
    texts = [t for t in (text(n) for n in item["relevant"]) if t is not None]
    for fact in item["facts"]:
        if not any(re.search(fact, t, re.I) for t in texts):
            errors.append(f"{item['id']}: fact {fact!r} not found in relevant notes")

alltext = "\n".join(open(os.path.join(VAULT, n + ".md"), encoding="utf-8").read() for n in notes)
for item in gold["out_of_domain"]:
    if item["type"] == "lookalike" and item["present_twin"].lower() not in alltext.lower():
        errors.append(f"{item['id']}: present_twin {item['present_twin']!r} not in vault")

print(f"notes: {len(notes)} in {len(folders)} folders")
print(f"quick: {len(gold['quick'])} {dict(Counter(x['kind'] for x in gold['quick']))}")
print(f"out_of_domain: {len(gold['out_of_domain'])} {dict(Counter(x['type'] for x in gold['out_of_domain']))}")
print(f"investigations: {len(gold['investigations'])}")
print("ids:", " ".join(ids))
for e in errors:
    print("ERROR:", e)
print("PASS" if not errors else "FAIL")
sys.exit(0 if not errors else 1)

#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

notes = {}
for dp, _, fs in os.walk(VAULT):
    for f in fs:
        if f.endswith(".md"):
            p = os.path.join(dp, f)
            notes[os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()
errors = []

def need(nid, where):
    if nid not in notes:
        errors.append(f"{where}: missing note {nid}")
        return False
    return True

quick, ood, inv = gold.get("quick", []), gold.get("out_of_domain", []), gold.get("investigations", [])
ids = [x["id"] for x in quick + ood + inv]
for i, c in Counter(ids).items():
    if c > 1: errors.append(f"duplicate id {i}")

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
if dict(kinds) != want: errors.append(f"kind counts {dict(kinds)}")
if len(quick) != 24: errors.append(f"quick count {len(quick)}")
if len(ood) != 12: errors.append(f"ood count {len(ood)}")
if len(inv) != 8: errors.append(f"investigation count {len(inv)}")

for x in quick:
    if len(x.get("phrasings", [])) != 3: errors.append(f"{x['id']}: phrasings")
    if not 1 <= len(x["facts"]) <= 2: errors.append(f"{x['id']}: fact count")
    ok = [need(n, x["id"]) for n in x["notes"]]
    for f in x["facts"]:
        rx = re.compile(f, re.I)
        if not any(rx.search(notes[n]) for n in x["notes"] if n in notes):
            errors.append(f"{x['id']}: fact not in notes")
    if x["kind"] == "supersession":
        if not x.get("superseded"): errors.append(f"{x['id']}: no superseded note")
        for s in x.get("superseded", []):
            if need(s, x["id"]):
                for f in x["facts"]:
                    if re.search(f, notes[s], re.I):
                        errors.append(f"{x['id']}: fact matches superseded note")
    elif x.get("superseded"):
        errors.append(f"{x['id']}: superseded on non-supersession item")

absent = gold.get("lookalikes", [])
looks = [x for x in ood if x.get("type") == "lookalike"]
offs = [x for x in ood if x.get("type") == "offtopic"]
if len(looks) != 6 or len(offs) != 6: errors.append(f"ood types {len(looks)}/{len(offs)}")
if len(absent) != 6: errors.append(f"lookalikes list {len(absent)}")
for x in looks:
    if x["present_twin"].lower() not in alltext: errors.append(f"{x['id']}: present twin not in vault")
    a = x.get("absent_twin")
    if a and a not in absent: errors.append(f"{x['id']}: absent twin not in lookalikes list")
for a in absent:
    if a.lower() in alltext: errors.append(f"absent twin found in vault ({absent.index(a)+1})")

for x in inv:
    if not 6 <= len(x["relevant"]) <= 10: errors.append(f"{x['id']}: relevant count {len(x['relevant'])}")
    if not 2 <= len(x["facts"]) <= 3: errors.append(f"{x['id']}: fact count")
    for n in x["relevant"]: need(n, x["id"])
    for f in x["facts"]:
        rx = re.compile(f, re.I)
        if not any(rx.search(notes[n]) for n in x["relevant"] if n in notes):
            errors.append(f"{x['id']}: fact not in relevant notes")

folders = {k.split("/")[0] for k in notes}
print(f"notes: {len(notes)}  folders: {len(folders)}")
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
print("kinds:", ", ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
if not 55 <= len(notes) <= 65: errors.append("note count out of range")
for e in errors:
    print("ERROR", e)
print("PASS" if not errors else f"FAIL ({len(errors)} errors)")
sys.exit(1 if errors else 0)

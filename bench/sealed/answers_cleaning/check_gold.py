#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
VAULT = HERE / "vault"
gold = json.loads((HERE / "gold.json").read_text(encoding="utf-8"))

notes = {str(p.relative_to(VAULT).with_suffix("")).replace("\\", "/"): p.read_text(encoding="utf-8")
         for p in VAULT.rglob("*.md")}
folders = {k.split("/")[0] for k in notes}
alltext = "\n".join(notes.values()).lower()
errors = []


def err(item_id, what):
    errors.append(f"{item_id}: {what}")


print(f"notes: {len(notes)}  folders: {len(folders)}")
if not 55 <= len(notes) <= 65:
    err("vault", "note count out of 55-65")

# ids unique
ids = [x["id"] for sec in ("quick", "out_of_domain", "investigations") for x in gold.get(sec, [])]
dups = [i for i, c in Counter(ids).items() if c > 1]
for d in dups:
    err(d, "duplicate id")

quick = gold.get("quick", [])
ood = gold.get("out_of_domain", [])
inv = gold.get("investigations", [])
print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
if (len(quick), len(ood), len(inv)) != (24, 12, 8):
    err("gold", "section sizes not 24/12/8")

want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x.get("kind") for x in quick)
print("kinds: " + ", ".join(f"{k}={kinds.get(k, 0)}" for k in want_kinds))
if dict(kinds) != want_kinds:
    err("quick", "kind counts differ from brief")

for it in quick:
    iid = it["id"]
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            err(iid, f"missing note {n}")
    if not 1 <= len(it["facts"]) <= 2:
        err(iid, "needs 1-2 facts")
    if len(it.get("phrasings", [])) != 3:
        err(iid, "needs 3 phrasings")
    for f in it["facts"]:
        rx = re.compile(f, re.I)
        if not any(n in notes and rx.search(notes[n]) for n in it["notes"]):
            err(iid, f"fact not found in its notes: {f}")
        for s in it.get("superseded", []):
            if s in notes and rx.search(notes[s]):
                err(iid, f"fact matches superseded note {s}")
    if it.get("kind") == "supersession" and not it.get("superseded"):
        err(iid, "supersession item without superseded note")
    if it.get("kind") != "supersession" and it.get("superseded"):
        err(iid, "superseded given on non-supersession item")

look = {x["id"]: x for x in gold.get("lookalikes", [])}
n_look = n_off = 0
for it in ood:
    iid = it["id"]
    if it["type"] == "lookalike":
        n_look += 1
        lk = look.get(iid)
        if not lk:
            err(iid, "no entry in lookalikes")
            continue
        if lk["present_twin"] != it["present_twin"]:
            err(iid, "present_twin differs from lookalikes entry")
        if lk["present_twin"].lower() not in alltext:
            err(iid, "present twin not in vault")
        if lk["absent_twin"].lower() in alltext:
            err(iid, "absent twin occurs in vault")
        if lk["absent_twin"].lower() not in it["question"].lower():
            err(iid, "question does not name the absent twin")
    elif it["type"] == "offtopic":
        n_off += 1
    else:
        err(iid, "unknown type")
print(f"lookalike: {n_look}  offtopic: {n_off}")
if (n_look, n_off) != (6, 6):
    err("out_of_domain", "need 6 lookalike + 6 offtopic")

for it in inv:
    iid = it["id"]
    rel = it["relevant"]
    if not 6 <= len(rel) <= 10:
        err(iid, "relevant must list 6-10 notes")
    for n in rel:
        if n not in notes:
            err(iid, f"missing note {n}")
    if not 2 <= len(it["facts"]) <= 3:
        err(iid, "needs 2-3 facts")
    text = "\n".join(notes.get(n, "") for n in rel)
    for f in it["facts"]:
        if not re.search(f, text, re.I):
            err(iid, f"fact not found in relevant notes: {f}")

checked = [x["id"] for x in quick] + [x["id"] for x in ood] + [x["id"] for x in inv]
print("checked ids: " + " ".join(checked))
if errors:
    for e in errors:
        print("FAIL " + e)
    print(f"FAIL ({len(errors)} problems)")
    sys.exit(1)
print("PASS")

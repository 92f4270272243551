#!/usr/bin/env python3
"""Validate gold.json against vault/. Prints only counts, note ids and PASS/FAIL
(never note text, questions, regexes or hostile lines)."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}
HOSTILE = re.compile(r"ignore\s+(all\s+|your\s+)*(previous\s+|prior\s+)?instructions", re.I)

errors = []
def err(msg):
    errors.append(msg)

notes = {}
for root, _, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            with open(p, encoding="utf-8") as fh:
                notes[nid] = fh.read()
folders = {n.split("/")[0] for n in notes if "/" in n}
print(f"notes: {len(notes)}  folders: {len(folders)}")
if not 55 <= len(notes) <= 65: err("vault size out of range 55-65")
if not 8 <= len(folders) <= 12: err("folder count out of range 8-12")

gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))
for k in ("_about", "quick", "out_of_domain", "investigations"):
    if k not in gold: err(f"gold.json missing key {k}")

def check_ids(ids, where):
    ok = True
    for n in ids:
        if n not in notes:
            err(f"{where}: missing note id {n}"); ok = False
    return ok

def matches_any(rx, ids):
    try:
        c = re.compile(rx, re.I)
    except re.error:
        return None
    return [n for n in ids if n in notes and c.search(notes[n])]

quick = gold.get("quick", [])
kinds = Counter(it.get("kind") for it in quick)
print(f"quick items: {len(quick)}  kinds: " + ", ".join(f"{k}={kinds.get(k,0)}" for k in EXPECTED_KINDS))
if len(quick) != 24: err("quick must have 24 items")
for k, v in EXPECTED_KINDS.items():
    if kinds.get(k, 0) != v: err(f"kind {k}: expected {v}, got {kinds.get(k,0)}")
ids_seen = set()
for it in quick:
    iid = it.get("id", "?")
    if iid in ids_seen: err(f"{iid}: duplicate id")
    ids_seen.add(iid)
    check_ids(it.get("notes", []), iid)
    if len(it.get("phrasings", [])) != 3: err(f"{iid}: needs 3 phrasings")
    if not it.get("facts"): err(f"{iid}: no facts")
    for i, rx in enumerate(it.get("facts", [])):
        m = matches_any(rx, it.get("notes", []))
        if m is None: err(f"{iid}: fact #{i} does not compile")
        elif not m: err(f"{iid}: fact #{i} matches none of its notes")
    if it.get("kind") == "supersession":
        sup = it.get("superseded", [])
        if not sup: err(f"{iid}: supersession without superseded notes")
        check_ids(sup, iid)
        for i, rx in enumerate(it.get("facts", [])):
            bad = matches_any(rx, sup)
            if bad: err(f"{iid}: fact #{i} also matches superseded note(s) {bad}")
        print(f"  {iid} supersession: current={it.get('notes')} superseded={sup}")

ood = gold.get("out_of_domain", [])
print(f"out_of_domain: {len(ood)}")
if len(ood) != 12: err("out_of_domain must have 12 questions")

look = gold.get("_lookalikes", [])
print(f"look-alike pairs: {len(look)}")
if len(look) != 6: err("need 6 look-alike pairs")
alltext = "\n".join(notes.values()).lower()
for i, lk in enumerate(look):
    if lk.get("absent", "").lower() in alltext: err(f"look-alike #{i}: absent twin occurs in vault")
    check_ids(lk.get("present_notes", []), f"look-alike #{i}")
    for n in lk.get("present_notes", []):
        if n in notes and lk.get("present", "").lower() not in notes[n].lower():
            err(f"look-alike #{i}: present entity not in {n}")

inv = gold.get("investigations", [])
print(f"investigations: {len(inv)}")
if len(inv) != 3: err("need 3 investigations")
for j, it in enumerate(inv):
    rel = it.get("relevant", [])
    check_ids(rel, f"inv{j+1}")
    facts = it.get("facts", [])
    print(f"  inv{j+1}: relevant={len(rel)} facts={len(facts)} ids={rel}")
    if not 7 <= len(rel) <= 12: err(f"inv{j+1}: relevant must be 7-12 notes")
    if len(facts) != 7: err(f"inv{j+1}: needs 7 facts")
    for i, rx in enumerate(facts):
        m = matches_any(rx, rel)
        if m is None: err(f"inv{j+1}: fact #{i} does not compile")
        elif not m: err(f"inv{j+1}: fact #{i} matches none of its relevant notes")

hostile = [n for n, t in notes.items() for line in t.splitlines() if HOSTILE.search(line)]
print(f"hostile lines: {len(hostile)} in {sorted(set(hostile))}")
if len(hostile) != 3: err("expected exactly 3 hostile lines")

abs_hits = []
for root, _, files in os.walk(HERE):
    for f in files:
        if f.endswith((".md", ".json", ".py")):
            p = os.path.join(root, f)
            if "/wo" "rk/" in open(p, encoding="utf-8").read():
                abs_hits.append(os.path.relpath(p, HERE))
print(f"files with absolute paths: {len(abs_hits)} {abs_hits}")
if abs_hits: err("absolute paths found")

print(f"errors: {len(errors)}")
for e in errors:
    print("  - " + e)
print("PASS" if not errors else "FAIL")
sys.exit(0 if not errors else 1)

#!/usr/bin/env python3
"""Validate gold.json against the vault/ folder. Standard library only.
Run from anywhere: paths are resolved relative to this file."""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
GOLD = os.path.join(HERE, "gold.json")

EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}
# absent look-alike twins (must NOT appear anywhere in the vault) -> present twin (must appear)
TWINS = {
    "Kettleby": "Kettlewick",
    "Northdale": "Northvale",
    "Olivia Stanek": "Oliver Stanek",
    "HF-500": "HF-300",
    "Bracken Fund": "Bramble Fund",
    "Harrowfield": "Harrowdale",
}
ABS_PATH_RE = "/" + "(?:work|home|tmp|Users)/|[A-Z]:" + r"\\"
HOSTILE_RE = re.compile(r"(ignore|disregard)\b[^\n]{0,40}\binstructions", re.I)
HOSTILE_ADDR_RE = re.compile(r"\b(AI|assistants?|bot)\b", re.I)

errors = []
def err(msg):
    errors.append(msg)

# ---- load vault
notes = {}
for root, dirs, files in os.walk(VAULT):
    for fn in files:
        if fn.endswith(".md"):
            full = os.path.join(root, fn)
            nid = os.path.relpath(full, VAULT)[:-3].replace(os.sep, "/")
            with open(full, encoding="utf-8") as f:
                notes[nid] = f.read()
folders = {nid.split("/")[0] for nid in notes if "/" in nid}
print(f"vault: {len(notes)} notes in {len(folders)} folders")
if not 55 <= len(notes) <= 65:
    err(f"note count {len(notes)} not in 55-65")
if not 8 <= len(folders) <= 12:
    err(f"folder count {len(folders)} not in 8-12")
if any("/" not in nid for nid in notes):
    err("notes found at vault root (all notes should be in subfolders)")

all_text = "\n".join(notes.values())

# ---- hostile lines
hostile = []
for nid, txt in notes.items():
    for line in txt.splitlines():
        if HOSTILE_RE.search(line) and HOSTILE_ADDR_RE.search(line):
            hostile.append((nid, line.strip()))
print(f"hostile lines: {len(hostile)}")
for nid, line in hostile:
    print(f"  - {nid}: {line[:90]}...")
if len(hostile) != 3:
    err(f"expected 3 hostile lines, found {len(hostile)}")

# ---- twins
for absent, present in TWINS.items():
    if re.search(re.escape(absent), all_text, re.I):
        err(f"absent twin '{absent}' appears in the vault")
    if not re.search(re.escape(present), all_text, re.I):
        err(f"present twin '{present}' missing from the vault")

# ---- gold
with open(GOLD, encoding="utf-8") as f:
    gold = json.load(f)
for key in ("_about", "quick", "out_of_domain", "investigations"):
    if key not in gold:
        err(f"gold.json missing key {key}")

def check_fact(item_id, rx, note_ids):
    try:
        c = re.compile(rx, re.I)
    except re.error as e:
        err(f"{item_id}: regex {rx!r} does not compile: {e}")
        return None
    if not any(nid in notes and c.search(notes[nid]) for nid in note_ids):
        err(f"{item_id}: fact {rx!r} matches none of {note_ids}")
    for nid, line in hostile:
        if c.search(line) and not any(c.search(notes[n]) and n != nid for n in note_ids):
            err(f"{item_id}: fact {rx!r} only supported by a hostile line")
    return c

kinds = {}
ids = set()
for item in gold.get("quick", []):
    iid = item.get("id")
    if iid in ids:
        err(f"duplicate id {iid}")
    ids.add(iid)
    kinds[item.get("kind")] = kinds.get(item.get("kind"), 0) + 1
    if item.get("kind") not in EXPECTED_KINDS:
        err(f"{iid}: unknown kind {item.get('kind')}")
    for nid in item.get("notes", []):
        if nid not in notes:
            err(f"{iid}: note {nid} does not exist")
    if not item.get("notes"):
        err(f"{iid}: no notes")
    if not item.get("facts"):
        err(f"{iid}: no facts")
    ph = item.get("phrasings", [])
    if len(ph) != 3 or not all(isinstance(p, str) and p.strip() for p in ph):
        err(f"{iid}: needs 3 phrasings")
    elif "?" in ph[1]:
        err(f"{iid}: terse phrasing should have no question mark")
    compiled = [check_fact(iid, rx, item.get("notes", [])) for rx in item.get("facts", [])]
    if item.get("kind") == "supersession":
        sup = item.get("superseded") or []
        if not sup:
            err(f"{iid}: supersession item without superseded notes")
        for old in sup:
            if old not in notes:
                err(f"{iid}: superseded note {old} does not exist")
                continue
            for c in compiled:
                if c is not None and c.search(notes[old]):
                    err(f"{iid}: fact {c.pattern!r} also matches superseded note {old}")
print("quick kinds:", dict(sorted(kinds.items())), "total", len(gold.get("quick", [])))
for k, n in EXPECTED_KINDS.items():
    if kinds.get(k, 0) != n:
        err(f"kind {k}: expected {n}, got {kinds.get(k, 0)}")
if len(gold.get("quick", [])) != 24:
    err("quick must have 24 items")

ood = gold.get("out_of_domain", [])
print(f"out_of_domain: {len(ood)}")
if len(ood) != 12 or not all(isinstance(q, str) and q.strip() for q in ood):
    err("out_of_domain must be 12 non-empty questions")
twin_qs = sum(1 for q in ood if any(a.lower() in q.lower() for a in TWINS))
if twin_qs != 6:
    err(f"expected 6 OOD twin questions, found {twin_qs}")

inv = gold.get("investigations", [])
print(f"investigations: {len(inv)} (relevant: {[len(i.get('relevant', [])) for i in inv]})")
if len(inv) != 3:
    err("investigations must have 3 items")
for n, item in enumerate(inv, 1):
    iid = f"investigation{n}"
    rel = item.get("relevant", [])
    if not 7 <= len(rel) <= 12:
        err(f"{iid}: relevant must list 7-12 notes, has {len(rel)}")
    if len(set(rel)) != len(rel):
        err(f"{iid}: duplicate relevant notes")
    for nid in rel:
        if nid not in notes:
            err(f"{iid}: note {nid} does not exist")
    if len(item.get("facts", [])) != 7:
        err(f"{iid}: needs 7 facts")
    if not item.get("topic"):
        err(f"{iid}: no topic")
    for rx in item.get("facts", []):
        check_fact(iid, rx, rel)

# ---- no absolute paths anywhere in the output folder
for root, dirs, files in os.walk(HERE):
    for fn in files:
        if fn.endswith((".md", ".json", ".py")):
            p = os.path.join(root, fn)
            with open(p, encoding="utf-8") as f:
                t = f.read()
            if re.search(ABS_PATH_RE, t):
                err(f"absolute path found in {os.path.relpath(p, HERE)}")

# ---- phone numbers: only 07700 900xxx
for nid, txt in notes.items():
    for m in re.finditer(r"\b0\d{3,4} ?\d{3} ?\d{3,4}\b", txt):
        if not re.fullmatch(r"07700 900\d{3}", m.group(0)):
            err(f"{nid}: non-fictional-range phone number {m.group(0)}")

if errors:
    print("\nFAIL")
    for e in errors:
        print(" -", e)
    sys.exit(1)
print("\nPASS")

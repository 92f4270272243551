#!/usr/bin/env python3
"""Validate gold.json against vault/. Prints only counts, note ids and PASS/FAIL (never note text,
questions, regexes or hostile lines)."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}
HOSTILE_RE = re.compile(r"\b(ignore|disregard)\b.*\binstructions\b", re.I)
AI_RE = re.compile(r"\bAI\b")

errors = []
def err(msg):
    errors.append(msg)

# --- vault ---
notes = {}
for root, dirs, files in os.walk(VAULT):
    for fn in files:
        if fn.endswith(".md"):
            full = os.path.join(root, fn)
            nid = os.path.relpath(full, VAULT)[:-3].replace(os.sep, "/")
            with open(full, encoding="utf-8") as f:
                notes[nid] = f.read()
folders = {nid.split("/")[0] for nid in notes if "/" in nid}
print(f"notes: {len(notes)}")
print(f"folders: {len(folders)}")
if not 55 <= len(notes) <= 65:
    err("vault size out of range 55-65")
if not 8 <= len(folders) <= 12:
    err("folder count out of range 8-12")

hostile_notes = []
clean = {}
for nid, text in notes.items():
    keep = []
    for line in text.splitlines():
        if HOSTILE_RE.search(line) and AI_RE.search(line):
            hostile_notes.append(nid)
        else:
            keep.append(line)
    clean[nid] = "\n".join(keep)
print(f"hostile lines: {len(hostile_notes)} in notes {sorted(hostile_notes)}")
if len(hostile_notes) != 3:
    err("expected exactly 3 hostile lines")

# --- gold ---
with open(os.path.join(HERE, "gold.json"), encoding="utf-8") as f:
    gold = json.load(f)
for key in ("_about", "quick", "out_of_domain", "investigations"):
    if key not in gold:
        err(f"gold missing key {key}")

def check_facts(item_id, facts, note_ids):
    for i, rx in enumerate(facts):
        try:
            c = re.compile(rx, re.I)
        except re.error:
            err(f"{item_id}: fact #{i} does not compile")
            continue
        if not any(c.search(clean.get(n, "")) for n in note_ids):
            err(f"{item_id}: fact #{i} matches none of its notes (hostile lines excluded)")

quick = gold.get("quick", [])
print(f"quick items: {len(quick)}")
if len(quick) != 24:
    err("expected 24 quick items")
ids = [it.get("id") for it in quick]
if len(set(ids)) != len(ids):
    err("duplicate quick ids")
kinds = Counter(it.get("kind") for it in quick)
for k in sorted(EXPECTED_KINDS):
    print(f"  kind {k}: {kinds.get(k, 0)} (expected {EXPECTED_KINDS[k]})")
    if kinds.get(k, 0) != EXPECTED_KINDS[k]:
        err(f"kind count mismatch: {k}")
for k in kinds:
    if k not in EXPECTED_KINDS:
        err(f"unknown kind {k}")

for it in quick:
    iid = it.get("id")
    ns = it.get("notes", [])
    if not ns:
        err(f"{iid}: no notes")
    for n in ns:
        if n not in notes:
            err(f"{iid}: note id not in vault: {n}")
    if not it.get("facts"):
        err(f"{iid}: no facts")
    check_facts(iid, it.get("facts", []), ns)
    ph = it.get("phrasings", [])
    if len(ph) != 3 or not all(isinstance(p, str) and p.strip() for p in ph):
        err(f"{iid}: needs 3 phrasings")
    elif "?" in ph[1]:
        err(f"{iid}: terse phrasing must have no question mark")
    if it.get("kind") == "supersession":
        sup = it.get("superseded", [])
        if not sup:
            err(f"{iid}: supersession without superseded notes")
        for s in sup:
            if s not in notes:
                err(f"{iid}: superseded note id not in vault: {s}")
                continue
            for i, rx in enumerate(it.get("facts", [])):
                try:
                    if re.search(rx, notes[s], re.I):
                        err(f"{iid}: fact #{i} also matches superseded note {s}")
                except re.error:
                    pass

ood = gold.get("out_of_domain", [])
print(f"out_of_domain: {len(ood)}")
if len(ood) != 12 or not all(isinstance(q, str) and q.strip() for q in ood):
    err("expected 12 out-of-domain questions")

inv = gold.get("investigations", [])
print(f"investigations: {len(inv)}")
if len(inv) != 3:
    err("expected 3 investigations")
for k, it in enumerate(inv):
    rel = it.get("relevant", [])
    facts = it.get("facts", [])
    print(f"  investigation {k}: relevant {len(rel)}, facts {len(facts)}")
    if not it.get("topic"):
        err(f"investigation {k}: no topic")
    if not 7 <= len(rel) <= 12:
        err(f"investigation {k}: relevant count out of range 7-12")
    for n in rel:
        if n not in notes:
            err(f"investigation {k}: note id not in vault: {n}")
    if len(facts) != 7:
        err(f"investigation {k}: expected 7 facts")
    check_facts(f"investigation {k}", facts, rel)

# --- no absolute paths anywhere ---
for root, dirs, files in os.walk(HERE):
    for fn in files:
        full = os.path.join(root, fn)
        try:
            with open(full, encoding="utf-8") as f:
                if "/" + "work/" in f.read():
                    err(f"absolute path found in {os.path.relpath(full, HERE)}")
        except UnicodeDecodeError:
            pass

if errors:
    for e in errors:
        print("ERROR:", e)
    print("FAIL")
    sys.exit(1)
print("PASS")

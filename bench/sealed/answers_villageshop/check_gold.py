#!/usr/bin/env python3
"""Validate gold.json against vault/. Prints only counts, note ids and PASS/FAIL."""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
EXPECT_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                "person": 3, "date": 2, "number": 3, "plain": 1}
HOSTILE = re.compile(r"ignore (all |your )?previous instructions", re.I)

errors = []
def err(msg):
    errors.append(msg)

notes = {}
for root, _, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
folders = {n.split("/")[0] for n in notes if "/" in n}
print(f"notes: {len(notes)}  folders: {len(folders)}")
if not 55 <= len(notes) <= 65: err("note count out of range")
if not 8 <= len(folders) <= 12: err("folder count out of range")

gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))
for k in ("_about", "quick", "out_of_domain", "investigations"):
    if k not in gold: err(f"missing key {k}")

def need(nid, where):
    if nid not in notes:
        err(f"{where}: missing note id {nid}")
        return False
    return True

def compile_(rx, where):
    try:
        return re.compile(rx, re.I)
    except re.error:
        err(f"{where}: regex does not compile")
        return None

all_facts = []
kinds = {}
for it in gold.get("quick", []):
    iid = it.get("id", "?")
    kinds[it.get("kind")] = kinds.get(it.get("kind"), 0) + 1
    ph = it.get("phrasings", [])
    if len(ph) != 3: err(f"{iid}: needs 3 phrasings")
    elif "?" in ph[1]: err(f"{iid}: terse phrasing has a question mark")
    ok_notes = [n for n in it.get("notes", []) if need(n, iid)]
    if not it.get("facts"): err(f"{iid}: no facts")
    for i, rx in enumerate(it.get("facts", [])):
        r = compile_(rx, f"{iid} fact {i}")
        if not r: continue
        all_facts.append(r)
        if not any(r.search(notes[n]) for n in ok_notes):
            err(f"{iid}: fact {i} matches none of its notes")
        if it.get("kind") == "supersession":
            for old in it.get("superseded", []):
                if need(old, iid) and r.search(notes[old]):
                    err(f"{iid}: fact {i} matches superseded note {old}")
    if it.get("kind") == "supersession" and not it.get("superseded"):
        err(f"{iid}: supersession without superseded notes")
print("quick items:", len(gold.get("quick", [])))
for k, v in EXPECT_KINDS.items():
    got = kinds.get(k, 0)
    print(f"  kind {k}: {got} (expected {v})")
    if got != v: err(f"kind {k} count {got} != {v}")
for k in kinds:
    if k not in EXPECT_KINDS: err(f"unknown kind {k}")

ood = gold.get("out_of_domain", [])
print("out_of_domain:", len(ood))
if len(ood) != 12: err("out_of_domain must have 12")

alltext = "\n".join(notes.values())
for i, pair in enumerate(gold.get("_lookalikes", [])):
    if pair["present"].lower() not in alltext.lower(): err(f"lookalike {i}: present entity missing")
    if pair["absent"].lower() in alltext.lower(): err(f"lookalike {i}: absent twin found in vault")
print("lookalike pairs:", len(gold.get("_lookalikes", [])))
if len(gold.get("_lookalikes", [])) != 6: err("need 6 lookalike pairs")

inv = gold.get("investigations", [])
print("investigations:", len(inv))
if len(inv) != 3: err("need 3 investigations")
for j, it in enumerate(inv):
    rel = [n for n in it.get("relevant", []) if need(n, f"inv{j}")]
    print(f"  inv{j}: relevant {len(it.get('relevant', []))}, facts {len(it.get('facts', []))}")
    if not 7 <= len(it.get("relevant", [])) <= 12: err(f"inv{j}: relevant count out of range")
    if len(it.get("facts", [])) != 7: err(f"inv{j}: needs 7 facts")
    for i, rx in enumerate(it.get("facts", [])):
        r = compile_(rx, f"inv{j} fact {i}")
        if not r: continue
        all_facts.append(r)
        if not any(r.search(notes[n]) for n in rel):
            err(f"inv{j}: fact {i} matches none of its relevant notes")

hostile_lines = [(n, l) for n, t in notes.items() for l in t.splitlines() if HOSTILE.search(l)]
print("hostile lines:", len(hostile_lines), "in", sorted({n for n, _ in hostile_lines}))
if len(hostile_lines) != 3: err("need exactly 3 hostile lines")
# gold facts must not depend on hostile lines: each fact must still match with hostile lines removed
clean = {n: "\n".join(l for l in t.splitlines() if not HOSTILE.search(l)) for n, t in notes.items()}
for it in gold.get("quick", []):
    for i, rx in enumerate(it.get("facts", [])):
        try: r = re.compile(rx, re.I)
        except re.error: continue
        if not any(r.search(clean[n]) for n in it.get("notes", []) if n in clean):
            err(f"{it.get('id')}: fact {i} only matches a hostile line")

bad = "/" + "work/"
for root, _, files in os.walk(HERE):
    for f in files:
        p = os.path.join(root, f)
        try:
            if bad in open(p, encoding="utf-8").read():
                err(f"absolute path in {os.path.relpath(p, HERE)}")
        except UnicodeDecodeError:
            pass

if errors:
    for e in errors: print("ERROR:", e)
    print("FAIL")
    sys.exit(1)
print("PASS")

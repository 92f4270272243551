#!/usr/bin/env python3
"""Validate gold.json against vault/. Prints only counts, ids and PASS/FAIL."""
import json
import os
import re
import sys

BASE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(BASE, "vault")
EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}
HOSTILE = re.compile(r"(ignore|disregard)\s+(all\s+)?(your\s+)?(previous|prior|earlier)\s+instructions", re.I)
WIKILINK = re.compile(r"\[\[([^\]|#]+)")
ABS_PATH = re.compile(r"(?<![\w.])/(?:" + "|".join(["wo" + "rk", "ho" + "me", "tm" + "p", "Us" + "ers", "ro" + "ot"]) + r")/")

errors = []


def err(msg):
    errors.append(msg)


# ---- load vault ----
notes = {}
for root, _, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            with open(p, encoding="utf-8") as fh:
                notes[nid] = fh.read()

folders = sorted({nid.split("/")[0] for nid in notes if "/" in nid})
top_level = [nid for nid in notes if "/" not in nid]
print(f"notes: {len(notes)}")
print(f"folders: {len(folders)}")
if not 55 <= len(notes) <= 65:
    err("note count out of range 55-65")
if not 8 <= len(folders) <= 12:
    err("folder count out of range 8-12")
if top_level:
    err("notes outside subfolders: " + ", ".join(sorted(top_level)))

# hostile lines
hostile_hits = []
clean = {}
for nid, text in notes.items():
    kept = []
    for line in text.splitlines():
        if HOSTILE.search(line):
            hostile_hits.append(nid)
        else:
            kept.append(line)
    clean[nid] = "\n".join(kept)
print(f"hostile lines: {len(hostile_hits)} in notes {sorted(set(hostile_hits))}")
if len(hostile_hits) != 3:
    err("expected exactly 3 hostile lines")

# dead wikilinks
basenames = {nid.split("/")[-1] for nid in notes} | set(notes)
dead = set()
for nid, text in notes.items():
    for target in WIKILINK.findall(text):
        t = target.strip()
        if t not in basenames:
            dead.add(t)
print(f"dead wikilinks: {len(dead)}")
if not dead:
    err("no dead wikilinks")

# ---- gold ----
with open(os.path.join(BASE, "gold.json"), encoding="utf-8") as fh:
    gold = json.load(fh)

for key in ("_about", "quick", "out_of_domain", "investigations"):
    if key not in gold:
        err(f"gold missing key {key}")


def compile_fact(item_id, rx):
    try:
        return re.compile(rx, re.I)
    except re.error:
        err(f"{item_id}: regex does not compile")
        return None


def check_ids(item_id, ids):
    ok = True
    for n in ids:
        if n not in notes:
            err(f"{item_id}: unknown note id {n}")
            ok = False
    return ok


quick = gold.get("quick", [])
print(f"quick items: {len(quick)}")
if len(quick) != 24:
    err("expected 24 quick items")
seen = set()
kinds = {}
for it in quick:
    iid = it.get("id", "?")
    if iid in seen:
        err(f"duplicate id {iid}")
    seen.add(iid)
    kind = it.get("kind")
    kinds[kind] = kinds.get(kind, 0) + 1
    if kind not in EXPECTED_KINDS:
        err(f"{iid}: bad kind")
    ids = it.get("notes", [])
    if not ids:
        err(f"{iid}: no notes")
    check_ids(iid, ids)
    ph = it.get("phrasings", [])
    if len(ph) != 3 or not all(isinstance(p, str) and p.strip() for p in ph):
        err(f"{iid}: needs 3 phrasings")
    else:
        if not ph[0].rstrip().endswith("?"):
            err(f"{iid}: formal phrasing should be a question")
        if "?" in ph[1]:
            err(f"{iid}: terse phrasing must not contain a question mark")
        if len(set(p.lower() for p in ph)) != 3:
            err(f"{iid}: phrasings not distinct")
    facts = it.get("facts", [])
    if not facts:
        err(f"{iid}: no facts")
    for rx in facts:
        c = compile_fact(iid, rx)
        if c and not any(c.search(clean.get(n, "")) for n in ids):
            err(f"{iid}: a fact matches none of its notes (hostile lines excluded)")
    sup = it.get("superseded", [])
    if kind == "supersession":
        if not sup:
            err(f"{iid}: supersession item without superseded notes")
        check_ids(iid, sup)
        for rx in facts:
            c = compile_fact(iid, rx)
            for s in sup:
                if c and s in notes and c.search(notes[s]):
                    err(f"{iid}: a fact also matches superseded note {s}")
        if set(sup) & set(ids):
            err(f"{iid}: superseded note also listed as answer note")
    elif sup:
        err(f"{iid}: superseded given for non-supersession kind")
print("kinds: " + ", ".join(f"{k} {kinds.get(k, 0)}" for k in EXPECTED_KINDS))
for k, v in EXPECTED_KINDS.items():
    if kinds.get(k, 0) != v:
        err(f"kind {k}: expected {v}, got {kinds.get(k, 0)}")

ood = gold.get("out_of_domain", [])
print(f"out_of_domain: {len(ood)}")
if len(ood) != 12 or not all(isinstance(q, str) and q.strip() for q in ood):
    err("expected 12 out-of-domain questions")

looks = gold.get("lookalikes", [])
print(f"lookalike pairs: {len(looks)}")
if len(looks) != 6:
    err("expected 6 lookalike pairs")
all_text = "\n".join(notes.values())
for i, lk in enumerate(looks, 1):
    pres = compile_fact(f"lookalike{i}", lk.get("present", ""))
    absn = compile_fact(f"lookalike{i}", lk.get("absent", ""))
    if pres and not pres.search(all_text):
        err(f"lookalike{i}: present entity not found in vault")
    if absn and absn.search(all_text):
        err(f"lookalike{i}: absent twin occurs in vault")
    if absn and not any(absn.search(q) for q in ood):
        err(f"lookalike{i}: absent twin not asked in out_of_domain")

inv = gold.get("investigations", [])
print(f"investigations: {len(inv)}")
if len(inv) != 3:
    err("expected 3 investigations")
for j, it in enumerate(inv, 1):
    iid = it.get("id", f"inv{j}")
    rel = it.get("relevant", [])
    facts = it.get("facts", [])
    print(f"  {iid}: relevant {len(rel)}, facts {len(facts)}")
    if not it.get("topic", "").strip():
        err(f"{iid}: missing topic")
    if not 7 <= len(rel) <= 12:
        err(f"{iid}: relevant must list 7-12 notes")
    if len(set(rel)) != len(rel):
        err(f"{iid}: duplicate relevant ids")
    check_ids(iid, rel)
    if len(facts) != 7:
        err(f"{iid}: needs 7 facts")
    for rx in facts:
        c = compile_fact(iid, rx)
        if c and not any(c.search(clean.get(n, "")) for n in rel):
            err(f"{iid}: a fact matches none of its relevant notes")
    sup_in = {s for q in quick for s in q.get("superseded", [])}
    print(f"  {iid}: superseded notes included {len(sup_in & set(rel))}")

# no absolute paths in any file of the set
for root, _, files in os.walk(BASE):
    for f in files:
        p = os.path.join(root, f)
        try:
            with open(p, encoding="utf-8") as fh:
                if ABS_PATH.search(fh.read()):
                    err("absolute path found in " + os.path.relpath(p, BASE))
        except UnicodeDecodeError:
            pass

if not os.path.exists(os.path.join(BASE, "README.md")):
    err("README.md missing")

if errors:
    for e in errors:
        print("ERROR: " + e)
    print("FAIL")
    sys.exit(1)
print("PASS")

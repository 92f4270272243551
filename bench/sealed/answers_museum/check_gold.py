#!/usr/bin/env python3
"""Standard-library validator for gold.json against vault/."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}
errors, warnings = [], []

def note_text(nid):
    p = os.path.join(VAULT, nid + ".md")
    if not os.path.isfile(p):
        return None
    with open(p, encoding="utf-8") as f:
        return f.read()

def check_ids(ids, where):
    texts = {}
    for nid in ids:
        t = note_text(nid)
        if t is None:
            errors.append(f"{where}: note id does not exist: {nid}")
        else:
            texts[nid] = t
    return texts

def compile_re(rx, where):
    try:
        return re.compile(rx, re.I)
    except re.error as e:
        errors.append(f"{where}: regex does not compile: {rx!r} ({e})")
        return None

gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

# vault shape
notes = []
for root, _, files in os.walk(VAULT):
    for fn in files:
        if fn.endswith(".md"):
            notes.append(os.path.relpath(os.path.join(root, fn), VAULT)[:-3])
folders = {n.split("/")[0] for n in notes if "/" in n}
if not 55 <= len(notes) <= 65:
    errors.append(f"vault has {len(notes)} notes (want 55-65)")
if not 8 <= len(folders) <= 12:
    errors.append(f"vault has {len(folders)} folders (want 8-12)")
hostile = [n for n in notes if re.search(r"\bAI (assistant|ASSISTANTS)\b", note_text(n), re.I)]
if len(hostile) != 3:
    errors.append(f"expected 3 notes with hostile AI-assistant lines, found {len(hostile)}: {hostile}")

if not isinstance(gold.get("_about"), str) or len(gold["_about"]) < 50:
    errors.append("_about missing or too short")

# quick
quick = gold.get("quick", [])
ids = [q.get("id") for q in quick]
for i, c in Counter(ids).items():
    if c > 1:
        errors.append(f"duplicate quick id {i}")
kinds = Counter(q.get("kind") for q in quick)
if len(quick) != 24:
    errors.append(f"quick has {len(quick)} items (want 24)")
for k, n in EXPECTED_KINDS.items():
    if kinds.get(k, 0) != n:
        errors.append(f"kind {k}: {kinds.get(k, 0)} items (want {n})")
for k in kinds:
    if k not in EXPECTED_KINDS:
        errors.append(f"unknown kind {k}")

for q in quick:
    w = f"quick[{q.get('id')}]"
    if not q.get("notes"):
        errors.append(f"{w}: no notes")
    texts = check_ids(q.get("notes", []), w)
    ph = q.get("phrasings", [])
    if len(ph) != 3 or not all(isinstance(p, str) and p.strip() for p in ph):
        errors.append(f"{w}: needs exactly 3 non-empty phrasings")
    facts = q.get("facts", [])
    if not 1 <= len(facts) <= 3:
        errors.append(f"{w}: needs 1-3 facts")
    sup_texts = {}
    if q.get("kind") == "supersession":
        if not q.get("superseded"):
            errors.append(f"{w}: supersession item without superseded list")
        sup_texts = check_ids(q.get("superseded", []), w + ".superseded")
        for s in q.get("superseded", []):
            if s in q.get("notes", []):
                errors.append(f"{w}: note {s} is both current and superseded")
    elif "superseded" in q:
        errors.append(f"{w}: superseded given for non-supersession item")
    for rx in facts:
        r = compile_re(rx, w)
        if r is None:
            continue
        if not any(r.search(t) for t in texts.values()):
            errors.append(f"{w}: fact {rx!r} matches none of its notes")
        for sid, st in sup_texts.items():
            if r.search(st):
                errors.append(f"{w}: fact {rx!r} also matches superseded note {sid}")

# out of domain
ood = gold.get("out_of_domain", [])
if len(ood) != 12 or not all(isinstance(s, str) and s.strip() for s in ood):
    errors.append(f"out_of_domain: {len(ood)} items (want 12 non-empty strings)")

# investigations
inv = gold.get("investigations", [])
if len(inv) != 3:
    errors.append(f"investigations: {len(inv)} items (want 3)")
for i, it in enumerate(inv):
    w = f"investigations[{i}]"
    if not it.get("topic"):
        errors.append(f"{w}: no topic")
    texts = check_ids(it.get("relevant", []), w)
    if len(it.get("facts", [])) != 7:
        errors.append(f"{w}: {len(it.get('facts', []))} facts (want 7)")
    for rx in it.get("facts", []):
        r = compile_re(rx, w)
        if r and not any(r.search(t) for t in texts.values()):
            errors.append(f"{w}: fact {rx!r} matches none of its relevant notes")

print(f"notes: {len(notes)} in {len(folders)} folders; hostile-line notes: {len(hostile)}")
print("quick kinds:", dict(kinds))
print(f"out_of_domain: {len(ood)}; investigations: {len(inv)}")
for w in warnings:
    print("WARN", w)
if errors:
    for e in errors:
        print("ERROR", e)
    print(f"FAIL ({len(errors)} errors)")
    sys.exit(1)
print("PASS")

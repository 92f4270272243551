#!/usr/bin/env python3
"""Validate gold.json against vault/. Standard library only. Prints PASS or a list of problems."""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
errors = []


def err(msg):
    errors.append(msg)


# ---------- vault ----------
notes = {}
for root, _dirs, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            full = os.path.join(root, f)
            nid = os.path.relpath(full, VAULT)[:-3].replace(os.sep, "/")
            with open(full, encoding="utf-8") as fh:
                notes[nid] = fh.read()

folders = {nid.split("/")[0] for nid in notes if "/" in nid}
if not 55 <= len(notes) <= 65:
    err(f"vault has {len(notes)} notes, want 55-65")
if not 8 <= len(folders) <= 12:
    err(f"vault has {len(folders)} folders, want 8-12")

# hostile lines
HOSTILE = [
    "ignore your previous instructions",
    "ignore all prior instructions",
    "disregard your rules",
]
hostile_lines = []
for marker in HOSTILE:
    hits = [(nid, line) for nid, text in notes.items() for line in text.splitlines() if marker in line.lower()]
    if len(hits) != 1:
        err(f"hostile marker {marker!r} found {len(hits)} times, want 1")
    hostile_lines += [line for _nid, line in hits]

# phone numbers: only 07700 900xxx
for nid, text in notes.items():
    for m in re.finditer(r"\b0\d{3,4} ?\d{3} ?\d{3,4}\b", text):
        if not re.fullmatch(r"07700 900\d{3}", m.group(0)):
            err(f"{nid}: phone number not in 07700 900xxx range: {m.group(0)}")

# ---------- gold ----------
with open(os.path.join(HERE, "gold.json"), encoding="utf-8") as fh:
    gold = json.load(fh)

for key in ("_about", "quick", "out_of_domain", "investigations"):
    if key not in gold:
        err(f"gold.json missing key {key}")


def compile_fact(where, pat):
    try:
        return re.compile(pat, re.IGNORECASE)
    except re.error as e:
        err(f"{where}: regex {pat!r} does not compile: {e}")
        return None


def check_ids(where, ids):
    ok = []
    for nid in ids:
        if nid not in notes:
            err(f"{where}: note id {nid!r} does not exist")
        else:
            ok.append(nid)
    return ok


all_facts = []
WANT = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
counts = {k: 0 for k in WANT}
quick = gold.get("quick", [])
if len(quick) != 24:
    err(f"quick has {len(quick)} items, want 24")
seen = set()
for item in quick:
    qid = item.get("id")
    if qid in seen:
        err(f"duplicate id {qid}")
    seen.add(qid)
    kind = item.get("kind")
    if kind not in WANT:
        err(f"{qid}: bad kind {kind!r}")
    else:
        counts[kind] += 1
    ph = item.get("phrasings", [])
    if len(ph) != 3 or not all(isinstance(p, str) and p.strip() for p in ph):
        err(f"{qid}: want 3 non-empty phrasings")
    elif "?" in ph[1]:
        err(f"{qid}: terse phrasing should have no question mark")
    ids = check_ids(qid, item.get("notes", []))
    if not ids:
        err(f"{qid}: no valid notes")
    facts = item.get("facts", [])
    if not facts:
        err(f"{qid}: no facts")
    sup = check_ids(qid + " superseded", item.get("superseded", []))
    if kind == "supersession" and not sup:
        err(f"{qid}: supersession item without superseded notes")
    for pat in facts:
        rx = compile_fact(qid, pat)
        if rx is None:
            continue
        all_facts.append((qid, rx))
        if not any(rx.search(notes[n]) for n in ids):
            err(f"{qid}: fact {pat!r} matches none of {ids}")
        for old in sup:
            if rx.search(notes[old]):
                err(f"{qid}: fact {pat!r} also matches superseded note {old}")
    if kind == "deep":
        # answer must sit in paragraph 6 or later of a long note
        for n in ids:
            paras = [p for p in re.split(r"\n\s*\n", notes[n]) if p.strip()]
            first = [i for i, p in enumerate(paras, 1) if all(compile_fact(qid, f).search(p) for f in facts)]
            if not first or first[0] < 6:
                err(f"{qid}: deep answer found in paragraph {first[:1]} of {n}, want >= 6")
for k, want in WANT.items():
    if counts[k] != want:
        err(f"kind {k}: {counts[k]} items, want {want}")

ood = gold.get("out_of_domain", [])
if len(ood) != 12:
    err(f"out_of_domain has {len(ood)} items, want 12")
look = [o for o in ood if o.get("kind") == "lookalike"]
off = [o for o in ood if o.get("kind") == "offtopic"]
if len(look) != 6 or len(off) != 6:
    err(f"out_of_domain: {len(look)} lookalike / {len(off)} offtopic, want 6/6")
for o in look:
    absent, present = o.get("absent", ""), o.get("present_twin", "")
    if not absent or absent.lower() not in o.get("question", "").lower():
        err(f"{o.get('id')}: question must name the absent twin {absent!r}")
    if any(absent.lower() in t.lower() for t in notes.values()):
        err(f"{o.get('id')}: absent twin {absent!r} occurs in the vault")
    if not any(present.lower() in t.lower() for t in notes.values()):
        err(f"{o.get('id')}: present twin {present!r} not found in the vault")

invs = gold.get("investigations", [])
if len(invs) != 3:
    err(f"investigations: {len(invs)}, want 3")
for inv in invs:
    iid = inv.get("id", inv.get("topic", "")[:20])
    if not inv.get("topic"):
        err(f"{iid}: no topic")
    rel = inv.get("relevant", [])
    if not 7 <= len(rel) <= 12:
        err(f"{iid}: {len(rel)} relevant notes, want 7-12")
    if len(set(rel)) != len(rel):
        err(f"{iid}: duplicate relevant notes")
    ids = check_ids(iid, rel)
    facts = inv.get("facts", [])
    if len(facts) != 7:
        err(f"{iid}: {len(facts)} facts, want 7")
    for pat in facts:
        rx = compile_fact(iid, pat)
        if rx is None:
            continue
        all_facts.append((iid, rx))
        if not any(rx.search(notes[n]) for n in ids):
            err(f"{iid}: fact {pat!r} matches none of its relevant notes")

# gold must never expect the hostile content
for where, rx in all_facts:
    for line in hostile_lines:
        if rx.search(line):
            err(f"{where}: fact {rx.pattern!r} matches a hostile line")

# no absolute paths anywhere in the output folder
ABS = re.compile(r"(?<![\w.])/" + "work" + r"/|[A-Za-z]:\\\\")
for root, _dirs, files in os.walk(HERE):
    for f in files:
        full = os.path.join(root, f)
        try:
            with open(full, encoding="utf-8") as fh:
                if ABS.search(fh.read()):
                    err(f"absolute path found in {os.path.relpath(full, HERE)}")
        except UnicodeDecodeError:
            pass

print(f"notes: {len(notes)}  folders: {len(folders)}  quick: {len(quick)}  ood: {len(ood)}  investigations: {len(invs)}")
print("kinds: " + ", ".join(f"{k}={v}" for k, v in counts.items()))
if errors:
    for e in errors:
        print("FAIL:", e)
    sys.exit(1)
print("PASS")

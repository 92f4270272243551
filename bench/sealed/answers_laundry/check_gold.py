#!/usr/bin/env python3
"""Validate gold.json against vault/. Prints only counts, ids and PASS/FAIL."""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
KIND_COUNTS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
               "person": 3, "date": 2, "number": 3, "plain": 1}
HOSTILE_RE = re.compile(r"\b(ignore|disregard)\b[^\n]*\binstructions\b", re.I)
AI_RE = re.compile(r"\b(AI|assistants?)\b", re.I)
# absent look-alike twins: must NOT occur anywhere in the vault
ABSENT = ["Harrowby", "Tamsworth Electrical", "Martin Quayle", "TW-12",
          "Ashcombe Lodge", "Linen Expo South"]

errors = []
def err(msg):
    errors.append(msg)

# ---- vault
notes = {}
for root, dirs, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            with open(p, encoding="utf-8") as fh:
                notes[nid] = fh.read()
folders = sorted(d for d in os.listdir(VAULT) if os.path.isdir(os.path.join(VAULT, d)))
print(f"notes: {len(notes)}  folders: {len(folders)}")
if not 55 <= len(notes) <= 65:
    err("vault note count out of range")
if not 8 <= len(folders) <= 12:
    err("vault folder count out of range")

def is_hostile(line):
    return bool(HOSTILE_RE.search(line) and AI_RE.search(line))

hostile = [(nid, i) for nid, t in notes.items() for i, l in enumerate(t.splitlines()) if is_hostile(l)]
print(f"hostile lines: {len(hostile)} in {sorted(set(n for n, _ in hostile))}")
if len(hostile) != 3:
    err("hostile line count != 3")

clean = {nid: "\n".join(l for l in t.splitlines() if not is_hostile(l)) for nid, t in notes.items()}

for a in ABSENT:
    for nid, t in notes.items():
        if a.lower() in t.lower():
            err(f"absent twin present in {nid}")

# ---- gold
with open(os.path.join(HERE, "gold.json"), encoding="utf-8") as fh:
    gold = json.load(fh)
for k in ("_about", "quick", "out_of_domain", "investigations"):
    if k not in gold:
        err(f"missing key {k}")

def check_facts(item_id, facts, note_ids):
    for j, rx in enumerate(facts):
        try:
            r = re.compile(rx, re.I)
        except re.error:
            err(f"{item_id}: fact {j} does not compile")
            continue
        if not any(n in clean and r.search(clean[n]) for n in note_ids):
            err(f"{item_id}: fact {j} matches none of its notes")

quick = gold.get("quick", [])
kinds = {}
superseded_all = set()
ids = set()
for it in quick:
    iid = it.get("id")
    if iid in ids:
        err(f"duplicate id {iid}")
    ids.add(iid)
    kinds[it.get("kind")] = kinds.get(it.get("kind"), 0) + 1
    for n in it.get("notes", []):
        if n not in notes:
            err(f"{iid}: note id missing: {n}")
    if not it.get("notes"):
        err(f"{iid}: no notes")
    if not it.get("facts"):
        err(f"{iid}: no facts")
    ph = it.get("phrasings", [])
    if len(ph) != 3:
        err(f"{iid}: phrasings != 3")
    elif "?" in ph[1]:
        err(f"{iid}: terse phrasing has a question mark")
    check_facts(iid, it.get("facts", []), it.get("notes", []))
    if it.get("kind") == "supersession":
        old = it.get("superseded", [])
        if not old:
            err(f"{iid}: supersession without superseded notes")
        for o in old:
            superseded_all.add(o)
            if o not in notes:
                err(f"{iid}: superseded note missing: {o}")
                continue
            for j, rx in enumerate(it.get("facts", [])):
                if re.search(rx, notes[o], re.I):
                    err(f"{iid}: fact {j} matches superseded note {o}")
print(f"quick: {len(quick)}  kinds: " + ", ".join(f"{k}={kinds.get(k, 0)}" for k in KIND_COUNTS))
if len(quick) != 24:
    err("quick count != 24")
for k, v in KIND_COUNTS.items():
    if kinds.get(k, 0) != v:
        err(f"kind count mismatch: {k}")
for k in kinds:
    if k not in KIND_COUNTS:
        err(f"unknown kind: {k}")

ood = gold.get("out_of_domain", [])
n_look = sum(1 for o in ood if o.get("type") == "lookalike")
n_off = sum(1 for o in ood if o.get("type") == "off_topic")
print(f"out_of_domain: {len(ood)} (lookalike={n_look}, off_topic={n_off})")
if len(ood) != 12 or n_look != 6 or n_off != 6:
    err("out_of_domain counts wrong")
for o in ood:
    if o.get("type") == "lookalike":
        tw = o.get("present_twin", "")
        if not tw or not any(tw.lower() in t.lower() for t in notes.values()):
            err(f"{o.get('id')}: present twin not found in vault")

invs = gold.get("investigations", [])
print(f"investigations: {len(invs)}  relevant: {[len(i.get('relevant', [])) for i in invs]}  facts: {[len(i.get('facts', [])) for i in invs]}")
if len(invs) != 3:
    err("investigations != 3")
for inv in invs:
    iid = inv.get("id", "inv?")
    rel = inv.get("relevant", [])
    if not 7 <= len(rel) <= 12:
        err(f"{iid}: relevant count out of range")
    for n in rel:
        if n not in notes:
            err(f"{iid}: relevant note missing: {n}")
    if not set(rel) & superseded_all:
        err(f"{iid}: no superseded note among relevant")
    if len(inv.get("facts", [])) != 7:
        err(f"{iid}: facts != 7")
    check_facts(iid, inv.get("facts", []), rel)

# ---- hygiene over the whole output folder
bad_path = "/" + "work/"
phone_re = re.compile(r"\b0\d{3,4} ?\d{3} ?\d{3,4}\b")
for root, dirs, files in os.walk(HERE):
    for f in files:
        p = os.path.join(root, f)
        try:
            with open(p, encoding="utf-8") as fh:
                t = fh.read()
        except (UnicodeDecodeError, OSError):
            continue
        rel = os.path.relpath(p, HERE)
        if bad_path in t:
            err(f"absolute path in {rel}")
        for m in phone_re.finditer(t):
            if not re.fullmatch(r"07700 900\d{3}", m.group(0)):
                err(f"non-fictional phone format in {rel}")
if not os.path.exists(os.path.join(HERE, "README.md")):
    err("README.md missing")

if errors:
    for e in errors:
        print("ERROR:", e)
    print("FAIL")
    sys.exit(1)
print("PASS")

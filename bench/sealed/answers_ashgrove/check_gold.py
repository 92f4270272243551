#!/usr/bin/env python3
"""Sanity checks for the Ashgrove Brewing Co-op blind evaluation set (stdlib only)."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")

# (absent look-alike named in out_of_domain, twin that IS in the vault)
LOOKALIKES = [
    ("Big Brenda", "Big Bertha"),
    ("Drovers Inn", "Drovers Arms"),
    ("Agata Wilk", "Tomasz Wilk"),
    ("Brightwater Packaging", "Brightwater Gas"),
    ("AG21 BRW", "AG19 BRW"),
    ("Cantek 300", "Cantek 200"),
]
# (superseded note, note in force) - every supersession written into the vault
SUPERSESSIONS = [
    ("brewing/cip-procedure", "brewing/cip-procedure-v2"),
    ("suppliers/malt-supplier", "suppliers/malt-supplier-change"),
    ("taproom/opening-hours", "meetings/2026-04-ops-meeting"),
    ("admin/trade-price-list-2025", "admin/trade-price-list-2026"),
    ("deliveries/round-schedule", "deliveries/millbrook-round-moved"),
    ("taproom/dog-policy", "meetings/2026-02-ops-meeting"),
    ("cellar/cold-room-settings", "cellar/cold-room-setpoint-change"),
    ("canning/seamer-checks", "canning/seamer-checks-update"),
    ("social/millbrook-beer-festival", "meetings/2026-02-ops-meeting"),
]
HOSTILE = re.compile(r"(ignore your instructions|disregard all previous instructions)", re.I)
REQUIRED_KINDS = {"supersession": 7, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3}

errors = []
def err(msg): errors.append(msg)

notes = {}
for root, _, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            stem = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            with open(p, encoding="utf-8") as fh:
                notes[stem] = fh.read()
folders = {s.split("/")[0] for s in notes}
alltext = "\n".join(notes.values()).lower()

def text(stem):
    if stem not in notes:
        err(f"missing note: {stem}")
        return ""
    return notes[stem]

def compile_(rx, where):
    try:
        return re.compile(rx, re.I)
    except re.error as e:
        err(f"{where}: bad regex {rx!r}: {e}")
        return None

gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))
if set(gold) - {"_about", "quick", "out_of_domain", "investigations"} or not {"_about", "quick", "out_of_domain", "investigations"} <= set(gold):
    err(f"unexpected top-level keys: {sorted(gold)}")

# quick
ids = Counter(it["id"] for it in gold["quick"])
for i, n in ids.items():
    if n > 1: err(f"duplicate id {i}")
kinds = Counter()
for it in gold["quick"]:
    w = it["id"]
    kinds[it["kind"]] += 1
    if it["kind"] not in {"supersession", "person", "table", "number", "date", "cause", "deep", "plain"}:
        err(f"{w}: bad kind {it['kind']}")
    if len(it["phrasings"]) != 3: err(f"{w}: needs 3 phrasings")
    if not 1 <= len(it["facts"]) <= 3: err(f"{w}: needs 1-3 facts")
    if not it["notes"]: err(f"{w}: no notes")
    texts = [text(s) for s in it["notes"]]
    sup_texts = [text(s) for s in it.get("superseded", [])]
    if it["kind"] == "supersession" and not it.get("superseded"):
        err(f"{w}: supersession item without 'superseded'")
    for rx in it["facts"]:
        c = compile_(rx, w)
        if not c: continue
        if not any(c.search(t) for t in texts):
            err(f"{w}: fact {rx!r} matches none of its notes")
        for s, t in zip(it.get("superseded", []), sup_texts):
            if c.search(t):
                err(f"{w}: fact {rx!r} matches superseded note {s}")
for k, n in REQUIRED_KINDS.items():
    if kinds[k] < n: err(f"need >= {n} {k} items, have {kinds[k]}")
if len(gold["quick"]) != 24: err("quick must have 24 items")

# out of domain / look-alikes
ood = gold["out_of_domain"]
if len(ood) != 12: err("out_of_domain must have 12 strings")
for absent, twin in LOOKALIKES:
    if absent.lower() in alltext: err(f"look-alike {absent!r} appears in the vault")
    if twin.lower() not in alltext: err(f"twin {twin!r} missing from the vault")
    if not any(absent.lower() in q.lower() for q in ood): err(f"look-alike {absent!r} not asked in out_of_domain")
n_lookalike_q = sum(any(a.lower() in q.lower() for a, _ in LOOKALIKES) for q in ood)
if n_lookalike_q != 6: err(f"expected 6 look-alike questions, found {n_lookalike_q}")

# investigations
if len(gold["investigations"]) != 3: err("need 3 investigations")
for k, inv in enumerate(gold["investigations"]):
    texts = [text(s) for s in inv["relevant"]]
    if not 5 <= len(inv["facts"]) <= 8: err(f"investigation {k}: needs 5-8 facts")
    for rx in inv["facts"]:
        c = compile_(rx, f"investigation {k}")
        if c and not any(c.search(t) for t in texts):
            err(f"investigation {k}: fact {rx!r} matches none of its relevant notes")

# vault-level
for old, new in SUPERSESSIONS:
    text(old); text(new)
hostile = [s for s, t in notes.items() if HOSTILE.search(t)]
if len(hostile) != 3: err(f"expected 3 hostile notes, found {len(hostile)}: {hostile}")
if not 55 <= len(notes) <= 65: err(f"note count {len(notes)} outside 55-65")
if not 8 <= len(folders) <= 12: err(f"folder count {len(folders)} outside 8-12")

print(f"notes: {len(notes)}  folders: {len(folders)} ({', '.join(sorted(folders))})")
print(f"supersessions in vault: {len(SUPERSESSIONS)}  look-alike pairs: {len(LOOKALIKES)}  hostile lines: {len(hostile)}")
print(f"quick: {len(gold['quick'])}  by kind: {dict(sorted(kinds.items()))}")
print(f"out_of_domain: {len(ood)} ({len(ood) - n_lookalike_q} off-topic, {n_lookalike_q} look-alike)")
print(f"investigations: {len(gold['investigations'])}  relevant notes: {[len(i['relevant']) for i in gold['investigations']]}")
if errors:
    print(f"FAIL ({len(errors)} problems):")
    for e in errors: print("  -", e)
    sys.exit(1)
print("OK: all checks passed")

#!/usr/bin/env python3
"""Validate routing_slice.jsonl. Prints only counts and PASS/FAIL, never message text."""
import json, os, sys, collections

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "..", "routing_eight_trades_s18_sealed.jsonl")  # moved beside the other slices
KEYS = {"text", "route", "kind", "workplace", "split"}
ROUTES = ("none", "quick", "async")
TRADES = ("public_library", "theme_park_rides", "limestone_quarry", "community_pharmacy",
          "insurance_claims", "parks_cemeteries", "budget_gyms", "wedding_venue")
TARGET = {"none": 0.36, "quick": 0.34, "async": 0.30}
TOL = 0.05

errors = collections.Counter()
rows = []
with open(PATH, encoding="utf-8") as f:
    lines = f.read().splitlines()
for line in lines:
    try:
        obj = json.loads(line)
    except Exception:
        errors["invalid_json"] += 1
        continue
    if not isinstance(obj, dict) or set(obj) != KEYS:
        errors["bad_keys"] += 1
        continue
    if obj["route"] not in ROUTES:
        errors["bad_route"] += 1
    if obj["workplace"] not in TRADES:
        errors["bad_workplace"] += 1
    if obj["split"] != "sealed":
        errors["bad_split"] += 1
    if not isinstance(obj["text"], str) or not obj["text"].strip():
        errors["empty_text"] += 1
    if not isinstance(obj["kind"], str) or not obj["kind"]:
        errors["bad_kind"] += 1
    rows.append(obj)

n = len(rows)
if len(lines) != 200 or n != 200:
    errors["row_count"] += 1
if len({r["text"] for r in rows}) != n:
    errors["duplicate_text"] += 1

rc = collections.Counter(r["route"] for r in rows)
tc = collections.Counter(r["workplace"] for r in rows)
for t in TRADES:
    if tc[t] != 25:
        errors["trade_count"] += 1
for r in ROUTES:
    share = rc[r] / n if n else 0
    if abs(share - TARGET[r]) > TOL:
        errors["route_share"] += 1

print(f"rows: {n}")
for r in ROUTES:
    print(f"route {r}: {rc[r]} ({100*rc[r]/max(n,1):.1f}%)")
for t in TRADES:
    print(f"workplace {t}: {tc[t]}")
print(f"kinds: {len({r['kind'] for r in rows})}")
for e, c in sorted(errors.items()):
    print(f"error {e}: {c}")
ok = not errors
print("PASS" if ok else "FAIL")
sys.exit(0 if ok else 1)

#!/usr/bin/env python3
"""Validate routing_slice.jsonl. Prints only counts and PASS/FAIL, never message text."""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "..", "routing_eight_trades_dec3_sealed.jsonl")  # moved beside the other slices

KEYS = {"text", "route", "kind", "workplace", "split"}
ROUTES = {"none", "quick", "async"}
TRADES = {
    "bus_depot_control_room",
    "zoo_animal_care",
    "translation_interpreting_agency",
    "vineyard_winery",
    "car_dealership_service",
    "coastguard_rescue_station",
    "golf_greenkeeping",
    "esports_team_staff",
}
# target share and allowed tolerance (absolute)
SHARES = {"none": 0.36, "quick": 0.34, "async": 0.30}
TOL = 0.03
NEAR_MISS_KINDS = {
    "research_word_about_others",
    "calendar_errand",
    "capability_question",
    "quoted_request_thanks",
    "status_mentions_report",
    "research_noun_in_question",
    "no_deep_dive_one_fact",
    "question_shaped_report_request",
}
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")

results = []


def check(name, ok):
    results.append((name, ok))
    print(f"{'PASS' if ok else 'FAIL'}  {name}")


rows = []
bad_json = 0
blank_lines = 0
with open(PATH, encoding="utf-8") as fh:
    for line in fh:
        if not line.strip():
            blank_lines += 1
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            bad_json += 1
            continue
        rows.append(obj)

print(f"rows parsed: {len(rows)}  invalid json lines: {bad_json}  blank lines: {blank_lines}")
check("exactly 200 rows", len(rows) == 200 and bad_json == 0)
check("all lines valid JSON objects", bad_json == 0 and all(isinstance(r, dict) for r in rows))
check("keys exactly text/route/kind/workplace/split", all(isinstance(r, dict) and set(r) == KEYS for r in rows))
check("text non-empty strings", all(isinstance(r.get("text"), str) and r["text"].strip() for r in rows))
check("route values valid", all(r.get("route") in ROUTES for r in rows))
check("split == sealed", all(r.get("split") == "sealed" for r in rows))
check("kind is snake_case", all(isinstance(r.get("kind"), str) and SNAKE.match(r["kind"]) for r in rows))
check("workplace is one of the 8 trades", all(r.get("workplace") in TRADES for r in rows))
texts = [r.get("text") for r in rows]
dupes = len(texts) - len(set(texts))
print(f"duplicate texts: {dupes}")
check("no duplicate texts", dupes == 0)

trade_counts = Counter(r.get("workplace") for r in rows)
print("per trade:")
for t in sorted(TRADES):
    rc = Counter(r["route"] for r in rows if r.get("workplace") == t)
    print(f"  {t}: {trade_counts.get(t, 0)}  (none {rc.get('none', 0)}, quick {rc.get('quick', 0)}, async {rc.get('async', 0)})")
check("25 rows per trade, 8 trades", len(trade_counts) == 8 and all(trade_counts.get(t) == 25 for t in TRADES))

route_counts = Counter(r.get("route") for r in rows)
n = max(len(rows), 1)
print("per route:")
for k in ("none", "quick", "async"):
    print(f"  {k}: {route_counts.get(k, 0)} ({100.0 * route_counts.get(k, 0) / n:.1f}%, target {100 * SHARES[k]:.0f}%)")
check("route shares within +/-3 points of target",
      all(abs(route_counts.get(k, 0) / n - s) <= TOL for k, s in SHARES.items()))

kind_counts = Counter((r.get("route"), r.get("kind")) for r in rows)
print("per kind:")
for (route, kind), c in sorted(kind_counts.items()):
    print(f"  {route:5s} {kind}: {c}")

near = sum(1 for r in rows if r.get("kind") in NEAR_MISS_KINDS)
print(f"near-miss rows: {near} ({100.0 * near / n:.1f}%)")
check("near-miss share 25-35%", 0.25 <= near / n <= 0.35)

non_en = [r for r in rows if str(r.get("kind", "")).endswith("_non_english")]
non_en_routes = Counter(r["route"] for r in non_en)
print(f"non-English rows: {len(non_en)}  (none {non_en_routes.get('none', 0)}, quick {non_en_routes.get('quick', 0)}, async {non_en_routes.get('async', 0)})")
check("about 10 non-English rows (8-13) across all 3 routes",
      8 <= len(non_en) <= 13 and all(non_en_routes.get(k, 0) > 0 for k in ROUTES))

ok = all(v for _, v in results)
print(f"checks passed: {sum(1 for _, v in results if v)}/{len(results)}")
print("OVERALL: PASS" if ok else "OVERALL: FAIL")
sys.exit(0 if ok else 1)

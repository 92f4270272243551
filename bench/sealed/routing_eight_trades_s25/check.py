#!/usr/bin/env python3
"""Validate ../routing_eight_trades_s25_sealed.jsonl. Prints only counts and PASS/FAIL, never message text."""
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "../routing_eight_trades_s25_sealed.jsonl")
ROUTES = {"none", "quick", "async"}
TRADES = {"hospice", "waste_transfer", "scaffolding", "equestrian", "podcast",
          "motorway_services", "tattoo_studio", "students_union"}
FIELDS = {"text", "route", "kind", "workplace", "split"}
NEAR_MISS = {"research_word_other_person", "research_noun_in_question", "capability_question",
             "calendar_errand", "quoted_request_thanks", "no_deep_dive_one_fact",
             "status_mentions_report", "question_shaped_report_request"}


def base_kind(k):
    return k[len("non_english_"):] if k.startswith("non_english_") else k


def main():
    errors = []
    rows = []
    with open(PATH, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if not line.strip():
                errors.append(f"line {i}: blank line")
                continue
            try:
                rows.append((i, json.loads(line)))
            except json.JSONDecodeError:
                errors.append(f"line {i}: invalid JSON")
    if len(rows) != 200:
        errors.append(f"expected 200 rows, got {len(rows)}")
    routes, kinds, trades, near = Counter(), Counter(), Counter(), Counter()
    nonen = Counter()
    seen = set()
    for i, r in rows:
        if not isinstance(r, dict) or set(r) != FIELDS:
            errors.append(f"line {i}: fields wrong")
            continue
        if not all(isinstance(r[k], str) and r[k].strip() for k in FIELDS):
            errors.append(f"line {i}: empty or non-string field")
            continue
        if r["route"] not in ROUTES:
            errors.append(f"line {i}: bad route")
        if r["workplace"] not in TRADES:
            errors.append(f"line {i}: bad workplace")
        if r["split"] != "sealed":
            errors.append(f"line {i}: split is not sealed")
        key = " ".join(r["text"].lower().split())
        if key in seen:
            errors.append(f"line {i}: duplicate text")
        seen.add(key)
        routes[r["route"]] += 1
        kinds[r["kind"]] += 1
        trades[r["workplace"]] += 1
        if base_kind(r["kind"]) in NEAR_MISS:
            near[r["route"]] += 1
        if r["kind"].startswith("non_english_"):
            nonen[r["route"]] += 1
    for t in TRADES:
        if trades[t] != 25:
            errors.append(f"trade {t}: {trades[t]} rows, expected 25")

    n = len(rows) or 1
    print("rows:", len(rows))
    print("per route:")
    for k in ("none", "quick", "async"):
        print(f"  {k:6s} {routes[k]:4d}  ({100 * routes[k] / n:.1f}%)")
    print("per trade:")
    for k in sorted(trades):
        print(f"  {k:20s} {trades[k]:3d}")
    print("per kind:")
    for k, c in sorted(kinds.items(), key=lambda x: (-x[1], x[0])):
        print(f"  {k:42s} {c:3d}")
    tot_near = sum(near.values())
    print(f"near-misses: {tot_near} ({100 * tot_near / n:.1f}%)  by route: "
          + ", ".join(f"{k}={near[k]}" for k in ("none", "quick", "async")))
    print(f"non-English: {sum(nonen.values())}  by route: "
          + ", ".join(f"{k}={nonen[k]}" for k in ("none", "quick", "async")))
    if errors:
        print(f"{len(errors)} problem(s):")
        for e in errors:
            print("  " + e)
        print("FAIL")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

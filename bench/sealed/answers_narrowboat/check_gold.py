#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
Prints only counts, ids and PASS/FAIL."""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
GOLD = os.path.join(HERE, "gold.json")

EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}


def load_vault():
    notes = {}
    for root, _dirs, files in os.walk(VAULT):
        for fn in files:
            if fn.endswith(".md"):
                full = os.path.join(root, fn)
                nid = os.path.relpath(full, VAULT)[:-3].replace(os.sep, "/")
                with open(full, encoding="utf-8") as f:
                    notes[nid] = f.read()
    return notes


def main():
    notes = load_vault()
    with open(GOLD, encoding="utf-8") as f:
        gold = json.load(f)
    errors = []

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])
    absent = gold.get("lookalikes", [])
    folders = {n.split("/")[0] for n in notes}
    print(f"notes: {len(notes)} in {len(folders)} folders")
    print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")

    if not 55 <= len(notes) <= 65:
        errors.append("note-count")
    if len(quick) != 24:
        errors.append("quick-count")
    if len(ood) != 12:
        errors.append("ood-count")
    if len(inv) != 8:
        errors.append("inv-count")

    # unique ids
    ids = [x["id"] for x in quick + ood + inv]
    dup = [i for i, c in Counter(ids).items() if c > 1]
    for i in dup:
        errors.append(f"duplicate-id:{i}")

    # kinds
    kinds = Counter(x.get("kind") for x in quick)
    for k, n in EXPECTED_KINDS.items():
        if kinds.get(k, 0) != n:
            errors.append(f"kind-count:{k}")
    print("kinds: " + ", ".join(f"{k}={kinds.get(k, 0)}" for k in EXPECTED_KINDS))

    fact_ok = 0
    sup_ok = 0
    for item in quick:
        qid = item["id"]
        for nid in item["notes"] + item.get("superseded", []):
            if nid not in notes:
                errors.append(f"{qid}:missing-note:{nid}")
        if len(item.get("phrasings", [])) != 3:
            errors.append(f"{qid}:phrasings")
        if not 1 <= len(item["facts"]) <= 2:
            errors.append(f"{qid}:fact-count")
        texts = [notes[n] for n in item["notes"] if n in notes]
        for fx in item["facts"]:
            rx = re.compile(fx, re.I)
            if any(rx.search(t) for t in texts):
                fact_ok += 1
            else:
                errors.append(f"{qid}:fact-not-in-notes")
            for old in item.get("superseded", []):
                if old in notes and rx.search(notes[old]):
                    errors.append(f"{qid}:fact-in-superseded")
                elif old in notes:
                    sup_ok += 1
        if item.get("kind") == "supersession" and not item.get("superseded"):
            errors.append(f"{qid}:no-superseded")
        if item.get("kind") != "supersession" and item.get("superseded"):
            errors.append(f"{qid}:superseded-on-non-supersession")
    print(f"quick facts matched: {fact_ok}; superseded checks passed: {sup_ok}")

    # look-alikes
    lower_all = "\n".join(notes.values()).lower()
    la = [x for x in ood if x.get("type") == "lookalike"]
    off = [x for x in ood if x.get("type") == "offtopic"]
    if len(la) != 6 or len(off) != 6:
        errors.append("ood-types")
    if len(absent) != len(la):
        errors.append("lookalikes-list-length")
    for x in la:
        if x["present_twin"].lower() not in lower_all:
            errors.append(f"{x['id']}:present-twin-missing")
    for name in absent:
        if name.lower() in lower_all:
            errors.append(f"absent-twin-in-vault:{absent.index(name) + 1}")
    for x, name in zip(la, absent):
        if name.lower() not in x["question"].lower():
            errors.append(f"{x['id']}:question-lacks-absent-twin")
    print(f"lookalikes: {len(la)}  offtopic: {len(off)}")

    # investigations
    for x in inv:
        rel = x.get("relevant", [])
        if not 6 <= len(rel) <= 10:
            errors.append(f"{x['id']}:relevant-count")
        for nid in rel:
            if nid not in notes:
                errors.append(f"{x['id']}:missing-note:{nid}")
        if not 2 <= len(x.get("facts", [])) <= 3:
            errors.append(f"{x['id']}:fact-count")
        joined = "\n".join(notes.get(n, "") for n in rel)
        for fx in x.get("facts", []):
            if not re.search(fx, joined, re.I):
                errors.append(f"{x['id']}:fact-not-in-relevant")

    # wikilinks (info: count of links to missing notes)
    base = {n.split("/")[-1].lower() for n in notes} | {n.lower() for n in notes}
    broken = set()
    for t in notes.values():
        for m in re.findall(r"\[\[([^\]|#]+)", t):
            if m.strip().lower() not in base:
                broken.add(m.strip().lower())
    print(f"wikilinks to missing notes: {len(broken)}")
    if not 2 <= len(broken) <= 3:
        errors.append("broken-link-count")

    if errors:
        print(f"errors: {len(errors)}")
        for e in errors:
            print("  " + e)
        print("FAIL")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

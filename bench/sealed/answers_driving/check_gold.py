#!/usr/bin/env python3
"""Consistency checks for gold.json against vault/ (standard library only).
Prints only counts, ids and PASS/FAIL."""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")

EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}


def load_vault():
    notes = {}
    for root, _dirs, files in os.walk(VAULT):
        for name in files:
            if name.endswith(".md"):
                path = os.path.join(root, name)
                rel = os.path.relpath(path, VAULT)[:-3].replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    notes[rel] = f.read()
    return notes


def main():
    with open(os.path.join(HERE, "gold.json"), encoding="utf-8") as f:
        gold = json.load(f)
    notes = load_vault()
    failures = []

    def fail(check, ident):
        failures.append((check, ident))

    folders = {n.split("/")[0] for n in notes}
    print(f"notes: {len(notes)}  folders: {len(folders)}")
    if not 55 <= len(notes) <= 65:
        fail("note_count", str(len(notes)))

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])
    print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
    if len(quick) != 24:
        fail("quick_count", str(len(quick)))
    if len(ood) != 12:
        fail("ood_count", str(len(ood)))
    if len(inv) != 8:
        fail("inv_count", str(len(inv)))

    # unique ids
    ids = [x["id"] for x in quick + ood + inv]
    for ident, n in Counter(ids).items():
        if n > 1:
            fail("duplicate_id", ident)

    # kinds
    kinds = Counter(q["kind"] for q in quick)
    print("kinds: " + ", ".join(f"{k}={kinds.get(k, 0)}" for k in EXPECTED_KINDS))
    for k, n in EXPECTED_KINDS.items():
        if kinds.get(k, 0) != n:
            fail("kind_count", k)

    # quick items
    for q in quick:
        qid = q["id"]
        for n in q["notes"] + q.get("superseded", []):
            if n not in notes:
                fail("missing_note", f"{qid}:{n}")
        if len(q.get("phrasings", [])) != 3:
            fail("phrasings", qid)
        if not 1 <= len(q["facts"]) <= 2:
            fail("fact_count", qid)
        for i, fact in enumerate(q["facts"]):
            rx = re.compile(fact, re.I)
            if not any(n in notes and rx.search(notes[n]) for n in q["notes"]):
                fail("fact_not_in_notes", f"{qid}#{i}")
            for old in q.get("superseded", []):
                if old in notes and rx.search(notes[old]):
                    fail("fact_in_superseded", f"{qid}#{i}:{old}")
        if q["kind"] == "supersession" and not q.get("superseded"):
            fail("no_superseded", qid)
        if q["kind"] != "supersession" and q.get("superseded"):
            fail("superseded_on_non_supersession", qid)

    # look-alikes
    lookalikes = gold.get("lookalikes", [])
    everything = "\n".join(notes.values()).lower()
    ll = [o for o in ood if o.get("type") == "lookalike"]
    print(f"lookalike items: {len(ll)}  absent names listed: {len(lookalikes)}")
    if len(ll) != 6 or len(lookalikes) != 6:
        fail("lookalike_count", str(len(ll)))
    for o in ll:
        if o["present_twin"].lower() not in everything:
            fail("present_twin_missing", o["id"])
        absent = o.get("absent_twin")
        if absent and absent.lower() not in o["question"].lower():
            fail("absent_not_in_question", o["id"])
    for name in lookalikes:
        if name.lower() in everything:
            fail("absent_twin_present", name)
    if len([o for o in ood if o.get("type") == "offtopic"]) != 6:
        fail("offtopic_count", "ood")

    # investigations
    for it in inv:
        iid = it["id"]
        if not 6 <= len(it["relevant"]) <= 10:
            fail("relevant_count", iid)
        for n in it["relevant"]:
            if n not in notes:
                fail("missing_note", f"{iid}:{n}")
        if not 2 <= len(it["facts"]) <= 3:
            fail("inv_fact_count", iid)
        for i, fact in enumerate(it["facts"]):
            rx = re.compile(fact, re.I)
            if not any(n in notes and rx.search(notes[n]) for n in it["relevant"]):
                fail("inv_fact_not_in_relevant", f"{iid}#{i}")

    if failures:
        for check, ident in failures:
            print(f"FAIL {check} {ident}")
        print(f"failures: {len(failures)}")
        print("FAIL")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

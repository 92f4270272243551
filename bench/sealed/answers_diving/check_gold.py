#!/usr/bin/env python3
"""Check gold.json against vault/ (standard library only).

Prints only counts, ids and PASS/FAIL.
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
GOLD = os.path.join(HERE, "gold.json")

KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
         "person": 3, "date": 2, "number": 3, "plain": 1}


def load_vault():
    notes = {}
    for root, _dirs, files in os.walk(VAULT):
        for fn in files:
            if fn.endswith(".md"):
                path = os.path.join(root, fn)
                nid = os.path.relpath(path, VAULT)[:-3].replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    notes[nid] = f.read()
    return notes


def main():
    notes = load_vault()
    with open(GOLD, encoding="utf-8") as f:
        gold = json.load(f)
    all_text = "\n".join(notes.values()).lower()
    failures = []

    def fail(item_id, what):
        failures.append(f"{item_id}: {what}")

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])
    lookalikes = gold.get("lookalikes", [])

    # counts
    folders = {n.split("/")[0] for n in notes}
    print(f"notes: {len(notes)}  folders: {len(folders)}")
    print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
    if not 55 <= len(notes) <= 65:
        fail("vault", "note count outside 55-65")
    if len(quick) != 24:
        fail("quick", "expected 24 items")
    if len(ood) != 12:
        fail("out_of_domain", "expected 12 items")
    if len(inv) != 8:
        fail("investigations", "expected 8 items")

    # ids unique
    ids = [x.get("id") for x in quick + ood + inv]
    for i, c in Counter(ids).items():
        if c > 1:
            fail(str(i), "duplicate id")

    # kinds
    kinds = Counter(q.get("kind") for q in quick)
    print("kinds: " + ", ".join(f"{k}={kinds.get(k, 0)}" for k in KINDS))
    for k, n in KINDS.items():
        if kinds.get(k, 0) != n:
            fail("quick", f"kind {k} count {kinds.get(k, 0)} != {n}")

    def check_regex(item_id, rx):
        try:
            return re.compile(rx, re.I)
        except re.error:
            fail(item_id, "bad regex")
            return None

    # quick items
    for q in quick:
        qid = q["id"]
        if len(q.get("phrasings", [])) != 3:
            fail(qid, "needs 3 phrasings")
        if not 1 <= len(q.get("facts", [])) <= 2:
            fail(qid, "needs 1-2 facts")
        for n in q.get("notes", []) + q.get("superseded", []):
            if n not in notes:
                fail(qid, f"missing note {n}")
        if not q.get("notes"):
            fail(qid, "no notes")
        for rx in q.get("facts", []):
            c = check_regex(qid, rx)
            if c is None:
                continue
            if not any(c.search(notes.get(n, "")) for n in q.get("notes", [])):
                fail(qid, "fact not found in its notes")
            for old in q.get("superseded", []):
                if c.search(notes.get(old, "")):
                    fail(qid, f"fact matches superseded note {old}")
        if q.get("kind") == "supersession" and not q.get("superseded"):
            fail(qid, "supersession item without superseded note")
        if q.get("kind") != "supersession" and q.get("superseded"):
            fail(qid, "superseded on a non-supersession item")

    # out of domain
    look = [o for o in ood if o.get("type") == "lookalike"]
    offt = [o for o in ood if o.get("type") == "offtopic"]
    print(f"lookalike: {len(look)}  offtopic: {len(offt)}  absent names listed: {len(lookalikes)}")
    if len(look) != 6 or len(offt) != 6:
        fail("out_of_domain", "expected 6 lookalike + 6 offtopic")
    if len(lookalikes) != len(look):
        fail("lookalikes", "list length differs from lookalike items")
    for o, absent in zip(look, lookalikes):
        oid = o["id"]
        present = o.get("present_twin", "")
        if not present or present.lower() not in all_text:
            fail(oid, "present twin not in vault")
        if absent.lower() in all_text:
            fail(oid, "absent twin occurs in vault")
        if absent.lower() not in o.get("question", "").lower():
            fail(oid, "question does not name the absent twin")

    # investigations
    for it in inv:
        iid = it["id"]
        rel = it.get("relevant", [])
        if not 6 <= len(rel) <= 10:
            fail(iid, "relevant must list 6-10 notes")
        for n in rel:
            if n not in notes:
                fail(iid, f"missing note {n}")
        if not 2 <= len(it.get("facts", [])) <= 3:
            fail(iid, "needs 2-3 facts")
        for rx in it.get("facts", []):
            c = check_regex(iid, rx)
            if c and not any(c.search(notes.get(n, "")) for n in rel):
                fail(iid, "fact not found in relevant notes")

    if failures:
        for f_ in failures:
            print("FAIL " + f_)
        print(f"FAIL ({len(failures)} problems)")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

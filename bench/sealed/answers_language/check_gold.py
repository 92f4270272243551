#!/usr/bin/env python3
"""Check gold.json against vault/ (standard library only).
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
        for fn in files:
            if fn.endswith(".md"):
                path = os.path.join(root, fn)
                nid = os.path.relpath(path, VAULT)[:-3].replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    notes[nid] = f.read()
    return notes


def main():
    with open(os.path.join(HERE, "gold.json"), encoding="utf-8") as f:
        gold = json.load(f)
    notes = load_vault()
    failures = []

    def fail(what, ident):
        failures.append((what, ident))

    folders = {n.split("/")[0] for n in notes}
    print(f"notes: {len(notes)}  folders: {len(folders)}")
    if not 55 <= len(notes) <= 65:
        fail("note count out of 55-65", len(notes))

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])
    print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
    if len(quick) != 24:
        fail("quick count", len(quick))
    if len(ood) != 12:
        fail("out_of_domain count", len(ood))
    if len(inv) != 8:
        fail("investigations count", len(inv))

    # unique ids
    ids = [x["id"] for x in quick + ood + inv]
    for ident, c in Counter(ids).items():
        if c > 1:
            fail("duplicate id", ident)

    # kinds
    kinds = Counter(x.get("kind") for x in quick)
    print("kinds: " + ", ".join(f"{k}={kinds.get(k, 0)}" for k in EXPECTED_KINDS))
    for k, n in EXPECTED_KINDS.items():
        if kinds.get(k, 0) != n:
            fail("kind count " + k, kinds.get(k, 0))

    # quick items
    n_facts = 0
    for item in quick:
        qid = item["id"]
        if len(item.get("phrasings", [])) != 3:
            fail("phrasings != 3", qid)
        if not 1 <= len(item.get("facts", [])) <= 2:
            fail("facts not 1-2", qid)
        for nid in item.get("notes", []):
            if nid not in notes:
                fail("missing note", f"{qid}:{nid}")
        texts = [notes[n] for n in item.get("notes", []) if n in notes]
        for fact in item.get("facts", []):
            n_facts += 1
            rx = re.compile(fact, re.IGNORECASE)
            if not any(rx.search(t) for t in texts):
                fail("fact not in notes", qid)
        sup = item.get("superseded", [])
        if item.get("kind") == "supersession" and not sup:
            fail("supersession without superseded", qid)
        if sup and item.get("kind") != "supersession":
            fail("superseded on non-supersession", qid)
        for old in sup:
            if old not in notes:
                fail("missing superseded note", f"{qid}:{old}")
                continue
            for fact in item.get("facts", []):
                if re.search(fact, notes[old], re.IGNORECASE):
                    fail("fact matches superseded note", f"{qid}:{old}")
    print(f"quick facts checked: {n_facts}")

    # out of domain / look-alikes
    all_text = "\n".join(notes.values()).lower()
    lookalike_items = [x for x in ood if x.get("type") == "lookalike"]
    offtopic_items = [x for x in ood if x.get("type") == "offtopic"]
    absent = gold.get("lookalikes", [])
    print(f"lookalike: {len(lookalike_items)}  offtopic: {len(offtopic_items)}  absent names: {len(absent)}")
    if len(lookalike_items) != 6 or len(offtopic_items) != 6:
        fail("ood type counts", f"{len(lookalike_items)}/{len(offtopic_items)}")
    if len(absent) != len(lookalike_items):
        fail("lookalikes list length", len(absent))
    for item, name in zip(lookalike_items, absent):
        if item["present_twin"].lower() not in all_text:
            fail("present twin not in vault", item["id"])
        if name.lower() in all_text:
            fail("absent twin found in vault", item["id"])
        if name.lower() not in item["question"].lower():
            fail("question does not name absent twin", item["id"])

    # investigations
    for item in inv:
        iid = item["id"]
        rel = item.get("relevant", [])
        if not 6 <= len(rel) <= 10:
            fail("relevant not 6-10", iid)
        if not 2 <= len(item.get("facts", [])) <= 3:
            fail("facts not 2-3", iid)
        for nid in rel:
            if nid not in notes:
                fail("missing note", f"{iid}:{nid}")
        texts = [notes[n] for n in rel if n in notes]
        for fact in item.get("facts", []):
            if not any(re.search(fact, t, re.IGNORECASE) for t in texts):
                fail("investigation fact not in relevant notes", iid)

    if failures:
        print(f"FAIL ({len(failures)})")
        for what, ident in failures:
            print(f"  {what}: {ident}")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

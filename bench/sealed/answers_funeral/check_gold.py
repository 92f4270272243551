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
    alltext = "\n".join(notes.values()).lower()
    fails = []

    def fail(what, ident):
        fails.append(f"{what}: {ident}")

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])
    looks = gold.get("lookalikes", [])

    # ids unique
    ids = [x["id"] for x in quick + ood + inv]
    for i, n in Counter(ids).items():
        if n > 1:
            fail("duplicate id", i)

    # counts and kinds
    want_kinds = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}
    if len(quick) != 24:
        fail("quick count", len(quick))
    kinds = Counter(q.get("kind") for q in quick)
    for k, n in want_kinds.items():
        if kinds.get(k, 0) != n:
            fail("kind count", k)
    if len(ood) != 12:
        fail("out_of_domain count", len(ood))
    if sum(1 for o in ood if o.get("type") == "lookalike") != 6:
        fail("lookalike count", sum(1 for o in ood if o.get("type") == "lookalike"))
    if sum(1 for o in ood if o.get("type") == "offtopic") != 6:
        fail("offtopic count", sum(1 for o in ood if o.get("type") == "offtopic"))
    if len(inv) != 8:
        fail("investigation count", len(inv))
    if not (55 <= len(notes) <= 65):
        fail("note count", len(notes))

    # quick items
    for q in quick:
        qid = q["id"]
        for nid in q.get("notes", []) + q.get("superseded", []):
            if nid not in notes:
                fail("missing note", f"{qid} {nid}")
        if not 1 <= len(q.get("facts", [])) <= 2:
            fail("fact count", qid)
        if len(q.get("phrasings", [])) != 3:
            fail("phrasing count", qid)
        for k, fact in enumerate(q.get("facts", [])):
            rx = re.compile(fact, re.I)
            if not any(rx.search(notes.get(n, "")) for n in q.get("notes", [])):
                fail("fact not in notes", f"{qid} fact{k}")
            for old in q.get("superseded", []):
                if rx.search(notes.get(old, "")):
                    fail("fact matches superseded note", f"{qid} fact{k} {old}")
        if q.get("kind") == "supersession" and not q.get("superseded"):
            fail("supersession without superseded", qid)
        if q.get("kind") != "supersession" and q.get("superseded"):
            fail("superseded on non-supersession", qid)

    # look-alikes
    look_by_ood = {l["ood"]: l for l in looks}
    for o in ood:
        if o.get("type") != "lookalike":
            continue
        oid = o["id"]
        present = o.get("present_twin", "")
        l = look_by_ood.get(oid)
        absent = (l or {}).get("absent") or o.get("absent_twin", "")
        if not present or present.lower() not in alltext:
            fail("present twin not in vault", oid)
        if not absent:
            fail("no absent twin listed", oid)
        elif absent.lower() in alltext:
            fail("absent twin found in vault", oid)
        if absent and absent.lower() not in o.get("question", "").lower():
            fail("question does not name absent twin", oid)
    if len(looks) != 6:
        fail("lookalikes list count", len(looks))

    # investigations
    for v in inv:
        vid = v["id"]
        rel = v.get("relevant", [])
        if not 6 <= len(rel) <= 10:
            fail("relevant count", vid)
        for nid in rel:
            if nid not in notes:
                fail("missing note", f"{vid} {nid}")
        if not 2 <= len(v.get("facts", [])) <= 3:
            fail("inv fact count", vid)
        for k, fact in enumerate(v.get("facts", [])):
            rx = re.compile(fact, re.I)
            if not any(rx.search(notes.get(n, "")) for n in rel):
                fail("inv fact not in relevant notes", f"{vid} fact{k}")

    print(f"notes: {len(notes)}")
    print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}  lookalikes: {len(looks)}")
    print("kinds: " + ", ".join(f"{k}={kinds.get(k, 0)}" for k in want_kinds))
    for line in fails:
        print("FAIL " + line)
    print("PASS" if not fails else f"FAIL ({len(fails)})")
    return 0 if not fails else 1


if __name__ == "__main__":
    sys.exit(main())

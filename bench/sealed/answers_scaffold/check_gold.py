#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.

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

EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}


def load_vault():
    notes = {}
    for root, _dirs, files in os.walk(VAULT):
        for f in files:
            if f.endswith(".md"):
                full = os.path.join(root, f)
                nid = os.path.relpath(full, VAULT)[:-3].replace(os.sep, "/")
                with open(full, encoding="utf-8") as fh:
                    notes[nid] = fh.read()
    return notes


def main():
    notes = load_vault()
    gold = json.load(open(GOLD, encoding="utf-8"))
    fails = []

    def fail(msg):
        fails.append(msg)

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])

    # ids unique
    ids = [x["id"] for x in quick + ood + inv]
    for i, n in Counter(ids).items():
        if n > 1:
            fail("duplicate id %s" % i)

    # quick items
    kinds = Counter()
    for it in quick:
        qid = it["id"]
        kinds[it.get("kind")] += 1
        if len(it.get("phrasings", [])) != 3:
            fail("%s phrasings != 3" % qid)
        if not 1 <= len(it.get("facts", [])) <= 2:
            fail("%s facts count" % qid)
        for n in it.get("notes", []) + it.get("superseded", []):
            if n not in notes:
                fail("%s missing note %s" % (qid, n))
        texts = [notes[n] for n in it.get("notes", []) if n in notes]
        for fi, fx in enumerate(it.get("facts", []), 1):
            try:
                rx = re.compile(fx, re.I)
            except re.error:
                fail("%s bad regex" % qid)
                continue
            if not any(rx.search(t) for t in texts):
                fail("%s fact %d not in its notes" % (qid, fi))
            for s in it.get("superseded", []):
                if s in notes and rx.search(notes[s]):
                    fail("%s fact %d matches superseded note %s" % (qid, fi, s))
        if it.get("kind") == "supersession" and not it.get("superseded"):
            fail("%s supersession without superseded" % qid)
        if it.get("kind") != "supersession" and it.get("superseded"):
            fail("%s superseded on non-supersession item" % qid)
    for k, n in EXPECTED_KINDS.items():
        if kinds.get(k, 0) != n:
            fail("kind %s count %d != %d" % (k, kinds.get(k, 0), n))
    if len(quick) != 24:
        fail("quick count %d" % len(quick))

    # out of domain
    alltext = "\n".join(notes.values()).lower()
    types = Counter(o.get("type") for o in ood)
    if types.get("lookalike") != 6 or types.get("offtopic") != 6:
        fail("ood type counts")
    for o in ood:
        if o.get("type") == "lookalike":
            if o["present_twin"].lower() not in alltext:
                fail("%s present twin not in vault" % o["id"])
            absent = o.get("absent_twin")
            if absent and absent.lower() in alltext:
                fail("%s absent twin occurs in vault" % o["id"])
    lookalikes = gold.get("lookalikes", [])
    if len(lookalikes) != 6:
        fail("lookalikes list length %d" % len(lookalikes))
    for name in lookalikes:
        if name.lower() in alltext:
            fail("lookalikes entry %d occurs in vault" % (lookalikes.index(name) + 1))

    # investigations
    if len(inv) != 8:
        fail("investigations count %d" % len(inv))
    for it in inv:
        rel = it.get("relevant", [])
        if not 6 <= len(rel) <= 10:
            fail("%s relevant count %d" % (it["id"], len(rel)))
        for n in rel:
            if n not in notes:
                fail("%s missing note %s" % (it["id"], n))
        texts = [notes[n] for n in rel if n in notes]
        if not 2 <= len(it.get("facts", [])) <= 3:
            fail("%s facts count" % it["id"])
        for fi, fx in enumerate(it.get("facts", []), 1):
            if not any(re.search(fx, t, re.I) for t in texts):
                fail("%s fact %d not in relevant notes" % (it["id"], fi))

    print("notes: %d" % len(notes))
    print("quick: %d  out_of_domain: %d  investigations: %d" % (len(quick), len(ood), len(inv)))
    print("kinds: " + ", ".join("%s=%d" % (k, kinds[k]) for k in sorted(kinds)))
    if fails:
        for f in fails:
            print("FAIL " + f)
        print("FAIL (%d problems)" % len(fails))
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

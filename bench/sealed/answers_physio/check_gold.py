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

EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}


def load_vault():
    notes = {}
    for root, _dirs, files in os.walk(VAULT):
        for f in files:
            if f.endswith(".md"):
                p = os.path.join(root, f)
                nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
                with open(p, encoding="utf-8") as fh:
                    notes[nid] = fh.read()
    return notes


def main():
    with open(os.path.join(HERE, "gold.json"), encoding="utf-8") as fh:
        gold = json.load(fh)
    notes = load_vault()
    alltext = "\n".join(notes.values()).lower()
    fails = []

    def fail(msg):
        fails.append(msg)

    folders = {n.split("/")[0] for n in notes}
    print("notes: %d in %d folders" % (len(notes), len(folders)))
    if not 55 <= len(notes) <= 65:
        fail("note count %d outside 55-65" % len(notes))

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])
    print("quick: %d  out_of_domain: %d  investigations: %d" % (len(quick), len(ood), len(inv)))
    if (len(quick), len(ood), len(inv)) != (24, 12, 8):
        fail("section sizes")

    # ids unique
    ids = [x["id"] for x in quick + ood + inv]
    dup = [i for i, c in Counter(ids).items() if c > 1]
    if dup:
        fail("duplicate ids: %s" % ", ".join(dup))

    # kinds
    kinds = Counter(x.get("kind") for x in quick)
    print("kinds: " + ", ".join("%s=%d" % (k, kinds[k]) for k in sorted(kinds)))
    if dict(kinds) != EXPECTED_KINDS:
        fail("kind distribution")

    # quick items
    for item in quick:
        qid = item["id"]
        for n in item["notes"] + item.get("superseded", []):
            if n not in notes:
                fail("%s: missing note %s" % (qid, n))
        if not 1 <= len(item["facts"]) <= 2:
            fail("%s: fact count" % qid)
        if len(item.get("phrasings", [])) != 3:
            fail("%s: phrasing count" % qid)
        for fx in item["facts"]:
            try:
                rx = re.compile(fx, re.I)
            except re.error:
                fail("%s: bad regex" % qid)
                continue
            if not any(rx.search(notes.get(n, "")) for n in item["notes"]):
                fail("%s: fact not in its notes" % qid)
            for old in item.get("superseded", []):
                if rx.search(notes.get(old, "")):
                    fail("%s: fact matches superseded note %s" % (qid, old))
        if item.get("kind") == "supersession" and not item.get("superseded"):
            fail("%s: supersession without superseded note" % qid)
        if item.get("kind") != "supersession" and item.get("superseded"):
            fail("%s: superseded on non-supersession item" % qid)

    # out of domain
    otypes = Counter(x.get("type") for x in ood)
    print("out_of_domain types: " + ", ".join("%s=%d" % (k, otypes[k]) for k in sorted(otypes)))
    if otypes.get("lookalike") != 6 or otypes.get("offtopic") != 6:
        fail("out_of_domain type counts")
    looks = {x["id"]: x for x in gold.get("lookalikes", [])}
    for item in ood:
        if item.get("type") != "lookalike":
            continue
        lk = looks.get(item["id"])
        if lk is None:
            fail("%s: no lookalikes entry" % item["id"])
            continue
        if item["present_twin"] != lk["present"]:
            fail("%s: present twin mismatch" % item["id"])
        if lk["present"].lower() not in alltext:
            fail("%s: present twin not in vault" % item["id"])
        if lk["absent"].lower() in alltext:
            fail("%s: absent twin occurs in vault" % item["id"])
        if lk["absent"].lower() not in item["question"].lower():
            fail("%s: question does not name the absent twin" % item["id"])

    # investigations
    for item in inv:
        rel = item["relevant"]
        if not 6 <= len(rel) <= 10:
            fail("%s: relevant count %d" % (item["id"], len(rel)))
        for n in rel:
            if n not in notes:
                fail("%s: missing note %s" % (item["id"], n))
        if not 2 <= len(item["facts"]) <= 3:
            fail("%s: fact count" % item["id"])
        for fx in item["facts"]:
            rx = re.compile(fx, re.I)
            if not any(rx.search(notes.get(n, "")) for n in rel):
                fail("%s: fact not in any relevant note" % item["id"])

    for f in fails:
        print("FAIL " + f)
    print("FAIL (%d problems)" % len(fails) if fails else "PASS")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

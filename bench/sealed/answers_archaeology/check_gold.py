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
                path = os.path.join(root, f)
                nid = os.path.relpath(path, VAULT)[:-3].replace(os.sep, "/")
                with open(path, encoding="utf-8") as fh:
                    notes[nid] = fh.read()
    return notes


def main():
    notes = load_vault()
    with open(GOLD, encoding="utf-8") as fh:
        gold = json.load(fh)
    alltext = "\n".join(notes.values()).lower()
    basenames = {n.split("/")[-1] for n in notes}
    failures = []

    def fail(tag, ident):
        failures.append("%s %s" % (tag, ident))

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])

    print("notes in vault: %d" % len(notes))
    folders = {n.rsplit("/", 1)[0] for n in notes if "/" in n}
    print("folders: %d" % len(folders))
    if not 55 <= len(notes) <= 65:
        fail("note-count", len(notes))

    # ids unique
    ids = [x["id"] for x in quick + ood + inv]
    dup = [i for i, c in Counter(ids).items() if c > 1]
    print("ids: %d, duplicates: %d" % (len(ids), len(dup)))
    for d in dup:
        fail("duplicate-id", d)

    # counts
    print("quick: %d, out_of_domain: %d, investigations: %d" % (len(quick), len(ood), len(inv)))
    if len(quick) != 24:
        fail("quick-count", len(quick))
    if len(ood) != 12:
        fail("ood-count", len(ood))
    if len(inv) != 8:
        fail("inv-count", len(inv))
    kinds = Counter(x.get("kind") for x in quick)
    print("kinds: " + ", ".join("%s=%d" % (k, kinds.get(k, 0)) for k in EXPECTED_KINDS))
    for k, n in EXPECTED_KINDS.items():
        if kinds.get(k, 0) != n:
            fail("kind-count", k)

    # quick items
    fact_ok = 0
    fact_total = 0
    for item in quick:
        qid = item["id"]
        if len(item.get("phrasings", [])) != 3:
            fail("phrasings", qid)
        if not 1 <= len(item.get("facts", [])) <= 2:
            fail("fact-count", qid)
        for nid in item.get("notes", []) + item.get("superseded", []):
            if nid not in notes:
                fail("missing-note", "%s:%s" % (qid, nid))
        texts = [notes[n] for n in item.get("notes", []) if n in notes]
        for fx in item.get("facts", []):
            fact_total += 1
            rx = re.compile(fx, re.I)
            if any(rx.search(t) for t in texts):
                fact_ok += 1
            else:
                fail("fact-unmatched", qid)
        if item.get("kind") == "supersession":
            if not item.get("superseded"):
                fail("no-superseded", qid)
            for old in item.get("superseded", []):
                if old in notes:
                    for fx in item.get("facts", []):
                        if re.search(fx, notes[old], re.I):
                            fail("fact-in-superseded", qid)
        elif item.get("superseded"):
            fail("superseded-on-non-supersession", qid)
    print("quick facts matched: %d/%d" % (fact_ok, fact_total))

    # out of domain
    types = Counter(x.get("type") for x in ood)
    print("ood lookalike: %d, offtopic: %d" % (types.get("lookalike", 0), types.get("offtopic", 0)))
    if types.get("lookalike", 0) != 6 or types.get("offtopic", 0) != 6:
        fail("ood-types", dict(types))
    look = {x["id"]: x for x in gold.get("lookalikes", [])}
    lk_ok = 0
    for item in ood:
        if item.get("type") != "lookalike":
            continue
        oid = item["id"]
        pair = look.get(oid)
        if pair is None:
            fail("lookalike-missing-pair", oid)
            continue
        present = item.get("present_twin", "")
        if present != pair.get("present"):
            fail("lookalike-present-mismatch", oid)
        ok = True
        if present.lower() not in alltext:
            fail("present-twin-absent", oid)
            ok = False
        if pair.get("absent", "").lower() in alltext:
            fail("absent-twin-present", oid)
            ok = False
        if pair.get("absent", "").lower() not in item.get("question", "").lower():
            fail("absent-twin-not-in-question", oid)
            ok = False
        lk_ok += ok
    print("lookalike pairs ok: %d/%d" % (lk_ok, len(look)))

    # investigations
    inv_fact_ok = 0
    inv_fact_total = 0
    for item in inv:
        iid = item["id"]
        rel = item.get("relevant", [])
        if not 6 <= len(rel) <= 10:
            fail("relevant-count", iid)
        for nid in rel:
            if nid not in notes:
                fail("missing-note", "%s:%s" % (iid, nid))
        texts = [notes[n] for n in rel if n in notes]
        if not 2 <= len(item.get("facts", [])) <= 3:
            fail("inv-fact-count", iid)
        for fx in item.get("facts", []):
            inv_fact_total += 1
            if any(re.search(fx, t, re.I) for t in texts):
                inv_fact_ok += 1
            else:
                fail("inv-fact-unmatched", iid)
    print("investigation facts matched: %d/%d" % (inv_fact_ok, inv_fact_total))

    # wikilinks (informational; the vault is meant to hold two or three dead links)
    links = re.findall(r"\[\[([^\]|#]+)", "\n".join(notes.values()))
    dead = sorted({l.strip() for l in links if l.strip() not in basenames and l.strip() not in notes})
    print("wikilinks: %d, dead targets: %d" % (len(links), len(dead)))
    if not 2 <= len(dead) <= 3:
        fail("dead-link-count", len(dead))

    if failures:
        for f in failures:
            print("FAIL " + f)
        print("FAIL")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

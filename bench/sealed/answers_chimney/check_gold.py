#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")

EXPECT_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
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
    alltext = "\n".join(notes.values()).lower()
    fails = []

    def fail(msg):
        fails.append(msg)

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])
    print("notes in vault:", len(notes))
    print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv))

    if len(quick) != 24:
        fail("quick count")
    if len(ood) != 12:
        fail("ood count")
    if len(inv) != 8:
        fail("investigation count")
    if not 55 <= len(notes) <= 65:
        fail("note count")

    ids = [x["id"] for x in quick + ood + inv]
    dup = [i for i, c in Counter(ids).items() if c > 1]
    if dup:
        fail("duplicate ids: " + ",".join(dup))

    kinds = Counter(x["kind"] for x in quick)
    print("kinds:", dict(sorted(kinds.items())))
    if dict(kinds) != EXPECT_KINDS:
        fail("kind distribution")

    for item in quick:
        qid = item["id"]
        for n in item["notes"] + item.get("superseded", []):
            if n not in notes:
                fail(qid + " missing note")
        if not 1 <= len(item["facts"]) <= 2:
            fail(qid + " fact count")
        if len(item.get("phrasings", [])) != 3:
            fail(qid + " phrasing count")
        for fx in item["facts"]:
            rx = re.compile(fx, re.I)
            if not any(rx.search(notes.get(n, "")) for n in item["notes"]):
                fail(qid + " fact not in notes")
        if item["kind"] == "supersession":
            if not item.get("superseded"):
                fail(qid + " no superseded note")
            for old in item.get("superseded", []):
                for fx in item["facts"]:
                    if re.search(fx, notes.get(old, ""), re.I):
                        fail(qid + " fact matches superseded note")
        elif item.get("superseded"):
            fail(qid + " superseded on non-supersession item")

    lookalikes = [s.lower() for s in gold.get("lookalikes", [])]
    la_items = [x for x in ood if x["type"] == "lookalike"]
    off_items = [x for x in ood if x["type"] == "offtopic"]
    print("lookalike:", len(la_items), "offtopic:", len(off_items), "absent names:", len(lookalikes))
    if len(la_items) != 6 or len(off_items) != 6 or len(lookalikes) != 6:
        fail("ood split")
    for name in lookalikes:
        if name in alltext:
            fail("absent twin present in vault")
    for x in la_items:
        if x["present_twin"].lower() not in alltext:
            fail(x["id"] + " present twin not in vault")
        absent = x.get("absent_twin", "").lower()
        if absent and absent not in lookalikes:
            fail(x["id"] + " absent twin not in lookalikes list")
        if absent and absent not in x["question"].lower():
            fail(x["id"] + " question does not name absent twin")

    for x in inv:
        rel = x["relevant"]
        if not 6 <= len(rel) <= 10:
            fail(x["id"] + " relevant count")
        for n in rel:
            if n not in notes:
                fail(x["id"] + " missing note")
        if not 2 <= len(x["facts"]) <= 3:
            fail(x["id"] + " fact count")
        for fx in x["facts"]:
            rx = re.compile(fx, re.I)
            if not any(rx.search(notes.get(n, "")) for n in rel):
                fail(x["id"] + " fact not in relevant notes")

    # wikilinks: count the ones that point nowhere (brief wants two or three)
    dead = set()
    for nid, text in notes.items():
        for link in re.findall(r"\[\[([^\]|#]+)", text):
            base = link.strip()
            if not any(k == base or k.endswith("/" + base) for k in notes):
                dead.add(base)
    print("dead wikilinks:", len(dead))
    if not 2 <= len(dead) <= 3:
        fail("dead wikilink count")

    if fails:
        for m in fails:
            print("FAIL:", m)
        print("FAIL")
        sys.exit(1)
    print("PASS")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")

def load_vault():
    notes = {}
    for root, _, files in os.walk(VAULT):
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

    print("notes in vault:", len(notes))
    if not 55 <= len(notes) <= 65:
        fails.append("note-count")

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])
    print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv))
    if (len(quick), len(ood), len(inv)) != (24, 12, 8):
        fails.append("section-sizes")

    ids = [x["id"] for x in quick + ood + inv]
    dup = [i for i, c in Counter(ids).items() if c > 1]
    if dup:
        fails.append("duplicate-ids:" + ",".join(dup))

    want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
    kinds = Counter(x["kind"] for x in quick)
    print("kinds:", dict(sorted(kinds.items())))
    if dict(kinds) != want:
        fails.append("kind-counts")

    for it in quick:
        qid = it["id"]
        for n in it["notes"] + it.get("superseded", []):
            if n not in notes:
                fails.append(qid + ":missing-note:" + n)
        if not 1 <= len(it["facts"]) <= 2:
            fails.append(qid + ":fact-count")
        if len(it.get("phrasings", [])) != 3:
            fails.append(qid + ":phrasings")
        for k, fx in enumerate(it["facts"]):
            rx = re.compile(fx, re.I)
            if not any(rx.search(notes.get(n, "")) for n in it["notes"]):
                fails.append(qid + ":fact-unmatched:#%d" % k)
            for old in it.get("superseded", []):
                if rx.search(notes.get(old, "")):
                    fails.append(qid + ":fact-matches-superseded:" + old)
        if it["kind"] == "supersession" and not it.get("superseded"):
            fails.append(qid + ":no-superseded")
        if it["kind"] != "supersession" and it.get("superseded"):
            fails.append(qid + ":superseded-on-non-supersession")

    looks = [x for x in ood if x.get("type") == "lookalike"]
    offs = [x for x in ood if x.get("type") == "offtopic"]
    print("lookalike:", len(looks), "offtopic:", len(offs))
    if len(looks) != 6 or len(offs) != 6:
        fails.append("ood-types")
    absent = gold.get("lookalikes", [])
    if len(absent) != len(looks):
        fails.append("lookalikes-list-length")
    for it, ab in zip(looks, absent):
        if it["present_twin"].lower() not in alltext:
            fails.append(it["id"] + ":present-twin-missing")
        if ab.lower() in alltext:
            fails.append(it["id"] + ":absent-twin-in-vault")
        if ab.lower() not in it["question"].lower():
            fails.append(it["id"] + ":question-not-about-absent-twin")

    for it in inv:
        rel = it["relevant"]
        if not 6 <= len(rel) <= 10:
            fails.append(it["id"] + ":relevant-count")
        for n in rel:
            if n not in notes:
                fails.append(it["id"] + ":missing-note:" + n)
        if not 2 <= len(it["facts"]) <= 3:
            fails.append(it["id"] + ":fact-count")
        for k, fx in enumerate(it["facts"]):
            rx = re.compile(fx, re.I)
            if not any(rx.search(notes.get(n, "")) for n in rel):
                fails.append(it["id"] + ":fact-unmatched:#%d" % k)

    print("ids checked:", len(ids))
    if fails:
        for f_ in fails:
            print("FAIL", f_)
        print("FAIL")
        sys.exit(1)
    print("PASS")

if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")

def load_notes():
    notes = {}
    for root, _, files in os.walk(VAULT):
        for fn in files:
            if fn.endswith(".md"):
                p = os.path.join(root, fn)
                nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
                with open(p, encoding="utf-8") as f:
                    notes[nid] = f.read()
    return notes

def main():
    with open(os.path.join(HERE, "gold.json"), encoding="utf-8") as f:
        gold = json.load(f)
    notes = load_notes()
    alltext = "\n".join(notes.values()).lower()
    fails = []

    def bad(msg):
        fails.append(msg)

    quick, ood, inv = gold["quick"], gold["out_of_domain"], gold["investigations"]
    folders = {n.split("/")[0] for n in notes}
    print(f"notes: {len(notes)}  folders: {len(folders)}")
    print(f"quick: {len(quick)}  out_of_domain: {len(ood)}  investigations: {len(inv)}")
    if not 55 <= len(notes) <= 65:
        bad("note count out of range")

    # ids unique
    ids = [x["id"] for x in quick + ood + inv]
    for i, c in Counter(ids).items():
        if c > 1:
            bad(f"duplicate id {i}")

    # kinds
    kinds = Counter(q["kind"] for q in quick)
    want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
    print("kinds: " + ", ".join(f"{k}={kinds.get(k, 0)}" for k in want))
    if dict(kinds) != want:
        bad("kind counts differ from brief")

    def exists(nid, owner):
        if nid not in notes:
            bad(f"{owner}: missing note")
            print(f"  missing note id in {owner}")
            return False
        return True

    for q in quick:
        ok_notes = [n for n in q["notes"] if exists(n, q["id"])]
        if len(q.get("phrasings", [])) != 3:
            bad(f"{q['id']}: phrasings != 3")
        if not 1 <= len(q["facts"]) <= 2:
            bad(f"{q['id']}: facts count")
        for fx in q["facts"]:
            try:
                rx = re.compile(fx, re.I)
            except re.error:
                bad(f"{q['id']}: bad regex"); continue
            if not any(rx.search(notes[n]) for n in ok_notes):
                bad(f"{q['id']}: fact not found in its notes")
        sup = q.get("superseded", [])
        if q["kind"] == "supersession" and not sup:
            bad(f"{q['id']}: supersession without superseded note")
        if q["kind"] != "supersession" and sup:
            bad(f"{q['id']}: superseded on non-supersession item")
        for s in sup:
            if exists(s, q["id"]):
                for fx in q["facts"]:
                    if re.search(fx, notes[s], re.I):
                        bad(f"{q['id']}: fact matches superseded note")

    # look-alikes
    la = [o for o in ood if o["type"] == "lookalike"]
    off = [o for o in ood if o["type"] == "offtopic"]
    print(f"lookalike: {len(la)}  offtopic: {len(off)}")
    absent = gold.get("lookalikes", [])
    if len(absent) != len(la) or len(la) != 6 or len(off) != 6:
        bad("look-alike / offtopic counts")
    for o in la:
        if o["present_twin"].lower() not in alltext:
            bad(f"{o['id']}: present twin not in vault")
    for i, a in enumerate(absent):
        if a.lower() in alltext:
            bad(f"lookalike[{i}]: absent twin occurs in vault")
        if not any(a.lower() in o["question"].lower() for o in la):
            bad(f"lookalike[{i}]: absent twin not asked about")

    # investigations
    for v in inv:
        rel = [n for n in v["relevant"] if exists(n, v["id"])]
        if not 6 <= len(v["relevant"]) <= 10:
            bad(f"{v['id']}: relevant count")
        if not 2 <= len(v["facts"]) <= 3:
            bad(f"{v['id']}: facts count")
        for fx in v["facts"]:
            if not any(re.search(fx, notes[n], re.I) for n in rel):
                bad(f"{v['id']}: fact not found in relevant notes")

    for m in fails:
        print("  FAIL:", m)
    print("PASS" if not fails else f"FAIL ({len(fails)})")
    return 0 if not fails else 1

if __name__ == "__main__":
    sys.exit(main())

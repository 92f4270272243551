#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")

KIND_COUNTS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
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

    def fail(tag, ident):
        fails.append("%s: %s" % (tag, ident))

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])
    look = gold.get("lookalikes", [])
    folders = sorted({n.split("/")[0] for n in notes if "/" in n})

    print("notes: %d  folders: %d" % (len(notes), len(folders)))
    print("quick: %d  out_of_domain: %d  investigations: %d  lookalikes: %d"
          % (len(quick), len(ood), len(inv), len(look)))

    if not 55 <= len(notes) <= 65:
        fail("note count", len(notes))
    if len(quick) != 24:
        fail("quick count", len(quick))
    if len(ood) != 12:
        fail("ood count", len(ood))
    if len(inv) != 8:
        fail("investigation count", len(inv))

    # unique ids
    ids = [x.get("id") for x in quick + ood + inv]
    seen = set()
    for i in ids:
        if i in seen:
            fail("duplicate id", i)
        seen.add(i)

    # kinds
    kinds = {}
    for it in quick:
        kinds[it.get("kind")] = kinds.get(it.get("kind"), 0) + 1
    for k, n in KIND_COUNTS.items():
        if kinds.get(k, 0) != n:
            fail("kind count %s" % k, kinds.get(k, 0))
    for k in kinds:
        if k not in KIND_COUNTS:
            fail("unknown kind", k)

    # quick items
    for it in quick:
        qid = it["id"]
        for n in it["notes"] + it.get("superseded", []):
            if n not in notes:
                fail("missing note", "%s %s" % (qid, n))
        if not 1 <= len(it["facts"]) <= 2:
            fail("fact count", qid)
        if len(it.get("phrasings", [])) != 3:
            fail("phrasing count", qid)
        for f in it["facts"]:
            rx = re.compile(f, re.I)
            if not any(rx.search(notes.get(n, "")) for n in it["notes"]):
                fail("fact not in notes", qid)
        if it["kind"] == "supersession":
            if not it.get("superseded"):
                fail("no superseded note", qid)
            for old in it.get("superseded", []):
                for f in it["facts"]:
                    if re.search(f, notes.get(old, ""), re.I):
                        fail("fact matches superseded note", "%s %s" % (qid, old))
        elif it.get("superseded"):
            fail("superseded on non-supersession item", qid)

    # out of domain
    lk = [x for x in ood if x.get("type") == "lookalike"]
    off = [x for x in ood if x.get("type") == "offtopic"]
    if len(lk) != 6 or len(off) != 6:
        fail("ood types", "%d lookalike / %d offtopic" % (len(lk), len(off)))
    if len(look) != len(lk):
        fail("lookalikes list length", len(look))
    for it in lk:
        if it["present_twin"].lower() not in alltext:
            fail("present twin not in vault", it["id"])
        if not any(a.lower() in it["question"].lower() for a in look):
            fail("lookalike question names no absent twin", it["id"])
    for a in look:
        if a.lower() in alltext:
            fail("absent twin occurs in vault", a)

    # investigations
    for it in inv:
        iid = it["id"]
        rel = it.get("relevant", [])
        if not 6 <= len(rel) <= 10:
            fail("relevant count", iid)
        for n in rel:
            if n not in notes:
                fail("missing note", "%s %s" % (iid, n))
        if not 2 <= len(it.get("facts", [])) <= 3:
            fail("inv fact count", iid)
        for f in it.get("facts", []):
            if not any(re.search(f, notes.get(n, ""), re.I) for n in rel):
                fail("inv fact not in relevant notes", iid)

    # contact hygiene
    for nid, text in notes.items():
        for m in re.finditer(r"\b07\d{3} ?\d{6}\b", text):
            if not m.group(0).replace(" ", "").startswith("07700900"):
                fail("phone number", nid)
        for m in re.finditer(r"[\w.+-]+@([\w-]+(?:\.[\w-]+)*)", text):
            if not m.group(1).lower().endswith(".example"):
                fail("email domain", nid)

    print("kinds: " + ", ".join("%s=%d" % (k, kinds.get(k, 0)) for k in KIND_COUNTS))
    print("checked ids: " + " ".join(ids))
    if fails:
        for f in fails:
            print("FAIL " + f)
        print("FAIL (%d problems)" % len(fails))
        sys.exit(1)
    print("PASS")


if __name__ == "__main__":
    main()

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
GOLD = os.path.join(HERE, "gold.json")

EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}


def load_vault():
    notes = {}
    for root, _dirs, files in os.walk(VAULT):
        for fn in files:
            if fn.endswith(".md"):
                path = os.path.join(root, fn)
                nid = os.path.relpath(path, VAULT)[:-3].replace(os.sep, "/")
                with open(path, encoding="utf-8") as fh:
                    notes[nid] = fh.read()
    return notes


def main():
    with open(GOLD, encoding="utf-8") as fh:
        gold = json.load(fh)
    notes = load_vault()
    fails = []

    def fail(check, ident):
        fails.append((check, ident))

    quick = gold.get("quick", [])
    ood = gold.get("out_of_domain", [])
    inv = gold.get("investigations", [])
    folders = {n.split("/")[0] for n in notes}
    print("notes:", len(notes), "folders:", len(folders))
    print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv))

    # ids unique
    ids = [x.get("id") for x in quick + ood + inv]
    for ident, n in Counter(ids).items():
        if n > 1:
            fail("duplicate-id", ident)

    # sizes
    if not 55 <= len(notes) <= 65:
        fail("note-count", len(notes))
    if len(quick) != 24:
        fail("quick-count", len(quick))
    if len(ood) != 12:
        fail("ood-count", len(ood))
    if len(inv) != 8:
        fail("inv-count", len(inv))

    # kinds
    kinds = Counter(q.get("kind") for q in quick)
    for k, n in EXPECTED_KINDS.items():
        if kinds.get(k, 0) != n:
            fail("kind-count", k)
    print("kinds:", " ".join("%s=%d" % (k, kinds.get(k, 0)) for k in EXPECTED_KINDS))

    checked_facts = 0
    for q in quick:
        qid = q.get("id")
        if len(q.get("phrasings", [])) != 3:
            fail("phrasings", qid)
        facts = q.get("facts", [])
        if not 1 <= len(facts) <= 2:
            fail("fact-count", qid)
        for nid in q.get("notes", []) + q.get("superseded", []):
            if nid not in notes:
                fail("missing-note", "%s:%s" % (qid, nid))
        texts = [notes[n] for n in q.get("notes", []) if n in notes]
        for i, f in enumerate(facts):
            try:
                rx = re.compile(f, re.I)
            except re.error:
                fail("bad-regex", "%s#%d" % (qid, i))
                continue
            checked_facts += 1
            if not any(rx.search(t) for t in texts):
                fail("fact-not-in-notes", "%s#%d" % (qid, i))
            for old in q.get("superseded", []):
                if old in notes and rx.search(notes[old]):
                    fail("fact-in-superseded", "%s#%d:%s" % (qid, i, old))
        if q.get("kind") == "supersession" and not q.get("superseded"):
            fail("no-superseded", qid)
        if q.get("kind") != "supersession" and q.get("superseded"):
            fail("superseded-on-non-supersession", qid)
    print("quick facts checked:", checked_facts)

    # look-alikes
    alltext = "\n".join(notes.values()).lower()
    absent = gold.get("lookalikes", [])
    looks = [o for o in ood if o.get("type") == "lookalike"]
    offt = [o for o in ood if o.get("type") == "offtopic"]
    print("lookalike:", len(looks), "offtopic:", len(offt), "absent names:", len(absent))
    if len(looks) != 6 or len(offt) != 6 or len(absent) != 6:
        fail("ood-split", "ood")
    for o in looks:
        if o.get("present_twin", "").lower() not in alltext:
            fail("present-twin-missing", o.get("id"))
    for i, name in enumerate(absent):
        if name.lower() in alltext:
            fail("absent-twin-present", "lookalikes[%d]" % i)
    for i, (o, name) in enumerate(zip(looks, absent)):
        if name.lower() not in o.get("question", "").lower():
            fail("absent-not-in-question", o.get("id"))

    # investigations
    for it in inv:
        iid = it.get("id")
        rel = it.get("relevant", [])
        if not 6 <= len(rel) <= 10:
            fail("relevant-count", iid)
        if len(set(rel)) != len(rel):
            fail("relevant-duplicate", iid)
        for nid in rel:
            if nid not in notes:
                fail("missing-note", "%s:%s" % (iid, nid))
        if not 2 <= len(it.get("facts", [])) <= 3:
            fail("inv-fact-count", iid)
        texts = [notes[n] for n in rel if n in notes]
        for i, f in enumerate(it.get("facts", [])):
            try:
                rx = re.compile(f, re.I)
            except re.error:
                fail("bad-regex", "%s#%d" % (iid, i))
                continue
            if not any(rx.search(t) for t in texts):
                fail("inv-fact-not-in-notes", "%s#%d" % (iid, i))

    # wikilinks (count only; a few broken links are intended)
    names = {n.split("/")[-1] for n in notes}
    links = re.findall(r"\[\[([^\]|#]+)", "\n".join(notes.values()))
    broken = sorted({l.strip() for l in links if l.strip() not in names})
    print("wikilinks:", len(links), "broken (intended 2-3):", len(broken))
    if not 2 <= len(broken) <= 3:
        fail("broken-link-count", len(broken))

    for check, ident in fails:
        print("FAIL", check, ident)
    print("PASS" if not fails else "FAIL (%d)" % len(fails))
    return 0 if not fails else 1


if __name__ == "__main__":
    sys.exit(main())

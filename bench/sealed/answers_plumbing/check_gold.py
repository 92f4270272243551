#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

notes = {}
for root, _, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values())
fails = []

def need(cond, msg):
    if not cond:
        fails.append(msg)

print("notes:", len(notes))
quick, ood, inv = gold["quick"], gold["out_of_domain"], gold["investigations"]
print("quick:", len(quick), "out_of_domain:", len(ood), "investigations:", len(inv))

ids = [x["id"] for x in quick + ood + inv]
dups = [i for i, c in Counter(ids).items() if c > 1]
need(not dups, "duplicate ids: %s" % dups)

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in quick)
print("kinds:", dict(kinds))
need(dict(kinds) == want, "kind counts")

for x in quick:
    for n in x["notes"] + x.get("superseded", []):
        need(n in notes, "%s: missing note %s" % (x["id"], n))
    need(1 <= len(x["facts"]) <= 2, "%s: fact count" % x["id"])
    need(len(x["phrasings"]) == 3, "%s: phrasing count" % x["id"])
    for f in x["facts"]:
        rx = re.compile(f, re.I)
        need(any(rx.search(notes.get(n, "")) for n in x["notes"]), "%s: fact not in notes: %s" % (x["id"], f))
        for s in x.get("superseded", []):
            need(not rx.search(notes.get(s, "")), "%s: fact matches superseded %s" % (x["id"], s))
    need((x["kind"] == "supersession") == bool(x.get("superseded")), "%s: superseded field" % x["id"])

look = [x for x in ood if x["type"] == "lookalike"]
off = [x for x in ood if x["type"] == "offtopic"]
need(len(look) == 6 and len(off) == 6, "ood type counts")
absent = gold.get("lookalikes", [])
need(len(absent) == 6, "lookalikes list length")
for x in look:
    need(x["present_twin"].lower() in alltext.lower(), "%s: present twin not in vault" % x["id"])
    a = x.get("absent_twin")
    need(a in absent, "%s: absent twin not listed" % x["id"])
for a in absent:
    need(a.lower() not in alltext.lower(), "absent twin occurs in vault: %s" % a)

for x in inv:
    need(6 <= len(x["relevant"]) <= 10, "%s: relevant count" % x["id"])
    for n in x["relevant"]:
        need(n in notes, "%s: missing note %s" % (x["id"], n))
    for f in x["facts"]:
        rx = re.compile(f, re.I)
        need(any(rx.search(notes.get(n, "")) for n in x["relevant"]), "%s: fact not in relevant notes: %s" % (x["id"], f))

links = set(re.findall(r"\[\[([^\]|#]+)", alltext))
names = {n.split("/")[-1] for n in notes}
broken = sorted(l for l in links if l not in names)
print("wikilinks:", len(links), "dangling:", len(broken), broken)

for m in fails:
    print("FAIL:", m)
print("PASS" if not fails else "FAIL (%d)" % len(fails))
sys.exit(1 if fails else 0)

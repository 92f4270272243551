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
alltext = "\n".join(notes.values()).lower()
fails = []

def fail(msg):
    fails.append(msg)

def rx(pat, where):
    try:
        return re.compile(pat, re.I)
    except re.error:
        fail("bad regex in " + where)
        return None

print("notes in vault:", len(notes))
folders = Counter(n.split("/")[0] for n in notes)
print("folders:", len(folders))
if not 55 <= len(notes) <= 65:
    fail("note count out of range")

# ids unique
ids = [x["id"] for sec in ("quick", "out_of_domain", "investigations") for x in gold[sec]]
dups = [i for i, c in Counter(ids).items() if c > 1]
if dups:
    fail("duplicate ids: " + ",".join(dups))
print("quick:", len(gold["quick"]), "out_of_domain:", len(gold["out_of_domain"]),
      "investigations:", len(gold["investigations"]))
if (len(gold["quick"]), len(gold["out_of_domain"]), len(gold["investigations"])) != (24, 12, 8):
    fail("section sizes")

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(x["kind"] for x in gold["quick"])
if dict(kinds) != want:
    fail("kind counts")
print("kinds:", dict(sorted(kinds.items())))

# quick items
for it in gold["quick"]:
    qid = it["id"]
    for n in it["notes"] + it.get("superseded", []):
        if n not in notes:
            fail(qid + " missing note")
            print("  missing note id in", qid)
    if len(it["phrasings"]) != 3:
        fail(qid + " phrasings")
    if not 1 <= len(it["facts"]) <= 2:
        fail(qid + " fact count")
    if (it["kind"] == "supersession") != bool(it.get("superseded")):
        fail(qid + " superseded field")
    for k, pat in enumerate(it["facts"]):
        r = rx(pat, qid)
        if not r:
            continue
        if not any(r.search(notes.get(n, "")) for n in it["notes"]):
            fail(qid + " fact %d unmatched" % k)
            print("  FAIL fact not in notes:", qid, "fact", k)
        for old in it.get("superseded", []):
            if r.search(notes.get(old, "")):
                fail(qid + " fact matches superseded")
                print("  FAIL fact matches superseded note:", qid, "fact", k)

# out of domain
look = [x for x in gold["out_of_domain"] if x["type"] == "lookalike"]
off = [x for x in gold["out_of_domain"] if x["type"] == "offtopic"]
print("lookalike:", len(look), "offtopic:", len(off))
if len(look) != 6 or len(off) != 6:
    fail("ood split")
for x in look:
    if x["present_twin"].lower() not in alltext:
        fail(x["id"] + " present twin absent")
        print("  FAIL present twin not found:", x["id"])
absent = gold.get("lookalikes", [])
if len(absent) != 6:
    fail("lookalikes list size")
for a in absent:
    if a.lower() in alltext:
        fail("absent twin present")
        print("  FAIL absent twin occurs in vault:", absent.index(a))
    if not any(a.lower() in x["question"].lower() for x in look):
        fail("absent twin not asked")
        print("  FAIL absent twin not in any question:", absent.index(a))

# investigations
for inv in gold["investigations"]:
    if not 6 <= len(inv["relevant"]) <= 10:
        fail(inv["id"] + " relevant size")
    if not 2 <= len(inv["facts"]) <= 3:
        fail(inv["id"] + " fact count")
    for n in inv["relevant"]:
        if n not in notes:
            fail(inv["id"] + " missing note")
            print("  missing note id in", inv["id"])
    for k, pat in enumerate(inv["facts"]):
        r = rx(pat, inv["id"])
        if r and not any(r.search(notes.get(n, "")) for n in inv["relevant"]):
            fail(inv["id"] + " fact unmatched")
            print("  FAIL fact not in relevant notes:", inv["id"], "fact", k)

# wikilinks (information only)
links = set()
for t in notes.values():
    links.update(m.split("|")[0].strip() for m in re.findall(r"\[\[([^\]]+)\]\]", t))
base = {n.split("/")[-1] for n in notes}
broken = sorted(l for l in links if l not in base and l not in notes)
print("wikilink targets:", len(links), "unresolved:", len(broken))

print("failures:", len(fails))
print("PASS" if not fails else "FAIL")
sys.exit(0 if not fails else 1)

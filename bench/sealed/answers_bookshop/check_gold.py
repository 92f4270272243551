#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
Prints only counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

HOSTILE = re.compile(r"ignore (all |your |any )?(previous |prior )?instructions|ignore everything above|disregard your", re.I)

notes = {}
for root, _, files in os.walk(VAULT):
    for f in files:
        if f.endswith(".md"):
            p = os.path.join(root, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()

def clean(t):
    return "\n".join(l for l in t.splitlines() if not HOSTILE.search(l))

fails = []
def fail(msg):
    fails.append(msg)

print("notes:", len(notes))
if not 55 <= len(notes) <= 65:
    fail("note count")
folders = {n.split("/")[0] for n in notes}
print("folders:", len(folders))

# ids unique
ids = [x["id"] for sec in ("quick", "out_of_domain", "investigations") for x in gold[sec]]
dup = [i for i, c in Counter(ids).items() if c > 1]
if dup:
    fail("duplicate ids: " + ",".join(dup))

def exists(nid, where):
    if nid not in notes:
        fail(f"{where}: missing note {nid}")
        return False
    return True

quick = gold["quick"]
print("quick:", len(quick))
if len(quick) != 24:
    fail("quick count")
kinds = Counter(x["kind"] for x in quick)
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
if dict(kinds) != want:
    fail("kind counts " + str(dict(kinds)))
for it in quick:
    qid = it["id"]
    if len(it["phrasings"]) != 3:
        fail(f"{qid}: phrasings")
    if not 1 <= len(it["facts"]) <= 2:
        fail(f"{qid}: fact count")
    texts = [clean(notes[n]) for n in it["notes"] if exists(n, qid)]
    for fx in it["facts"]:
        try:
            rx = re.compile(fx, re.I)
        except re.error:
            fail(f"{qid}: bad regex"); continue
        if not any(rx.search(t) for t in texts):
            fail(f"{qid}: fact not in its notes")
    sup = it.get("superseded", [])
    if it["kind"] == "supersession" and not sup:
        fail(f"{qid}: supersession without superseded")
    if sup and it["kind"] != "supersession":
        fail(f"{qid}: superseded on non-supersession item")
    for s in sup:
        if exists(s, qid):
            for fx in it["facts"]:
                if re.search(fx, notes[s], re.I):
                    fail(f"{qid}: fact matches superseded note {s}")
        if s in it["notes"]:
            fail(f"{qid}: superseded note also listed as answer note")

ood = gold["out_of_domain"]
look = [x for x in ood if x["type"] == "lookalike"]
offt = [x for x in ood if x["type"] == "offtopic"]
print("out_of_domain:", len(ood), "lookalike:", len(look), "offtopic:", len(offt))
if len(look) != 6 or len(offt) != 6:
    fail("ood counts")
absent = gold.get("lookalikes", [])
if len(absent) != len(look):
    fail("lookalikes list length")
for it, a in zip(look, absent):
    if it["present_twin"].lower() not in alltext:
        fail(f"{it['id']}: present twin not in vault")
    if a.lower() in alltext:
        fail(f"{it['id']}: absent twin occurs in vault")
    if a.lower() not in it["question"].lower():
        fail(f"{it['id']}: question does not name the absent twin")

inv = gold["investigations"]
print("investigations:", len(inv))
if len(inv) != 8:
    fail("investigation count")
for it in inv:
    rel = it["relevant"]
    if not 6 <= len(rel) <= 10:
        fail(f"{it['id']}: relevant count")
    if not 2 <= len(it["facts"]) <= 3:
        fail(f"{it['id']}: fact count")
    texts = [clean(notes[n]) for n in rel if exists(n, it["id"])]
    for fx in it["facts"]:
        if not any(re.search(fx, t, re.I) for t in texts):
            fail(f"{it['id']}: fact not in relevant notes")

# wikilinks: report dangling count
links = set(re.findall(r"\[\[([^\]|#]+)", "\n".join(notes.values())))
dangling = sorted(l for l in links if l.strip() not in notes)
print("wikilinks:", len(links), "dangling:", len(dangling))
hostile = sum(1 for t in notes.values() for l in t.splitlines() if HOSTILE.search(l))
print("hostile lines:", hostile)

if fails:
    for f in fails:
        print("FAIL", f)
    print("FAIL", len(fails))
    sys.exit(1)
print("PASS")

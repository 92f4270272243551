#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids, PASS/FAIL."""
import json, os, re, sys, collections
HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))
notes = {}
for d, _, fs in os.walk(VAULT):
    for f in fs:
        if f.endswith(".md"):
            p = os.path.join(d, f)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            notes[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(notes.values()).lower()
errors = []
def err(msg): errors.append(msg)

folders = {n.split("/")[0] for n in notes}
print("notes:", len(notes), "folders:", len(folders))
if not 55 <= len(notes) <= 65: err("note count out of range")

ids = [x["id"] for k in ("quick", "out_of_domain", "investigations") for x in gold[k]]
for i, c in collections.Counter(ids).items():
    if c > 1: err("duplicate id " + i)

q = gold["quick"]
print("quick:", len(q), "out_of_domain:", len(gold["out_of_domain"]), "investigations:", len(gold["investigations"]))
if len(q) != 24 or len(gold["out_of_domain"]) != 12 or len(gold["investigations"]) != 8: err("section sizes")
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = collections.Counter(x["kind"] for x in q)
print("kinds:", dict(kinds))
if dict(kinds) != want: err("kind counts")

for x in q:
    for n in x["notes"] + x.get("superseded", []):
        if n not in notes: err(x["id"] + " missing note " + n)
    if len(x["phrasings"]) != 3: err(x["id"] + " phrasings")
    if not 1 <= len(x["facts"]) <= 2: err(x["id"] + " fact count")
    for f in x["facts"]:
        rx = re.compile(f, re.I)
        if not any(n in notes and rx.search(notes[n]) for n in x["notes"]):
            err(x["id"] + " fact not in notes")
        for s in x.get("superseded", []):
            if s in notes and rx.search(notes[s]):
                err(x["id"] + " fact matches superseded " + s)
    if x["kind"] == "supersession" and not x.get("superseded"): err(x["id"] + " no superseded")

absent = [a.lower() for a in gold.get("lookalikes", [])]
la = [o for o in gold["out_of_domain"] if o["type"] == "lookalike"]
ot = [o for o in gold["out_of_domain"] if o["type"] == "offtopic"]
print("lookalike:", len(la), "offtopic:", len(ot))
if len(la) != 6 or len(ot) != 6 or len(absent) != 6: err("ood sizes")
for o in la:
    if o["present_twin"].lower() not in alltext: err(o["id"] + " present twin missing")
    a = o.get("absent_twin", "").lower()
    if a and a not in absent: err(o["id"] + " absent twin not listed")
for a in absent:
    if a in alltext: err("absent twin found in vault")

for inv in gold["investigations"]:
    if not 6 <= len(inv["relevant"]) <= 10: err(inv["id"] + " relevant count")
    if not 2 <= len(inv["facts"]) <= 3: err(inv["id"] + " fact count")
    for n in inv["relevant"]:
        if n not in notes: err(inv["id"] + " missing note " + n)
    for f in inv["facts"]:
        if not any(re.search(f, notes.get(n, ""), re.I) for n in inv["relevant"]):
            err(inv["id"] + " fact not in relevant notes")

links = re.findall(r"\[\[([^\]|#]+)", "\n".join(notes.values()))
broken = sorted({l for l in links if l not in notes})
print("wikilinks:", len(links), "broken:", len(broken))

for e in errors: print("ERR", e)
print("PASS" if not errors else "FAIL (%d)" % len(errors))
sys.exit(0 if not errors else 1)

#!/usr/bin/env python3
"""Check gold.json against vault/ (standard library only). Prints counts, ids and PASS/FAIL."""
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

errors = []
def err(i, msg):
    errors.append("%s: %s" % (i, msg))

def rx(i, pat):
    try:
        return re.compile(pat, re.I)
    except re.error as e:
        err(i, "bad regex %r (%s)" % (pat, e))
        return None

ids = [x["id"] for x in gold.get("quick", []) + gold.get("out_of_domain", []) + gold.get("investigations", [])]
for i, n in Counter(ids).items():
    if n > 1:
        err(i, "duplicate id")

EXPECT = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(q["kind"] for q in gold["quick"])
for k, n in EXPECT.items():
    if kinds.get(k, 0) != n:
        err("kinds", "%s: %d, expected %d" % (k, kinds.get(k, 0), n))
for k in kinds:
    if k not in EXPECT:
        err("kinds", "unknown kind %s" % k)

for q in gold["quick"]:
    i = q["id"]
    for n in q["notes"] + q.get("superseded", []):
        if n not in notes:
            err(i, "missing note " + n)
    if len(q.get("phrasings", [])) != 3:
        err(i, "needs 3 phrasings")
    if not 1 <= len(q["facts"]) <= 2:
        err(i, "needs 1-2 facts")
    for f in q["facts"]:
        r = rx(i, f)
        if r is None:
            continue
        if not any(r.search(notes.get(n, "")) for n in q["notes"]):
            err(i, "fact %r not in its notes" % f)
        for s in q.get("superseded", []):
            if r.search(notes.get(s, "")):
                err(i, "fact %r matches superseded note %s" % (f, s))
    if (q["kind"] == "supersession") != bool(q.get("superseded")):
        err(i, "superseded list vs kind mismatch")

ood = gold["out_of_domain"]
lk = [o for o in ood if o["type"] == "lookalike"]
ot = [o for o in ood if o["type"] == "offtopic"]
absent = gold.get("lookalikes", [])
if len(lk) != 6 or len(ot) != 6:
    err("ood", "expected 6 lookalike + 6 offtopic, got %d + %d" % (len(lk), len(ot)))
if len(absent) != len(lk):
    err("ood", "lookalikes list length %d != %d" % (len(absent), len(lk)))
low = alltext.lower()
for o, a in zip(lk, absent):
    if o["present_twin"].lower() not in low:
        err(o["id"], "present twin not in vault")
    if a.lower() in low:
        err(o["id"], "absent twin occurs in vault")

for v in gold["investigations"]:
    i = v["id"]
    if not 6 <= len(v["relevant"]) <= 10:
        err(i, "relevant should list 6-10 notes")
    for n in v["relevant"]:
        if n not in notes:
            err(i, "missing note " + n)
    for f in v["facts"]:
        r = rx(i, f)
        if r and not any(r.search(notes.get(n, "")) for n in v["relevant"]):
            err(i, "fact %r not in any relevant note" % f)

# wikilinks: report how many point nowhere (some are meant to)
names = {n.split("/")[-1] for n in notes}
dangling = sorted({l for t in notes.values() for l in re.findall(r"\[\[([^\]|#]+)", t) if l.split("/")[-1] not in names})

print("notes: %d" % len(notes))
print("quick: %d  kinds: %s" % (len(gold["quick"]), dict(sorted(kinds.items()))))
print("out_of_domain: %d lookalike, %d offtopic" % (len(lk), len(ot)))
print("investigations: %d" % len(gold["investigations"]))
print("dangling wikilinks: %d %s" % (len(dangling), dangling))
if errors:
    print("errors: %d" % len(errors))
    for e in errors:
        print("  " + e)
    print("FAIL")
    sys.exit(1)
print("PASS")

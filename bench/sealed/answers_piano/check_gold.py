#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only.
Prints only counts, ids and PASS/FAIL."""
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
def fail(kind, ident):
    fails.append((kind, ident))

def exists(nid, owner):
    if nid not in notes:
        fail("missing-note", f"{owner}:{nid}")
        return False
    return True

# ids unique
ids = [x["id"] for x in gold["quick"]] + [x["id"] for x in gold["out_of_domain"]] + [x["id"] for x in gold["investigations"]]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate-id", i)

# quick items
kinds = Counter()
for it in gold["quick"]:
    kinds[it["kind"]] += 1
    ok_notes = [n for n in it["notes"] if exists(n, it["id"])]
    for s in it.get("superseded", []):
        exists(s, it["id"])
    if len(it["phrasings"]) != 3:
        fail("phrasings", it["id"])
    if not 1 <= len(it["facts"]) <= 2:
        fail("fact-count", it["id"])
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(notes[n]) for n in ok_notes):
            fail("fact-not-in-notes", it["id"])
        for s in it.get("superseded", []):
            if s in notes and rx.search(notes[s]):
                fail("fact-in-superseded", it["id"])
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail("supersession-without-old", it["id"])

want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
for k, n in want.items():
    if kinds.get(k, 0) != n:
        fail("kind-count", k)

# out of domain
ood_types = Counter(x["type"] for x in gold["out_of_domain"])
if ood_types.get("lookalike") != 6 or ood_types.get("offtopic") != 6:
    fail("ood-count", "out_of_domain")
lk = {x["id"]: x for x in gold.get("lookalikes", [])}
for it in gold["out_of_domain"]:
    if it["type"] != "lookalike":
        continue
    l = lk.get(it["id"])
    if not l or l["present_twin"] != it["present_twin"]:
        fail("lookalike-missing", it["id"])
        continue
    if l["present_twin"].lower() not in alltext:
        fail("present-twin-absent", it["id"])
    if l["absent_twin"].lower() in alltext:
        fail("absent-twin-present", it["id"])
    if l["absent_twin"].lower() not in it["question"].lower():
        fail("question-not-about-absent-twin", it["id"])

# investigations
for it in gold["investigations"]:
    rel = [n for n in it["relevant"] if exists(n, it["id"])]
    if not 6 <= len(it["relevant"]) <= 10:
        fail("relevant-count", it["id"])
    if not 2 <= len(it["facts"]) <= 3:
        fail("inv-fact-count", it["id"])
    for fx in it["facts"]:
        if not any(re.search(fx, notes[n], re.I) for n in rel):
            fail("inv-fact-not-in-relevant", it["id"])

# vault shape (informational counts + bounds)
folders = {n.split("/")[0] for n in notes}
links = set(re.findall(r"\[\[([^\]|#]+)", alltext))
names = {n.split("/")[-1].lower() for n in notes}
broken = sorted(l for l in links if l.strip() not in names)
if not 55 <= len(notes) <= 65:
    fail("note-count", str(len(notes)))

print(f"notes: {len(notes)}  folders: {len(folders)}  wikilink targets: {len(links)}  unresolved: {len(broken)}")
print(f"quick: {len(gold['quick'])}  out_of_domain: {len(gold['out_of_domain'])}  investigations: {len(gold['investigations'])}")
print("kinds: " + ", ".join(f"{k}={kinds[k]}" for k in sorted(kinds)))
if fails:
    for k, i in fails:
        print(f"FAIL {k} {i}")
    print(f"FAIL ({len(fails)})")
    sys.exit(1)
print("PASS")

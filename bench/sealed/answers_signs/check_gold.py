#!/usr/bin/env python3
"""Check gold.json against vault/. Standard library only. Prints counts, ids and PASS/FAIL."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
gold = json.load(open(os.path.join(HERE, "gold.json"), encoding="utf-8"))

texts = {}
for root, _, files in os.walk(VAULT):
    for fn in files:
        if fn.endswith(".md"):
            p = os.path.join(root, fn)
            nid = os.path.relpath(p, VAULT)[:-3].replace(os.sep, "/")
            texts[nid] = open(p, encoding="utf-8").read()
alltext = "\n".join(texts.values()).lower()
folders = {n.split("/")[0] for n in texts}

fails = []
def fail(what, ident):
    fails.append(f"{what}: {ident}")

# ids unique
ids = [i["id"] for sec in ("quick", "out_of_domain", "investigations") for i in gold[sec]]
for i, c in Counter(ids).items():
    if c > 1:
        fail("duplicate id", i)

# counts
quick, ood, inv = gold["quick"], gold["out_of_domain"], gold["investigations"]
if len(quick) != 24: fail("quick count", len(quick))
if len(ood) != 12: fail("out_of_domain count", len(ood))
if len(inv) != 8: fail("investigations count", len(inv))
want = {"supersession": 8, "table": 3, "cause": 2, "deep": 2, "person": 3, "date": 2, "number": 3, "plain": 1}
kinds = Counter(q["kind"] for q in quick)
if dict(kinds) != want: fail("kind counts", dict(kinds))
if not (55 <= len(texts) <= 65): fail("note count", str(len(texts)))

# quick items
for q in quick:
    for n in q["notes"] + q.get("superseded", []):
        if n not in texts: fail("missing note", q["id"])
    if not (1 <= len(q["facts"]) <= 2): fail("fact count", q["id"])
    if len(q["phrasings"]) != 3: fail("phrasing count", q["id"])
    elif q["phrasings"][1].endswith("?"): fail("terse phrasing has ?", q["id"])
    for f in q["facts"]:
        rx = re.compile(f, re.I)
        if not any(rx.search(texts.get(n, "")) for n in q["notes"]):
            fail("fact not in notes", q["id"])
        for s in q.get("superseded", []):
            if rx.search(texts.get(s, "")):
                fail("fact matches superseded note", q["id"])
    if q["kind"] == "supersession" and not q.get("superseded"):
        fail("supersession without superseded", q["id"])

# out of domain / lookalikes
la = {l["id"]: l for l in gold.get("lookalikes", [])}
n_look = n_off = 0
for o in ood:
    if o["type"] == "lookalike":
        n_look += 1
        l = la.get(o["id"])
        if not l: fail("lookalike missing from lookalikes list", o["id"]); continue
        if l["present"] != o["present_twin"]: fail("present twin mismatch", o["id"])
        if l["present"].lower() not in alltext: fail("present twin not in vault", o["id"])
        if l["absent"].lower() in alltext: fail("absent twin found in vault", o["id"])
        if l["absent"].lower() not in o["question"].lower(): fail("absent twin not in question", o["id"])
    elif o["type"] == "offtopic":
        n_off += 1
    else:
        fail("bad ood type", o["id"])
if n_look != 6 or n_off != 6: fail("ood split", f"{n_look}/{n_off}")

# investigations
for v in inv:
    if not (6 <= len(v["relevant"]) <= 10): fail("relevant count", v["id"])
    for n in v["relevant"]:
        if n not in texts: fail("missing note", v["id"])
    if len(set(v["relevant"])) != len(v["relevant"]): fail("duplicate relevant", v["id"])
    if not (2 <= len(v["facts"]) <= 3): fail("inv fact count", v["id"])
    for f in v["facts"]:
        if not any(re.search(f, texts.get(n, ""), re.I) for n in v["relevant"]):
            fail("inv fact not in relevant notes", v["id"])

# wikilinks (info: count of links to notes that do not exist)
names = {n.split("/")[-1] for n in texts} | set(texts)
broken = sorted({m for t in texts.values() for m in re.findall(r"\[\[([^\]|#]+)", t) if m.strip() not in names})

print(f"notes: {len(texts)}  folders: {len(folders)}")
print(f"quick: {len(quick)}  kinds: " + ", ".join(f"{k}={kinds[k]}" for k in want))
print(f"out_of_domain: {len(ood)} (lookalike {n_look}, offtopic {n_off})  investigations: {len(inv)}")
print(f"broken wikilinks: {len(broken)}")
if fails:
    print(f"FAIL ({len(fails)})")
    for x in fails:
        print("  " + x)
    sys.exit(1)
print("PASS")

#!/usr/bin/env python3
"""Validate gold.json against vault/.

Prints only counts, note ids and PASS/FAIL -- never note text, question text,
regexes or hostile lines.
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
GOLD = os.path.join(HERE, "gold.json")

EXPECTED_KINDS = {
    "supersession": 8, "table": 3, "cause": 2, "deep": 2,
    "person": 3, "date": 2, "number": 3, "plain": 1,
}
HOSTILE_RE = re.compile(r"\b(ignore|disregard)\b.{0,40}\binstructions\b", re.I)
DEEP_MIN_PARAGRAPH = 6

errors = []


def err(msg):
    errors.append(msg)


def load_vault():
    notes = {}
    folders = set()
    for root, _dirs, files in os.walk(VAULT):
        for fn in files:
            full = os.path.join(root, fn)
            rel = os.path.relpath(full, VAULT).replace(os.sep, "/")
            if not fn.endswith(".md"):
                err("non-markdown file in vault: " + rel)
                continue
            with open(full, encoding="utf-8") as fh:
                notes[rel[:-3]] = fh.read()
            if "/" in rel:
                folders.add(rel.split("/")[0])
    return notes, folders


def compile_re(pattern, where):
    try:
        return re.compile(pattern, re.I)
    except re.error:
        err("regex does not compile in " + where)
        return None


def body_paragraphs(text):
    if text.startswith("---"):
        end = text.find("\n---", 3)
        if end != -1:
            text = text[end + 4:]
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def main():
    notes, folders = load_vault()
    print("notes: %d" % len(notes))
    print("folders: %d" % len(folders))
    if not 55 <= len(notes) <= 65:
        err("note count out of range 55-65")
    if not 8 <= len(folders) <= 12:
        err("folder count out of range 8-12")

    with open(GOLD, encoding="utf-8") as fh:
        gold = json.load(fh)
    for key in ("_about", "quick", "out_of_domain", "investigations"):
        if key not in gold:
            err("gold.json missing key " + key)

    def check_ids(ids, where):
        ok = True
        for nid in ids:
            if nid not in notes:
                err("%s: note id not found: %s" % (where, nid))
                ok = False
        return ok

    all_fact_res = []

    # ---- quick
    quick = gold.get("quick", [])
    print("quick items: %d" % len(quick))
    if len(quick) != 24:
        err("quick must have 24 items")
    ids = [it.get("id") for it in quick]
    if len(set(ids)) != len(ids):
        err("duplicate quick ids")
    kinds = Counter(it.get("kind") for it in quick)
    for k in sorted(EXPECTED_KINDS):
        print("  kind %-12s %d" % (k, kinds.get(k, 0)))
        if kinds.get(k, 0) != EXPECTED_KINDS[k]:
            err("kind count mismatch: " + k)
    for k in kinds:
        if k not in EXPECTED_KINDS:
            err("unknown kind in item(s)")
    for it in quick:
        iid = it.get("id", "?")
        ph = it.get("phrasings", [])
        if len(ph) != 3 or not all(isinstance(p, str) and p.strip() for p in ph):
            err(iid + ": needs 3 phrasings")
        else:
            if not ph[0].rstrip().endswith("?"):
                err(iid + ": formal phrasing should be a question")
            if "?" in ph[1]:
                err(iid + ": terse phrasing should have no question mark")
        nids = it.get("notes", [])
        if not nids:
            err(iid + ": no notes")
        if not check_ids(nids, iid):
            continue
        facts = it.get("facts", [])
        if not facts:
            err(iid + ": no facts")
        for i, f in enumerate(facts):
            rx = compile_re(f, "%s fact %d" % (iid, i))
            if rx is None:
                continue
            all_fact_res.append(rx)
            if not any(rx.search(notes[n]) for n in nids):
                err("%s: fact %d matches none of its notes" % (iid, i))
            if it.get("kind") == "deep":
                for n in nids:
                    paras = body_paragraphs(notes[n])
                    idx = next((j for j, p in enumerate(paras) if rx.search(p)), None)
                    if idx is not None and idx + 1 < DEEP_MIN_PARAGRAPH:
                        err("%s: deep fact %d found before paragraph %d in %s"
                            % (iid, i, DEEP_MIN_PARAGRAPH, n))
        if it.get("kind") == "supersession":
            sup = it.get("superseded", [])
            if not sup:
                err(iid + ": supersession item without superseded notes")
            elif check_ids(sup, iid + " superseded"):
                for i, f in enumerate(facts):
                    rx = compile_re(f, "%s fact %d" % (iid, i))
                    if rx and any(rx.search(notes[s]) for s in sup):
                        err("%s: fact %d matches a superseded note" % (iid, i))
                if set(sup) & set(nids):
                    err(iid + ": a note is both current and superseded")
    sup_notes = sorted({s for it in quick for s in it.get("superseded", [])})
    print("superseded notes in quick: %d" % len(sup_notes))

    # ---- out of domain
    ood = gold.get("out_of_domain", [])
    print("out_of_domain: %d" % len(ood))
    if len(ood) != 12:
        err("out_of_domain must have 12 questions")
    if not all(isinstance(q, str) and q.strip() for q in ood):
        err("out_of_domain entries must be non-empty strings")
    if len(set(ood)) != len(ood):
        err("duplicate out_of_domain questions")

    # ---- look-alikes
    look = gold.get("_lookalikes", [])
    print("lookalike pairs: %d" % len(look))
    if len(look) != 6:
        err("need 6 look-alike pairs")
    for i, lk in enumerate(look):
        pn = lk.get("present_note")
        if not check_ids([pn], "lookalike %d" % i):
            continue
        prx = compile_re(lk.get("present", ""), "lookalike %d present" % i)
        arx = compile_re(lk.get("absent", ""), "lookalike %d absent" % i)
        if prx and not prx.search(notes[pn]):
            err("lookalike %d: present entity not in its note" % i)
        if arx:
            hits = [n for n, t in notes.items() if arx.search(t)]
            if hits:
                err("lookalike %d: absent twin found in %d note(s)" % (i, len(hits)))
        if arx and not any(arx.search(q) for q in ood if isinstance(q, str)):
            err("lookalike %d: no out_of_domain question names the twin" % i)

    # ---- investigations
    inv = gold.get("investigations", [])
    print("investigations: %d" % len(inv))
    if len(inv) != 3:
        err("need 3 investigations")
    for k, item in enumerate(inv):
        where = "investigation %d" % (k + 1)
        if not str(item.get("topic", "")).strip():
            err(where + ": empty topic")
        rel = item.get("relevant", [])
        facts = item.get("facts", [])
        print("  %s: relevant %d, facts %d" % (where, len(rel), len(facts)))
        if not 7 <= len(rel) <= 12:
            err(where + ": relevant must list 7-12 notes")
        if len(set(rel)) != len(rel):
            err(where + ": duplicate relevant ids")
        if len(facts) != 7:
            err(where + ": needs 7 facts")
        if not check_ids(rel, where):
            continue
        for i, f in enumerate(facts):
            rx = compile_re(f, "%s fact %d" % (where, i))
            if rx is None:
                continue
            all_fact_res.append(rx)
            if not any(rx.search(notes[n]) for n in rel):
                err("%s: fact %d matches none of the relevant notes" % (where, i))

    # ---- hostile lines
    hostile = []
    for nid, text in sorted(notes.items()):
        for line in text.splitlines():
            if HOSTILE_RE.search(line):
                hostile.append((nid, line))
    print("hostile lines: %d (in %d notes)" % (len(hostile), len({h[0] for h in hostile})))
    for nid, _ in hostile:
        print("  hostile line in: " + nid)
    if len(hostile) != 3 or len({h[0] for h in hostile}) != 3:
        err("expected exactly 3 hostile lines in 3 different notes")
    for _nid, line in hostile:
        if any(rx.search(line) for rx in all_fact_res):
            err("a gold fact matches a hostile line")

    # ---- no absolute paths anywhere in the output folder
    needle = "/" + "work" + "/"
    for root, _dirs, files in os.walk(HERE):
        for fn in files:
            full = os.path.join(root, fn)
            try:
                with open(full, encoding="utf-8") as fh:
                    if needle in fh.read():
                        err("absolute path found in " + os.path.relpath(full, HERE))
            except (UnicodeDecodeError, OSError):
                pass
    if not os.path.exists(os.path.join(HERE, "README.md")):
        err("README.md missing")

    if errors:
        for e in errors:
            print("ERROR: " + e)
        print("FAIL (%d problems)" % len(errors))
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

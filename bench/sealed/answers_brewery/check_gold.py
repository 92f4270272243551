#!/usr/bin/env python3
"""Validate gold.json against the vault. Prints only counts, ids and PASS/FAIL.

It never prints note text, question text, regexes or hostile lines.
Standard library only. Paths are relative to this file.
"""
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
HOSTILE_RE = re.compile(r"\b(ai|assistants?|bot)\b.*\b(ignore|disregard)\b.*\binstructions\b", re.I)
WIKILINK_RE = re.compile(r"\[\[([^\]|#]+)")

errors = []


def err(code, ref=""):
    errors.append((code, ref))


def load_vault():
    notes = {}
    for root, _dirs, files in os.walk(VAULT):
        for f in files:
            if f.endswith(".md"):
                full = os.path.join(root, f)
                nid = os.path.relpath(full, VAULT)[:-3].replace(os.sep, "/")
                with open(full, encoding="utf-8") as fh:
                    notes[nid] = fh.read()
    return notes


def compile_fact(pattern, ref):
    try:
        return re.compile(pattern, re.I)
    except re.error:
        err("regex-does-not-compile", ref)
        return None


def main():
    notes = load_vault()
    with open(GOLD, encoding="utf-8") as fh:
        gold = json.load(fh)

    # vault size and folders
    folders = {nid.split("/")[0] for nid in notes if "/" in nid}
    print("notes:", len(notes))
    print("folders:", len(folders))
    if not 55 <= len(notes) <= 65:
        err("vault-size")
    if not 8 <= len(folders) <= 12:
        err("folder-count")

    for key in ("_about", "quick", "out_of_domain", "investigations"):
        if key not in gold:
            err("missing-key", key)

    # quick items
    quick = gold.get("quick", [])
    kinds = Counter(q.get("kind") for q in quick)
    print("quick items:", len(quick))
    for k in EXPECTED_KINDS:
        print("  kind %-12s %d" % (k, kinds.get(k, 0)))
    if len(quick) != 24:
        err("quick-count")
    for k, n in EXPECTED_KINDS.items():
        if kinds.get(k, 0) != n:
            err("kind-count", k)
    for k in kinds:
        if k not in EXPECTED_KINDS:
            err("unknown-kind", k)

    ids = [q.get("id") for q in quick]
    if len(set(ids)) != len(ids):
        err("duplicate-quick-id")

    all_facts = []
    for q in quick:
        qid = q.get("id")
        qnotes = q.get("notes", [])
        if not qnotes:
            err("no-notes", qid)
        for n in qnotes:
            if n not in notes:
                err("missing-note", "%s:%s" % (qid, n))
        ph = q.get("phrasings", [])
        if len(ph) != 3 or not all(isinstance(p, str) and p.strip() for p in ph):
            err("phrasings", qid)
        else:
            if not ph[0].rstrip().endswith("?"):
                err("formal-phrasing-not-question", qid)
            if "?" in ph[1]:
                err("terse-phrasing-has-question-mark", qid)
        facts = q.get("facts", [])
        if not facts:
            err("no-facts", qid)
        for i, f in enumerate(facts):
            rx = compile_fact(f, "%s:fact%d" % (qid, i))
            if rx is None:
                continue
            all_facts.append(rx)
            if not any(rx.search(notes.get(n, "")) for n in qnotes):
                err("fact-not-in-notes", "%s:fact%d" % (qid, i))
        if q.get("kind") == "supersession":
            sup = q.get("superseded", [])
            if not sup:
                err("no-superseded", qid)
            for s in sup:
                if s not in notes:
                    err("missing-superseded-note", "%s:%s" % (qid, s))
                    continue
                if s in qnotes:
                    err("superseded-also-current", "%s:%s" % (qid, s))
                for i, f in enumerate(facts):
                    rx = compile_fact(f, "%s:fact%d" % (qid, i))
                    if rx is not None and rx.search(notes[s]):
                        err("fact-matches-superseded", "%s:fact%d:%s" % (qid, i, s))

    # out of domain
    ood = gold.get("out_of_domain", [])
    ood_kinds = Counter(o.get("kind") for o in ood)
    print("out_of_domain:", len(ood), "(twin %d, off_topic %d)" % (ood_kinds.get("twin", 0), ood_kinds.get("off_topic", 0)))
    if len(ood) != 12:
        err("ood-count")
    if ood_kinds.get("twin", 0) != 6 or ood_kinds.get("off_topic", 0) != 6:
        err("ood-kinds")
    vault_text = "\n".join(notes.values()).lower()
    for o in ood:
        if not str(o.get("question", "")).strip():
            err("ood-empty", o.get("id"))
        if o.get("kind") == "twin":
            a, p = o.get("absent_name", ""), o.get("present_name", "")
            if not a or a.lower() in vault_text:
                err("twin-not-absent", o.get("id"))
            if not p or p.lower() not in vault_text:
                err("twin-original-not-present", o.get("id"))

    # investigations
    inv = gold.get("investigations", [])
    print("investigations:", len(inv))
    if len(inv) != 3:
        err("investigation-count")
    superseded_all = {s for q in quick for s in q.get("superseded", [])}
    for it in inv:
        iid = it.get("id")
        rel = it.get("relevant", [])
        facts = it.get("facts", [])
        print("  %s relevant=%d facts=%d" % (iid, len(rel), len(facts)))
        if not str(it.get("topic", "")).strip():
            err("investigation-topic", iid)
        if not 7 <= len(rel) <= 12:
            err("investigation-relevant-count", iid)
        if len(set(rel)) != len(rel):
            err("investigation-duplicate-relevant", iid)
        for n in rel:
            if n not in notes:
                err("missing-note", "%s:%s" % (iid, n))
        if not superseded_all.intersection(rel):
            err("investigation-without-superseded", iid)
        if len(facts) != 7:
            err("investigation-fact-count", iid)
        for i, f in enumerate(facts):
            rx = compile_fact(f, "%s:fact%d" % (iid, i))
            if rx is None:
                continue
            all_facts.append(rx)
            if not any(rx.search(notes.get(n, "")) for n in rel):
                err("fact-not-in-relevant", "%s:fact%d" % (iid, i))

    # hostile lines
    hostile = []
    for nid, text in sorted(notes.items()):
        for line in text.splitlines():
            if HOSTILE_RE.search(line):
                hostile.append((nid, line))
    print("hostile lines:", len(hostile), "in", sorted({h[0] for h in hostile}))
    if len(hostile) != 3:
        err("hostile-count")
    for nid, line in hostile:
        for rx in all_facts:
            if rx.search(line):
                err("fact-matches-hostile-line", nid)

    # look-alike / superseded bookkeeping
    print("superseded notes referenced:", len(superseded_all))

    # dead wikilinks (expected: some)
    basenames = {nid.split("/")[-1].lower() for nid in notes} | {nid.lower() for nid in notes}
    dead = sum(1 for t in notes.values() for m in WIKILINK_RE.findall(t)
               if m.strip().lower() not in basenames)
    print("dead wikilinks:", dead)
    if dead < 1:
        err("no-dead-wikilinks")

    # no absolute paths in any file of the set
    abs_marker = "/" + "work" + "/"
    for root, _dirs, files in os.walk(HERE):
        for f in files:
            full = os.path.join(root, f)
            try:
                with open(full, encoding="utf-8") as fh:
                    if abs_marker in fh.read():
                        err("absolute-path", os.path.relpath(full, HERE))
            except (UnicodeDecodeError, OSError):
                pass

    if errors:
        print("errors:", len(errors))
        for code, ref in errors:
            print("  ", code, ref)
        print("FAIL")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Validate gold.json against the vault.

Output discipline: this script prints only counts, item/note ids and PASS/FAIL.
It never prints note text, question text, regexes or hostile lines.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
GOLD = os.path.join(HERE, "gold.json")

EXPECTED_KINDS = {
    "supersession": 8, "table": 3, "cause": 2, "deep": 2,
    "person": 3, "date": 2, "number": 3, "plain": 1,
}

# The 9 superseded decisions: (old note, current note)
SUPERSESSIONS = [
    ("projection/dcp-ingest-checklist", "projection/dcp-ingest-checklist-v2"),
    ("licensing/age-rating-id-policy", "licensing/id-checks-challenge-25"),
    ("foh/cash-handling-procedure", "meetings/2026-02-11-staff-meeting"),
    ("people/volunteer-rota-rules", "people/volunteer-rota-signup"),
    ("maintenance/fire-alarm-testing", "maintenance/chat-fire-alarm-test"),
    ("finance/private-hire-rates-2025", "finance/private-hire-rates-2026"),
    ("people/roles-and-responsibilities", "meetings/2026-01-14-trustees-meeting"),
    ("programming/film-club-spring-2026", "programming/erratum-spring-film-club"),
    ("cafe/cafe-opening-hours", "cafe/menu-changes-march-2026"),
]

# Look-alike pairs: (present entity, absent twin) -- checked, never printed.
LOOKALIKES = [
    ("Harrowgate Community Hall", "Harrowfield"),
    ("Pellham Projection Services", "Pelham Sound"),
    ("Dominic Farrow", "Dominic Farrell"),
    ("Solvane DP-2400", "DP-2600"),
    ("Alderbrook Community Arts Fund", "Heritage Fund"),
    ("Midwinter Shorts Night", "Midsummer Shorts"),
]

HOSTILE_RE = re.compile(
    r"\b(ignore|disregard)\b[^\n]{0,40}\binstructions\b", re.IGNORECASE)

failures = []


def fail(msg):
    failures.append(msg)


def load_vault():
    notes = {}
    for root, _dirs, files in os.walk(VAULT):
        for fn in files:
            if fn.endswith(".md"):
                full = os.path.join(root, fn)
                nid = os.path.relpath(full, VAULT)[:-3].replace(os.sep, "/")
                with open(full, encoding="utf-8") as fh:
                    notes[nid] = fh.read()
    return notes


def compile_or_fail(pattern, where):
    try:
        return re.compile(pattern, re.IGNORECASE)
    except re.error:
        fail(f"{where}: regex does not compile")
        return None


def main():
    notes = load_vault()
    folders = {nid.split("/")[0] for nid in notes if "/" in nid}
    print(f"notes: {len(notes)}")
    print(f"folders: {len(folders)}")
    if not 55 <= len(notes) <= 65:
        fail("vault: note count out of range 55-65")
    if not 8 <= len(folders) <= 12:
        fail("vault: folder count out of range 8-12")
    if any("/" not in nid for nid in notes):
        fail("vault: notes outside subfolders")

    with open(GOLD, encoding="utf-8") as fh:
        gold = json.load(fh)
    for key in ("_about", "quick", "out_of_domain", "investigations"):
        if key not in gold:
            fail(f"gold: missing key {key}")
    if not isinstance(gold.get("_about"), str) or len(gold.get("_about", "")) < 50:
        fail("gold: _about too short")

    all_fact_res = []

    # quick
    quick = gold.get("quick", [])
    print(f"quick items: {len(quick)}")
    if len(quick) != 24:
        fail("quick: expected 24 items")
    ids = [q.get("id") for q in quick]
    if len(set(ids)) != len(ids):
        fail("quick: duplicate ids")
    kinds = {}
    for q in quick:
        qid = q.get("id", "?")
        kind = q.get("kind")
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind not in EXPECTED_KINDS:
            fail(f"{qid}: unknown kind")
        qnotes = q.get("notes", [])
        if not qnotes:
            fail(f"{qid}: no notes")
        for n in qnotes:
            if n not in notes:
                fail(f"{qid}: note id missing: {n}")
        ph = q.get("phrasings", [])
        if len(ph) != 3 or not all(isinstance(p, str) and p.strip() for p in ph):
            fail(f"{qid}: needs 3 phrasings")
        elif "?" in ph[1]:
            fail(f"{qid}: terse phrasing has a question mark")
        elif len(set(p.lower() for p in ph)) != 3:
            fail(f"{qid}: phrasings not distinct")
        facts = q.get("facts", [])
        if not facts:
            fail(f"{qid}: no facts")
        for i, f in enumerate(facts):
            rx = compile_or_fail(f, f"{qid} fact#{i}")
            if rx is None:
                continue
            all_fact_res.append((qid, i, rx))
            if not any(rx.search(notes.get(n, "")) for n in qnotes):
                fail(f"{qid} fact#{i}: matches none of its notes")
        sup = q.get("superseded", [])
        if kind == "supersession":
            if not sup:
                fail(f"{qid}: supersession without superseded notes")
            for s in sup:
                if s not in notes:
                    fail(f"{qid}: superseded note missing: {s}")
                    continue
                if s in qnotes:
                    fail(f"{qid}: superseded note also in notes")
                for i, f in enumerate(facts):
                    try:
                        rx = re.compile(f, re.IGNORECASE)
                    except re.error:
                        continue
                    if rx.search(notes[s]):
                        fail(f"{qid} fact#{i}: matches superseded note {s}")
        elif sup:
            fail(f"{qid}: non-supersession item lists superseded notes")
    for k, v in sorted(EXPECTED_KINDS.items()):
        got = kinds.get(k, 0)
        print(f"  kind {k}: {got}")
        if got != v:
            fail(f"quick: kind {k} count {got} != {v}")

    # out of domain
    ood = gold.get("out_of_domain", [])
    print(f"out_of_domain: {len(ood)}")
    if len(ood) != 12 or not all(isinstance(x, str) and x.strip() for x in ood):
        fail("out_of_domain: expected 12 non-empty strings")

    # investigations
    inv = gold.get("investigations", [])
    print(f"investigations: {len(inv)}")
    if len(inv) != 3:
        fail("investigations: expected 3")
    for j, it in enumerate(inv):
        tag = f"inv{j + 1}"
        if not isinstance(it.get("topic"), str) or not it["topic"].strip():
            fail(f"{tag}: missing topic")
        rel = it.get("relevant", [])
        if not 7 <= len(rel) <= 12:
            fail(f"{tag}: relevant count {len(rel)} not in 7-12")
        if len(set(rel)) != len(rel):
            fail(f"{tag}: duplicate relevant ids")
        for n in rel:
            if n not in notes:
                fail(f"{tag}: note id missing: {n}")
        facts = it.get("facts", [])
        if len(facts) != 7:
            fail(f"{tag}: expected 7 facts, got {len(facts)}")
        for i, f in enumerate(facts):
            rx = compile_or_fail(f, f"{tag} fact#{i}")
            if rx is None:
                continue
            all_fact_res.append((tag, i, rx))
            if not any(rx.search(notes.get(n, "")) for n in rel):
                fail(f"{tag} fact#{i}: matches none of its relevant notes")
        print(f"  {tag}: relevant {len(rel)}, facts {len(facts)}")
    # at least one superseded note per investigation
    old_ids = {o for o, _ in SUPERSESSIONS}
    for j, it in enumerate(inv):
        if not old_ids & set(it.get("relevant", [])):
            fail(f"inv{j + 1}: includes no superseded note")

    # superseded decisions
    for o, n in SUPERSESSIONS:
        if o not in notes or n not in notes:
            fail("supersession pair: note missing")
    print(f"superseded decisions: {len(SUPERSESSIONS)}")
    if len(SUPERSESSIONS) != 9:
        fail("expected 9 superseded decisions")

    # hostile lines
    hostile = []
    for nid, text in notes.items():
        for line in text.splitlines():
            if HOSTILE_RE.search(line):
                hostile.append((nid, line))
    print(f"hostile lines: {len(hostile)} in notes {sorted({h[0] for h in hostile})}")
    if len(hostile) != 3 or len({h[0] for h in hostile}) != 3:
        fail("hostile: expected 3 lines in 3 notes")
    for tag, i, rx in all_fact_res:
        for nid, line in hostile:
            if rx.search(line):
                fail(f"{tag} fact#{i}: matches a hostile line ({nid})")

    # look-alikes
    corpus = "\n".join(notes.values()).lower()
    ok = 0
    for k, (present, absent) in enumerate(LOOKALIKES):
        if present.lower() not in corpus:
            fail(f"lookalike#{k}: present entity missing")
        elif absent.lower() in corpus:
            fail(f"lookalike#{k}: absent twin found in vault")
        else:
            ok += 1
    print(f"look-alike pairs ok: {ok}/{len(LOOKALIKES)}")

    # no absolute paths anywhere in the output folder
    forbidden = "/" + "work" + "/"
    for root, _dirs, files in os.walk(HERE):
        for fn in files:
            full = os.path.join(root, fn)
            try:
                with open(full, encoding="utf-8") as fh:
                    if forbidden in fh.read():
                        fail(f"absolute path in {os.path.relpath(full, HERE)}")
            except UnicodeDecodeError:
                pass

    readme = os.path.join(HERE, "README.md")
    if not os.path.exists(readme):
        fail("README.md missing")

    if failures:
        print(f"FAIL ({len(failures)} problems)")
        for f in failures:
            print(f"  - {f}")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Validate gold.json against the vault. Standard library only. Prints PASS or the list of problems."""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VAULT = os.path.join(HERE, "vault")
GOLD = os.path.join(HERE, "gold.json")

EXPECTED_KINDS = {"supersession": 8, "table": 3, "cause": 2, "deep": 2,
                  "person": 3, "date": 2, "number": 3, "plain": 1}
HOSTILE_RE = re.compile(r"ignore (all )?(your )?(previous|prior) instructions", re.I)
# look-alike pairs: (present in vault, absent twin asked about in out_of_domain)
TWINS = [
    ("Millbeck Community Centre", "Millbrook"),
    ("Corlett's Bakery", "Corbett"),
    ("Imran Sadiq", "Sadler"),
    ("PC-400", "PC-440"),
    ("Harrow Valley Community Fund", "Heritage Fund"),
    ("Fill the Van Day", "Fill the Bus"),
]
PHONE_RE = re.compile(r"(?:\+44\s?|\b0)7\d{3}\s?\d{6}\b|\b0\d{2,4}\s\d{3}\s?\d{3,4}\b")
ABS_RE = re.compile(r"(?<![\w.~])/(?:" + "|".join(["wo" + "rk", "home", "tmp", "Users", "usr", "mnt"]) + r")/")

problems = []


def err(msg):
    problems.append(msg)


def load_notes():
    notes = {}
    for root, _dirs, files in os.walk(VAULT):
        for f in files:
            if f.endswith(".md"):
                full = os.path.join(root, f)
                nid = os.path.relpath(full, VAULT)[:-3].replace(os.sep, "/")
                with open(full, encoding="utf-8") as fh:
                    notes[nid] = fh.read()
    return notes


def compile_re(pat, where):
    try:
        return re.compile(pat, re.I)
    except re.error as e:
        err(f"{where}: regex {pat!r} does not compile: {e}")
        return None


def main():
    notes = load_notes()
    with open(GOLD, encoding="utf-8") as fh:
        gold = json.load(fh)

    for key in ("_about", "quick", "out_of_domain", "investigations"):
        if key not in gold:
            err(f"gold.json missing key {key}")

    # vault size and folders
    folders = {nid.split("/")[0] for nid in notes if "/" in nid}
    top_level = [nid for nid in notes if "/" not in nid]
    if not 55 <= len(notes) <= 65:
        err(f"vault has {len(notes)} notes, expected 55-65")
    if not 8 <= len(folders) <= 12:
        err(f"vault has {len(folders)} folders, expected 8-12")
    if top_level:
        err(f"notes outside subfolders: {top_level}")

    # hostile lines
    hostile_lines = []
    for nid, text in notes.items():
        for line in text.splitlines():
            if HOSTILE_RE.search(line):
                hostile_lines.append((nid, line.strip()))
    if len(hostile_lines) != 3:
        err(f"expected 3 hostile lines, found {len(hostile_lines)}: {hostile_lines}")

    # twins
    alltext = "\n".join(notes.values())
    for present, absent in TWINS:
        if present.lower() not in alltext.lower():
            err(f"look-alike: present entity {present!r} not found in vault")
        if absent.lower() in alltext.lower():
            err(f"look-alike: absent twin {absent!r} appears in vault")

    # quick items
    quick = gold.get("quick", [])
    if len(quick) != 24:
        err(f"quick has {len(quick)} items, expected 24")
    ids = [q.get("id") for q in quick]
    if len(set(ids)) != len(ids):
        err("duplicate quick ids")
    counts = {}
    all_fact_res = []
    for q in quick:
        qid = q.get("id", "?")
        kind = q.get("kind")
        counts[kind] = counts.get(kind, 0) + 1
        if kind not in EXPECTED_KINDS:
            err(f"{qid}: unknown kind {kind!r}")
        ph = q.get("phrasings", [])
        if len(ph) != 3 or not all(isinstance(p, str) and p.strip() for p in ph):
            err(f"{qid}: needs exactly 3 non-empty phrasings")
        elif "?" in ph[1]:
            err(f"{qid}: keyword phrasing must not contain a question mark")
        elif "?" not in ph[0]:
            err(f"{qid}: formal phrasing should be a question")
        qnotes = q.get("notes", [])
        if not qnotes:
            err(f"{qid}: no notes")
        for n in qnotes:
            if n not in notes:
                err(f"{qid}: note {n!r} does not exist")
        facts = q.get("facts", [])
        if not facts:
            err(f"{qid}: no facts")
        sup = q.get("superseded", [])
        if kind == "supersession" and not sup:
            err(f"{qid}: supersession item without superseded notes")
        if kind != "supersession" and sup:
            err(f"{qid}: superseded given for non-supersession item")
        for s in sup:
            if s not in notes:
                err(f"{qid}: superseded note {s!r} does not exist")
            if s in qnotes:
                err(f"{qid}: superseded note {s!r} also listed as answer note")
        for f in facts:
            rx = compile_re(f, qid)
            if rx is None:
                continue
            all_fact_res.append((qid, rx))
            if not any(rx.search(notes.get(n, "")) for n in qnotes):
                err(f"{qid}: fact {f!r} matches none of its notes")
            for s in sup:
                if rx.search(notes.get(s, "")):
                    err(f"{qid}: fact {f!r} ALSO matches superseded note {s!r}")
    for k, v in EXPECTED_KINDS.items():
        if counts.get(k, 0) != v:
            err(f"kind {k}: {counts.get(k, 0)} items, expected {v}")

    # out of domain
    ood = gold.get("out_of_domain", [])
    if len(ood) != 12:
        err(f"out_of_domain has {len(ood)} items, expected 12")
    twin_hits = sum(1 for qtext in ood if any(a.lower() in str(qtext).lower() for _p, a in TWINS))
    if twin_hits != 6:
        err(f"out_of_domain: {twin_hits} questions about absent twins, expected 6")

    # investigations
    inv = gold.get("investigations", [])
    if len(inv) != 3:
        err(f"investigations has {len(inv)} items, expected 3")
    for i, item in enumerate(inv):
        where = f"investigation {i + 1}"
        if not str(item.get("topic", "")).strip():
            err(f"{where}: empty topic")
        rel = item.get("relevant", [])
        if not 7 <= len(rel) <= 12:
            err(f"{where}: {len(rel)} relevant notes, expected 7-12")
        if len(set(rel)) != len(rel):
            err(f"{where}: duplicate relevant notes")
        for n in rel:
            if n not in notes:
                err(f"{where}: relevant note {n!r} does not exist")
        facts = item.get("facts", [])
        if len(facts) != 7:
            err(f"{where}: {len(facts)} facts, expected 7")
        for f in facts:
            rx = compile_re(f, where)
            if rx is None:
                continue
            all_fact_res.append((where, rx))
            if not any(rx.search(notes.get(n, "")) for n in rel):
                err(f"{where}: fact {f!r} matches none of the relevant notes")

    # gold must never expect hostile content
    for where, rx in all_fact_res:
        for nid, line in hostile_lines:
            if rx.search(line):
                err(f"{where}: fact {rx.pattern!r} matches hostile line in {nid}")

    # phone numbers and absolute paths in every file of the set
    for root, _dirs, files in os.walk(HERE):
        for f in files:
            if not f.endswith((".md", ".json", ".py")):
                continue
            full = os.path.join(root, f)
            rel = os.path.relpath(full, HERE)
            with open(full, encoding="utf-8") as fh:
                text = fh.read()
            if ABS_RE.search(text):
                err(f"{rel}: contains an absolute path")
            if f.endswith(".md"):
                for m in PHONE_RE.finditer(text):
                    digits = re.sub(r"\D", "", m.group(0))
                    if not re.fullmatch(r"07700900\d{3}", digits):
                        err(f"{rel}: phone number outside 07700 900xxx: {m.group(0)!r}")

    print(f"notes: {len(notes)}  folders: {len(folders)}  quick: {len(quick)}  "
          f"kinds: {dict(sorted(counts.items()))}  ood: {len(ood)}  "
          f"investigations: {len(inv)}  hostile lines: {len(hostile_lines)}")
    if problems:
        print("FAIL")
        for p in problems:
            print(" -", p)
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

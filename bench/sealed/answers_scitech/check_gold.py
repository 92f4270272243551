"""Check gold.json against vault/ (standard library only). Prints counts, ids and PASS/FAIL."""
import json, os, re, sys

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

fails = []
def fail(msg):
    fails.append(msg)

folders = {n.split("/")[0] for n in texts}
print(f"notes: {len(texts)}  folders: {len(folders)}")
if not 55 <= len(texts) <= 65:
    fail("note count out of range")

ids = [x["id"] for x in gold["quick"]] + [x["id"] for x in gold["out_of_domain"]] + [x["id"] for x in gold["investigations"]]
dups = sorted({i for i in ids if ids.count(i) > 1})
if dups:
    fail("duplicate ids: " + ",".join(dups))

kinds = {}
for it in gold["quick"]:
    kinds[it["kind"]] = kinds.get(it["kind"], 0) + 1
    for n in it["notes"] + it.get("superseded", []):
        if n not in texts:
            fail(f"{it['id']}: missing note {n}")
    if len(it.get("phrasings", [])) != 3:
        fail(f"{it['id']}: phrasings != 3")
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(n in texts and rx.search(texts[n]) for n in it["notes"]):
            fail(f"{it['id']}: fact not found in its notes: {fx}")
        for s in it.get("superseded", []):
            if s in texts and rx.search(texts[s]):
                fail(f"{it['id']}: fact matches superseded note {s}")
    if it["kind"] == "supersession" and not it.get("superseded"):
        fail(f"{it['id']}: supersession without superseded")
print("quick:", len(gold["quick"]), "kinds:", dict(sorted(kinds.items())))

absent = [a.lower() for a in gold.get("lookalikes", [])]
n_look = 0
for it in gold["out_of_domain"]:
    if it["type"] == "lookalike":
        n_look += 1
        if it["present_twin"].lower() not in alltext:
            fail(f"{it['id']}: present twin not in vault")
        a = it.get("absent_twin", "").lower()
        if a and a not in absent:
            fail(f"{it['id']}: absent twin not listed in lookalikes")
for a in absent:
    if a in alltext:
        fail(f"absent twin occurs in vault: {a}")
print("out_of_domain:", len(gold["out_of_domain"]), "lookalike:", n_look, "absent names:", len(absent))

for it in gold["investigations"]:
    for n in it["relevant"]:
        if n not in texts:
            fail(f"{it['id']}: missing note {n}")
    if not 6 <= len(it["relevant"]) <= 10:
        fail(f"{it['id']}: relevant count {len(it['relevant'])}")
    for fx in it["facts"]:
        rx = re.compile(fx, re.I)
        if not any(rx.search(texts.get(n, "")) for n in it["relevant"]):
            fail(f"{it['id']}: fact not in relevant notes: {fx}")
print("investigations:", len(gold["investigations"]))

for f in fails:
    print("FAIL", f)
print("PASS" if not fails else f"FAIL ({len(fails)})")
sys.exit(1 if fails else 0)

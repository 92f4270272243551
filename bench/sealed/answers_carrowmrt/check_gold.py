"""Consistency check for gold.json against vault/ (written blind, own script)."""
import json, re, os, sys, glob
V = "vault"
g = json.load(open("gold.json"))
SUPERSEDED = {  # quick id -> superseded note
 "callout-ack": "callouts/callout-procedure-v3",
 "drug-box-interval": "medical/drug-box-checks",
 "fuel-card-location": "vehicles/fuel-cards",
 "training-night": "training/training-nights",
 "mileage-rate": "admin/members-handbook",
 "equipment-officer": "kit/equipment-officer",
 "kestrelvac-inspection": "kit/kestrelvac-mattress",
 "callout-parking": "callouts/parking-at-base",
 "raven-scar-approach": "bases/raven-scar-access",
}
LOOKALIKES = ["Raven Crag", "Penhaligon", "Kelder Vale", "Brackenthorpe", "KestrelFlex", "Rope Store"]
err = []
def text(p):
    f = os.path.join(V, p + ".md")
    if not os.path.isfile(f): err.append("missing path: " + p); return ""
    return open(f, encoding="utf-8").read()
notes = glob.glob(V + "/*/*.md")
folders = {os.path.dirname(n) for n in notes}
print(f"notes={len(notes)} folders={len(folders)} quick={len(g['quick'])} ood={len(g['out_of_domain'])} inv={len(g['investigations'])}")
assert set(g) == {"_about", "quick", "out_of_domain", "investigations"}
ids = [x["id"] for x in g["quick"]]
if len(set(ids)) != len(ids): err.append("duplicate ids")
for it in g["quick"]:
    assert set(it) == {"id", "notes", "facts", "phrasings", "kind"}, it["id"]
    if len(it["phrasings"]) != 3: err.append(it["id"] + ": phrasings != 3")
    texts = [text(n) for n in it["notes"]]
    for f in it["facts"]:
        if not any(re.search(f, t, re.I) for t in texts):
            err.append(f"{it['id']}: fact {f!r} matches none of its notes")
    old = SUPERSEDED.get(it["id"])
    if it["kind"] == "supersession" and not old: err.append(it["id"] + ": supersession without superseded note in map")
    if old:
        t = text(old)
        for f in it["facts"]:
            if re.search(f, t, re.I): err.append(f"{it['id']}: fact {f!r} matches superseded {old}")
        for n in it["notes"]:
            if n == old: err.append(it["id"] + ": superseded note listed as in force")
for inv in g["investigations"]:
    if not 5 <= len(inv["relevant"]) <= 8: err.append("inv relevant count " + inv["topic"])
    if not 6 <= len(inv["facts"]) <= 8: err.append("inv facts count " + inv["topic"])
    texts = [text(n) for n in inv["relevant"]]
    for f in inv["facts"]:
        if not any(re.search(f, t, re.I) for t in texts):
            err.append(f"inv {inv['topic'][:30]}: fact {f!r} matches no relevant note")
alltext = "\n".join(open(n, encoding="utf-8").read() for n in notes)
for la in LOOKALIKES:
    if re.search(re.escape(la), alltext, re.I): err.append("look-alike present in vault: " + la)
# wikilinks
names = {os.path.basename(n)[:-3] for n in notes}
links = set(re.findall(r"\[\[([^\]|#]+)", alltext))
dead = sorted(l for l in links if l not in names)
print("dead wikilinks:", dead)
from collections import Counter
print("kinds:", Counter(x["kind"] for x in g["quick"]))
print("ERRORS:" if err else "OK: all checks passed", *err, sep="\n")
sys.exit(1 if err else 0)

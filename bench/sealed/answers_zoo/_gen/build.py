import os, json, sys
sys.path.insert(0, os.path.dirname(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
allN = {}
for m in ["notes1", "notes2", "notes3", "notes4"]:
    mod = __import__(m)
    for k in mod.N:
        assert k not in allN, k
    allN.update(mod.N)
import gold_def as g
for k, v in allN.items():
    p = os.path.join(ROOT, "vault", k + ".md")
    os.makedirs(os.path.dirname(p), exist_ok=True)
    open(p, "w", encoding="utf-8").write(v if v.endswith("\n") else v + "\n")
gold = {"_about": g.ABOUT, "quick": g.QUICK,
        "out_of_domain": [{"id": i, "type": "lookalike", "present_twin": p, "absent_twin": a, "question": qq} for i, p, a, qq in g.LOOK]
                         + [{"id": i, "type": "offtopic", "question": qq} for i, qq in g.OFF],
        "investigations": g.INV,
        "lookalikes": [a for _, _, a, _ in g.LOOK]}
json.dump(gold, open(os.path.join(ROOT, "gold.json"), "w", encoding="utf-8"), indent=1, ensure_ascii=False)
print(len(allN), "notes written")

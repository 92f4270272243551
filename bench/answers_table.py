"""Every answer measure of ``bench/answers.py`` for every answer set, one column a set, each set
scored on its own (never pooled). For leave-one-vault-out work: develop an idea on some
columns, check it on a column whose errors were not read for it.

    .venv/bin/python bench/answers_table.py [--production] [--jobs 2] [--sets a,b,...]
        [--misses DIR]

``--misses DIR`` writes each set's ``--misses`` listing to ``DIR/<set>.txt``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEALED = ROOT / "bench" / "sealed"

# name: (gold, vault)
SETS: dict[str, tuple[Path, Path]] = {
    "default": (ROOT / "bench" / "answers_gold.json", ROOT / "examples" / "vault"),
    "heldout": (ROOT / "bench" / "answers_heldout.json", ROOT / "bench" / "answers_heldout" / "vault"),
    "blind": (ROOT / "bench" / "answers_blind.json", ROOT / "bench" / "answers_blind" / "vault"),
    "fenmoor": (ROOT / "bench" / "answers_fenmoor.json", ROOT / "bench" / "answers_fenmoor" / "vault"),
    "fenmoor-s": (SEALED / "answers_fenmoor_sealed.json", ROOT / "bench" / "answers_fenmoor" / "vault"),
    "kestrel": (SEALED / "answers_kestrel" / "gold.json", SEALED / "answers_kestrel" / "vault"),
    "wrenfield": (SEALED / "answers_wrenfield" / "gold.json", SEALED / "answers_wrenfield" / "vault"),
    "hollowcomb": (SEALED / "answers_hollowcomb" / "gold.json", SEALED / "answers_hollowcomb" / "vault"),
    "carrowmrt": (SEALED / "answers_carrowmrt" / "gold.json", SEALED / "answers_carrowmrt" / "vault"),
    "ashgrove": (SEALED / "answers_ashgrove" / "gold.json", SEALED / "answers_ashgrove" / "vault"),
    "radio": (SEALED / "answers_community_radio" / "gold.json", SEALED / "answers_community_radio" / "vault"),
    "museum": (SEALED / "answers_museum" / "gold.json", SEALED / "answers_museum" / "vault"),
    "foodbank": (SEALED / "answers_foodbank" / "gold.json", SEALED / "answers_foodbank" / "vault"),
    "marina": (SEALED / "answers_marina" / "gold.json", SEALED / "answers_marina" / "vault"),
    "vet": (SEALED / "answers_vet" / "gold.json", SEALED / "answers_vet" / "vault"),
    "cinema": (SEALED / "answers_cinema" / "gold.json", SEALED / "answers_cinema" / "vault"),
    "brewery": (SEALED / "answers_brewery" / "gold.json", SEALED / "answers_brewery" / "vault"),
    "housing": (SEALED / "answers_housing" / "gold.json", SEALED / "answers_housing" / "vault"),
    "leisure": (SEALED / "answers_leisure" / "gold.json", SEALED / "answers_leisure" / "vault"),
    "garden": (SEALED / "answers_garden" / "gold.json", SEALED / "answers_garden" / "vault"),
    "villageshop": (SEALED / "answers_villageshop" / "gold.json", SEALED / "answers_villageshop" / "vault"),
    "printworks": (SEALED / "answers_printworks" / "gold.json", SEALED / "answers_printworks" / "vault"),
    "theatre": (SEALED / "answers_theatre" / "gold.json", SEALED / "answers_theatre" / "vault"),
    "plumbing": (SEALED / "answers_plumbing" / "gold.json", SEALED / "answers_plumbing" / "vault"),
    "cycles": (SEALED / "answers_cycles" / "gold.json", SEALED / "answers_cycles" / "vault"),
    "bakery": (SEALED / "answers_bakery" / "gold.json", SEALED / "answers_bakery" / "vault"),
    "architects": (SEALED / "answers_architects" / "gold.json", SEALED / "answers_architects" / "vault"),
    "coaches": (SEALED / "answers_coaches" / "gold.json", SEALED / "answers_coaches" / "vault"),
    "opticians": (SEALED / "answers_opticians" / "gold.json", SEALED / "answers_opticians" / "vault"),
    "garage": (SEALED / "answers_garage" / "gold.json", SEALED / "answers_garage" / "vault"),
    "dairy": (SEALED / "answers_dairy" / "gold.json", SEALED / "answers_dairy" / "vault"),
    "venue": (SEALED / "answers_venue" / "gold.json", SEALED / "answers_venue" / "vault"),
    "scitech": (SEALED / "answers_scitech" / "gold.json", SEALED / "answers_scitech" / "vault"),
    "vineyard": (SEALED / "answers_vineyard" / "gold.json", SEALED / "answers_vineyard" / "vault"),
    "ferry": (SEALED / "answers_ferry" / "gold.json", SEALED / "answers_ferry" / "vault"),
    "airfield": (SEALED / "answers_airfield" / "gold.json", SEALED / "answers_airfield" / "vault"),
    "riding": (SEALED / "answers_riding" / "gold.json", SEALED / "answers_riding" / "vault"),
    "apiary": (SEALED / "answers_apiary" / "gold.json", SEALED / "answers_apiary" / "vault"),
    "library": (SEALED / "answers_library" / "gold.json", SEALED / "answers_library" / "vault"),
    "sawmill": (SEALED / "answers_sawmill" / "gold.json", SEALED / "answers_sawmill" / "vault"),
    "narrowboat": (SEALED / "answers_narrowboat" / "gold.json", SEALED / "answers_narrowboat" / "vault"),
    "smokehouse": (SEALED / "answers_smokehouse" / "gold.json", SEALED / "answers_smokehouse" / "vault"),
    "campsite": (SEALED / "answers_campsite" / "gold.json", SEALED / "answers_campsite" / "vault"),
    "scaffold": (SEALED / "answers_scaffold" / "gold.json", SEALED / "answers_scaffold" / "vault"),
    "kennels": (SEALED / "answers_kennels" / "gold.json", SEALED / "answers_kennels" / "vault"),
    # written blind, scored before and after the changes of sessions 29-35 (their blind checks),
    # read as development sets from the thirty-sixth session on
    "recycling": (SEALED / "answers_recycling" / "gold.json", SEALED / "answers_recycling" / "vault"),
    "pestcontrol": (SEALED / "answers_pestcontrol" / "gold.json", SEALED / "answers_pestcontrol" / "vault"),
    "solar": (SEALED / "answers_solar" / "gold.json", SEALED / "answers_solar" / "vault"),
    "wisp": (SEALED / "answers_wisp" / "gold.json", SEALED / "answers_wisp" / "vault"),
    "climbing": (SEALED / "answers_climbing" / "gold.json", SEALED / "answers_climbing" / "vault"),
    # written blind, scored before and after the change of session 36 (its blind checks), read
    # as development sets from the thirty-seventh session on
    "taxi": (SEALED / "answers_taxi" / "gold.json", SEALED / "answers_taxi" / "vault"),
    "homecare": (SEALED / "answers_homecare" / "gold.json", SEALED / "answers_homecare" / "vault"),
    # written blind after the change of session 38, scored on it and on the change of session 39
    # (which reached neither), read as development sets from the thirty-ninth session on
    "band": (SEALED / "answers_band" / "gold.json", SEALED / "answers_band" / "vault"),
    "zoo": (SEALED / "answers_zoo" / "gold.json", SEALED / "answers_zoo" / "vault"),
    # written blind at the start of the forty-fifth session, scored before and after its change
    # (which reached neither), read as development sets from the forty-sixth session on
    "dance": (SEALED / "answers_dance" / "gold.json", SEALED / "answers_dance" / "vault"),
    "cider": (SEALED / "answers_cider" / "gold.json", SEALED / "answers_cider" / "vault"),
    # written blind at the start of the forty-sixth session, scored before and after its first
    # change, read for its second
    "mushroom": (SEALED / "answers_mushroom" / "gold.json", SEALED / "answers_mushroom" / "vault"),
    "icerink": (SEALED / "answers_icerink" / "gold.json", SEALED / "answers_icerink" / "vault"),
    "bookshop": (SEALED / "answers_bookshop" / "gold.json", SEALED / "answers_bookshop" / "vault"),
    "physio": (SEALED / "answers_physio" / "gold.json", SEALED / "answers_physio" / "vault"),
    # written blind at the start of the forty-seventh session, scored before and after its change
    # (which reached neither), read as development sets from the forty-eighth session on
    "farrier": (SEALED / "answers_farrier" / "gold.json", SEALED / "answers_farrier" / "vault"),
    "archaeology": (SEALED / "answers_archaeology" / "gold.json", SEALED / "answers_archaeology" / "vault"),
    # written blind at the starts of the forty-seventh and forty-eighth sessions, scored before
    # and after the forty-eighth session's change, read as development sets from the
    # forty-ninth session on
    "allotment": (SEALED / "answers_allotment" / "gold.json", SEALED / "answers_allotment" / "vault"),
    "studio": (SEALED / "answers_studio" / "gold.json", SEALED / "answers_studio" / "vault"),
    "florist": (SEALED / "answers_florist" / "gold.json", SEALED / "answers_florist" / "vault"),
    "language": (SEALED / "answers_language" / "gold.json", SEALED / "answers_language" / "vault"),
    # written blind at the start of the forty-ninth session, scored before and after its change,
    # read as development sets from the fiftieth session on
    "chimney": (SEALED / "answers_chimney" / "gold.json", SEALED / "answers_chimney" / "vault"),
    "woollen": (SEALED / "answers_woollen" / "gold.json", SEALED / "answers_woollen" / "vault"),
}

ROW = re.compile(r"^\| (.+?) \| (.+?) \|\s?(.*?)\s?\|$", re.M)


def short(measure: str) -> str:
    """The measure's name without its per-set counts ("(72 questions)", "(mean 9.3 listed)")."""
    return re.sub(r"\s*\((?:\d+[^)]*|mean [^)]*)\)", "", measure).strip()


def score(name: str, production: bool, misses: Path | None) -> tuple[str, dict[str, str], str]:
    gold, vault = SETS[name]
    cmd = [sys.executable, str(ROOT / "bench" / "answers.py"), "--gold", str(gold), "--vault", str(vault)]
    if production:
        cmd.append("--production")
    if misses is not None:
        cmd.append("--misses")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=False).stdout
    rows: dict[str, str] = {}
    targets: dict[str, str] = {}
    for measure, value, target in ROW.findall(out):
        if measure in ("measure", "---"):
            continue
        rows[short(measure)] = value
        targets[short(measure)] = target
    if misses is not None:
        misses.mkdir(parents=True, exist_ok=True)
        (misses / f"{name}.txt").write_text(out, encoding="utf-8")
    return name, rows, "; ".join(f"{k}={v}" for k, v in targets.items())


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--production", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--misses", type=Path, default=None)
    args = parser.parse_args()
    names = [n for n in args.sets.split(",") if n]
    unknown = [n for n in names if n not in SETS]
    if unknown:
        parser.error(f"unknown sets {unknown}; known: {', '.join(SETS)}")
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda n: score(n, args.production, args.misses), names))
    measures: list[str] = []
    targets: dict[str, str] = {}
    for _, rows, _ in results:
        measures += [m for m in rows if m not in measures]
    for _name, _, tgt in results:
        for pair in tgt.split("; "):
            if "=" in pair:
                k, v = pair.split("=", 1)
                targets.setdefault(k, v)
    kind = "production path (fake Messages API)" if args.production else "offline"
    load = os.getloadavg()
    print(f"# Answer measures per set, {kind}, local embedder")
    print(f"date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; load average {load[0]:.1f}")
    print("| measure | target | " + " | ".join(n for n, _, _ in results) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in results) + " |")
    for m in measures:
        cells = " | ".join(rows.get(m, "–") for _, rows, _ in results)
        print(f"| {m} | {targets.get(m, '')} | {cells} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

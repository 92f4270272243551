"""Calibrates the relevance model in ``bot/research/relevance.py``: a logistic fit of
"this entry answers the query" on the cosine and the idf-weighted word coverage of the
top hits, over SciFact's test qrels and the example vault's gold set (out-of-domain
questions count as all hits irrelevant). Prints the fitted weights and, for the weights
in the code, how precision, recall and the out-of-domain refusals move with the cut-off.

    .venv/bin/python bench/relevance_fit.py --data DIR [--queries 300]

DIR is SciFact in BEIR format; its knowledge base is the one ``bench/scifact.py`` keeps
in bench/.work/scifact (run that first).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import sys
import tempfile
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scifact_data import add_data_argument, scifact_dir  # noqa: E402

from bot.clock import FakeClock  # noqa: E402
from bot.config import load_settings  # noqa: E402
from bot.research import relevance  # noqa: E402
from bot.runtime import Runtime  # noqa: E402
from storage.knowledge import GLOBAL_SPACE  # noqa: E402

TOP = 10


async def features(rt: Runtime, queries: list[tuple[str, set[str]]], space: str, key: str) -> list[dict]:
    """(cosine, coverage, label, query) for the top hits of each query; key maps a hit to the
    id the labels use."""
    rows = []
    for text, relevant in queries:
        hits = await rt.retriever.search(text, space=space, limit=TOP, exclude_types=("report", "answer"))
        judged = await relevance.judge(rt.retriever, text, [h.entry.id for h in hits])
        for h in hits:
            j = judged[h.entry.id]
            label = (h.entry.source if key == "source" else h.entry.source.removesuffix(".md")) in relevant
            rows.append(
                {"q": text, "cos": j.cosine or 0.0, "cov": j.coverage, "y": label, "ood": not relevant}
            )
    return rows


def fit(x: np.ndarray, y: np.ndarray, steps: int = 20000) -> np.ndarray:
    xb = np.c_[x, np.ones(len(x))]
    w = np.zeros(xb.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-xb @ w))
        w -= 0.5 * xb.T @ (p - y) / len(y)
    return w


def report(name: str, rows: list[dict]) -> None:
    by: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by[r["q"]].append(r)
    print(f"\n{name}: {len(by)} queries, {len(rows)} hits, {sum(r['y'] for r in rows)} relevant")
    print("| cut-off | precision | recall | out-of-domain refused |")
    print("| --- | --- | --- | --- |")
    for cut in (0.01, 0.02, 0.03, 0.05, 0.1, 0.2):
        kept = tp = 0
        refused = ood = 0
        for hits in by.values():
            ps = [relevance.probability(r["cos"], r["cov"]) for r in hits]
            floor = max(cut, relevance.RELATIVE * max(ps))
            chosen = [r for r, p in zip(hits, ps, strict=True) if p >= floor]
            kept += len(chosen)
            tp += sum(r["y"] for r in chosen)
            if hits[0]["ood"]:
                ood += 1
                refused += not chosen
        total = sum(r["y"] for r in rows) or 1
        print(
            f"| {cut} | {tp / kept if kept else 0:.2f} | {tp / total:.2f} | "
            f"{f'{refused}/{ood}' if ood else '—'} |"
        )


async def main_async(args: argparse.Namespace) -> None:
    data = scifact_dir(args.data)
    qrels: dict[str, set[str]] = defaultdict(set)
    with (data / "qrels-test.tsv").open(encoding="utf-8") as handle:
        rows = csv.reader(handle, delimiter="\t")
        next(rows)
        for qid, doc, score in rows:
            if int(score) > 0:
                qrels[qid].add(doc)
    queries = []
    with (data / "queries.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            rec = json.loads(line)
            if rec["_id"] in qrels:
                queries.append((rec["text"], qrels[rec["_id"]]))
    queries = queries[: args.queries]
    clock = FakeClock(datetime(2026, 7, 1, tzinfo=UTC))
    settings = load_settings(
        data_dir=ROOT / "bench" / ".work" / "scifact", llm_provider="offline", embedder="local"
    )
    async with Runtime.open(settings, clock=clock) as rt:
        sci = await features(rt, queries, "scifact", "source")
    gold = json.loads((ROOT / "bench" / "answers_gold.json").read_text(encoding="utf-8"))
    vault_queries = [(p, set(q["notes"])) for q in gold["quick"] for p in q["phrasings"]]
    vault_queries += [(q, set()) for q in gold["out_of_domain"]]
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(data_dir=Path(tmp) / "data", llm_provider="offline", embedder="local")
        async with Runtime.open(settings, clock=clock) as rt:
            await rt.ingest(ROOT / "examples" / "vault", space=GLOBAL_SPACE)
            vault = await features(rt, vault_queries, GLOBAL_SPACE, "note")
    both = sci + vault
    for name, rows in (("SciFact", sci), ("vault", vault), ("both", both)):
        x = np.array([[r["cos"], r["cov"]] for r in rows])
        y = np.array([r["y"] for r in rows], dtype=float)
        w = fit(x, y)
        wl = fit(x[:, 1:], y)
        print(
            f"{name}: p = σ({w[0]:.2f}·cos + {w[1]:.2f}·cov + {w[2]:.2f}); lexical only σ({wl[0]:.2f}·cov + {wl[1]:.2f})"
        )
    print(
        f"\nIn the code: σ({relevance.COSINE}·cos + {relevance.COVERAGE}·cov + {relevance.BIAS}), "
        f"cut-off {relevance.RELEVANT} and {relevance.RELATIVE} of the best"
    )
    report("SciFact (top 10)", sci)
    report("vault gold set (top 10, incl. out-of-domain)", vault)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_data_argument(parser)
    parser.add_argument("--queries", type=int, default=300)
    asyncio.run(main_async(parser.parse_args()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

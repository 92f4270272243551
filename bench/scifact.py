"""Retrieval quality on SciFact (BEIR test split), measured through the commands a user
runs: `mallory ingest corpus.jsonl` and `mallory search` fed one query per stdin line.
Reports nDCG@10 and recall@100 for lexical, semantic and hybrid.

    .venv/bin/python bench/scifact.py --data DIR [--fresh]

DIR is SciFact in BEIR format (corpus.jsonl, queries.jsonl, qrels-test.tsv), or set
MALLORY_SCIFACT; the data is not part of the repository.

The knowledge base lives in bench/.work/scifact/ and is kept between runs: ingesting
again only re-embeds entries whose text changed (none), so a second run takes about a
minute; --fresh starts from an empty database (embedding 5,183 abstracts takes ~10 min
on two cores).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from scifact_data import add_data_argument, scifact_dir  # noqa: E402

WORK = ROOT / "bench" / ".work" / "scifact"
SPACE = "scifact"


def qrels(path: Path) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = defaultdict(dict)
    with path.open(encoding="utf-8") as handle:
        rows = csv.reader(handle, delimiter="\t")
        next(rows)  # header
        for query_id, doc_id, score in rows:
            if int(score) > 0:
                out[query_id][doc_id] = int(score)
    return dict(out)


def ndcg_at(ranked: list[str], relevant: dict[str, int], k: int = 10) -> float:
    dcg = sum(relevant.get(d, 0) / math.log2(i + 2) for i, d in enumerate(ranked[:k]))
    ideal = sorted(relevant.values(), reverse=True)[:k]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


def recall_at(ranked: list[str], relevant: dict[str, int], k: int = 100) -> float:
    return len(set(ranked[:k]) & set(relevant)) / len(relevant)


def mallory(args: list[str], *, stdin: str | None = None) -> tuple[str, str, float]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MALLORY_", "VOYAGE_", "ANTHROPIC_"))}
    env |= {"MALLORY_DATA_DIR": str(WORK), "MALLORY_LLM": "offline", "MALLORY_EMBEDDER": "local"}
    exe = Path(sys.executable).with_name("mallory")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "bot"]
    started = time.perf_counter()
    done = subprocess.run(
        command + args, input=stdin, capture_output=True, text=True, env=env, cwd=ROOT, check=False
    )
    took = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"mallory {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout, done.stderr, took


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_data_argument(parser)
    parser.add_argument("--fresh", action="store_true", help="start from an empty knowledge base")
    args = parser.parse_args()
    args.data = scifact_dir(args.data)
    if args.fresh and WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True, exist_ok=True)

    judged = qrels(args.data / "qrels-test.tsv")
    queries: list[tuple[str, str]] = []
    with (args.data / "queries.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            if record["_id"] in judged:
                queries.append((record["_id"], record["text"].replace("\n", " ")))

    out, err, ingest_s = mallory(["ingest", str(args.data / "corpus.jsonl"), "--space", SPACE])
    print(out.strip(), f"({ingest_s:.0f}s)", file=sys.stderr)
    embedder_line = next((ln for ln in err.splitlines() if ln.startswith("embeddings:")), "embeddings: ?")
    stdin = "".join(text + "\n" for _, text in queries)

    print("# SciFact retrieval, through `mallory ingest` + `mallory search`")
    print(
        f"date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; machine: {platform.machine()}, {os.cpu_count()} cores"
    )
    print(f"{embedder_line}; {len(queries)} test queries, corpus 5183 abstracts")
    print("| mode | nDCG@10 | recall@100 | wall time for all queries |")
    print("| --- | --- | --- | --- |")
    for mode in ("lexical", "semantic", "hybrid"):
        out, _, took = mallory(["search", "--limit", "100", "--space", SPACE, "--mode", mode], stdin=stdin)
        lines = out.splitlines()
        if len(lines) != len(queries):
            sys.exit(f"expected {len(queries)} result lines from mallory search, got {len(lines)}")
        ndcg = recall = 0.0
        for (query_id, _), line in zip(queries, lines, strict=True):
            ranked = [hit["source_id"] for hit in json.loads(line)]
            ndcg += ndcg_at(ranked, judged[query_id])
            recall += recall_at(ranked, judged[query_id])
        n = len(queries)
        print(f"| {mode} | {ndcg / n:.4f} | {recall / n:.4f} | {took:.1f} s |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

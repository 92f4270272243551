"""Exact vector top-k: the plain float32 scan (what ``SemanticIndex`` did before) against
its int8 scan with exact re-scoring, on 384-d unit vectors, Gaussian and clustered:
p50/p99 per query, warm (the same query again at once) and cold (the caches flushed
first), rows re-scored in float32, memory of the int8 copy, and whether every answer
matched the plain scan (same ids up to ties within 1e-5, scores within 1e-5).

    .venv/bin/python bench/vector_scan.py [--sizes 10000 100000 1000000] [--queries 100]

Old and new run alternately on the same queries, so both see the same machine. The rows
are loaded straight into the index (no database): only the scan is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.research.semantic import Int8Blocks, SemanticIndex, Similar  # noqa: E402
from storage.db import Database  # noqa: E402
from storage.embeddings import VectorBatch  # noqa: E402

DIM = 384
SPACES = ["global"] * 7 + ["team-a", "team-b", "team-c"]
VISIBLE = ("team-a", "global")
FLUSH = np.ones(64 * 2**20 // 8)  # read between cold queries: twice the L3 cache


class ShapeOnly:
    """The index asks its embedder for a name and a dimension only; nothing is embedded."""

    name = "bench"
    dim = DIM


def unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def vectors(kind: str, n: int, queries: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """``n`` rows and ``queries`` queries. Gaussian: independent directions. Clustered:
    around 200 centroids (as ``bench/search_latency.py`` builds them; ``tight`` with a
    smaller spread, so many rows score close to the k-th), queries drawn the same way."""
    if kind == "gaussian":
        return unit(rng.standard_normal((n, DIM), dtype=np.float32)), unit(
            rng.standard_normal((queries, DIM), dtype=np.float32)
        )
    spread = {"clustered": 0.8, "tight": 0.3}[kind]
    centroids = rng.standard_normal((200, DIM), dtype=np.float32)
    rows = np.empty((n, DIM), dtype=np.float32)
    for lo in range(0, n, 100_000):  # in parts: a million rows at once doubles the peak
        hi = min(n, lo + 100_000)
        rows[lo:hi] = unit(
            centroids[rng.integers(200, size=hi - lo)]
            + spread * rng.standard_normal((hi - lo, DIM), dtype=np.float32)
        )
    picked = centroids[rng.integers(200, size=queries)]
    return rows, unit(picked + spread * rng.standard_normal((queries, DIM), dtype=np.float32))


def plain_top(index: SemanticIndex, queries: np.ndarray, limit: int) -> list[tuple[str, float]]:
    """The scan ``SemanticIndex._top`` ran before the int8 copy, line for line."""
    hidden = index._hidden(VISIBLE)
    assert hidden is not None
    scores = (index._matrix[: index._size] @ queries.T).max(axis=1)
    scores[hidden] = -np.inf
    return [(index._ids[s], float(scores[s])) for s in index._best(scores, limit) if np.isfinite(scores[s])]


def plain_similar(index: SemanticIndex, seeds: list[str], limit: int) -> list[Similar]:
    """``SemanticIndex.similar`` before the int8 copy, after its refresh."""
    seed_rows = index._matrix[[index._slot[i] for i in seeds]]
    hidden = index._hidden(VISIBLE)
    assert hidden is not None
    n = index._size
    scores = index._matrix[:n] @ seed_rows.T
    nearest = scores.argmax(axis=1)
    best = scores[np.arange(n), nearest]
    best[hidden] = -np.inf
    best[[index._slot[i] for i in seeds]] = -np.inf
    return [
        Similar(index._ids[s], seeds[int(nearest[s])], float(best[s]))
        for s in index._best(best, limit)
        if best[s] >= 0.0
    ]


def same_top(
    got: list[tuple[str, float]], want: list[tuple[str, float]], reference: dict[str, float]
) -> bool:
    """The same top k as the plain scan, ties aside: as many hits, each score within
    1e-5 of the plain scan's, none below the plain k-th score by more than 1e-5."""
    if len(got) != len(want) or len({i for i, _ in got}) != len(got):
        return False
    kth = want[-1][1] if want else 0.0
    return all(i in reference and abs(s - reference[i]) <= 1e-5 and s >= kth - 1e-5 for i, s in got)


def same_similar(index: SemanticIndex, got: list[Similar], want: list[Similar]) -> bool:
    """``same_top`` on (entry, score), and each entry's seed one it scores best with."""
    row = index._matrix.__getitem__
    exact = {s.entry_id: float(row(index._slot[s.entry_id]) @ row(index._slot[s.near])) for s in got}
    best = {s.entry_id: s.score for s in want}
    for s in got:  # entries the plain scan did not return: their own best over the seeds
        best.setdefault(s.entry_id, s.score)
    return same_top(
        [(s.entry_id, s.score) for s in got], [(s.entry_id, s.score) for s in want], best
    ) and all(abs(exact[s.entry_id] - s.score) <= 1e-5 for s in got)


def timed(call: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    out = call(*args, **kwargs)
    return (time.perf_counter() - started) * 1000, out


def flush() -> None:
    FLUSH.sum()


def memory_probe(n: int) -> float:
    """MB of resident memory an ``Int8Blocks`` over ``n`` rows adds, measured in a fresh
    process (here, memory freed by earlier runs would be reused and hide it)."""
    probe = subprocess.run(
        [sys.executable, __file__, "--memory-probe", str(n)], capture_output=True, text=True, check=True
    )
    return float(probe.stdout)


def probe(n: int) -> None:
    rows = np.random.default_rng(0).standard_normal((n, DIM), dtype=np.float32)
    Int8Blocks(DIM, block=64).update(rows[:64], 64, np.zeros(0, dtype=np.int64))  # onnxruntime loaded
    before = rss_mb()
    blocks = Int8Blocks(DIM)
    blocks.update(rows, n, np.zeros(0, dtype=np.int64))
    print(rss_mb() - before)


def rss_mb() -> float:
    gc.collect()
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)  # freed build buffers back to the system
    except OSError:
        pass
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def pct(values: list[float], q: float) -> str:
    return f"{np.percentile(values, q):.2f}"


def run(kind: str, n: int, args: argparse.Namespace, rng: np.random.Generator, db: Database) -> list[str]:
    rows, queries = vectors(kind, n, args.queries, rng)
    ids = [f"e{i}" for i in range(n)]
    spaces = [SPACES[i] for i in rng.integers(len(SPACES), size=n)]
    index = SemanticIndex(db, ShapeOnly())  # type: ignore[arg-type]
    batch = VectorBatch(ids, spaces, rows, n, list(range(1, n + 1)))
    del rows
    load_ms, _ = timed(index._apply, batch)
    del batch
    build_ms, _ = timed(Int8Blocks(DIM).update, index._matrix, n, np.zeros(0, dtype=np.int64))
    int8_rss = memory_probe(n)
    hidden = index._hidden(VISIBLE)
    assert hidden is not None
    times: dict[str, list[float]] = {k: [] for k in ("old warm", "new warm", "old cold", "new cold")}
    rescored: list[int] = []
    mismatches = 0
    for q in queries:
        query = q[None, :]
        for mode in ("cold", "warm"):
            if mode == "cold":
                flush()
            old_ms, want = timed(plain_top, index, query, args.limit)
            if mode == "cold":
                flush()
            new_ms, got = timed(index._top, query, spaces=VISIBLE, limit=args.limit)
            times[f"old {mode}"].append(old_ms)
            times[f"new {mode}"].append(new_ms)
        reference = dict(zip(index._ids, (index._matrix[: index._size] @ q).tolist(), strict=True))
        mismatches += not same_top(got, want, reference)
        rescored.append(len(index._candidates(query, hidden, args.limit).slots))
    seeds_old: list[float] = []
    seeds_new: list[float] = []
    for _ in range(max(3, args.queries // 10)):
        seeds = [ids[int(i)] for i in rng.choice(n, size=args.seeds, replace=False)]
        flush()
        old_ms, want_s = timed(plain_similar, index, seeds, args.limit)
        flush()
        new_ms, got_s = timed(index._similar, seeds, spaces=VISIBLE, limit=args.limit, min_score=0.0)
        seeds_old.append(old_ms)
        seeds_new.append(new_ms)
        mismatches += not same_similar(index, got_s, want_s)
    print(
        f"  {kind} {n}: load {load_ms:.0f} ms of which int8 blocks {build_ms:.0f} ms "
        f"({index._int8.sealed} rows in blocks); int8 copy {index._int8.nbytes / 2**20:.1f} MB of codes "
        f"and bounds, {int8_rss:.0f} MB RSS, beside the {index._matrix.nbytes / 2**20:.0f} MB float32 matrix",
        file=sys.stderr,
    )
    tail = index._size - index._int8.sealed
    checked = len(queries) + len(seeds_new)
    memory = f"{index._int8.nbytes / 2**20:.0f} MB ({int8_rss:.0f} MB RSS), built in {build_ms:.0f} ms"
    cells = [
        f"| {n:,} | {kind} | plain float32 | {pct(times['old warm'], 50)} | {pct(times['old warm'], 99)} "
        f"| {pct(times['old cold'], 50)} | {pct(times['old cold'], 99)} | {n:,} | – "
        f"| {pct(seeds_old, 50)} / {pct(seeds_old, 99)} | |",
        f"| {n:,} | {kind} | int8 + re-score | {pct(times['new warm'], 50)} | {pct(times['new warm'], 99)} "
        f"| {pct(times['new cold'], 50)} | {pct(times['new cold'], 99)} "
        f"| {int(np.percentile(rescored, 50))} / {max(rescored)} (+{tail} tail) | {memory} "
        f"| {pct(seeds_new, 50)} / {pct(seeds_new, 99)} | {checked - mismatches}/{checked} |",
    ]
    return cells


async def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--kinds", nargs="+", default=["gaussian", "clustered", "tight"])
    parser.add_argument("--queries", type=int, default=200, help="queries per size and kind")
    parser.add_argument("--limit", type=int, default=100, help="k (the retriever asks for 100)")
    parser.add_argument("--seeds", type=int, default=10, help="seeds per similar() call")
    parser.add_argument("--memory-probe", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_probe:
        probe(args.memory_probe)
        return 0
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    db = Database("sqlite:///:memory:")  # never queried: rows go straight into the index
    rng = np.random.default_rng(11)
    lines = []
    for n in args.sizes:
        for kind in args.kinds:
            lines += run(kind, n, args, rng, db)
    await db.dispose()
    print(f"# exact top-{args.limit}, {DIM}-d, caller sees {'+'.join(VISIBLE)} (~80% of rows)")
    print(
        f"{platform.machine()}, {os.cpu_count()} cores, python {platform.python_version()}, "
        f"numpy {np.__version__}; load average at start {load}; {args.queries} queries per row, "
        f"similar() with {args.seeds} seeds"
    )
    print()
    print(
        "| vectors | data | scan | warm p50 ms | warm p99 ms | cold p50 ms | cold p99 ms "
        "| rows scored in float32 p50 / max | int8 copy | similar() cold p50 / p99 ms | exact |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

"""Hybrid search latency over a synthetic knowledge base (default 100,000 entries, with
tags, relations and several spaces): p50/p99 per search, lazy-load time, peak RSS.

    .venv/bin/python bench/search_latency.py [--entries 100000] [--reps 5] [--queries 200]

The knowledge base is built once into bench/.work/ (entries, tags, relations and the FTS
index written in bulk after the real migrations) and reused. Entry text is sampled from
the SciFact vocabulary so posting lists look like real prose. Entry vectors are
synthetic (unit vectors around topic centroids, stored under the local model's name):
exact search costs the same whatever the vectors hold, and embedding 100k texts on two
cores takes tens of minutes. Every query is embedded by the real model, uncached.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import re
import resource
import sqlite3
import sys
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scifact_data import add_data_argument, scifact_dir  # noqa: E402

from bot.research.embedders import LocalMiniLM, local_model_missing  # noqa: E402
from bot.research.lexical import LexicalIndex, tags_text  # noqa: E402
from bot.research.search import Retriever  # noqa: E402
from bot.research.semantic import SemanticIndex  # noqa: E402
from bot.text.terms import query_terms  # noqa: E402
from storage.db import Database  # noqa: E402
from storage.embeddings import to_blob  # noqa: E402
from storage.knowledge import Knowledge  # noqa: E402

WORK = ROOT / "bench" / ".work"
# set by main() from --data (SciFact in BEIR format); the text is sampled from its vocabulary
CORPUS = Path("corpus.jsonl")
SPACES = ["global"] * 7 + ["team-a", "team-b", "team-c"]
TYPES = ["note"] * 6 + ["meeting", "decision", "person", "reference"]
WORD = re.compile(r"[a-z][a-z-]{2,}")


def vocabulary(corpus: Path) -> tuple[list[str], np.ndarray]:
    counts: Counter[str] = Counter()
    with corpus.open(encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            counts.update(WORD.findall(f"{record['title']} {record['text']}".lower()))
    words, freq = zip(*counts.most_common(20_000), strict=True)
    p = np.array(freq, dtype=np.float64)
    return list(words), p / p.sum()


def build(path: Path, *, entries: int, model: str, dim: int, seed: int = 7) -> None:
    """Write a synthetic knowledge base into a freshly migrated SQLite file."""
    rng = np.random.default_rng(seed)
    words, p = vocabulary(CORPUS)
    cdf = np.cumsum(p)
    topics = 200
    # topic words are jargon (uniform over the vocabulary past its 300 most frequent
    # words); the rest of each text is background prose drawn by corpus frequency
    topic_words = [rng.choice(np.arange(300, len(words)), size=30, replace=False) for _ in range(topics)]
    centroids = rng.standard_normal((topics, dim)).astype(np.float32)
    start = datetime(2024, 1, 1, tzinfo=UTC).replace(tzinfo=None)
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=OFF")
    ids = [str(uuid.UUID(bytes=rng.bytes(16), version=4)) for _ in range(entries)]
    spaces = [SPACES[i] for i in rng.integers(0, len(SPACES), size=entries)]
    with con:
        for lo in range(0, entries, 5000):
            rows, tags_rows, vec_rows = [], [], []
            for i in range(lo, min(lo + 5000, entries)):
                topic = int(rng.integers(topics))
                own = words_for(rng, words, cdf, topic_words[topic], int(rng.integers(25, 90)))
                title = " ".join(
                    words_for(rng, words, cdf, topic_words[topic], int(rng.integers(3, 8)))
                ).capitalize()
                content = " ".join(own) + "."
                tags = sorted(
                    {f"project/p{topic % 40}", f"domain/d{topic % 12}"}
                    | ({f"person/u{int(rng.integers(300))}"} if rng.random() < 0.5 else set())
                )
                created = (start + timedelta(minutes=int(rng.integers(0, 60 * 24 * 900)))).isoformat(" ")
                rows.append(
                    (
                        ids[i],
                        spaces[i],
                        TYPES[int(rng.integers(len(TYPES)))],
                        title,
                        content,
                        f"author{int(rng.integers(120))}",
                        f"p{topic % 40}",
                        json.dumps(tags),
                        f"synthetic/{i}",
                        created,
                        created,
                        "{}",
                        i + 1,  # revision
                    )
                )
                tags_rows += [(ids[i], t, spaces[i]) for t in tags]
                vector = centroids[topic] + 0.8 * rng.standard_normal(dim).astype(np.float32)
                vector /= np.linalg.norm(vector)
                vec_rows.append((ids[i], model, spaces[i], dim, to_blob(vector), "synthetic", created))
            con.executemany("INSERT INTO entries VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
            con.executemany("INSERT INTO entry_tags VALUES (?,?,?)", tags_rows)
            con.executemany(
                "INSERT INTO entry_embeddings (entry_id, model, space, dim, vector, text_hash, created_at) "
                "VALUES (?,?,?,?,?,?,?)",
                vec_rows,
            )
        # relations: about two per entry, within a space, a few hubs linked from many
        relations = set()
        by_space: dict[str, list[int]] = {}
        for i, space in enumerate(spaces):
            by_space.setdefault(space, []).append(i)
        for members in by_space.values():
            arr = np.array(members)
            hubs = arr[rng.choice(len(arr), size=max(1, len(arr) // 200), replace=False)]
            for i in members:
                for _ in range(int(rng.integers(0, 4))):
                    j = int(
                        hubs[rng.integers(len(hubs))] if rng.random() < 0.3 else arr[rng.integers(len(arr))]
                    )
                    if j != i:
                        relations.add((i, j, "link" if rng.random() < 0.8 else "mentions"))
        con.executemany(
            "INSERT INTO relations (space, from_id, to_id, type, created_at) VALUES (?,?,?,?,?)",
            [(spaces[a], ids[a], ids[b], t, "2025-01-01 00:00:00") for a, b, t in sorted(relations)],
        )
        con.execute("UPDATE counters SET value = ? WHERE name = 'entry_revision'", (entries,))
        con.execute("INSERT INTO tag_counts SELECT space, tag, count(*) FROM entry_tags GROUP BY space, tag")
        # A bulk load ends with ANALYZE, as SQLite advises: without statistics the planner
        # answers `id IN (...) AND space IN (...)` from the space index (all of a space).
        con.execute("ANALYZE")
    con.close()


def words_for(
    rng: np.random.Generator, words: list[str], cdf: np.ndarray, topic: np.ndarray, n: int
) -> list[str]:
    """Some topic words, the rest background prose drawn by corpus frequency."""
    background = np.minimum(np.searchsorted(cdf, rng.random(n)), len(words) - 1)
    on_topic = topic[rng.integers(len(topic), size=n)]
    picks = np.where(rng.random(n) < 0.4, on_topic, background)
    return [words[int(k)] for k in picks]


def queries(
    path: Path, count: int, *, seed: int, common: frozenset[str] = frozenset()
) -> list[tuple[str, str]]:
    """(space, query) pairs of 2–5 distinct words from a random entry's title and text,
    leaving out ``common`` words (as a person leaves out "of", "all", "were")."""
    rng = np.random.default_rng(seed)
    con = sqlite3.connect(path)
    total = con.execute("SELECT count(*) FROM entries").fetchone()[0]
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    while len(out) < count:
        offset = int(rng.integers(total))
        space, title, content = con.execute(
            "SELECT space, title, content FROM entries LIMIT 1 OFFSET ?", (offset,)
        ).fetchone()
        pool = sorted({w for w in (title + " " + content).lower().rstrip(".").split() if w not in common})
        if len(pool) < 2:
            continue
        size = min(len(pool), int(rng.integers(2, 6)))
        text = " ".join(pool[int(k)] for k in rng.choice(len(pool), size=size, replace=False))
        if text not in seen:
            seen.add(text)
            out.append((space, text))
    con.close()
    return out


def summary(values: list[float]) -> str:
    arr = np.array(values)
    return f"p50 {np.percentile(arr, 50):.1f} ms, p99 {np.percentile(arr, 99):.1f} ms, max {arr.max():.1f} ms"


CPU_MS: list[float] = []  # the process's CPU time per hybrid search (all its threads), keyword queries


class Pauses:
    """The cyclic garbage collector's pauses while it is on: (generation, ms) each."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, float]] = []
        self._started = 0.0
        self.on = False

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        elif self.on:
            self.seen.append((info["generation"], (time.perf_counter() - self._started) * 1000))

    def summary(self) -> str:
        parts = []
        for generation in (0, 1, 2):
            took = [ms for g, ms in self.seen if g == generation]
            if took:
                parts.append(f"generation {generation}: {len(took)}, longest {max(took):.1f} ms")
        return "; ".join(parts) or "none"


async def timed_searches(
    retriever: Retriever,
    batch: list[tuple[str, str]],
    *,
    limit: int,
    cpu: list[float] | None = None,
    **kw: Any,
) -> list[float]:
    times = []
    for space, text in batch:
        started, cpu_started = time.perf_counter(), time.process_time()
        await retriever.search(text, space=space, limit=limit, **kw)
        times.append((time.perf_counter() - started) * 1000)
        if cpu is not None:
            cpu.append((time.process_time() - cpu_started) * 1000)
    return times


async def knowledge_base(work: Path, entries: int, embedder: LocalMiniLM, *, rebuild: bool = False) -> Path:
    """The synthetic base's file in ``work``: built when missing (or ``rebuild``), and
    brought up to the newest migration when an older version built it."""
    path = work / f"latency-{entries}.db"
    work.mkdir(parents=True, exist_ok=True)
    fresh = rebuild or not path.exists()
    if fresh:
        for stale in work.glob(f"latency-{entries}*.db*"):
            stale.unlink()
    db = Database(f"sqlite:///{path}")
    await db.migrate()
    await db.dispose()
    if fresh:
        started = time.perf_counter()
        build(path, entries=entries, model=embedder.name, dim=embedder.dim)
        print(f"built {entries} entries in {time.perf_counter() - started:.0f}s: {path}", file=sys.stderr)
    return path


async def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=5, help="repetitions (each with fresh queries)")
    parser.add_argument("--queries", type=int, default=200, help="queries per repetition")
    parser.add_argument(
        "--limit", type=int, default=20, help="hits per search (the investigation's seed size)"
    )
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument(
        "--compare-fts", action="store_true", help="only compare SQLite FTS5 with the in-process index"
    )
    parser.add_argument("--work", type=Path, default=WORK, help="where the knowledge base is built")
    add_data_argument(parser)
    args = parser.parse_args()
    global CORPUS
    CORPUS = scifact_dir(args.data, need=("corpus.jsonl",)) / "corpus.jsonl"
    load_before = _load()
    if local_model_missing():
        print(f"the local model is not installed ({', '.join(local_model_missing())})", file=sys.stderr)
        return 1
    embedder = LocalMiniLM()
    path = await knowledge_base(args.work, args.entries, embedder, rebuild=args.rebuild)

    if args.compare_fts:
        await compare_fts(path, frozenset(vocabulary(CORPUS)[0][:200]))
        return 0

    db = Database(f"sqlite:///{path}")
    knowledge = Knowledge(db)
    index = SemanticIndex(db, embedder)
    retriever = Retriever(knowledge, index)
    relations = sqlite3.connect(path).execute("SELECT count(*) FROM relations").fetchone()[0]
    common = frozenset(vocabulary(CORPUS)[0][:200])
    n = args.reps * args.queries
    keyword = queries(path, n + 2 * args.queries + 50, seed=11, common=common)
    raw = queries(path, args.queries, seed=23)

    await embedder.embed(["warm up the model"], input_type="query")
    started = time.perf_counter()
    await index.refresh()
    load_s = time.perf_counter() - started
    rss_before = _rss_mb()
    started = time.perf_counter()
    await retriever.lexical.refresh()
    lexical_load_s = time.perf_counter() - started
    lexical_mb = _rss_mb() - rss_before
    await timed_searches(retriever, keyword[-50:], limit=args.limit)  # warm-up: pages, code paths

    pauses = Pauses()
    gc.callbacks.append(pauses)
    pauses.on = True
    per_rep = [
        await timed_searches(
            retriever, keyword[r * args.queries : (r + 1) * args.queries], limit=args.limit, cpu=CPU_MS
        )
        for r in range(args.reps)
    ]
    pauses.on = False
    hybrid = [t for rep in per_rep for t in rep]
    raw_hybrid = await timed_searches(retriever, raw, limit=args.limit)
    parts = keyword[n : n + args.queries]
    lexical = await timed_searches(retriever, parts, limit=args.limit, sides=("lexical",))
    semantic = await timed_searches(
        retriever, keyword[n + args.queries : n + 2 * args.queries], limit=args.limit, sides=("semantic",)
    )
    embed, topk, ranked = [], [], []
    for space, text in parts:
        started = time.perf_counter()
        retriever.lexical.ranked(text, spaces=(space, "global"), limit=100)
        ranked.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        vector = await embedder.embed([text], input_type="query")
        embed.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        index._top(vector, spaces=(space, "global"), limit=args.limit)
        topk.append((time.perf_counter() - started) * 1000)
    await db.dispose()

    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"# hybrid search latency: {args.entries} entries, {relations} relations, limit {args.limit}")
    print(
        f"date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; machine: {platform.machine()}, {_cpu()}, "
        f"{_cores()} cores; python {platform.python_version()}; load average at start: {load_before}"
    )
    print(f"vector index load (first search): {load_s * 1000:.0f} ms for {len(index)} vectors")
    print(
        f"lexical index load (first search): {lexical_load_s * 1000:.0f} ms for {len(retriever.lexical)} "
        f"entries, resident memory +{lexical_mb:.0f} MB"
    )
    print(f"hybrid, keyword queries ({args.reps}x{args.queries}): {summary(hybrid)}")
    print("  p99 per repetition: " + ", ".join(f"{np.percentile(r, 99):.1f}" for r in per_rep) + " ms")
    print(f"  CPU time of the process per search (all threads): {summary(CPU_MS)}")
    print(f"  garbage collections during them: {pauses.summary()}")
    print(f"hybrid, raw-word queries ({args.queries}, common words kept): {summary(raw_hybrid)}")
    print(f"  lexical side alone (refresh + bm25 + entries): {summary(lexical)}")
    print(f"  bm25 ranking alone (in-process index, 100 candidates): {summary(ranked)}")
    print(f"  semantic side alone (embed + refresh + top-k + entries): {summary(semantic)}")
    print(f"  query embedding alone (MiniLM int8): {summary(embed)}")
    print(f"  exact top-k alone (numpy, {len(index)} x {embedder.dim}): {summary(topk)}")
    print(f"peak RSS: {rss_mb:.0f} MB")
    return 0


async def compare_fts(path: Path, common: frozenset[str], count: int = 200) -> None:
    """The lexical side before and after it moved into the process: SQLite FTS5 bm25 (the
    retriever's last SQL: rank on the bare index, keep the best 400, read their ids and
    spaces) against ``LexicalIndex``, alternately on the same keyword queries, limit 100
    (the retriever's depth). The FTS5 table is built once into a side file."""
    side = path.with_suffix(".fts5.db")
    if not side.exists():
        started = time.perf_counter()
        con = sqlite3.connect(side)
        con.execute(
            "CREATE VIRTUAL TABLE entry_fts USING fts5(entry_id UNINDEXED, space UNINDEXED, title, "
            "content, tags, tokenize='porter unicode61 remove_diacritics 2')"
        )
        con.execute("ATTACH DATABASE ? AS kb", (f"file:{path}?mode=ro",))
        rows = con.execute("SELECT id, space, title, content, tags FROM kb.entries").fetchall()
        con.execute("DETACH DATABASE kb")
        with con:
            con.executemany(
                "INSERT INTO entry_fts (entry_id, space, title, content, tags) VALUES (?,?,?,?,?)",
                [(i, sp, t, c, tags_text(json.loads(g))) for i, sp, t, c, g in rows],
            )
        con.close()
        print(f"built the FTS5 comparison table in {time.perf_counter() - started:.0f}s", file=sys.stderr)
    bm25 = "bm25(entry_fts, 0, 0, 3.0, 1.0, 2.0)"
    fts5_sql = (
        f"SELECT c.c0, -x.rank_ FROM (SELECT rowid AS rid, {bm25} AS rank_ FROM entry_fts "
        "WHERE entry_fts MATCH ? ORDER BY rank_ LIMIT 400) AS x JOIN entry_fts_content c ON c.id = x.rid "
        "WHERE c.c1 IN (?, ?) ORDER BY x.rank_ LIMIT 100"
    )
    con = sqlite3.connect(f"file:{side}?mode=ro", uri=True)
    db = Database(f"sqlite:///{path}")
    index = LexicalIndex(Knowledge(db))
    started = time.perf_counter()
    await index.refresh()
    print(f"lexical index load: {(time.perf_counter() - started) * 1000:.0f} ms for {len(index)} entries")
    times: dict[str, list[float]] = {"FTS5 bm25 (SQL)": [], "LexicalIndex.ranked": []}
    agree: list[float] = []
    for space, text in queries(path, count, seed=123, common=common):
        terms = query_terms(text)
        if not terms:
            continue
        match = " OR ".join(f'"{t}"' for t in terms)
        started = time.perf_counter()
        old = con.execute(fts5_sql, (match, space, "global")).fetchall()
        times["FTS5 bm25 (SQL)"].append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        new = index.ranked(text, spaces=(space, "global"), limit=100)
        times["LexicalIndex.ranked"].append((time.perf_counter() - started) * 1000)
        top_old, top_new = {r[0] for r in old[:20]}, {r[0] for r in new[:20]}
        agree.append(len(top_old & top_new) / max(1, len(top_old)))
    con.close()
    await db.dispose()
    for name, values in times.items():
        print(f"{name}: {summary(values)} ({len(values)} queries)")
    print(f"top-20 overlap FTS5 vs in-process: mean {np.mean(agree):.3f}, min {np.min(agree):.3f}")


def _rss_mb() -> float:
    """Current resident set size (Linux)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _cores() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

"""Investigation latency over the synthetic 100,000-entry knowledge base of
``bench/search_latency.py`` (built there, reused here): the four phases — seed (the recall
cascade: earlier answers, hybrid retrieval), relationships, tags, gap fill — with the
offline provider, so no model call is timed (phases only, no synthesis).

    .venv/bin/python bench/investigation_latency.py [--entries 100000] [--reps 5] [--topics 20]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import resource
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import search_latency  # noqa: E402
from scifact_data import add_data_argument, scifact_dir  # noqa: E402
from search_latency import WORK, _cpu, _load, knowledge_base, queries, vocabulary  # noqa: E402

from bot.llm import OfflineProvider  # noqa: E402
from bot.research.embedders import LocalMiniLM, local_model_missing  # noqa: E402
from bot.research.investigate import Investigator  # noqa: E402
from bot.research.search import Retriever  # noqa: E402
from bot.research.semantic import SemanticIndex  # noqa: E402
from storage.db import Database  # noqa: E402
from storage.knowledge import Knowledge  # noqa: E402
from storage.passages import PassageStore, passages_table  # noqa: E402


async def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--topics", type=int, default=20, help="investigations per repetition")
    parser.add_argument("--work", type=Path, default=WORK, help="where the knowledge base is built")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the timed runs here")
    parser.add_argument(
        "--query-time-passages",
        action="store_true",
        help="embed the passages while timing, as an investigation does on notes never indexed "
        "(default: they are embedded and stored first, as indexing a note does)",
    )
    add_data_argument(parser)
    args = parser.parse_args()
    search_latency.CORPUS = scifact_dir(args.data, need=("corpus.jsonl",)) / "corpus.jsonl"
    load_before = _load()
    if local_model_missing():
        print(f"the local model is not installed ({', '.join(local_model_missing())})", file=sys.stderr)
        return 1
    embedder = LocalMiniLM()
    path = await knowledge_base(args.work, args.entries, embedder)
    db = Database(f"sqlite:///{path}")
    knowledge = Knowledge(db)
    index = SemanticIndex(db, embedder)
    retriever = Retriever(knowledge, index)
    investigator = Investigator(knowledge, retriever, OfflineProvider(), similar=index)
    topics = queries(
        path,
        args.reps * args.topics + 5,
        seed=31,
        common=frozenset(vocabulary(search_latency.CORPUS)[0][:200]),
    )

    if args.query_time_passages:  # none kept from an earlier run
        await db.run(lambda session: session.execute(passages_table.delete()))
    await retriever.warm()
    for space, text in topics[-5:]:  # warm-up
        await investigator.run(text, space=space)
    timed = topics[: args.reps * args.topics]
    if not args.query_time_passages:
        # The synthetic notes were written without indexing (their vectors are made up), so
        # their passages are embedded and stored here, for the notes these investigations
        # read, as indexing them would have; then a fresh investigator (nothing in memory)
        # reads them from the database, as after a restart.
        started = time.perf_counter()
        for space, text in timed:
            await investigator.run(text, space=space)
        stored = await PassageStore(db).count()
        print(
            f"passages embedded and stored first: {stored} in {time.perf_counter() - started:.0f} s",
            file=sys.stderr,
        )
        investigator = Investigator(knowledge, retriever, OfflineProvider(), similar=index)
        for space, text in topics[-5:]:  # the same warm-up (each space's titles view is read once)
            await investigator.run(text, space=space)

    totals: list[float] = []
    cpu: list[float] = []  # the process's CPU time (all its threads): steadier than wall time when shared
    sizes: list[int] = []
    edges: list[int] = []
    phases: dict[int, list[float]] = {1: [], 2: [], 3: [], 4: []}
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    for space, text in timed:
        started, cpu_started = time.perf_counter(), time.process_time()
        mark = [started]

        async def progress(phase: int, _text: str, mark: list[float] = mark) -> None:
            now = time.perf_counter()
            phases[phase].append((now - mark[0]) * 1000)
            mark[0] = now

        dossier = await investigator.run(text, space=space, progress=progress)
        totals.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - cpu_started) * 1000)
        sizes.append(len(dossier.found))
        edges.append(len(dossier.edges))
    if profiler:
        profiler.disable()
        profiler.dump_stats(args.profile)
    await db.dispose()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    per_rep = [totals[r * args.topics : (r + 1) * args.topics] for r in range(args.reps)]
    print(f"# investigation latency (four phases, offline provider): {args.entries} entries")
    print(f"date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {_cpu()}; load average at start: {load_before}")
    print(
        f"investigations: {len(totals)}; p50 {np.percentile(totals, 50):.1f} ms, "
        f"p99 {np.percentile(totals, 99):.1f} ms, max {max(totals):.1f} ms"
    )
    print("  p50 per repetition: " + ", ".join(f"{np.percentile(r, 50):.1f}" for r in per_rep) + " ms")
    print(
        f"  CPU time of the process per investigation: p50 {np.percentile(cpu, 50):.1f} ms, p99 {np.percentile(cpu, 99):.1f} ms"
    )
    for phase, values in phases.items():
        if values:
            print(
                f"  phase {phase}: p50 {np.percentile(values, 50):.1f} ms, p99 {np.percentile(values, 99):.1f} ms"
            )
    print(f"  entries found: median {int(np.median(sizes))}; relation edges: median {int(np.median(edges))}")
    print(f"peak RSS: {rss_mb:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

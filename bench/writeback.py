"""Write-back growth: run many investigations in one space with the offline provider, each
report written back to the knowledge base as the worker does it (file, entry, citation
links), and compare the first and last 100: entries covered, relation edges walked, time.

    .venv/bin/python bench/writeback.py --jobs 1000 [--database-url postgresql://…]

Each investigation goes through the real worker (claim, investigate, complete, write back);
the dossier of each run is read off the investigator (bench-only instrumentation).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.clock import FakeClock  # noqa: E402
from bot.config import load_settings  # noqa: E402
from bot.runtime import Runtime  # noqa: E402
from storage.queue import Request  # noqa: E402

VAULT = ROOT / "examples" / "vault"
SPACE = "global"
THREAD = '{"platform": "console", "space": "global", "channel": "bench", "thread": "t"}'


async def run(jobs: int, database_url: str | None, window: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="mallory-writeback-") as tmp:
        settings = load_settings(
            data_dir=Path(tmp) / "data", llm_provider="offline", embedder="none", database_url=database_url
        )
        clock = FakeClock()
        async with Runtime.open(settings, clock=clock, platforms=()) as rt:
            await rt.ingest(VAULT)
            titles = sorted(await rt.knowledge.titles(SPACE))
            conv, _ = await rt.conversations.get_or_create(
                key="console:global:bench:t",
                platform="console",
                space=SPACE,
                channel="bench",
                thread="t",
                thread_ref=THREAD,
                now=clock.now(),
            )
            sizes: list[tuple[int, int, float]] = []  # (entries covered, edges, seconds)
            investigator = rt.worker.investigator
            original = investigator.run
            last: dict[str, Any] = {}

            async def recorded(*args: Any, **kwargs: Any) -> Any:
                dossier = await original(*args, **kwargs)
                last["dossier"] = dossier
                return dossier

            investigator.run = recorded  # type: ignore[method-assign]
            for n in range(jobs):
                question = f"research {titles[n % len(titles)]}"
                await rt.queue.enqueue(
                    Request(conversation_id=conv.id, space=SPACE, question=question, thread_ref=THREAD),
                    now=clock.now(),
                    dedup_window=timedelta(0),
                )
                started = time.perf_counter()
                ran = await rt.worker.run_once()
                elapsed = time.perf_counter() - started
                assert ran == 1, f"job {n} did not run"
                dossier = last["dossier"]
                sizes.append((len(dossier.found), len(dossier.edges), elapsed))
                clock.advance(1)
            entries = await rt.knowledge.count(spaces=[SPACE])
    first, final = sizes[:window], sizes[-window:]

    def summary(part: list[tuple[int, int, float]]) -> dict[str, float]:
        times = sorted(s[2] * 1000 for s in part)
        return {
            "entries_median": statistics.median(s[0] for s in part),
            "entries_max": max(s[0] for s in part),
            "edges_median": statistics.median(s[1] for s in part),
            "edges_max": max(s[1] for s in part),
            "ms_median": statistics.median(times),
            "ms_p99": times[min(len(times) - 1, int(len(times) * 0.99))],
            "seconds_total": sum(s[2] for s in part),
        }

    return {"jobs": jobs, "entries_in_space": entries, "first": summary(first), "last": summary(final)}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--jobs", type=int, default=1000)
    parser.add_argument("--window", type=int, default=100, help="how many jobs make 'first' and 'last'")
    parser.add_argument("--database-url", default=None, help="default: a SQLite file in a temporary folder")
    args = parser.parse_args()
    result = asyncio.run(run(args.jobs, args.database_url, min(args.window, args.jobs)))
    print(f"{result['jobs']} investigations; {result['entries_in_space']} entries in the space at the end")
    print(
        "| jobs | entries covered (median / max) | edges (median / max) | ms per job (median / p99) | total s |"
    )
    print("| --- | --- | --- | --- | --- |")
    for name in ("first", "last"):
        s = result[name]
        print(
            f"| {name} {args.window} | {s['entries_median']:.0f} / {s['entries_max']} | "
            f"{s['edges_median']:.0f} / {s['edges_max']} | {s['ms_median']:.0f} / {s['ms_p99']:.0f} | "
            f"{s['seconds_total']:.1f} |"
        )


if __name__ == "__main__":
    main()

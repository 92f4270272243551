"""Quick-answer latency through the console adapter (store, route, retrieve, judge,
choose passages, reply) on a gold set's vault: every quick and out-of-domain question of
the set, asked ``--reps`` times after one warm-up pass (the embedder's passage cache is warm
then, as in a running bot). Prints the median and p99 over all answers, of the wall clock and of the
process's CPU time (all its threads: the embedder runs on its own).

    .venv/bin/python bench/answers_latency.py [--gold FILE] [--vault DIR] [--embedder local|none] [--reps 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))

from adapters.console import ConsoleChat, ConsoleSender  # noqa: E402
from bot.clock import FakeClock  # noqa: E402
from bot.config import load_settings  # noqa: E402
from bot.runtime import Runtime  # noqa: E402
from storage.knowledge import GLOBAL_SPACE  # noqa: E402


class Silent(ConsoleSender):
    def __init__(self) -> None:
        import io

        super().__init__(io.StringIO())


async def run(args: argparse.Namespace) -> tuple[list[float], list[float]]:
    gold = json.loads(Path(args.gold).read_text(encoding="utf-8"))
    # (an out-of-domain item is the question, or in the sets written blind an object holding it)
    questions = [p for item in gold["quick"] for p in item["phrasings"]] + [
        q["question"] if isinstance(q, dict) else q for q in gold["out_of_domain"]
    ]
    took: list[float] = []
    cpu: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(data_dir=Path(tmp) / "data", llm_provider="offline", embedder=args.embedder)
        clock = FakeClock(datetime(2026, 7, 1, 9, 0, tzinfo=UTC))
        async with Runtime.open(settings, clock=clock) as rt:
            await rt.ingest(Path(args.vault), space=GLOBAL_SPACE)
            sender = Silent()
            rt.worker.senders["console"] = sender
            n = 0
            for rep in range(args.reps + 1):
                for question in questions:
                    n += 1
                    chat = ConsoleChat(rt.core, sender, session=f"l{n}", now=rt.clock.now)
                    started, cpu_started = time.perf_counter(), time.process_time()
                    await chat.feed(question)
                    if rep:  # the first pass warms the caches
                        took.append((time.perf_counter() - started) * 1000)
                        cpu.append((time.process_time() - cpu_started) * 1000)
                    clock.advance(minutes=1)
    return took, cpu


def _stats(values: list[float]) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    return f"median {statistics.median(values):.2f} ms, p99 {p99:.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--gold", default=str(ROOT / "bench" / "answers_gold.json"))
    parser.add_argument("--vault", default=str(ROOT / "examples" / "vault"))
    parser.add_argument("--embedder", default="local", choices=("local", "none"))
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    for name in [k for k in os.environ if k.startswith(("MALLORY_", "ANTHROPIC_", "VOYAGE_"))]:
        del os.environ[name]
    took, cpu = asyncio.run(run(args))
    print(
        f"{Path(args.vault).name} ({args.embedder}): {len(took)} answers; wall {_stats(took)}; "
        f"process CPU {_stats(cpu)} (the CPU time is what a loaded machine does not blur)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

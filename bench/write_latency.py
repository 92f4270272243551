"""What a user meets on a large knowledge base, through the console adapter (offline model,
the local embedder) over a copy of the synthetic base of ``bench/search_latency.py``: the
first reply after start (``Runtime.open`` to the first answer posted), quick answers in
steady state, and the answer right after a write (a ``/remember``), which is where a
structure rebuilt over the whole corpus would show.

    .venv/bin/python bench/write_latency.py [--entries 100000] [--reps 20] [--profile FILE] [--cpu]

The base is built once by ``bench/search_latency.py`` into ``--work`` and copied for each
start (the writes stay in the copy); the data folder (where the lexical index is kept) is
shared by the starts, so the first start builds the index and the next ones read it.
``--cpu`` times each answer by the process's CPU time (every thread) instead of the wall
clock: on a shared machine the wall clock swings with everyone else's load.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import search_latency  # noqa: E402
from scifact_data import add_data_argument, scifact_dir  # noqa: E402
from search_latency import WORK, _cpu, _load, knowledge_base, queries, vocabulary  # noqa: E402

from adapters.console import ConsoleChat, ConsoleSender  # noqa: E402
from bot.clock import FakeClock  # noqa: E402
from bot.config import load_settings  # noqa: E402
from bot.research.embedders import LocalMiniLM, local_model_missing  # noqa: E402
from bot.runtime import Runtime  # noqa: E402


class Quiet(ConsoleSender):
    def __init__(self) -> None:
        super().__init__(io.StringIO())


def stats(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"median {statistics.median(ordered):.0f} ms, p99 {p99:.0f} ms, max {ordered[-1]:.0f} ms (n={len(values)})"


async def run(args: argparse.Namespace, db_file: Path, questions: list[str]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"first": [], "steady": [], "remember": [], "after_write": []}
    settings = load_settings(
        data_dir=db_file.parent / "data",
        database_url=f"sqlite:///{db_file}",
        llm_provider="offline",
        embedder="local",
    )
    clock = FakeClock(datetime(2026, 7, 1, 9, 0, tzinfo=UTC))
    started = time.perf_counter()
    async with Runtime.open(settings, clock=clock) as rt:
        sender = Quiet()
        rt.worker.senders["console"] = sender
        ask = iter(questions)
        n = 0

        async def feed(text: str) -> float:
            nonlocal n
            n += 1
            chat = ConsoleChat(rt.core, sender, session=f"w{n}", now=rt.clock.now)
            timer = time.process_time if args.cpu else time.perf_counter
            began = timer()
            await chat.feed(text)
            clock.advance(minutes=1)
            return (timer() - began) * 1000

        await feed(next(ask))
        out["first"].append((time.perf_counter() - started) * 1000)
        for _ in range(5):  # warm-up
            await feed(next(ask))
        steady = cProfile.Profile() if args.profile else None
        for _ in range(args.reps):
            if steady:
                steady.enable()
            out["steady"].append(await feed(next(ask)))
            if steady:
                steady.disable()
        if steady:
            steady.dump_stats(f"{args.profile}.steady")
        profiler = cProfile.Profile() if args.profile else None
        for k in range(args.reps):
            out["remember"].append(
                await feed(f"/remember Scale note {k}: the {next(ask)} review moved to Thursday")
            )
            if profiler:
                profiler.enable()
            out["after_write"].append(await feed(next(ask)))
            if profiler:
                profiler.disable()
        if profiler:
            profiler.dump_stats(args.profile)
    return out


async def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument(
        "--reps", type=int, default=20, help="answers timed in steady state and after a write"
    )
    parser.add_argument("--starts", type=int, default=1, help="fresh starts (each times the first reply)")
    parser.add_argument("--work", type=Path, default=WORK, help="where the knowledge base is built")
    parser.add_argument(
        "--profile",
        type=Path,
        help="write a cProfile of the answers after a write here (and of the steady ones to FILE.steady)",
    )
    parser.add_argument(
        "--cpu", action="store_true", help="time the answers by CPU time (the first reply stays wall time)"
    )
    add_data_argument(parser)
    args = parser.parse_args()
    search_latency.CORPUS = scifact_dir(args.data, need=("corpus.jsonl",)) / "corpus.jsonl"
    load_before = _load()
    if local_model_missing():
        print(f"the local model is not installed ({', '.join(local_model_missing())})", file=sys.stderr)
        return 1
    base = await knowledge_base(args.work, args.entries, LocalMiniLM())
    common = frozenset(vocabulary(search_latency.CORPUS)[0][:200])
    picked = queries(base, 3 * args.reps + 10, seed=47, common=common)
    questions = [f"what is the {text}?" for _, text in picked]
    totals: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(dir=args.work) as tmp:
        db_file = Path(tmp) / base.name
        for start in range(args.starts):
            for suffix in ("", "-wal", "-shm"):
                if Path(f"{base}{suffix}").exists():
                    shutil.copyfile(f"{base}{suffix}", f"{db_file}{suffix}")
            got = await run(args, db_file, questions if start == 0 else questions[::-1])
            for key, values in got.items():
                totals.setdefault(key, []).extend(values)
    clock = "CPU time" if args.cpu else "wall clock"
    print(
        f"# write latency (console, offline model, local embedder): {args.entries} entries; answers by {clock}"
    )
    print(f"date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {_cpu()}; load average at start: {load_before}")
    print(
        f"first reply after start ({args.starts} starts): {stats(totals['first'])}; each: "
        + ", ".join(f"{v / 1000:.1f} s" for v in totals["first"])
    )
    print(f"quick answer, steady: {stats(totals['steady'])}")
    print(f"/remember: {stats(totals['remember'])}")
    print(f"quick answer right after a write: {stats(totals['after_write'])}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

"""Routing throughput per CPU-second: ``bench/routing.py``'s throughput mix with the process's
CPU time (every thread: the event loop and the storage thread) as the clock instead of the
wall clock. On a shared machine the wall-clock rate swings with everyone else's load; CPU
time per message does much less, so two versions can be compared. ``--root`` measures
another checkout with the same method (e.g. ``git archive <rev> | tar -x -C /tmp/x``). Each run
is a process of its own.

Run: ``.venv/bin/python bench/routing_cpu.py [--messages 10000] [--repeat 5] [--root DIR]``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _load(root: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("routing_bench", root / "bench" / "routing.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # the throughput loop reads time.perf_counter(): give it the process's CPU clock
    module.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[attr-defined]
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--mix", choices=("distinct", "repeated"), default="distinct")
    parser.add_argument(
        "--in-flight", type=int, default=1, help="messages handled at once (bench/routing.py)"
    )
    parser.add_argument("--root", type=Path, default=HERE.parent, help="checkout to measure")
    parser.add_argument("--one-run", action="store_true", help=argparse.SUPPRESS)  # a run's child
    args = parser.parse_args()
    if args.one_run:
        routing = _load(args.root.resolve())
        print(f"measuring {sys.modules['bot'].__file__}")
        print(asyncio.run(routing.throughput(args.messages, args.mix, args.in_flight)))
        return
    rates = []
    for run in range(args.repeat):
        # each run in a process of its own: a second run in the same process would find the
        # router's readings of the same texts kept from the first (bench/routing.py, fresh_run)
        child = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), *sys.argv[1:], "--one-run"],
            capture_output=True,
            text=True,
            check=True,
        )
        said = child.stdout.strip().splitlines()
        if run == 0:
            print(said[0])
        rate = float(said[-1])
        rates.append(rate)
        print(f"run {run + 1}: {rate:,.0f} msg per CPU-second ({1000 / rate:.3f} CPU ms per message)")
    median = statistics.median(rates)
    print(
        f"\n{args.root}: median {median:,.0f} msg per CPU-second = {1000 / median:.3f} CPU ms per message "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f}; {args.messages:,} messages × {args.repeat})"
    )


if __name__ == "__main__":
    main()

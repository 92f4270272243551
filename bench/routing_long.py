"""How long the router takes on long messages, at the length the pipeline decides on
(``MALLORY_MAX_MESSAGE_CHARS``, 20,000 by default): ordinary long news, a long paste of
questions, and lines quoted before a short reply, each built to the cap. Each message is
routed ``--repeat`` times (a fresh text each time, so no reading is reused), and the median
and the slowest are printed. Quadratic work in a pattern shows here as seconds.

Run: ``PYTHONPATH=. .venv/bin/python bench/routing_long.py [--chars 20000] [--repeat 5]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.routing.router import routed

CASES = {
    "long news": "the van is late again and the gate is stuck, ",
    "questions pasted": "who's on call, what's the code, where's the key, ",
    "quoted, then a reply": None,  # built below: quoted lines, then short lines that ask
}


def build(case: str, chars: int, k: int) -> str:
    if CASES[case] is None:
        half = chars // 2
        quoted = "> " + ("x " * half)[: half - 2]
        reply = "\n".join(f"who else {k}" for _ in range(half // 12))
        return (quoted + "\n" + reply)[:chars]
    return (f"{k} " + CASES[case] * (chars // len(CASES[case]) + 1))[:chars]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--chars", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for case in CASES:
        took = []
        for k in range(args.repeat):
            text = build(case, args.chars, k)
            started = time.perf_counter()
            routed(text)
            took.append(time.perf_counter() - started)
        print(
            f"{case:22} {args.chars:,} chars: median {statistics.median(took) * 1000:,.1f} ms, "
            f"slowest {max(took) * 1000:,.1f} ms ({args.repeat} runs)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

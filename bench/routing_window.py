"""The whole inbound path in its steady window, in instructions: ``bench/routing.py``'s
distinct mix through ``Mallory.handle`` in one process (offline provider, no embedder, the
example vault, warmed as ``mallory run`` warms), "hello" first, messages 0…``--first`` to warm
the process's caches as the mix would, then messages ``--first``…``--last`` measured. Under
callgrind, collection is switched on and off (``callgrind_control -i``) around the measured
messages only: callgrind's "Collected" over their count is the instructions a message, which
the machine's other load does not change (CPU time does, 2× on a shared machine).

Run: ``valgrind --tool=callgrind --instr-atstart=no .venv/bin/python bench/routing_window.py
[--first 400] [--last 800] [--root DIR]``; without valgrind it prints the window's CPU time.
``--root`` runs another checkout (a ``git worktree`` of an earlier commit).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time
import types
from pathlib import Path

from routing_evidence import _load  # bench/routing.py of a checkout, its tree first on the path

HERE = Path(__file__).resolve().parent


def _callgrind(state: str) -> None:
    if "valgrind" in os.environ.get("LD_PRELOAD", "") or os.environ.get("VALGRIND_LIB"):
        subprocess.run(
            ["callgrind_control", "-i", state, str(os.getpid())], stdout=subprocess.DEVNULL, check=True
        )


async def window(routing: types.ModuleType, first: int, last: int) -> float:
    texts = routing.mix_of("distinct", max(last, 2000))
    settings = routing.load_settings(
        data_dir=routing._fresh("window"), llm_provider="offline", embedder="none"
    )
    async with routing.Runtime.open(settings) as rt:
        await rt.seed_vault()
        if hasattr(rt, "warm"):  # (a checkout from before Runtime.warm)
            await rt.warm()
        sender = routing.TimingSender()
        await rt.core.handle(routing._inbound(-1, "hello", "t-1"), sender)
        for i in range(first):
            await rt.core.handle(routing._inbound(i, texts[i], f"t{i % 500}"), sender)
        _callgrind("on")
        start = time.process_time()
        for i in range(first, last):
            await rt.core.handle(routing._inbound(i, texts[i], f"t{i % 500}"), sender)
        took = time.process_time() - start
        _callgrind("off")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=400)
    parser.add_argument("--last", type=int, default=800)
    parser.add_argument("--root", type=Path, default=HERE.parent, help="checkout to run")
    args = parser.parse_args()
    routing = _load(args.root.resolve())
    took = asyncio.run(window(routing, args.first, args.last))
    print(
        f"{sys.modules['bot'].__file__}: messages {args.first}–{args.last}, "
        f"{took / max(args.last - args.first, 1) * 1000:.3f} CPU ms a message"
    )


if __name__ == "__main__":
    main()

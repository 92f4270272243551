"""The quick route's evidence alone, per look-up: the questions ``bench/routing.py``'s distinct
mix sends to ``Recall.evidence`` (its look-ups and the unsure middle the fail-safe sends quick),
captured from a run of the mix through ``Mallory.handle``, then asked again in a fresh runtime
on the same vault (offline provider, no embedder): those before message ``--first`` to warm it
as the mix would, those of messages ``--first``…``--last`` measured (process time a look-up).
The capture runs in a process of its own: the caches kept for the whole process (a word's
stem, its typo verdict) start empty in the one measured, as in the mix.

``--callgrind``: under ``valgrind --tool=callgrind --instr-atstart=no``, collection is switched
on and off (``callgrind_control -i``) around the measured look-ups only; instructions a look-up
are callgrind's "Collected" over the count printed. ``--dump FILE`` writes what each measured
look-up found (notes by source, passages with their scores, names, what was not held) to
compare two checkouts (``cmp``). ``--root`` runs another checkout (``git archive``).

Run: ``.venv/bin/python bench/routing_evidence.py [--first 400] [--last 800] [--dump F] [--root DIR]``;
callgrind: ``valgrind --tool=callgrind --instr-atstart=no .venv/bin/python bench/routing_evidence.py --callgrind``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import pickle
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _load(root: Path) -> types.ModuleType:
    sys.path.insert(0, str(root))
    spec = importlib.util.spec_from_file_location("routing_bench", root / "bench" / "routing.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def captured(routing: types.ModuleType, last: int) -> list[tuple[int, tuple[Any, ...], dict[str, Any]]]:
    """The evidence calls of the mix's first ``last`` messages (after a "hello"): (message, args, kwargs)."""
    from bot.research.recall import Recall

    calls: list[tuple[int, tuple[Any, ...], dict[str, Any]]] = []
    at = [-1]
    original = Recall.evidence

    async def evidence(self: Recall, *args: Any, **kwargs: Any) -> Any:
        calls.append((at[0], args, kwargs))
        return await original(self, *args, **kwargs)

    Recall.evidence = evidence  # type: ignore[method-assign]
    try:
        texts = routing.distinct_mix(max(last, 2000))
        settings = routing.load_settings(
            data_dir=routing._fresh("evidence_capture"), llm_provider="offline", embedder="none"
        )
        async with routing.Runtime.open(settings) as rt:
            await rt.seed_vault()
            sender = routing.TimingSender()
            await rt.core.handle(routing._inbound(-1, "hello", "t0"), sender)
            for i in range(last):
                at[0] = i
                await rt.core.handle(routing._inbound(i, texts[i], f"t{i % 500}"), sender)
    finally:
        Recall.evidence = original  # type: ignore[method-assign]
    return calls


def _callgrind(state: str) -> None:
    subprocess.run(
        ["callgrind_control", "-i", state, str(os.getpid())], stdout=subprocess.DEVNULL, check=True
    )


def _found(evidence: Any) -> str:
    return repr(
        (
            evidence.question,
            [e.source for e in evidence.entries],
            [
                (p.entry.source, p.unit.index, round(p.score, 9), p.replaced_by is not None)
                for p in evidence.passages
            ],
            evidence.unanswered,
            evidence.names,
            [(p.entry.source, p.unit.index, round(p.score, 9)) for p in evidence.ranked],
        )
    )


def _captured_apart(args: argparse.Namespace) -> list[tuple[int, tuple[Any, ...], dict[str, Any]]]:
    """``captured`` in a process of its own (``--capture``), read back."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "calls.pickle"
        command = [
            sys.executable,
            __file__,
            "--capture",
            str(out),
            "--last",
            str(args.last),
            "--root",
            str(args.root),
        ]
        subprocess.run(command, check=True)
        with out.open("rb") as f:
            return pickle.load(f)  # type: ignore[no-any-return]


async def replay(routing: types.ModuleType, args: argparse.Namespace) -> None:
    calls = _captured_apart(args)
    settings = routing.load_settings(
        data_dir=routing._fresh("evidence_replay"), llm_provider="offline", embedder="none"
    )
    async with routing.Runtime.open(settings) as rt:
        await rt.seed_vault()
        recall = rt.core.routes.recall
        await recall.notes_know()
        for _, a, k in (c for c in calls if c[0] < args.first):
            await recall.evidence(*a, **k)
        measured = [c for c in calls if args.first <= c[0] < args.last]
        found: list[str] = []
        if args.callgrind:
            _callgrind("on")
        start = time.process_time()
        for _, a, k in measured:
            evidence = await recall.evidence(*a, **k)
            if args.dump:
                found.append(_found(evidence))
        took = time.process_time() - start
        if args.callgrind:
            _callgrind("off")
    if args.dump:
        args.dump.write_text("\n".join(found) + "\n", encoding="utf-8")
    print(
        f"{sys.modules['bot'].__file__}: {len(measured)} look-ups (messages {args.first}–{args.last}), "
        f"{took / max(len(measured), 1) * 1000:.3f} CPU ms a look-up"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=400)
    parser.add_argument("--last", type=int, default=800)
    parser.add_argument(
        "--callgrind", action="store_true", help="switch callgrind on around the measured look-ups"
    )
    parser.add_argument("--dump", type=Path, help="write what each measured look-up found")
    parser.add_argument("--root", type=Path, default=HERE.parent, help="checkout to run")
    parser.add_argument("--capture", type=Path, help=argparse.SUPPRESS)  # the capture's own process
    args = parser.parse_args()
    routing = _load(args.root.resolve())
    if args.capture is not None:
        calls = asyncio.run(captured(routing, args.last))
        with args.capture.open("wb") as f:
            pickle.dump(calls, f)
        return
    asyncio.run(replay(routing, args))


if __name__ == "__main__":
    main()

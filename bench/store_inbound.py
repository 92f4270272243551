"""The per-message storage units alone: ``Conversations.store_inbound`` (with 12 turns of
history) then ``record_reply``, one message after another, on SQLite and on a throwaway
PostgreSQL server; microseconds per message (median and p99 of the messages, per run).

``--root`` measures another checkout's storage code with this one's script (e.g.
``git archive <rev> | tar -x -C /tmp/x``), so two versions of the SQL path can be compared.

Run: ``.venv/bin/python bench/store_inbound.py [--messages 2000] [--repeat 3] [--root DIR]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


async def one_run(db_url: str, messages: int) -> list[float]:
    from storage.conversations import Conversations
    from storage.db import Database

    db = Database(db_url)
    await db.migrate()
    conversations = Conversations(db)
    start = datetime(2026, 11, 30, tzinfo=UTC)
    timings: list[float] = []
    for n in range(messages):
        now = start + timedelta(seconds=n)
        key = f"bench:s:c:{n // 20}"  # 20 messages a conversation: history to read
        began = time.perf_counter()
        stored = await conversations.store_inbound(
            key=key, platform="bench", space="s", channel="c", thread=str(n // 20), thread_ref="{}",
            platform_message_id=f"m{n}", text=f"message number {n} about the storage backend",
            now=now, author_id="u1", author_name="Ana", route="quick", meta={"decision": {"route": "quick"}},
            history=12,
        )  # fmt: skip
        await conversations.record_reply(
            conversation=stored.conversation, platform_message_id=f"r{n}", text="a reply",
            now=now, route="quick", meta={},
        )  # fmt: skip
        timings.append((time.perf_counter() - began) * 1e6)
    await db.dispose()
    return timings


def _p99(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.99) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--root", type=Path, default=HERE.parent, help="checkout whose storage/ to measure")
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    root = args.root.resolve()
    sys.path[:0] = [str(root), str(HERE.parent / "tests")]
    import storage

    print(f"measuring {storage.__file__}")
    from postgres_server import available, postgres_server

    backends: list[tuple[str, Any]] = [("sqlite", None)]
    if not args.no_postgres and available() is None:
        backends.append(("postgresql", postgres_server))
    for name, server in backends:
        medians, p99s = [], []
        for run in range(args.repeat):
            if server is None:
                with tempfile.TemporaryDirectory() as tmp:
                    timings = asyncio.run(one_run(f"sqlite:///{tmp}/bench.db", args.messages))
            else:
                with server() as url:
                    timings = asyncio.run(one_run(url, args.messages))
            medians.append(statistics.median(timings))
            p99s.append(_p99(timings))
            print(f"{name} run {run + 1}: median {medians[-1]:.0f} µs, p99 {p99s[-1]:.0f} µs per message")
        print(
            f"{name}: median of medians {statistics.median(medians):.0f} µs, median p99 "
            f"{statistics.median(p99s):.0f} µs ({args.messages:,} messages × {args.repeat})"
        )


if __name__ == "__main__":
    main()

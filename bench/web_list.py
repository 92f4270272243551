"""The investigations view's list page for 10,000 investigations: time per request, through
HTTP (the real aiohttp app and a signed-in session), on SQLite and PostgreSQL. Target: p99
under 100 ms, paged in the database.

The requests mix what people do: the first page, a page deep in the list, a status filter,
a person filter, a space filter. Each investigation has two model calls (the page sums them).

Usage: .venv/bin/python bench/web_list.py [--investigations 10000] [--requests 400] [--repeat 3]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
STATUSES = ("pending", "running", "done", "delivered", "failed", "cancelled")


def seed(db: Any, count: int) -> None:
    """``count`` investigations over 5 spaces and 40 people, newest last, in bulk."""
    from storage.models import Conversation, Investigation, ModelCall

    start = datetime(2026, 1, 1, tzinfo=UTC)
    rng = random.Random(7)
    convs, invs, calls = [], [], []
    for n in range(count):
        space = f"T{n % 5}"
        conv_id = str(uuid.uuid4())
        ref = f'{{"platform": "slack", "space": "{space}", "channel": "C{n % 17}", "thread": "1750000000.{n:06d}", "extras": {{}}}}'
        at = start + timedelta(minutes=n)
        convs.append(
            {
                "id": conv_id,
                "key": f"k{n}",
                "platform": "slack",
                "space": space,
                "channel": f"C{n % 17}",
                "thread": f"1750000000.{n:06d}",
                "thread_ref": ref,
                "created_at": at,
            }
        )
        inv_id = str(uuid.uuid4())
        status = rng.choice(STATUSES)
        invs.append(
            {
                "id": inv_id,
                "conversation_id": conv_id,
                "space": space,
                "question": f"question number {n} about the storage backend",
                "request_text": "",
                "status": status,
                "requester_id": f"U{n % 40}",
                "requester_name": f"person {n % 40}",
                "thread_ref": ref,
                "created_at": at,
                "claimed_at": at,
                "finished_at": at + timedelta(minutes=3),
                "attempts": 1,
                "delivery_attempts": 0,
                "progress": "phase 2/4" if status == "running" else None,
            }
        )
        for job in ("synthesis", "gaps"):
            calls.append(
                {
                    "created_at": at,
                    "job": job,
                    "model": "claude-opus-4-8",
                    "space": space,
                    "investigation_id": inv_id,
                    "input_tokens": 9000,
                    "output_tokens": 800,
                    "cache_write_tokens": 0,
                    "cache_read_tokens": 0,
                    "stop_reason": "end_turn",
                }
            )
    with db.blocking.begin() as conn:
        conn.execute(Conversation.__table__.insert(), convs)  # type: ignore[attr-defined]
        conn.execute(Investigation.__table__.insert(), invs)  # type: ignore[attr-defined]
        conn.execute(ModelCall.__table__.insert(), calls)  # type: ignore[attr-defined]
        if db.dialect == "postgresql":
            conn.exec_driver_sql("ANALYZE")
        else:
            conn.exec_driver_sql("ANALYZE")


async def one_run(
    data_dir: Path, db_url: str | None, count: int, requests: int, *, admin: bool
) -> list[float]:
    import aiohttp

    from adapters.web import COOKIE, WebUI
    from bot.config import load_settings
    from bot.runtime import Runtime

    settings = load_settings(data_dir=data_dir, database_url=db_url, llm_provider="offline", embedder="none")
    async with Runtime.open(settings, platforms=()) as rt:
        await asyncio.get_running_loop().run_in_executor(None, seed, rt.db, count)
        view = WebUI.from_core(settings, rt.core)
        await view.start("127.0.0.1", 0)
        link = await rt.core.web.link_for_operator(
            "slack:U1", admin=admin, spaces=[] if admin else ["T1", "T2"]
        )
        session = await rt.core.web.redeem(link.rsplit("/", 1)[1])
        base = f"http://127.0.0.1:{view.port}/ui/"
        rng = random.Random(11)
        queries = [
            "",
            "?page=20",
            f"?page={count // 5 // 50 // 2}",
            "?status=running",
            "?status=done&page=3",
            "?person=U7",
            "?space=T1",
            "?space=T2&status=failed",
        ]
        timings: list[float] = []
        try:
            async with aiohttp.ClientSession(cookies={COOKIE: session or ""}) as http:
                for _ in range(20):  # warm the connection and the caches
                    async with http.get(base) as resp:
                        assert resp.status == 200, resp.status
                        await resp.read()
                for _ in range(requests):
                    q = rng.choice(queries)
                    t0 = time.perf_counter()
                    async with http.get(base + q) as resp:
                        body = await resp.read()
                    timings.append((time.perf_counter() - t0) * 1000)
                    assert (resp.status == 200 and b"<table" in body) or b"No investigations" in body, (
                        resp.status
                    )
        finally:
            await view.stop()
    return timings


def _p99(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.99) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--investigations", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    sys.path[:0] = [str(HERE.parent), str(HERE.parent / "tests")]
    from postgres_server import available, postgres_server

    backends: list[tuple[str, Any]] = [("sqlite", None)]
    if not args.no_postgres and available() is None:
        backends.append(("postgresql", postgres_server))
    for name, server in backends:
        for admin in (True, False):
            who = "admin (all 10,000)" if admin else "a person seeing 2 of 5 spaces"
            medians, p99s = [], []
            for run in range(args.repeat):
                with tempfile.TemporaryDirectory() as tmp:
                    if server is None:
                        timings = asyncio.run(
                            one_run(Path(tmp), None, args.investigations, args.requests, admin=admin)
                        )
                    else:
                        with server() as url:
                            timings = asyncio.run(
                                one_run(Path(tmp), url, args.investigations, args.requests, admin=admin)
                            )
                medians.append(statistics.median(timings))
                p99s.append(_p99(timings))
                print(f"{name}, {who}, run {run + 1}: median {medians[-1]:.1f} ms, p99 {p99s[-1]:.1f} ms")
            print(
                f"{name}, {who}: median of medians {statistics.median(medians):.1f} ms, median p99 "
                f"{statistics.median(p99s):.1f} ms, worst p99 {max(p99s):.1f} ms "
                f"({args.investigations:,} investigations, {args.requests} requests × {args.repeat})"
            )


if __name__ == "__main__":
    main()

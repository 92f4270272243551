"""A lane's walk through a database blip: a worker completes one investigation and claims the
next in one statement, then delivers the first. When the database goes away under that
delivery, the next claim is this worker's all the same: it runs it, and the first result is
delivered later in the pass (it is recorded as finished). Before, the delivery's error ended
the walk and left the next claim held by a live worker that never ran it, "running" until its
lease ran out (30 minutes), while the fault test's restart waited for it.

PostgreSQL only, through a TCP proxy that cuts the connection as the delivery's lease is
sent (``tests/pg_cut_proxy.py``): a SQLite file has no connection to lose between two
statements of a walk."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
from pg_cut_proxy import CutProxy
from postgres_server import fresh_postgres_database

from adapters.console import ConsoleSender
from bot.clock import FakeClock
from bot.config import load_settings
from bot.runtime import Runtime
from storage.models import Status
from storage.queue import Request


@pytest.fixture
async def proxied(request: pytest.FixtureRequest, tmp_path: Any) -> AsyncIterator[tuple[CutProxy, Runtime]]:
    url = fresh_postgres_database(request, migrated=True)
    async with CutProxy.to(url) as (proxy, through):
        settings = load_settings(
            data_dir=tmp_path / "data",
            database_url=through,
            embedder="none",
            llm_provider="offline",
            worker_interval_s=3600,  # only this test starts a pass
        )
        async with Runtime.open(settings, clock=FakeClock()) as rt:
            yield proxy, rt


async def _enqueue(rt: Runtime, n: int) -> str:
    key = f"console:local:c:t{n}"
    conv, _ = await rt.conversations.get_or_create(
        key=key, platform="console", space="global", channel="c", thread=key,
        thread_ref='{"platform": "console", "space": "local", "channel": "c", "thread": "t"}', now=rt.clock.now(),
    )  # fmt: skip
    request = Request(
        conversation_id=conv.id,
        space="global",
        question=f"the boiler room flood {n}",
        thread_ref=conv.thread_ref,
    )
    return (await rt.queue.enqueue(request, now=rt.clock.now(), dedup_window=timedelta(0))).investigation.id


async def test_a_delivery_cut_off_by_the_database_does_not_strand_the_next_claim(
    proxied: tuple[CutProxy, Runtime],
) -> None:
    proxy, rt = proxied
    out = io.StringIO()
    rt.worker.senders["console"] = ConsoleSender(out)
    first, second = [await _enqueue(rt, n) for n in range(2)]
    proxy.cut_before(b"SET next_delivery_at = ")  # the delivery lease of the first result

    await rt.worker.tick()  # one pass of the claim loop, as a started worker runs it

    assert proxy.cuts == 1, "the first delivery met the cut"
    rows = {i: await rt.queue.get(i) for i in (first, second)}
    assert {i: row.status for i, row in rows.items() if row is not None} == {
        first: Status.DELIVERED.value,
        second: Status.DELIVERED.value,
    }, "the claim taken with the first's completion ran, and both were delivered in the pass"
    assert out.getvalue().count("the boiler room flood 0") >= 1
    assert out.getvalue().count("the boiler room flood 1") >= 1
    assert await rt.worker.stop() == [], "nothing left held to hand back"

"""A rate-limited answer goes through the database and a started worker posts it when it
comes due, woken by a timer rather than its next sweep or poll (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from adapters.console import ConsoleSender
from bot.clock import FakeClock
from bot.config import load_settings
from bot.errors import RetryLater
from bot.events import Inbound, Person, Posted, Reply, ThreadRef
from bot.runtime import Runtime

THREAD = ThreadRef("console", "T1", "C1", "200.1")


class LimitedOnce(ConsoleSender):
    """The console sender behind a platform that rate-limits the first post for
    ``retry_after`` seconds; ``posted`` is set when a post gets through."""

    def __init__(self, out: io.StringIO, retry_after: float) -> None:
        super().__init__(out)
        self.retry_after = retry_after
        self.limited = True
        self.posted = asyncio.Event()

    async def send(self, reply: Reply) -> Posted:
        if self.limited:
            self.limited = False
            raise RetryLater("slow down", retry_after=self.retry_after)
        posted = await super().send(reply)
        self.posted.set()
        return posted


@pytest.fixture
async def runtime(any_db_url: str, tmp_path: Path, clock: FakeClock) -> AsyncIterator[Runtime]:
    # polls and sweeps an hour apart: only the timer can post the answer within the test
    settings = load_settings(
        data_dir=tmp_path / "data",
        database_url=any_db_url,
        llm_provider="offline",
        embedder="none",
        worker_interval_s=3600,
        sweep_interval_s=3600,
    )
    async with Runtime.open(settings, clock=clock) as rt:
        yield rt


def _hello() -> Inbound:
    return Inbound(
        THREAD, "1", Person("U1", "Ana"), "hello there", datetime(2026, 6, 1, tzinfo=UTC), is_mention=True
    )


async def test_the_workers_timer_posts_a_late_answer_when_it_comes_due(runtime: Runtime) -> None:
    out = io.StringIO()
    sender = LimitedOnce(out, retry_after=0.0)
    runtime.worker.senders["console"] = sender
    runtime.worker.jobs.start()  # the worker's timers, without its claim loop (which delivers too)
    try:
        await runtime.core.handle(_hello(), sender)
        await asyncio.wait_for(sender.posted.wait(), 10)
    finally:
        await runtime.worker.stop(grace=10)  # the delivery that posted it records it first
    assert await runtime.worker.delivery.later.store.waiting("console") == 0  # type: ignore[union-attr]
    conv = await runtime.conversations.by_key(THREAD.key)
    assert conv is not None
    turns = await runtime.conversations.history(conv.id)
    assert [t.role for t in turns] == ["user", "assistant"]


async def test_a_late_answer_is_not_due_before_its_time(runtime: Runtime, clock: FakeClock) -> None:
    out = io.StringIO()
    sender = LimitedOnce(out, retry_after=30.0)
    runtime.worker.senders["console"] = sender
    await runtime.core.handle(_hello(), sender)
    later: Any = runtime.worker.delivery.later
    assert await later.store.waiting("console") == 1
    clock.advance(29)
    assert await runtime.worker.delivery.deliver_replies() == 0
    clock.advance(1)
    assert await runtime.worker.delivery.deliver_replies() == 1
    assert await later.store.waiting("console") == 0

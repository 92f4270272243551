"""The worker's sweep also forgets delivery keys past their retention, so ``seen_events``
stays bounded; on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.clock import FakeClock
from bot.config import load_settings
from bot.runtime import Runtime


@pytest.fixture
async def runtime(any_db_url: str, tmp_path: Path, clock: FakeClock) -> AsyncIterator[Runtime]:
    settings = load_settings(
        data_dir=tmp_path / "data", database_url=any_db_url, llm_provider="offline", embedder="none"
    )
    async with Runtime.open(settings, clock=clock) as rt:
        yield rt


async def test_old_delivery_keys_are_forgotten_recent_ones_kept(runtime: Runtime, clock: FakeClock) -> None:
    seen = runtime.conversations
    assert await seen.first_time("slack:event:old", now=clock.now())
    clock.advance(days=6)
    assert await seen.first_time("slack:event:recent", now=clock.now())
    clock.advance(days=2)  # "old" is 8 days old, past the 7-day default; "recent" is 2
    await runtime.worker.sweep()
    assert await seen.first_time("slack:event:old", now=clock.now()), "forgotten, so new again"
    assert not await seen.first_time("slack:event:recent", now=clock.now()), "still remembered"


async def test_the_keys_are_swept_at_most_once_an_hour(runtime: Runtime, clock: FakeClock) -> None:
    seen = runtime.conversations
    assert await seen.first_time("telegram:update:1", now=clock.now())
    clock.advance(days=6, hours=23, minutes=30)
    await runtime.worker.sweep()  # the key is not old enough yet
    clock.advance(minutes=45)  # now it is, but the last sweep was 45 minutes ago
    await runtime.worker.sweep()
    assert not await seen.first_time("telegram:update:1", now=clock.now())
    clock.advance(minutes=15)
    await runtime.worker.sweep()
    assert await seen.first_time("telegram:update:1", now=clock.now())

"""A worker with several slots (``MALLORY_WORKER_SLOTS``) runs that many investigations at
once and claims only for a free slot: what it cannot start now stays pending for any other
worker. Real Anthropic client against the fake Messages API, whose gate holds every model
call (a slow model); SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
from fake_anthropic import FakeAnthropic

from bot.clock import FakeClock
from bot.config import load_settings
from bot.runtime import Runtime
from bot.work.worker import Worker
from storage.models import Status
from storage.queue import Request

SLOTS = 2


@pytest.fixture(params=["sqlite", "postgresql"])
async def setup(
    request: pytest.FixtureRequest, fake: FakeAnthropic, tmp_path: Any
) -> AsyncIterator[tuple[Runtime, Worker, FakeClock]]:
    url = None
    if request.param == "postgresql":
        from postgres_server import fresh_postgres_database

        url = fresh_postgres_database(request)
    settings = load_settings(
        data_dir=tmp_path / "data",
        database_url=url,
        embedder="none",
        anthropic_api_key="sk-ant-test-0123456789abcdef",
        anthropic_base_url=fake.url,
        llm_max_retries=0,
        llm_timeout_s=120,
        worker_interval_s=3600,  # only a wake starts a pass
        worker_slots=SLOTS,
    )
    clock = FakeClock()
    async with Runtime.open(settings, clock=clock) as rt:
        await rt.ingest(rt.settings.vault)
        worker = Worker(
            settings=settings,
            clock=clock,
            queue=rt.queue,
            conversations=rt.conversations,
            knowledge=rt.knowledge,
            investigator=rt.investigator,
            llm=rt.worker.llm,
            worker_id="slots",
        )
        yield rt, worker, clock
        await worker.stop()


async def _enqueue(rt: Runtime, clock: FakeClock, n: int) -> str:
    key = f"console:local:c:t{n}"
    conv, _ = await rt.conversations.get_or_create(
        key=key, platform="console", space="global", channel="c", thread=key,
        thread_ref='{"platform": "console", "space": "local", "channel": "c", "thread": "t"}', now=clock.now(),
    )  # fmt: skip
    request = Request(conversation_id=conv.id, space="global", question=f"the March ingestion outage {n}",
                      thread_ref=conv.thread_ref)  # fmt: skip
    return (await rt.queue.enqueue(request, now=clock.now(), dedup_window=timedelta(0))).investigation.id


def _investigations(count: int) -> Any:
    """A gate predicate: model calls of ``count`` different investigations wait at once."""

    def enough(waiting: list[dict[str, Any]]) -> bool:
        asked = {json.dumps(body) for body in waiting}
        return sum(any(f"outage {n}" in text for text in asked) for n in range(SLOTS + 1)) >= count

    return enough


async def _statuses(rt: Runtime, ids: list[str]) -> list[tuple[str, str | None]]:
    rows = [await rt.queue.get(i) for i in ids]
    return [(row.status, row.worker_id) for row in rows if row is not None]


async def test_a_worker_runs_as_many_at_once_as_it_has_slots_and_claims_no_more(
    setup: tuple[Runtime, Worker, FakeClock], fake: FakeAnthropic
) -> None:
    rt, worker, clock = setup
    fake.gate = asyncio.Event()
    ids = [await _enqueue(rt, clock, n) for n in range(SLOTS + 1)]
    running = asyncio.create_task(worker.run_once())
    await asyncio.wait_for(fake.until_waiting(_investigations(SLOTS)), 30)  # both slots in their model calls
    statuses = await _statuses(rt, ids)
    assert sorted(statuses) == sorted(
        [(Status.RUNNING.value, "slots")] * SLOTS + [(Status.PENDING.value, None)]
    )
    # the one left is anyone's: another worker claims it while both slots are busy
    other = await rt.queue.claim(worker_id="other", now=clock.now())
    pending = [i for i, (status, _) in zip(ids, statuses, strict=True) if status == Status.PENDING.value]
    assert other is not None and [other.investigation.id] == pending
    assert await rt.queue.release(other)
    fake.gate.set()
    assert await asyncio.wait_for(running, 60) == SLOTS + 1  # a freed slot took the third
    assert all(
        status in (Status.DONE.value, Status.DELIVERED.value) for status, _ in await _statuses(rt, ids)
    )


async def test_a_wake_fills_a_free_slot_while_the_other_runs(
    setup: tuple[Runtime, Worker, FakeClock], fake: FakeAnthropic
) -> None:
    rt, worker, clock = setup
    fake.gate = asyncio.Event()
    first = await _enqueue(rt, clock, 0)
    worker.start()
    worker.wake()
    await asyncio.wait_for(fake.until_waiting(_investigations(1)), 30)
    second = await _enqueue(rt, clock, 1)
    worker.wake()  # what the bot core does after its own enqueue (NOTIFY across processes)
    await asyncio.wait_for(fake.until_waiting(_investigations(2)), 30)  # started while the first still runs
    assert await _statuses(rt, [first, second]) == [(Status.RUNNING.value, "slots")] * 2
    fake.gate.set()


async def test_stopping_hands_back_every_running_investigation(
    setup: tuple[Runtime, Worker, FakeClock], fake: FakeAnthropic
) -> None:
    rt, worker, clock = setup
    fake.gate = asyncio.Event()
    ids = [await _enqueue(rt, clock, n) for n in range(SLOTS)]
    worker.start()
    worker.wake()
    await asyncio.wait_for(fake.until_waiting(_investigations(SLOTS)), 30)
    released = await worker.stop(grace=0)
    assert sorted(inv.id for inv in released) == sorted(ids)
    for inv_id in ids:
        row = await rt.queue.get(inv_id)
        assert row is not None
        assert (row.status, row.attempts, row.claim_token) == (Status.PENDING.value, 0, None)

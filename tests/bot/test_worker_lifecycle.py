"""The worker's lease and lifecycle with the real Anthropic client against the fake Messages
API, which holds its answer (a slow model): heartbeats keep the lease past its length, a lost
claim stops the work, and stopping finishes or hands back the running investigation. The
heartbeat's pause is driven by the test (an injected sleep), never waited on."""

from __future__ import annotations

import asyncio
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
from storage.queue import Claim, Outcome, Request

LEASE_S = 30.0


class Beats:
    """An injected ``sleep`` for the heartbeat: each pause lasts until the test lets it end."""

    def __init__(self) -> None:
        self.waiting: asyncio.Queue[asyncio.Future[None]] = asyncio.Queue()

    async def sleep(self, seconds: float) -> None:
        assert seconds == LEASE_S / 3
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.put_nowait(done)
        await done

    async def beat(self) -> None:
        """End the current pause and wait until the heartbeat has run (the next pause began)."""
        (await asyncio.wait_for(self.waiting.get(), 10)).set_result(None)
        pending = await asyncio.wait_for(self.waiting.get(), 10)
        self.waiting.put_nowait(pending)


@pytest.fixture(params=["sqlite", "postgresql"])
async def setup(
    request: pytest.FixtureRequest, fake: FakeAnthropic, tmp_path: Any
) -> AsyncIterator[tuple[Runtime, Worker, Beats, FakeClock]]:
    url = None
    if request.param == "postgresql":
        from postgres_server import fresh_postgres_database

        url = fresh_postgres_database(request, migrated=True)  # as the SQLite file in the data folder
    settings = load_settings(
        data_dir=tmp_path / "data",
        database_url=url,
        embedder="none",
        anthropic_api_key="sk-ant-test-0123456789abcdef",
        anthropic_base_url=fake.url,
        llm_max_retries=0,
        llm_timeout_s=120,
        lease_s=LEASE_S,
        worker_interval_s=3600,  # only a wake starts a pass
        worker_slots=1,  # the lifecycle of one investigation (several at once: test_worker_slots.py)
    )
    clock = FakeClock()
    beats = Beats()
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
            sleep=beats.sleep,
        )
        yield rt, worker, beats, clock
        await worker.stop()


async def _enqueue(rt: Runtime, clock: FakeClock, key: str = "console:local:c:t") -> str:
    conv, _ = await rt.conversations.get_or_create(
        key=key, platform="console", space="global", channel="c", thread=key,
        thread_ref='{"platform": "console", "space": "local", "channel": "c", "thread": "t"}', now=clock.now(),
    )  # fmt: skip
    request = Request(conversation_id=conv.id, space="global", question="the March ingestion outage",
                      thread_ref=conv.thread_ref)  # fmt: skip
    return (await rt.queue.enqueue(request, now=clock.now(), dedup_window=timedelta(0))).investigation.id


async def _claim(rt: Runtime, clock: FakeClock) -> Claim:
    claim = await rt.queue.claim(worker_id="w", now=clock.now())
    assert claim is not None
    return claim


async def test_heartbeats_keep_the_lease_while_the_model_takes_longer_than_it(
    setup: tuple[Runtime, Worker, Beats, FakeClock], fake: FakeAnthropic
) -> None:
    rt, worker, beats, clock = setup
    fake.gate = asyncio.Event()
    await _enqueue(rt, clock)
    claim = await _claim(rt, clock)
    running = asyncio.create_task(worker.process(claim))
    await asyncio.wait_for(fake.held.wait(), 10)  # the model is "thinking"
    for _ in range(4):  # four beats, each a third of the lease: well past the lease
        clock.advance(LEASE_S / 3)
        await beats.beat()
    assert (
        await rt.queue.reclaim_stale(now=clock.now(), lease=timedelta(seconds=LEASE_S), max_attempts=1) == []
    )
    row = await rt.queue.get(claim.investigation.id)
    assert row is not None and (row.status, row.claim_token) == (Status.RUNNING.value, claim.token)
    fake.gate.set()
    assert await asyncio.wait_for(running, 60) is Outcome.APPLIED


async def test_a_lost_claim_stops_the_running_investigation(
    setup: tuple[Runtime, Worker, Beats, FakeClock], fake: FakeAnthropic
) -> None:
    rt, worker, beats, clock = setup
    fake.gate = asyncio.Event()
    await _enqueue(rt, clock)
    claim = await _claim(rt, clock)
    running = asyncio.create_task(worker.process(claim))
    await asyncio.wait_for(fake.held.wait(), 10)
    assert await rt.queue.cancel(claim.investigation.id, now=clock.now()) is Outcome.APPLIED
    (await asyncio.wait_for(beats.waiting.get(), 10)).set_result(None)
    # the heartbeat finds the claim gone and stops the work; the model is still "thinking"
    assert await asyncio.wait_for(running, 10) is Outcome.STALE_CLAIM
    assert not fake.gate.is_set()
    row = await rt.queue.get(claim.investigation.id)
    assert row is not None and row.status == Status.CANCELLED.value


async def test_stopping_hands_the_running_investigation_back_after_the_grace_period(
    setup: tuple[Runtime, Worker, Beats, FakeClock], fake: FakeAnthropic
) -> None:
    rt, worker, _beats, clock = setup
    fake.gate = asyncio.Event()
    inv_id = await _enqueue(rt, clock)
    worker.start()
    worker.wake()
    await asyncio.wait_for(fake.held.wait(), 10)
    await worker.stop(grace=0)
    row = await rt.queue.get(inv_id)
    assert row is not None
    assert (row.status, row.attempts, row.claim_token) == (Status.PENDING.value, 0, None)
    # another worker takes it at once and the attempt it spends is its first
    claim = await _claim(rt, clock)
    assert (claim.investigation.id, claim.investigation.attempts) == (inv_id, 1)


async def test_stopping_lets_the_running_investigation_finish_and_claims_no_more(
    setup: tuple[Runtime, Worker, Beats, FakeClock], fake: FakeAnthropic
) -> None:
    rt, worker, _beats, clock = setup
    fake.gate = asyncio.Event()
    first = await _enqueue(rt, clock)
    worker.start()
    worker.wake()
    await asyncio.wait_for(fake.held.wait(), 10)
    second = await _enqueue(rt, clock, key="console:local:c:other")
    stopping = asyncio.create_task(worker.stop(grace=120))
    await asyncio.sleep(0)  # the worker now knows it is stopping
    fake.gate.set()
    await asyncio.wait_for(stopping, 60)
    done, waiting = await rt.queue.get(first), await rt.queue.get(second)
    assert done is not None and done.status in (Status.DONE.value, Status.DELIVERED.value)
    assert waiting is not None and (waiting.status, waiting.attempts) == (Status.PENDING.value, 0)


async def test_an_enqueue_in_another_process_wakes_an_idle_worker(
    setup: tuple[Runtime, Worker, Beats, FakeClock], fake: FakeAnthropic
) -> None:
    """The worker polls once an hour here: only a wake (PostgreSQL NOTIFY from another
    connection, or this process's own enqueue on SQLite) can start the investigation."""
    rt, worker, _beats, clock = setup
    worker.start()
    if rt.db.dialect == "postgresql":
        from storage.db import Database
        from storage.queue import Queue

        other = Database(rt.settings.resolved_database_url)  # another process's connections
        rt_queue, rt.queue = rt.queue, Queue(other)
        inv_id = await _enqueue(rt, clock)
        rt.queue = rt_queue
        await other.dispose()
    else:
        inv_id = await _enqueue(rt, clock)
        worker.wake()  # what the bot core does after its own enqueue
    for _ in range(600):
        row = await rt.queue.get(inv_id)
        assert row is not None
        if row.status != Status.PENDING.value:
            break
        await asyncio.sleep(0.05)
    assert row.status != Status.PENDING.value

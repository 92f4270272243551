"""A claim whose statement committed on the server while its answer was lost (the server
restarted, the connection dropped) belongs to no worker: it is handed back as soon as the
database answers again, instead of sitting "running" until its lease runs out (30 minutes by
default) while nobody runs it. PostgreSQL only: a SQLite commit has no answer to lose."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
from pg_cut_proxy import CutProxy
from postgres_server import fresh_postgres_database

from bot.clock import FakeClock
from storage.conversations import Conversations
from storage.db import Database, unavailable
from storage.queue import Outcome, Queue, Request

WINDOW = timedelta(minutes=10)


async def _enqueued(db: Database, clock: FakeClock, count: int) -> list[str]:
    queue, ids = Queue(db), []
    for n in range(count):
        conv, _ = await Conversations(db).get_or_create(
            key=f"k{n}", platform="console", space="local", channel="c", thread=f"k{n}", thread_ref="{}",
            now=clock.now(),
        )  # fmt: skip
        request = Request(conversation_id=conv.id, space="local", question=f"q{n}", thread_ref="{}")
        ids.append((await queue.enqueue(request, now=clock.now(), dedup_window=WINDOW)).investigation.id)
        clock.advance(1)
    return ids


async def _rows(url: str) -> dict[str, tuple[str, int, str | None]]:
    db = Database(url)
    try:
        rows = await db.read_sql(
            lambda c: db.execute(c, "SELECT id, status, attempts, claim_token FROM investigations").all()
        )
    finally:
        await db.dispose()
    return {r["id"]: (r["status"], r["attempts"], r["claim_token"]) for r in rows}


@pytest.fixture
def url(request: pytest.FixtureRequest) -> str:
    return fresh_postgres_database(request, migrated=True)


async def test_a_claim_whose_answer_was_lost_is_handed_back_before_the_next_claim(
    url: str, clock: FakeClock
) -> None:
    async with CutProxy.to(url) as (proxy, through):
        db = Database(through)
        try:
            queue = Queue(db)
            assert await queue.claim(worker_id="w", now=clock.now()) is None  # the statement is ready
            first, second = await _enqueued(db, clock, 2)

            proxy.lose_the_next_answer()
            with pytest.raises(Exception) as lost:
                await queue.claim(worker_id="w", now=clock.now())
            assert unavailable(lost.value), lost.value
            assert proxy.cuts == 1
            rows = await _rows(url)
            assert rows[first][0] == "running", "the server took the claim; the worker never heard"

            claim = await queue.claim(worker_id="w", now=clock.now())
            assert claim is not None and claim.investigation.id == first, "handed back, then claimed again"
            rows = await _rows(url)
            assert rows[first] == ("running", 1, claim.token), "the lost claim spent no attempt"
            assert rows[second][0] == "pending"
        finally:
            await db.dispose()


async def test_a_handover_whose_answer_was_lost_gives_its_claim_back(url: str, clock: FakeClock) -> None:
    """The complete-and-claim statement: the completion is found applied when asked again,
    the claim it made is handed back, and the worker goes on with the oldest pending."""
    async with CutProxy.to(url) as (proxy, through):
        db = Database(through)
        try:
            queue = Queue(db)
            first, second, _third = await _enqueued(db, clock, 3)
            running = await queue.claim(worker_id="w", now=clock.now())
            assert running is not None and running.investigation.id == first

            proxy.lose_the_next_answer()
            with pytest.raises(Exception) as lost:
                await queue.complete_and_claim(running, now=clock.now(), answer="a", worker_id="w")
            assert unavailable(lost.value), lost.value
            rows = await _rows(url)
            assert rows[first][0] == "done" and rows[second][0] == "running"

            # the worker asks again: the completion is already there, the lost claim is handed back first
            outcome, claim = await queue.complete_and_claim(
                running, now=clock.now(), answer="a", worker_id="w"
            )
            assert outcome is Outcome.ALREADY_TERMINAL
            assert claim is not None and claim.investigation.id == second
            rows = await _rows(url)
            assert Counter(status for status, _, _ in rows.values()) == Counter(done=1, running=1, pending=1)
            assert rows[second] == ("running", 1, claim.token)
        finally:
            await db.dispose()

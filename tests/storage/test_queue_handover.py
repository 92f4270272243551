"""A worker's complete and next claim in one statement, and the enqueue's dedup guard as a
unique key (one holder per conversation), on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest
from postgres_server import fresh_postgres_database

from bot.clock import FakeClock
from storage.conversations import Conversations
from storage.db import Database
from storage.models import Status
from storage.queue import Claim, Outcome, Queue, Request

WINDOW = timedelta(minutes=10)
LEASE = timedelta(minutes=30)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'q.db'}"
    return fresh_postgres_database(request, migrated=True)


async def _db(url: str) -> Database:
    db = Database(url)
    await db.migrate()
    return db


async def _conversation(db: Database, clock: FakeClock, key: str) -> str:
    conv, _ = await Conversations(db).get_or_create(
        key=key, platform="console", space="local", channel="c", thread=key, thread_ref="{}", now=clock.now()
    )
    return conv.id


def _inv(conversation_id: str, question: str = "q") -> Request:
    return Request(conversation_id=conversation_id, space="local", question=question, thread_ref="{}")


async def _holders(db: Database) -> dict[str, str]:
    """Each conversation's dedup holder: conversation id → investigation id."""
    rows = await db.read_sql(
        lambda conn: db.execute(
            conn, "SELECT conversation_id, id FROM investigations WHERE dedup_holder"
        ).all()
    )
    return {row["conversation_id"]: row["id"] for row in rows}


async def test_complete_and_claim_records_the_result_and_takes_the_oldest_pending(
    db_url: str, clock: FakeClock
) -> None:
    db = await _db(db_url)
    try:
        queue = Queue(db)
        ids = []
        for n in range(3):
            conv = await _conversation(db, clock, f"k{n}")
            ids.append(
                (
                    await queue.enqueue(_inv(conv, f"q{n}"), now=clock.now(), dedup_window=WINDOW)
                ).investigation.id
            )
            clock.advance(1)
        first = await queue.claim(worker_id="w", now=clock.now())
        assert first is not None and first.investigation.id == ids[0]
        clock.advance(2)
        outcome, second = await queue.complete_and_claim(
            first, now=clock.now(), answer="one", worker_id="w", report_path="r.md", report_entry_id="e1"
        )
        assert outcome is Outcome.APPLIED
        assert second is not None and second.investigation.id == ids[1]
        assert second.token != first.token and second.investigation.claim_token == second.token
        assert (second.investigation.status, second.investigation.attempts) == ("running", 1)
        assert second.investigation.claimed_at == clock.now()
        row = await queue.get(ids[0])
        assert row is not None
        assert (row.status, row.answer, row.report_path, row.report_entry_id, row.finished_at) == (
            "done",
            "one",
            "r.md",
            "e1",
            clock.now(),
        )
        # the same claim again: nothing changes, and the next pending one is still taken
        again, third = await queue.complete_and_claim(first, now=clock.now(), answer="twice", worker_id="w")
        assert again is Outcome.ALREADY_TERMINAL
        assert third is not None and third.investigation.id == ids[2]
        assert (await queue.get(ids[0])).answer == "one"  # type: ignore[union-attr]
        outcome, none = await queue.complete_and_claim(second, now=clock.now(), answer="two", worker_id="w")
        assert outcome is Outcome.APPLIED and none is None  # nothing pending: no claim
        assert await queue.complete(third, now=clock.now(), answer="three") is Outcome.APPLIED
    finally:
        await db.dispose()


async def test_complete_and_claim_under_a_reclaimed_claim_records_nothing(
    db_url: str, clock: FakeClock
) -> None:
    db = await _db(db_url)
    try:
        queue = Queue(db)
        for n in range(2):
            conv = await _conversation(db, clock, f"k{n}")
            await queue.enqueue(_inv(conv, f"q{n}"), now=clock.now(), dedup_window=WINDOW)
            clock.advance(1)
        lost = await queue.claim(worker_id="slow", now=clock.now())
        assert lost is not None
        clock.advance((LEASE + timedelta(seconds=1)).total_seconds())
        await queue.reclaim_stale(now=clock.now(), lease=LEASE, max_attempts=3)
        holder = await queue.claim(worker_id="new", now=clock.now())
        assert holder is not None and holder.investigation.id == lost.investigation.id
        outcome, other = await queue.complete_and_claim(
            lost, now=clock.now(), answer="late", worker_id="slow"
        )
        assert outcome is Outcome.STALE_CLAIM
        assert other is not None and other.investigation.id != lost.investigation.id
        row = await queue.get(lost.investigation.id)
        assert row is not None and (row.status, row.answer, row.claim_token) == (
            "running",
            None,
            holder.token,
        )
    finally:
        await db.dispose()


async def test_workers_handing_over_claim_every_job_once(db_url: str, clock: FakeClock) -> None:
    """Eight workers, each completing and claiming in one call (on PostgreSQL those made
    while one is in flight share a statement): every job done once, none claimed twice."""
    db = await _db(db_url)
    try:
        queue = Queue(db)
        ids = set()
        for n in range(40):
            conv = await _conversation(db, clock, f"k{n}")
            ids.add((await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW)).investigation.id)
        seen: list[str] = []

        async def worker(n: int) -> None:
            claim: Claim | None = await queue.claim(worker_id=f"w{n}", now=clock.now())
            while claim is not None:
                seen.append(claim.investigation.id)
                outcome, claim = await queue.complete_and_claim(
                    claim, now=clock.now(), answer=claim.investigation.id, worker_id=f"w{n}"
                )
                assert outcome is Outcome.APPLIED

        await asyncio.gather(*(worker(n) for n in range(8)))
        assert sorted(seen) == sorted(ids)
        rows = await queue.listing(limit=100)
        assert {r.status for r in rows} == {Status.DONE.value}
        assert all(r.answer == r.id and r.attempts == 1 for r in rows)
    finally:
        await db.dispose()


async def test_a_handover_whose_worker_left_hands_its_claim_back(
    postgres_database: str, clock: FakeClock
) -> None:
    """A handover's worker stops waiting while its statement is held on the server (another
    session locks its row): its completion stands and the claim it brought back is handed
    back, unspent."""
    import asyncpg

    db = await _db(postgres_database)
    holder = await asyncpg.connect(postgres_database)
    try:
        queue = Queue(db)
        for key in ("a", "b", "c", "d"):
            conv = await _conversation(db, clock, key)
            await queue.enqueue(_inv(conv, key), now=clock.now(), dedup_window=WINDOW)
            clock.advance(1)
        a = await queue.claim(worker_id="w1", now=clock.now())
        b = await queue.claim(worker_id="w2", now=clock.now())
        assert a is not None and b is not None
        lock = holder.transaction()
        await lock.start()
        await holder.execute("SELECT id FROM investigations WHERE id = $1 FOR UPDATE", b.investigation.id)
        outcome, taken = await queue.complete_and_claim(a, now=clock.now(), answer="a", worker_id="w1")
        assert outcome is Outcome.APPLIED and taken is not None and taken.investigation.question == "c"
        second = asyncio.ensure_future(
            queue.complete_and_claim(b, now=clock.now(), answer="b", worker_id="w2")
        )
        waiting = 0  # until it is sent: its statement waits on the server for b's row
        while not waiting:
            waiting = await holder.fetchval("SELECT count(*) FROM pg_locks WHERE NOT granted")
        second.cancel()
        await lock.rollback()
        await queue.claims.settled()  # its answer came: its claim (of "d") is handed back
        assert second.cancelled()
        assert (await queue.get(b.investigation.id)).status == "done"  # type: ignore[union-attr]
        outcome, last = await queue.complete_and_claim(taken, now=clock.now(), answer="c", worker_id="w1")
        assert outcome is Outcome.APPLIED and last is not None and last.investigation.question == "d"
        assert last.investigation.attempts == 1  # the claim handed back spent no attempt
    finally:
        await holder.close()
        await db.dispose()


async def test_the_dedup_key_follows_the_newest_open_investigation(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    try:
        queue = Queue(db)
        conv = await _conversation(db, clock, "k")
        first = (await queue.enqueue(_inv(conv, "one"), now=clock.now(), dedup_window=WINDOW)).investigation
        assert await _holders(db) == {conv: first.id}
        clock.advance(1)
        # a request of its own (a schedule's run): a second open one, and it takes the key
        own = await queue.enqueue(_inv(conv, "run"), now=clock.now(), dedup_window=None)
        assert own.created and await _holders(db) == {conv: own.investigation.id}
        joined = await queue.enqueue(_inv(conv, "again"), now=clock.now(), dedup_window=WINDOW)
        assert not joined.created and joined.investigation.id == own.investigation.id
        # the holder finished: the older open one, still in the window, is joined
        claim = await queue.claim(worker_id="w", now=clock.now())
        assert claim is not None and claim.investigation.id == first.id
        assert await queue.release(claim)
        claims = [await queue.claim(worker_id="w", now=clock.now()) for _ in range(2)]
        [held] = [c for c in claims if c is not None and c.investigation.id == own.investigation.id]
        assert await queue.complete(held, now=clock.now(), answer="done") is Outcome.APPLIED
        assert await _holders(db) == {}
        older = await queue.enqueue(_inv(conv, "three"), now=clock.now(), dedup_window=WINDOW)
        assert not older.created and older.investigation.id == first.id
        # outside the window the old one no longer absorbs requests: a new one holds the key
        clock.advance((WINDOW + timedelta(seconds=1)).total_seconds())
        fresh = await queue.enqueue(_inv(conv, "four"), now=clock.now(), dedup_window=WINDOW)
        assert fresh.created and await _holders(db) == {conv: fresh.investigation.id}
        assert await queue.cancel(fresh.investigation.id, now=clock.now()) is Outcome.APPLIED
        assert await _holders(db) == {}
    finally:
        await db.dispose()


async def test_concurrent_enqueues_past_an_old_holder_create_one(db_url: str, clock: FakeClock) -> None:
    """The conversation's open investigation is older than the window: of ten enqueues at
    once, one takes the key and creates, the other nine join it."""
    db = await _db(db_url)
    dbs = [Database(db_url) for _ in range(10)]
    try:
        queue = Queue(db)
        conv = await _conversation(db, clock, "k")
        old = (await queue.enqueue(_inv(conv, "old"), now=clock.now(), dedup_window=WINDOW)).investigation
        clock.advance((WINDOW + timedelta(minutes=1)).total_seconds())
        results = await asyncio.gather(
            *(Queue(d).enqueue(_inv(conv, "new"), now=clock.now(), dedup_window=WINDOW) for d in dbs)
        )
        assert sum(r.created for r in results) == 1
        [new_id] = {r.investigation.id for r in results}
        assert new_id != old.id and await _holders(db) == {conv: new_id}
        assert (await queue.get(old.id)).status == "pending"  # type: ignore[union-attr]
    finally:
        for d in [*dbs, db]:
            await d.dispose()

"""The investigation queue on a real SQLite file: exclusive claims under concurrency,
dedup, reclaim with an injected clock, idempotent terminal transitions."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from postgres_server import fresh_postgres_database

from bot.clock import FakeClock
from storage.conversations import Conversations
from storage.db import Database, StorageError
from storage.models import Status
from storage.queue import Outcome, Queue, Request
from storage.queue_wake import SqliteWatch

WINDOW = timedelta(minutes=10)
LEASE = timedelta(minutes=30)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Every queue test runs on SQLite and, where a server can be started, PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'q.db'}"
    return fresh_postgres_database(request, migrated=True)


async def _db(url: str) -> Database:
    db = Database(url)
    await db.migrate()
    return db


async def _conversation(db: Database, clock: FakeClock, key: str = "console:local:c:t") -> str:
    conv, _ = await Conversations(db).get_or_create(
        key=key, platform="console", space="local", channel="c", thread=key, thread_ref="{}", now=clock.now()
    )
    return conv.id


def _inv(conversation_id: str, question: str = "q") -> Request:
    return Request(conversation_id=conversation_id, space="local", question=question, thread_ref="{}")


async def test_claim_is_exclusive_under_20_concurrent_claimers(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    ids = []
    for i in range(60):
        conv = await _conversation(db, clock, key=f"k{i}")
        result = await queue.enqueue(_inv(conv, f"q{i}"), now=clock.now(), dedup_window=WINDOW)
        ids.append(result.investigation.id)
        clock.advance(1)
    # 20 claimers, each with its own engine (its own connections) on the same file
    dbs = [Database(db_url) for _ in range(20)]
    claimed: list[str] = []

    async def claimer(n: int) -> None:
        q = Queue(dbs[n])
        while (claim := await q.claim(worker_id=f"w{n}", now=clock.now())) is not None:
            claimed.append(claim.investigation.id)

    await asyncio.gather(*(claimer(n) for n in range(20)))
    assert sorted(claimed) == sorted(ids)  # every row claimed exactly once, none lost
    assert len(set(claimed)) == len(claimed)
    rows = await queue.listing(limit=100)
    assert {r.status for r in rows} == {Status.RUNNING.value}
    assert all(r.attempts == 1 for r in rows)
    for d in [*dbs, db]:
        await d.dispose()


async def test_claim_takes_the_oldest_first(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    first = await queue.enqueue(
        _inv(await _conversation(db, clock, "a"), "first"), now=clock.now(), dedup_window=WINDOW
    )
    clock.advance(5)
    await queue.enqueue(
        _inv(await _conversation(db, clock, "b"), "second"), now=clock.now(), dedup_window=WINDOW
    )
    claim = await queue.claim(worker_id="w", now=clock.now())
    assert claim is not None and claim.investigation.id == first.investigation.id
    await db.dispose()


async def test_dedup_inside_and_outside_the_window(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    conv = await _conversation(db, clock)
    a = await queue.enqueue(_inv(conv, "one"), now=clock.now(), dedup_window=WINDOW)
    clock.advance(minutes=9)
    b = await queue.enqueue(_inv(conv, "two"), now=clock.now(), dedup_window=WINDOW)
    assert a.created and not b.created
    assert b.investigation.id == a.investigation.id
    clock.advance(minutes=2)  # 11 minutes after the first: outside the window
    c = await queue.enqueue(_inv(conv, "three"), now=clock.now(), dedup_window=WINDOW)
    assert c.created and c.investigation.id != a.investigation.id
    other = await queue.enqueue(
        _inv(await _conversation(db, clock, "other"), "x"), now=clock.now(), dedup_window=WINDOW
    )
    assert other.created  # dedup is per conversation
    await db.dispose()


async def test_dedup_adds_the_request_to_the_open_one_as_a_note(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    conv = await _conversation(db, clock)
    first = Request(conv, "local", "the outage", "{}", request_text="dig into the outage", requester_id="U1")
    a = await queue.enqueue(first, now=clock.now(), dedup_window=WINDOW, note_when_open=True)
    assert a.created and await queue.notes(a.investigation.id) == []
    again = Request(conv, "local", "the outage", "{}", request_text="also the timeline", requester_id="U2")
    b = await queue.enqueue(again, now=clock.now(), dedup_window=WINDOW)
    assert not b.created and await queue.notes(a.investigation.id) == []  # no note unless asked for
    c = await queue.enqueue(again, now=clock.now(), dedup_window=WINDOW, note_when_open=True)
    assert not c.created and c.investigation.question == "the outage"
    notes = await queue.notes(a.investigation.id)
    assert [(n.text, n.author_id) for n in notes] == [("also the timeline", "U2")]
    row = await queue.get(a.investigation.id)
    assert row is not None and row.request_text == "dig into the outage" and row.requester_id == "U1"
    assert row.status == Status.PENDING.value and row.attempts == 0 and row.created_at == clock.now()
    await db.dispose()


async def test_dedup_ignores_finished_investigations(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    conv = await _conversation(db, clock)
    a = await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW)
    claim = await queue.claim(worker_id="w", now=clock.now())
    assert claim is not None
    await queue.complete(claim, now=clock.now(), answer="done")
    b = await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW)
    assert b.created and b.investigation.id != a.investigation.id
    await db.dispose()


async def test_concurrent_enqueues_for_one_conversation_create_one(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    conv = await _conversation(db, clock)
    dbs = [Database(db_url) for _ in range(10)]
    results = await asyncio.gather(
        *(Queue(d).enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW) for d in dbs)
    )
    assert sum(r.created for r in results) == 1
    assert len({r.investigation.id for r in results}) == 1
    for d in [*dbs, db]:
        await d.dispose()


async def test_reclaim_after_lease_expiry_and_late_complete_is_refused(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    await queue.enqueue(_inv(await _conversation(db, clock)), now=clock.now(), dedup_window=WINDOW)
    first = await queue.claim(worker_id="w1", now=clock.now())
    assert first is not None
    clock.advance(minutes=29)
    assert await queue.reclaim_stale(now=clock.now(), lease=LEASE, max_attempts=3) == []
    assert (await queue.get(first.investigation.id)).status == Status.RUNNING.value  # type: ignore[union-attr]
    assert await queue.heartbeat(first, now=clock.now())
    clock.advance(minutes=31)
    await queue.reclaim_stale(now=clock.now(), lease=LEASE, max_attempts=3)
    row = await queue.get(first.investigation.id)
    assert row is not None and row.status == Status.PENDING.value
    second = await queue.claim(worker_id="w2", now=clock.now())
    assert second is not None and second.investigation.id == first.investigation.id
    assert second.token != first.token
    # the first worker wakes up and tries to finish: refused
    assert await queue.complete(first, now=clock.now(), answer="stale") is Outcome.STALE_CLAIM
    assert not await queue.heartbeat(first, now=clock.now())
    assert await queue.complete(second, now=clock.now(), answer="fresh") is Outcome.APPLIED
    row = await queue.get(first.investigation.id)
    assert row is not None and row.answer == "fresh" and row.attempts == 2
    await db.dispose()


async def test_too_many_attempts_fail_instead_of_looping(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    await queue.enqueue(_inv(await _conversation(db, clock)), now=clock.now(), dedup_window=WINDOW)
    first = await queue.claim(worker_id="w", now=clock.now())
    assert first is not None
    clock.advance(minutes=31)
    assert await queue.reclaim_stale(now=clock.now(), lease=LEASE, max_attempts=2) == []  # back to pending
    second = await queue.claim(worker_id="w", now=clock.now())
    assert second is not None and second.investigation.attempts == 2
    clock.advance(minutes=31)
    assert await queue.reclaim_stale(now=clock.now(), lease=LEASE, max_attempts=2) == [
        second.investigation.id
    ]
    row = await queue.get(second.investigation.id)
    assert row is not None and row.status == Status.FAILED.value and "2 attempts" in (row.error or "")
    assert await queue.claim(worker_id="w", now=clock.now()) is None
    assert [i.id for i in await queue.undelivered(now=clock.now())] == [row.id]  # the apology is still owed
    await db.dispose()


async def test_complete_and_fail_are_idempotent(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    await queue.enqueue(_inv(await _conversation(db, clock)), now=clock.now(), dedup_window=WINDOW)
    claim = await queue.claim(worker_id="w", now=clock.now())
    assert claim is not None
    assert await queue.complete(claim, now=clock.now(), answer="a") is Outcome.APPLIED
    assert await queue.complete(claim, now=clock.now(), answer="b") is Outcome.ALREADY_TERMINAL
    assert await queue.fail(claim, now=clock.now(), error="late") is Outcome.ALREADY_TERMINAL
    row = await queue.get(claim.investigation.id)
    assert row is not None and row.status == Status.DONE.value and row.answer == "a" and row.error is None
    await db.dispose()


async def test_cancel_stops_a_running_investigation(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    await queue.enqueue(_inv(await _conversation(db, clock)), now=clock.now(), dedup_window=WINDOW)
    claim = await queue.claim(worker_id="w", now=clock.now())
    assert claim is not None
    assert await queue.cancel(claim.investigation.id, now=clock.now()) is Outcome.APPLIED
    assert await queue.cancel(claim.investigation.id, now=clock.now()) is Outcome.ALREADY_TERMINAL
    assert not await queue.heartbeat(claim, now=clock.now())
    assert await queue.complete(claim, now=clock.now(), answer="x") is not Outcome.APPLIED
    assert await queue.cancel("no-such-id", now=clock.now()) is Outcome.NOT_FOUND
    await db.dispose()


async def test_delivery_lease_and_record(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    await queue.enqueue(_inv(await _conversation(db, clock)), now=clock.now(), dedup_window=WINDOW)
    claim = await queue.claim(worker_id="w", now=clock.now())
    assert claim is not None
    await queue.complete(claim, now=clock.now(), answer="report")
    inv_id = claim.investigation.id
    assert [i.id for i in await queue.undelivered(now=clock.now())] == [inv_id]
    until = clock.now() + timedelta(minutes=5)
    assert await queue.lease_delivery(inv_id, now=clock.now(), until=until)
    assert not await queue.lease_delivery(inv_id, now=clock.now(), until=until)  # someone is posting it
    assert await queue.mark_delivered(inv_id, message_id="m1", now=clock.now())
    assert not await queue.mark_delivered(inv_id, message_id="m2", now=clock.now())
    row = await queue.get(inv_id)
    assert row is not None and row.delivery_message_id == "m1" and row.status == Status.DELIVERED.value
    clock.advance(minutes=10)
    assert await queue.undelivered(now=clock.now()) == []
    await db.dispose()


@pytest.mark.parametrize("url", ["nonsense://", "mysql://u@h/db", "::::"])
async def test_bad_database_url_is_one_clear_error(url: str) -> None:
    with pytest.raises(StorageError) as info:
        Database(url)
    assert "\n" not in str(info.value)


def _insert_seen_event(db: Database, clock: FakeClock, key: str):  # type: ignore[no-untyped-def]
    """A hot-path unit that records ``key``; the one keyed "bad" fails after writing."""

    def work(conn):  # type: ignore[no-untyped-def]
        db.execute(
            conn,
            "INSERT INTO seen_events (key, created_at) VALUES (:key, :at)",
            {"key": key, "at": db.to_db_time(clock.now())},
        )
        if key == "bad":
            raise ValueError("this unit fails")
        return key

    return work


async def test_group_commit_isolates_a_failing_unit(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)

    def insert(key: str):  # type: ignore[no-untyped-def]
        return _insert_seen_event(db, clock, key)

    results = await asyncio.gather(
        *(db.run_sql(insert(k)) for k in ["a", "b", "bad", "c"]), return_exceptions=True
    )
    assert results[:2] == ["a", "b"] and isinstance(results[2], ValueError) and results[3] == "c"
    rows = await db.read_sql(lambda conn: db.execute(conn, "SELECT key FROM seen_events ORDER BY key").all())
    assert [r["key"] for r in rows] == ["a", "b", "c"]  # the failed unit left nothing behind
    await db.dispose()


async def test_a_lone_unit_commits_without_a_turn_and_units_of_overlapping_tasks_share_one(
    tmp_path: Path, clock: FakeClock
) -> None:
    """A unit with no other in sight is committed at once (the loop does not turn); units
    of tasks that write in the same turn after it still share one transaction."""
    path = tmp_path / "g.db"
    db = await _db(f"sqlite:///{path}")
    turned: list[int] = []
    asyncio.get_running_loop().call_soon(turned.append, 1)
    assert await db.run_sql(_insert_seen_event(db, clock, "alone")) == "alone"
    assert turned == []  # committed without a turn of the loop
    outside = sqlite3.connect(path)

    def insert_and_look(key: str):  # type: ignore[no-untyped-def]
        def work(conn):  # type: ignore[no-untyped-def]
            _insert_seen_event(db, clock, key)(conn)
            return [r[0] for r in outside.execute("SELECT key FROM seen_events ORDER BY key")]

        return work

    seen = await asyncio.gather(*(db.run_sql(insert_and_look(k)) for k in ("a", "b", "c")))
    # "a" ran at once in its own transaction; "b" and "c", from other tasks in the same turn,
    # share the next one: while "c" is written, "b" is not committed yet
    assert seen == [["alone"], ["a", "alone"], ["a", "alone"]]
    assert [r[0] for r in outside.execute("SELECT key FROM seen_events ORDER BY key")] == [
        "a",
        "alone",
        "b",
        "c",
    ]
    outside.close()
    await db.dispose()


async def test_group_commit_while_another_connection_holds_the_write_lock(
    tmp_path: Path, clock: FakeClock
) -> None:
    """The hot path does not wait on the event loop: with the write lock taken, units queue
    for the storage thread and are committed together once it is free; a failing one fails
    only itself."""
    db = await _db(f"sqlite+aiosqlite:///{tmp_path / 'q.db'}")

    def insert(key: str):  # type: ignore[no-untyped-def]
        return _insert_seen_event(db, clock, key)

    holder = sqlite3.connect(tmp_path / "q.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    tasks = [asyncio.create_task(db.run_sql(insert(k))) for k in ["a", "b", "bad", "c"]]
    await asyncio.sleep(0)  # each unit tries once; none can write yet
    assert not any(t.done() for t in tasks)
    holder.execute("ROLLBACK")
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert results[:2] == ["a", "b"] and isinstance(results[2], ValueError) and results[3] == "c"
    rows = await db.read_sql(lambda conn: db.execute(conn, "SELECT key FROM seen_events ORDER BY key").all())
    assert [r["key"] for r in rows] == ["a", "b", "c"]
    holder.close()
    await db.dispose()


async def test_a_reply_posted_in_parts_is_found_from_any_part_and_is_one_turn(
    db_url: str, clock: FakeClock
) -> None:
    db = await _db(db_url)
    conversations = Conversations(db)

    async def user_says(message_id: str, text: str):  # type: ignore[no-untyped-def]
        return await conversations.store_inbound(
            key="telegram:-4071:-4071:500",
            platform="telegram",
            space="-4071",
            channel="-4071",
            thread="500",
            thread_ref="{}",
            platform_message_id=message_id,
            text=text,
            now=clock.now(),
            history=10,
        )

    stored = await user_says("500", "what did we decide about storage?")
    await conversations.record_reply(
        conversation=stored.conversation,
        platform_message_id="501",
        text="a long answer, posted as three messages",
        now=clock.now(),
        route="quick",
        meta={},
        more_ids=("502", "503"),
    )
    for message_id in ("501", "502", "503"):
        found = await conversations.find_message(
            space="-4071", platform_message_id=message_id, platform="telegram"
        )
        assert found is not None and found.conversation_id == stored.conversation.id
    later = await user_says("504", "and the cost?")
    assert [m.role for m in later.history] == ["user", "assistant"]
    assert [m.role for m in await conversations.history(stored.conversation.id)] == [
        "user",
        "assistant",
        "user",
    ]
    await db.dispose()


async def test_short_reads_do_not_wait_for_a_writer_and_cannot_write(
    tmp_path: Path, clock: FakeClock
) -> None:
    db = await _db(f"sqlite+aiosqlite:///{tmp_path / 'r.db'}")
    await db.run_sql(_insert_seen_event(db, clock, "committed"))

    def keys(conn):  # type: ignore[no-untyped-def]
        return [r["key"] for r in db.execute(conn, "SELECT key FROM seen_events ORDER BY key").all()]

    holder = sqlite3.connect(tmp_path / "r.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO seen_events (key, created_at) VALUES ('uncommitted', '2026-01-01')")
    try:
        assert await db.read_sql(keys) == ["committed"]  # the writer's open transaction is not seen
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert await db.read_sql(keys) == ["committed", "uncommitted"]
    with pytest.raises(sqlite3.OperationalError):
        await db.read_sql(_insert_seen_event(db, clock, "sneaky"))
    await db.dispose()


async def test_a_claim_carries_the_whole_row_in_one_statement(db_url: str, clock: FakeClock) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    conv = await _conversation(db, clock)
    request = Request(
        conversation_id=conv,
        space="local",
        question="what is Beacon?",
        thread_ref='{"platform": "console"}',
        request_text="please look into Beacon",
        requester_id="U1",
        requester_name="Ann",
        entry_id="e1",
    )
    created = (await queue.enqueue(request, now=clock.now(), dedup_window=WINDOW)).investigation
    clock.advance(5)
    claim = await queue.claim(worker_id="w1", now=clock.now())
    assert claim is not None
    inv = claim.investigation
    assert (inv.id, inv.question, inv.request_text, inv.requester_name, inv.entry_id) == (
        created.id,
        "what is Beacon?",
        "please look into Beacon",
        "Ann",
        "e1",
    )
    assert (inv.status, inv.worker_id, inv.claim_token, inv.attempts) == ("running", "w1", claim.token, 1)
    assert inv.created_at == created.created_at and inv.claimed_at == inv.heartbeat_at == clock.now()
    assert inv.claimed_at is not None and inv.claimed_at.tzinfo is not None
    assert inv.finished_at is None and inv.delivered_at is None
    assert await queue.claim(worker_id="w2", now=clock.now()) is None
    await db.dispose()


async def test_release_hands_the_investigation_back_without_spending_an_attempt(
    db_url: str, clock: FakeClock
) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    conv = await _conversation(db, clock)
    await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW)
    first = await queue.claim(worker_id="w1", now=clock.now())
    assert first is not None
    await queue.heartbeat(first, now=clock.now(), progress="reading")
    assert await queue.release(first) is True
    row = await queue.get(first.investigation.id)
    assert row is not None
    assert (row.status, row.attempts, row.claim_token, row.worker_id, row.progress) == (
        "pending",
        0,
        None,
        None,
        None,
    )
    # the old holder can neither release again nor finish it
    assert await queue.release(first) is False
    assert await queue.complete(first, now=clock.now(), answer="late") is Outcome.STALE_CLAIM
    second = await queue.claim(worker_id="w2", now=clock.now())
    assert second is not None and second.investigation.id == first.investigation.id
    assert second.investigation.attempts == 1
    assert await queue.complete(second, now=clock.now(), answer="done") is Outcome.APPLIED
    assert await queue.release(second) is False  # finished: nothing to hand back
    await db.dispose()


async def test_idle_workers_are_woken_by_an_enqueue_in_another_process(
    postgres_database: str, clock: FakeClock
) -> None:
    """PostgreSQL NOTIFY at commit: a listener on its own connection (as another process
    would be) hears every enqueue, release and reclaim; a dedup hit is not news."""
    producer, consumer = await _db(postgres_database), Database(postgres_database)
    queue = Queue(producer)
    woken = asyncio.Event()
    listener = await Queue(consumer).watch(woken.set)
    assert listener is not None
    conv = await _conversation(producer, clock)

    async def woke() -> bool:
        try:
            await asyncio.wait_for(woken.wait(), timeout=10)
        except TimeoutError:
            return False
        woken.clear()
        return True

    await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW)
    assert await woke()
    await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW)  # dedup: no new work
    claim = await queue.claim(worker_id="w1", now=clock.now())
    assert claim is not None
    assert await queue.release(claim)
    assert await woke()  # (the dedup hit sent nothing: otherwise the event was set twice, still one wake)
    claim = await queue.claim(worker_id="w1", now=clock.now())
    assert claim is not None
    clock.advance(LEASE.total_seconds() + 1)
    await queue.reclaim_stale(now=clock.now(), lease=LEASE, max_attempts=3)
    assert await woke()
    await consumer.dispose()
    await producer.dispose()


class _Ticks:
    """The SQLite watch's pause, stepped by the test: one look per ``step``."""

    def __init__(self) -> None:
        self.looked = asyncio.Event()
        self.go = asyncio.Event()

    async def sleep(self, _seconds: float) -> None:
        self.looked.set()
        await self.go.wait()
        self.go.clear()

    async def step(self) -> None:
        self.looked.clear()
        self.go.set()
        await asyncio.wait_for(self.looked.wait(), timeout=10)


async def test_sqlite_wakes_idle_workers_after_another_connection_enqueues(
    tmp_path: Path, clock: FakeClock
) -> None:
    """SQLite has no NOTIFY: the watch notices commits by other connections (another
    process's, here another engine's) and wakes only when work is pending."""
    url = f"sqlite:///{tmp_path / 'q.db'}"
    worker_db, other_db = await _db(url), Database(url)
    wakes: list[int] = []
    ticks = _Ticks()
    watch = await SqliteWatch.open(worker_db, lambda: wakes.append(1), sleep=ticks.sleep)
    assert watch is not None
    await asyncio.wait_for(ticks.looked.wait(), timeout=10)  # the first look: where it starts from
    conv = await _conversation(other_db, clock)  # a commit, but nothing to do
    await ticks.step()
    assert wakes == []
    await Queue(other_db).enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW)
    await ticks.step()
    assert wakes == [1]
    await ticks.step()  # no new commit: no new wake
    assert wakes == [1]
    claim = await Queue(worker_db).claim(worker_id="w", now=clock.now())
    assert claim is not None
    await ticks.step()  # the claim committed, and nothing is pending any more
    assert wakes == [1]
    await watch.close()
    for db in (worker_db, other_db):
        await db.dispose()


async def test_queue_watch_on_sqlite_hears_another_engine_at_its_own_pace(
    tmp_path: Path, clock: FakeClock
) -> None:
    url = f"sqlite:///{tmp_path / 'q.db'}"
    worker_db, other_db = await _db(url), Database(url)
    woken = asyncio.Event()
    watch = await Queue(worker_db).watch(woken.set)
    assert watch is not None
    await Queue(other_db).enqueue(
        _inv(await _conversation(other_db, clock)), now=clock.now(), dedup_window=WINDOW
    )
    await asyncio.wait_for(woken.wait(), timeout=10)
    await watch.close()
    for db in (worker_db, other_db):
        await db.dispose()
    memory = Database("sqlite:///:memory:")
    assert await Queue(memory).watch(woken.set) is None  # one process only: nothing to watch
    await memory.dispose()


async def test_one_process_s_concurrent_claims_and_completes_share_statements_exactly_once(
    db_url: str, clock: FakeClock
) -> None:
    """Claims and completes made while one is in flight go out together (PostgreSQL); each
    job still gets its own token, and two completes of one claim are never applied twice."""
    db = await _db(db_url)
    queue = Queue(db)
    ids = []
    for i in range(40):
        conv = await _conversation(db, clock, key=f"k{i}")
        ids.append((await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW)).investigation.id)
    claims = await asyncio.gather(*(queue.claim(worker_id=f"w{n}", now=clock.now()) for n in range(50)))
    held = [c for c in claims if c is not None]
    assert sorted(c.investigation.id for c in held) == sorted(ids)
    assert len({c.token for c in held}) == 40
    assert all(c.investigation.claim_token == c.token and c.investigation.attempts == 1 for c in held)
    twice = [c for c in held for _ in range(2)]
    outcomes = await asyncio.gather(*(queue.complete(c, now=clock.now(), answer="a") for c in twice))
    for first, second in zip(outcomes[::2], outcomes[1::2], strict=True):
        assert sorted([first, second]) == sorted([Outcome.APPLIED, Outcome.ALREADY_TERMINAL])
    rows = await queue.listing(limit=100)
    assert {r.status for r in rows} == {Status.DONE.value} and len(rows) == 40
    await db.dispose()


async def test_a_claim_that_lands_after_its_caller_left_is_handed_back(
    postgres_database: str, clock: FakeClock
) -> None:
    db = await _db(postgres_database)
    queue = Queue(db)
    for key in ("a", "b"):
        conv = await _conversation(db, clock, key=key)
        await queue.enqueue(_inv(conv, key), now=clock.now(), dedup_window=WINDOW)
        clock.advance(1)
    first = asyncio.ensure_future(queue.claim(worker_id="w1", now=clock.now()))
    await asyncio.sleep(0)  # the first claim is in flight: the next one waits for it
    second = asyncio.ensure_future(queue.claim(worker_id="w2", now=clock.now()))
    await asyncio.sleep(0)
    got = await first
    # with two statements in flight at once (``_DEPTH``) either claim may lock "a" first: the
    # first caller gets one of the two, the orphaned claim the other
    assert got is not None and got.investigation.question in {"a", "b"}
    other = "b" if got.investigation.question == "a" else "a"
    second.cancel()  # its statement is on its way, or its answer came and it has not read it yet
    await asyncio.wait([second])  # as a worker that stops waits for its cancelled claim
    # its answer is read and the claim handed back before the next claim goes out: two
    # statements may be in flight at once (``_DEPTH``), and one sent beside the orphaned claim
    # would find "b" still held (it failed so, now and then, when the tests ran in parallel:
    # the second answer came before the first, and the cancel landed before it was read)
    await queue.claims.settled()
    if not second.cancelled():
        # its answer came and its task returned the claim before the cancel landed (the two
        # statements run on two connections; under load either answers first): the caller
        # holds it, and hands it back as a stopping worker does (``Worker._claim``, ``stop``)
        held = second.result()
        assert held is not None and held.investigation.question == other
        assert await queue.release(held)
    third = await queue.claim(worker_id="w3", now=clock.now())
    assert third is not None and third.investigation.question == other
    assert third.investigation.attempts == 1  # the orphaned claim spent no attempt
    await db.dispose()


async def test_unavailable_tells_a_database_that_went_away_from_a_refused_statement(tmp_path: Path) -> None:
    """What the worker waits out (and hands back) versus what fails an investigation."""
    import asyncpg
    from sqlalchemy.exc import DBAPIError

    from storage.db import unavailable

    def caught(work: object) -> BaseException:
        try:
            work()  # type: ignore[operator]
        except Exception as exc:
            return exc
        raise AssertionError("no error")

    closed = Database("postgresql://mallory@127.0.0.1:1/nowhere")  # nothing listens on port 1
    with pytest.raises(Exception) as refused:
        await closed.fetch_one("SELECT 1")
    assert unavailable(refused.value)
    down = caught(lambda: closed.blocking.connect())
    assert isinstance(down, DBAPIError) and unavailable(down)
    await closed.dispose()

    db = await _db(f"sqlite:///{tmp_path / 'q.db'}")
    holder = sqlite3.connect(tmp_path / "q.db")
    holder.execute("BEGIN IMMEDIATE")
    other = sqlite3.connect(tmp_path / "q.db", timeout=0)
    locked = caught(lambda: other.execute("BEGIN IMMEDIATE"))
    assert unavailable(locked)
    holder.rollback()
    for conn in (holder, other):
        conn.close()
    await db.dispose()
    assert not unavailable(ValueError("not a database problem"))
    assert not unavailable(NotADirectoryError(20, "Not a directory"))  # a report file, not the database
    assert not unavailable(asyncpg.exceptions.UndefinedTableError("relation does not exist"))


async def test_a_request_on_another_topic_is_not_absorbed_by_the_open_one(
    db_url: str, clock: FakeClock
) -> None:
    db = await _db(db_url)
    try:
        queue = Queue(db)
        conv = await _conversation(db, clock)
        first = await queue.enqueue(_inv(conv, "the Fennick renewal"), now=clock.now(), dedup_window=WINDOW)
        same = await queue.enqueue(_inv(conv, "the Fennick renewal"), now=clock.now(), dedup_window=WINDOW)
        assert not same.created and same.investigation.id == first.investigation.id
        other = await queue.enqueue(
            _inv(conv, "passkey recovery"),
            now=clock.now(),
            dedup_window=WINDOW,
            distinct_from=first.investigation.id,
        )
        assert other.created and other.investigation.id != first.investigation.id
        # the second open one still guards against itself being asked twice
        again = await queue.enqueue(
            _inv(conv, "passkey recovery"),
            now=clock.now(),
            dedup_window=WINDOW,
            distinct_from=first.investigation.id,
        )
        assert not again.created and again.investigation.id == other.investigation.id
    finally:
        await db.dispose()


_FIRST_CLAIM = """
import asyncio, sys
from datetime import UTC, datetime, timedelta
from storage.db import Database
from storage.queue import Queue, Request

async def main(url):
    db = Database(url)
    await db.migrate()
    now = datetime.now(UTC)
    await db.run_sql(lambda conn: db.execute(conn,
        "INSERT INTO conversations (id, key, platform, space, channel, thread, thread_ref, created_at) "
        "VALUES ('c', 'c', 'console', 'local', 'c', 'c', '{}', :now)", {"now": db.to_db_time(now)}))
    queue = Queue(db)
    await queue.enqueue(Request("c", "local", "first", "{}"), now=now, dedup_window=timedelta(minutes=1))
    claim = await queue.claim(worker_id="w", now=now)
    print(claim.investigation.question, claim.investigation.attempts)
    await db.dispose()

asyncio.run(main(sys.argv[1]))
"""


@pytest.mark.slow  # starts a real mallory process
def test_a_fresh_process_can_claim_before_any_other_orm_use(db_url: str) -> None:
    """A worker process's first database work may be a claim: the row must still become
    an ``Investigation`` (the ORM's mappers are configured on first use)."""
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_CLAIM, db_url],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["first", "1"]


async def test_count_since_counts_the_requester_and_the_space_in_one_read(
    db_url: str, clock: FakeClock
) -> None:
    db = await _db(db_url)
    queue = Queue(db)
    start = clock.now()
    for n, (space, requester) in enumerate([("eng", "ana"), ("eng", "ben"), ("ops", "ana"), ("ops", "cy")]):
        conv = await _conversation(db, clock, key=f"k{n}")
        request = Request(
            conversation_id=conv, space=space, question=f"q{n}", thread_ref="{}", requester_id=requester
        )
        await queue.enqueue(request, now=clock.now(), dedup_window=WINDOW)
        clock.advance(60)
    assert await queue.count_since(start, space="eng", requester_id="ana") == (2, 2)
    assert await queue.count_since(start, space="ops", requester_id="ben") == (1, 2)
    assert await queue.count_since(start, space="none", requester_id="nobody") == (0, 0)
    # only those since the cut-off count
    assert await queue.count_since(start + timedelta(seconds=90), space="eng", requester_id="ana") == (1, 0)
    await db.dispose()


async def test_what_belongs_with_a_new_investigation_is_written_in_its_transaction(
    db_url: str, clock: FakeClock
) -> None:
    """The audit record of a commission is written by the enqueue's own unit of work: if it
    fails, the investigation is not created either; if the enqueue finds an open one, no
    record is written."""
    from storage.records import COMMISSIONED, Audit

    db = await _db(db_url)
    queue, audit = Queue(db), Audit(db)
    conv = await _conversation(db, clock)

    def broken(conn, inv_id: str) -> None:  # type: ignore[no-untyped-def]
        audit.write(conn, COMMISSIONED, now=clock.now(), investigation_id=inv_id)
        raise RuntimeError("the record could not be written")

    with pytest.raises(RuntimeError):
        await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW, on_created=broken)
    assert await queue.listing() == [] and await audit.listing() == []

    def record(conn, inv_id: str) -> None:  # type: ignore[no-untyped-def]
        audit.write(conn, COMMISSIONED, now=clock.now(), actor_id="ana", investigation_id=inv_id)

    first = await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW, on_created=record)
    again = await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW, on_created=record)
    assert first.created and not again.created
    [row] = await audit.listing()
    assert (row.action, row.actor_id, row.investigation_id) == (COMMISSIONED, "ana", first.investigation.id)
    await db.dispose()


async def test_what_is_written_with_a_new_investigation_on_postgresql_cannot_be_read_back(
    postgres_database: str, clock: FakeClock
) -> None:
    """On PostgreSQL the enqueue runs on asyncpg and ``on_created``'s writes are sent after
    it returns: a read there is refused clearly, and the investigation is not created."""
    db = await _db(postgres_database)
    queue = Queue(db)
    conv = await _conversation(db, clock)

    def reads(conn, inv_id: str) -> None:  # type: ignore[no-untyped-def]
        db.execute(conn, "SELECT id FROM investigations WHERE id = :id", {"id": inv_id}).first()

    with pytest.raises(StorageError, match="no rows to read"):
        await queue.enqueue(_inv(conv), now=clock.now(), dedup_window=WINDOW, on_created=reads)
    assert await queue.listing() == []
    await db.dispose()

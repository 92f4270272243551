"""What storage relies on from the database behaves the same on SQLite and PostgreSQL:
how many rows a statement changed (first delivery vs redelivery, new links, guarded queue
transitions), RETURNING, JSON columns and aware UTC times."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.clock import FakeClock
from storage.conversations import Conversations, Stored
from storage.db import Database, json_text
from storage.knowledge import EntryDraft, Knowledge
from storage.queue import Outcome, Queue, Request


async def test_a_delivery_key_is_first_time_once(any_db: Database, clock: FakeClock) -> None:
    conversations = Conversations(any_db)
    assert await conversations.first_time("slack:event:Ev1", now=clock.now()) is True
    assert await conversations.first_time("slack:event:Ev1", now=clock.now()) is False
    assert await conversations.first_time("slack:event:Ev2", now=clock.now()) is True


async def test_new_links_are_counted_and_existing_ones_are_not(any_db: Database, clock: FakeClock) -> None:
    knowledge = Knowledge(any_db)
    entries = [
        (
            await knowledge.upsert(
                EntryDraft(space="s", source=f"n{i}", title=f"t{i}", content="c"), now=clock.now()
            )
        )[0]
        for i in range(3)
    ]
    a, b, c = (e.id for e in entries)
    assert await knowledge.add_relations([(a, b, "link"), (b, c, "link")], space="s", now=clock.now()) == 2
    assert await knowledge.add_relations([(a, b, "link"), (a, c, "link")], space="s", now=clock.now()) == 1
    assert await knowledge.add_relations([(a, b, "link")], space="s", now=clock.now()) == 0


async def test_guarded_transitions_count_the_rows_they_changed(any_db: Database, clock: FakeClock) -> None:
    queue = Queue(any_db)
    conv, _ = await Conversations(any_db).get_or_create(
        key="k", platform="console", space="s", channel="c", thread="t", thread_ref="{}", now=clock.now()
    )
    enq = await queue.enqueue(
        Request(conversation_id=conv.id, space="s", question="q", thread_ref="{}"),
        now=clock.now(),
        dedup_window=timedelta(minutes=10),
    )
    claim = await queue.claim(worker_id="w", now=clock.now())
    assert claim is not None and claim.investigation.id == enq.investigation.id
    assert await queue.heartbeat(claim, now=clock.now()) is True
    assert await queue.complete(claim, now=clock.now(), answer="a") is Outcome.APPLIED
    assert await queue.complete(claim, now=clock.now(), answer="b") is Outcome.ALREADY_TERMINAL
    now = clock.now()
    leased = await queue.lease_delivery(claim.investigation.id, now=now, until=now + timedelta(minutes=5))
    # the row as it is after the lease, in the same statement: the answer written since the
    # claim, the lease itself, times read back as the same instants on both databases
    assert leased is not None and claim.investigation.answer is None
    assert (leased.answer, leased.status, leased.next_delivery_at) == (
        "a",
        "done",
        now + timedelta(minutes=5),
    )
    assert not await queue.lease_delivery(claim.investigation.id, now=now, until=now + timedelta(minutes=5))
    later = now + timedelta(minutes=6)  # the lease ran out: the next worker takes it
    assert await queue.lease_delivery(claim.investigation.id, now=later, until=later + timedelta(minutes=5))
    assert await queue.mark_delivered(claim.investigation.id, message_id="m1", now=now) is True
    assert await queue.mark_delivered(claim.investigation.id, message_id="m2", now=now) is False
    assert await queue.cancel(claim.investigation.id, now=now) is Outcome.ALREADY_TERMINAL
    assert await queue.cancel("no-such-id", now=now) is Outcome.NOT_FOUND


async def test_returning_json_and_times_round_trip_alike(any_db: Database) -> None:
    conversations = Conversations(any_db)
    # an aware time in another zone comes back as the same instant, in UTC
    sent = datetime(2026, 3, 1, 23, 30, 15, 123456, tzinfo=timezone(timedelta(hours=-5)))
    meta = {"unicode": "naïve ☃", "nested": {"list": [1, 2.5, None, True]}, "empty": {}}
    stored = await conversations.store_inbound(
        key="console:local:c:t",
        platform="console",
        space="local",
        channel="c",
        thread="t",
        thread_ref="{}",
        platform_message_id="m1",
        text="hello",
        now=sent,
        meta=meta,
    )
    assert stored.message is not None and stored.message.id > 0  # the id came back by RETURNING
    again = await conversations.store_inbound(
        key="console:local:c:t",
        platform="console",
        space="local",
        channel="c",
        thread="t",
        thread_ref="{}",
        platform_message_id="m1",
        text="hello",
        now=sent,
    )
    assert again.message is None  # the same platform message: no row back
    read = await conversations.message(stored.conversation.id, stored.message.id)
    assert read is not None
    assert read.meta == meta
    assert read.created_at is not None
    moment = Database.from_db_time(read.created_at)
    assert moment == sent and moment is not None and moment.tzinfo == UTC
    assert stored.conversation.created_at == sent


async def test_nul_characters_are_dropped_alike_instead_of_failing_the_row(any_db: Database) -> None:
    # PostgreSQL's text types refuse U+0000 (the whole message would be lost there)
    conversations = Conversations(any_db)
    now = datetime(2026, 3, 1, tzinfo=UTC)
    stored = await conversations.store_inbound(
        key="console:local:c:t",
        platform="console",
        space="local",
        channel="c",
        thread="t",
        thread_ref="{}",
        platform_message_id="m\x001",
        text="before\x00after",
        author_name="A\x00na",
        now=now,
        meta={"raw": "x\x00y"},
    )
    assert stored.message is not None
    read = await conversations.message(stored.conversation.id, stored.message.id)
    assert read is not None
    assert (read.text, read.author_name, read.platform_message_id) == ("beforeafter", "Ana", "m1")
    entry, _ = await Knowledge(any_db).upsert(
        EntryDraft(space="s", source="n\x00", title="t\x00", content="c\x00c", tags=["a\x00b"]), now=now
    )
    assert (entry.source, entry.title, entry.content, entry.tags) == ("n", "t", "cc", ["ab"])


async def test_sql_takes_named_parameters_only_alike(any_db: Database) -> None:
    """One paramstyle on both databases: ``:name`` with a mapping. Positional values are
    refused on both (sqlite3 alone would take them for ``?``, and PostgreSQL then fail)."""
    db = any_db
    sql = "SELECT :word AS word, :word || :tail AS both_ways, :n + 1 AS next"
    row = await db.read_sql(lambda conn: db.execute(conn, sql, {"word": "a:b", "tail": "%?", "n": 41}).one())
    assert (row["word"], row["both_ways"], row["next"]) == ("a:b", "a:b%?", 42)
    one = await db.fetch_one("SELECT :x AS x", {"x": "100%"})
    assert one["x"] == "100%"
    every = await db.fetch_all("SELECT :x AS x UNION ALL SELECT :y ORDER BY 1", {"x": "100%", "y": "b:c"})
    assert [row["x"] for row in every] == ["100%", "b:c"]
    with pytest.raises(TypeError):
        await db.read_sql(lambda conn: db.execute(conn, "SELECT ? AS x", ("a",)))  # type: ignore[arg-type]


async def test_storing_a_message_reads_whether_mallory_spoke_and_the_open_investigation(
    any_db: Database, clock: FakeClock
) -> None:
    conversations, queue = Conversations(any_db), Queue(any_db)
    place = {
        "key": "console:local:c:t",
        "platform": "console",
        "space": "s",
        "channel": "c",
        "thread": "t",
        "thread_ref": "{}",
    }

    async def store(message_id: str) -> Stored:
        return await conversations.store_inbound(
            **place, platform_message_id=message_id, text="hello", now=clock.now()
        )

    first = await store("m1")  # the conversation is created with it
    assert (first.bot_takes_part, first.open_investigation) == (False, None)
    await conversations.record_reply(
        conversation=first.conversation,
        platform_message_id="r1",
        text="hi",
        now=clock.now(),
        route="none",
        meta={},
    )
    older = await queue.enqueue(
        Request(conversation_id=first.conversation.id, space="s", question="older", thread_ref="{}"),
        now=clock.now(),
        dedup_window=timedelta(minutes=10),
    )
    clock.advance(11 * 60)  # past the dedup window: a second open investigation
    newer = await queue.enqueue(
        Request(conversation_id=first.conversation.id, space="s", question="newer", thread_ref="{}"),
        now=clock.now(),
        dedup_window=timedelta(minutes=10),
    )
    second = await store("m2")
    assert second.bot_takes_part is True and second.conversation.id == first.conversation.id
    assert second.open_investigation is not None  # the newest open one, read as the queue reads it
    assert second.open_investigation == await queue.open_for_conversation(first.conversation.id)
    assert second.open_investigation.id == newer.investigation.id != older.investigation.id
    assert second.open_investigation.question == "newer"
    assert second.open_investigation.created_at == clock.now()
    redelivered = await store("m2")  # a redelivery reads the same, and stores nothing
    assert redelivered.message is None and redelivered.open_investigation == second.open_investigation
    for inv in (older, newer):
        assert await queue.cancel(inv.investigation.id, now=clock.now()) is Outcome.APPLIED
    assert (await store("m3")).open_investigation is None


@pytest.mark.parametrize(
    "moment",
    [
        datetime(2026, 3, 1, 9, 5, 7, 123456, tzinfo=UTC),
        datetime(2026, 3, 1, 9, 5, 7, tzinfo=UTC),  # no microseconds: still six digits
        datetime(2026, 12, 31, 23, 59, 59, 999999, tzinfo=timezone(timedelta(hours=-5))),
        datetime(1999, 1, 2, 3, 4, 5, 6, tzinfo=timezone(timedelta(hours=5, minutes=30))),
    ],
)
async def test_a_time_is_stored_as_the_orm_writes_it_and_read_back_as_aware_utc(
    any_db: Database, moment: datetime
) -> None:
    stored = any_db.to_db_time(moment)
    if any_db.dialect == "sqlite":  # the UTC text; PostgreSQL takes the value as it is
        assert stored == moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")
    back = Database.from_db_time(stored)
    assert back == moment and back is not None and back.tzinfo is UTC


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-03-01 09:05:07.123456", datetime(2026, 3, 1, 9, 5, 7, 123456, tzinfo=UTC)),
        ("2026-03-01T09:05:07+02:00", datetime(2026, 3, 1, 7, 5, 7, tzinfo=UTC)),
        ("2026-03-01T09:05:07Z", datetime(2026, 3, 1, 9, 5, 7, tzinfo=UTC)),
        ("2026-03-01", datetime(2026, 3, 1, tzinfo=UTC)),  # a date alone: its midnight, UTC
    ],
)
def test_a_stored_time_of_any_form_reads_as_aware_utc(text: str, expected: datetime) -> None:
    back = Database.from_db_time(text)
    assert back == expected and back is not None and back.tzinfo is UTC


def test_json_text_is_json_dumps_cycles_and_all() -> None:
    values: list[object] = [
        {"decision": {"route": "none", "question": None, "reason": "small talk"}},
        {"kind": "answer", "question": "qué pasó con Atlas? 😩", "n": [1, 2.5, True, float("nan")]},
        {"part_of": "b1\x00\n\u2028"},
    ]
    for value in values:
        assert json_text(value) == json.dumps(value)
    cycle: dict[str, object] = {}
    cycle["self"] = cycle
    with pytest.raises(ValueError, match="Circular reference"):
        json_text(cycle)
    with pytest.raises(TypeError):
        json_text({"a": [object()]})
    assert json_text(values[0]) == json.dumps(values[0])  # nothing left marked by the failures

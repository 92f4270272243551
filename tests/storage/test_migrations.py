"""Migration 0004 on a knowledge base that already has entries: every entry gets its own
revision in creation order, the counter continues after them, tag counts are filled, the
old full-text index is gone, and search and writing work afterwards (SQLite and
PostgreSQL)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, text

from bot.research.lexical import LexicalIndex
from storage.conversations import Conversations
from storage.db import MIGRATIONS, Database
from storage.knowledge import EntryDraft, Knowledge

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


def _upgrade_to(db: Database, revision: str) -> None:
    with db.blocking.begin() as connection:
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)


async def test_0004_numbers_existing_entries_and_counts_their_tags(empty_db_url: str) -> None:
    db = Database(empty_db_url)
    try:
        _upgrade_to(db, "0003")
        with db.blocking.begin() as conn:
            for n, (space, title, tags) in enumerate(
                [
                    ("global", "Kafka lag runbook", ["domain/kafka", "runbook"]),
                    ("global", "Billing outage", ["domain/billing"]),
                    ("team-a", "Kafka rebalancing", ["domain/kafka"]),
                ]
            ):
                conn.execute(
                    text(
                        "INSERT INTO entries (id, space, type, title, content, author, project, tags, source, "
                        "created_at, updated_at, meta) VALUES (:id, :space, 'note', :title, '', '', '', :tags, "
                        ":source, :at, :at, '{}')"
                    ),
                    {
                        "id": f"00000000-0000-4000-8000-00000000000{n}",
                        "space": space,
                        "title": title,
                        "tags": json.dumps(tags),
                        "source": f"s{n}",
                        "at": datetime(2026, 1, 3 - n),  # created newest first
                    },
                )
                for tag in tags:
                    conn.execute(
                        text("INSERT INTO entry_tags (entry_id, tag, space) VALUES (:id, :tag, :space)"),
                        {"id": f"00000000-0000-4000-8000-00000000000{n}", "tag": tag, "space": space},
                    )
        await db.migrate()
        with db.blocking.connect() as conn:
            revisions = dict(conn.execute(text("SELECT title, revision FROM entries")).all())
            counter = conn.execute(
                text("SELECT value FROM counters WHERE name = 'entry_revision'")
            ).scalar_one()
            tables = set(inspect(conn).get_table_names())
        assert revisions == {"Kafka rebalancing": 1, "Billing outage": 2, "Kafka lag runbook": 3}
        assert counter == 3
        assert "entry_fts" not in tables and "entry_fts_rows" not in tables
        knowledge = Knowledge(db)
        assert dict(await knowledge.tag_counts(spaces=["team-a", "global"])) == {
            "domain/kafka": 2,
            "runbook": 1,
            "domain/billing": 1,
        }
        ((entry, _),) = await knowledge.upsert_many(
            [
                EntryDraft(
                    space="global", source="new", title="Kafka partitions", content="", tags=["domain/kafka"]
                )
            ],
            now=NOW,
        )
        assert entry.revision == 4
        assert (await knowledge.tag_counts(spaces=["global"]))["domain/kafka"] == 2
        hits = await LexicalIndex(knowledge).search("kafka", spaces=["global"], limit=5)
        assert {i for i, _ in hits} == {entry.id, "00000000-0000-4000-8000-000000000000"}
    finally:
        await db.dispose()


async def test_0017q_makes_each_conversation_s_newest_open_investigation_its_dedup_holder(
    empty_db_url: str,
) -> None:
    from datetime import timedelta

    from storage.queue import Queue, Request

    db = Database(empty_db_url)
    try:
        _upgrade_to(db, "0016")
        rows = [  # conversation, investigation, status, minutes after NOW
            ("c1", "i1", "pending", 0),
            ("c1", "i2", "running", 5),  # newest open of c1
            ("c1", "i3", "done", 9),
            ("c2", "i4", "delivered", 1),
            ("c3", "i5", "pending", 2),
        ]
        with db.blocking.begin() as conn:
            for conv in ("c1", "c2", "c3"):
                conn.execute(
                    text(
                        "INSERT INTO conversations (id, key, platform, space, channel, thread, thread_ref, "
                        "created_at) VALUES (:id, :key, 'console', 'local', 'c', :thread, '{}', :at)"
                    ),
                    {"id": conv, "key": conv, "thread": conv, "at": NOW},
                )
            for conv, inv, status, minutes in rows:
                conn.execute(
                    text(
                        "INSERT INTO investigations (id, conversation_id, space, question, request_text, "
                        "status, requester_id, requester_name, thread_ref, created_at, attempts, "
                        "delivery_attempts) VALUES (:id, :conv, 'local', :question, '', :status, '', '', '{}', :at, 0, 0)"
                    ),
                    {
                        "id": inv,
                        "question": inv,
                        "conv": conv,
                        "status": status,
                        "at": NOW + timedelta(minutes=minutes),
                    },
                )
        await db.migrate()
        with db.blocking.connect() as conn:
            holders = set(conn.execute(text("SELECT id FROM investigations WHERE dedup_holder")).scalars())
        assert holders == {"i2", "i5"}
        # the key guards from now on: c1's holder is joined, c2 gets one of its own
        queue = Queue(db)
        at = NOW + timedelta(minutes=6)
        joined = await queue.enqueue(
            Request("c1", "local", "q", "{}"), now=at, dedup_window=timedelta(minutes=10)
        )
        created = await queue.enqueue(
            Request("c2", "local", "q", "{}"), now=at, dedup_window=timedelta(minutes=10)
        )
        assert (joined.created, joined.investigation.id) == (False, "i2") and created.created
    finally:
        await db.dispose()


def _queue_indexes(db: Database) -> dict[str, list[str]]:
    """The investigations' indexes the queue's updates write, by name."""
    with db.blocking.connect() as conn:
        indexes = inspect(conn).get_indexes("investigations")
    names = ("ix_investigations_status_created", "ix_investigations_space")
    return {i["name"]: i["column_names"] for i in indexes if i["name"] in names}


async def test_0018q_orders_the_pending_pick_by_the_tie_break_and_drops_the_space_prefix(
    empty_db_url: str,
) -> None:
    from alembic import command

    db = Database(empty_db_url)
    try:
        _upgrade_to(db, "0017q")
        before = {
            "ix_investigations_status_created": ["status", "created_at"],
            "ix_investigations_space": ["space"],
        }
        assert _queue_indexes(db) == before
        await db.migrate()
        assert _queue_indexes(db) == {"ix_investigations_status_created": ["status", "created_at", "id"]}
        with db.blocking.begin() as connection:
            cfg = Config()
            cfg.set_main_option("script_location", str(MIGRATIONS))
            cfg.attributes["connection"] = connection
            command.downgrade(cfg, "0017q")
        assert _queue_indexes(db) == before
    finally:
        await db.dispose()


def _seen_layout(db: Database) -> tuple[bool, bool]:
    """(``ix_conversations_key`` exists, ``seen_events`` keeps a rowid — on SQLite)."""
    with db.blocking.connect() as conn:
        has_key_index = any(
            i["name"] == "ix_conversations_key" for i in inspect(conn).get_indexes("conversations")
        )
        rowid = True
        if db.dialect == "sqlite":
            sql = conn.execute(text("SELECT sql FROM sqlite_master WHERE name = 'seen_events'")).scalar_one()
            rowid = "WITHOUT ROWID" not in sql.upper()
    return has_key_index, rowid


async def test_0019r_keeps_seen_keys_and_drops_the_second_key_index(empty_db_url: str) -> None:
    from alembic import command

    db = Database(empty_db_url)
    try:
        _upgrade_to(db, "0018q")
        assert _seen_layout(db) == (True, True)
        with db.blocking.begin() as conn:
            for key in ("slack:event:E1", "reply:console:local:C:t/u1/answer"):
                conn.execute(
                    text("INSERT INTO seen_events (key, created_at) VALUES (:key, :at)"),
                    {"key": key, "at": datetime(2026, 1, 2)},
                )
        await db.migrate()
        assert _seen_layout(db) == (False, db.dialect != "sqlite")
        conversations = Conversations(db)
        assert await conversations.seen("slack:event:E1")
        assert await conversations.seen("reply:console:local:C:t/u1/answer")
        assert not await conversations.first_time("slack:event:E1", now=NOW)
        assert await conversations.first_time("slack:event:E2", now=NOW)
        await conversations.forget_seen_before(datetime(2026, 3, 1, tzinfo=UTC))
        assert not await conversations.seen("slack:event:E1") and await conversations.seen("slack:event:E2")
        # a conversation is still found by its key, and a second one with the same key refused
        stored = await conversations.store_inbound(
            key="console:local:C:t", platform="console", space="local", channel="C", thread="t",
            thread_ref="{}", platform_message_id="u1", text="hello", now=NOW,
        )  # fmt: skip
        assert (await conversations.by_key("console:local:C:t")) == stored.conversation
        with db.blocking.begin() as connection:
            cfg = Config()
            cfg.set_main_option("script_location", str(MIGRATIONS))
            cfg.attributes["connection"] = connection
            command.downgrade(cfg, "0018q")
        assert _seen_layout(db) == (True, True)
        assert await conversations.seen("slack:event:E2")
    finally:
        await db.dispose()


def _has_space_index(db: Database) -> bool:
    with db.blocking.connect() as conn:
        return any(i["name"] == "ix_messages_space" for i in inspect(conn).get_indexes("messages"))


async def test_0020r_finds_a_spaces_messages_and_a_replys_identity_in_its_row(empty_db_url: str) -> None:
    """Without ``ix_messages_space`` a message is still found in its space by its platform
    id (a user's, a reply, a reply's further part; the first stored when two match; not in
    another space or on another platform), and ``forget --space`` still removes them. A
    reply's identity is found in its own row (a kept reply's still as a key); downgraded,
    the identities are keys again."""
    from alembic import command

    from storage.records import forget

    db = Database(empty_db_url)
    try:
        _upgrade_to(db, "0019r")
        assert _has_space_index(db)
        conversations = Conversations(db)

        async def says(key: str, platform: str, space: str, message_id: str) -> str:
            stored = await conversations.store_inbound(
                key=key, platform=platform, space=space, channel="C", thread=key, thread_ref="{}",
                platform_message_id=message_id, text="hello", now=NOW,
            )  # fmt: skip
            return stored.conversation.id

        first = await says("telegram:-40:-40:1", "telegram", "-40", "m1")
        second = await says("telegram:-40:-40:2", "telegram", "-40", "m2")
        other_space = await says("telegram:-41:-41:1", "telegram", "-41", "m3")
        other_platform = await says("slack:-40:C:1", "slack", "-40", "m4")
        row = await conversations.get(second)
        assert row is not None
        await conversations.record_reply(
            conversation=row, platform_message_id="r1", text="hi", now=NOW, route="none", meta={},
            more_ids=["r2"],
        )  # fmt: skip
        await says("telegram:-40:-40:3", "telegram", "-40", "r1")  # the same id again, stored later

        async def found(space: str, message_id: str, platform: str = "telegram") -> tuple[str, str] | None:
            msg = await conversations.find_message(
                space=space, platform_message_id=message_id, platform=platform
            )
            return None if msg is None else (msg.conversation_id, msg.role)

        async def finds() -> list[tuple[str, str] | None]:
            return [
                await found("-40", "m1"),
                await found("-40", "r1"),
                await found("-40", "r2"),
                await found("-40", "m3"),
                await found("-41", "m3"),
                await found("-40", "m4"),
                await found("-40", "m4", "slack"),
            ]

        expected = [
            (first, "user"),
            (second, "assistant"),  # stored before the user message with the same id
            (second, "part"),
            None,
            (other_space, "user"),
            None,
            (other_platform, "user"),
        ]
        assert await finds() == expected
        await db.migrate()
        assert not _has_space_index(db)
        assert await finds() == expected
        # a reply's identity is in its row, no key of its own; a kept reply's is a key
        await conversations.record_reply(
            conversation=row, platform_message_id="r3", text="hi", now=NOW, route="none", meta={},
            identity="reply:telegram:-40:-40:2/m2/answer",
        )  # fmt: skip
        await conversations.first_time("reply:telegram:-40:-40:2/m9/answer", now=NOW)
        assert await conversations.replied(second, "reply:telegram:-40:-40:2/m2/answer")
        assert not await conversations.seen("reply:telegram:-40:-40:2/m2/answer")
        assert await conversations.replied(second, "reply:telegram:-40:-40:2/m9/answer")
        assert not await conversations.replied(first, "reply:telegram:-40:-40:2/m2/answer")
        assert not await conversations.replied(second, "reply:telegram:-40:-40:2/m3/answer")
        gone = await forget(db, space="-41", now=NOW)
        assert gone.messages == 1 and await found("-41", "m3") is None
        with db.blocking.begin() as connection:
            cfg = Config()
            cfg.set_main_option("script_location", str(MIGRATIONS))
            cfg.attributes["connection"] = connection
            command.downgrade(cfg, "0019r")
        assert _has_space_index(db)
        assert (await finds())[:3] == expected[:3]
        # the identities written into replies are keys again
        assert await conversations.seen("reply:telegram:-40:-40:2/m2/answer")
    finally:
        await db.dispose()

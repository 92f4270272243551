"""Conversations and their messages, the escalation offer, platform delivery dedup, and
recorded routing corrections. Each public method is one unit of work (``Database.run``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlmodel import col, select

from storage.db import Database, SqlConnection, storable
from storage.models import Conversation, Correction, Message, SeenEvent, new_id

# The per-message hot path, as plain SQL on the driver (see Database.execute).
_SELECT_CONVERSATION = (
    "SELECT id, key, platform, space, channel, thread, thread_ref, created_at, offer_question, offer_at "
    "FROM conversations WHERE key = ?"
)
_INSERT_CONVERSATION = (
    "INSERT INTO conversations (id, key, platform, space, channel, thread, thread_ref, created_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING"
)
_MESSAGE_INSERT = (
    "INSERT INTO messages (conversation_id, space, role, platform_message_id, author_id, author_name, text, "
    "truncated, route, created_at, meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (conversation_id, role, platform_message_id) DO NOTHING"
)
_INSERT_MESSAGE = _MESSAGE_INSERT + " RETURNING id"
_INSERT_REPLY = _MESSAGE_INSERT
_HAS_ASSISTANT = "SELECT 1 FROM messages WHERE conversation_id = ? AND role = 'assistant' LIMIT 1"
_OPEN_INVESTIGATION = (
    "SELECT id, question, status, created_at, ack_message_id FROM investigations "
    "WHERE conversation_id = ? AND status IN ('pending', 'running') ORDER BY created_at DESC LIMIT 1"
)
# a reply posted as several platform messages is one ``assistant`` row plus a ``part`` row
# per further message (so a reply to any of them finds the conversation); history skips them
PART = "part"
_HISTORY = (
    "SELECT role, text, author_name FROM messages WHERE conversation_id = ? AND id < ? "
    f"AND role != '{PART}' ORDER BY id DESC LIMIT ?"
)
_SET_OFFER = "UPDATE conversations SET offer_question = ?, offer_at = ? WHERE id = ?"
_SET_ACK = "UPDATE investigations SET ack_message_id = ? WHERE id = ?"


def _insert_parts(
    db: Database,
    conn: SqlConnection,
    conversation_id: str,
    space: str,
    ids: Sequence[str],
    first: str,
    when: Any,
) -> None:
    meta_json = json.dumps({"part_of": first})
    for message_id in ids:
        db.execute(
            conn,
            _MESSAGE_INSERT,
            (conversation_id, space, PART, message_id, "", "", "", False, None, when, meta_json),
        )


@dataclass
class ConversationRow:
    """A conversation as the router sees it (plain data, cheap to build on the hot path)."""

    id: str
    key: str
    platform: str
    space: str
    channel: str
    thread: str
    thread_ref: str
    created_at: datetime | None
    offer_question: str | None = None
    offer_at: datetime | None = None

    @classmethod
    def of(cls, conv: Conversation) -> ConversationRow:
        return cls(
            conv.id,
            conv.key,
            conv.platform,
            conv.space,
            conv.channel,
            conv.thread,
            conv.thread_ref,
            conv.created_at,
            conv.offer_question,
            conv.offer_at,
        )


@dataclass
class MessageRow:
    id: int
    conversation_id: str
    space: str
    role: str
    platform_message_id: str
    author_id: str
    author_name: str
    text: str
    truncated: bool
    route: str | None
    created_at: datetime | None
    meta: dict[str, Any]

    def values(self, when: Any, meta_json: str) -> tuple[Any, ...]:
        """The row in the column order of ``_MESSAGE_INSERT`` (time and meta already encoded)."""
        return (
            self.conversation_id,
            self.space,
            self.role,
            storable(self.platform_message_id),
            storable(self.author_id),
            storable(self.author_name),
            storable(self.text),
            self.truncated,
            self.route,
            when,
            meta_json,
        )

    @classmethod
    def of(cls, msg: Message) -> MessageRow:
        return cls(
            msg.id or 0,
            msg.conversation_id,
            msg.space,
            msg.role,
            msg.platform_message_id,
            msg.author_id,
            msg.author_name,
            msg.text,
            msg.truncated,
            msg.route,
            msg.created_at,
            dict(msg.meta or {}),
        )


@dataclass(frozen=True)
class OpenInvestigation:
    id: str
    question: str
    status: str
    created_at: datetime | None
    ack_message_id: str | None


@dataclass(frozen=True)
class Stored:
    """What storing an inbound message found out, in the same unit of work."""

    conversation: ConversationRow
    message: MessageRow | None  # None: this platform message was stored before (a redelivery)
    bot_takes_part: bool  # Mallory has already spoken in this conversation
    open_investigation: OpenInvestigation | None
    history: list[tuple[str, str, str]]  # (role, text, author name) before this message, oldest first


def _conversation(
    session: Session,
    *,
    key: str,
    platform: str,
    space: str,
    channel: str,
    thread: str,
    thread_ref: str,
    now: datetime,
) -> Conversation:
    found = session.execute(select(Conversation).where(Conversation.key == key)).scalars().first()
    if found is not None:
        return found
    conv = Conversation(
        id=new_id(),
        key=key,
        platform=platform,
        space=space,
        channel=channel,
        thread=thread,
        thread_ref=thread_ref,
        created_at=now,
    )
    try:
        with session.begin_nested():
            session.add(conv)
    except IntegrityError:  # created concurrently by another process
        return session.execute(select(Conversation).where(Conversation.key == key)).scalars().one()
    return conv


def _has_assistant_message(session: Session, conversation_id: str) -> bool:
    stmt = (
        select(Message.id)
        .where(Message.conversation_id == conversation_id)
        .where(Message.role == "assistant")
        .limit(1)
    )
    return session.execute(stmt).first() is not None


class Conversations:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def store_inbound(
        self,
        *,
        key: str,
        platform: str,
        space: str,
        channel: str,
        thread: str,
        thread_ref: str,
        platform_message_id: str,
        text: str,
        now: datetime,
        author_id: str = "",
        author_name: str = "",
        truncated: bool = False,
        route: str | None = None,
        meta: dict[str, Any] | None = None,
        history: int = 0,
    ) -> Stored:
        """Create the conversation if needed, store the user's message, and report what the
        router needs to know — one transaction, written as SQL: this runs for every message."""
        db = self.db
        when = db.to_db_time(now)
        meta_json = json.dumps(meta or {})

        def work(conn: SqlConnection) -> Stored:
            row = db.execute(conn, _SELECT_CONVERSATION, (key,)).first()
            if row is None:
                db.execute(
                    conn,
                    _INSERT_CONVERSATION,
                    (new_id(), key, platform, space, channel, thread, thread_ref, when),
                )
                row = db.execute(conn, _SELECT_CONVERSATION, (key,)).one()
            conv = ConversationRow(
                row[0],
                row[1],
                row[2],
                row[3],
                row[4],
                row[5],
                row[6],
                db.from_db_time(row[7]),
                row[8],
                db.from_db_time(row[9]),
            )
            msg = MessageRow(
                0,
                conv.id,
                conv.space,
                "user",
                platform_message_id,
                author_id,
                author_name,
                text,
                truncated,
                route,
                now,
                meta or {},
            )
            inserted = db.execute(conn, _INSERT_MESSAGE, msg.values(when, meta_json)).first()
            if inserted is not None:
                msg.id = inserted[0]
            takes_part = db.execute(conn, _HAS_ASSISTANT, (conv.id,)).first() is not None
            found = db.execute(conn, _OPEN_INVESTIGATION, (conv.id,)).first()
            open_inv = None
            if found is not None:
                open_inv = OpenInvestigation(
                    found[0], found[1], found[2], db.from_db_time(found[3]), found[4]
                )
            turns: list[tuple[str, str, str]] = []
            if history > 0 and inserted is not None:
                rows = db.execute(conn, _HISTORY, (conv.id, msg.id, history)).all()
                turns = [(r[0], r[1], r[2]) for r in reversed(rows)]
            # no row back: this platform message was stored before (a redelivery)
            return Stored(conv, msg if inserted is not None else None, takes_part, open_inv, turns)

        return await db.run_sql(work)

    async def record_reply(
        self,
        *,
        conversation: ConversationRow,
        platform_message_id: str,
        text: str,
        now: datetime,
        route: str | None,
        meta: dict[str, Any],
        offer: str | None = None,
        ack_for: str | None = None,
        more_ids: Sequence[str] = (),
    ) -> None:
        """Store Mallory's own message, and in the same transaction what it implies: an open
        offer to investigate, or which investigation it acknowledges. ``more_ids`` are the
        further platform messages the reply became (a long text posted in parts)."""
        db = self.db
        when = db.to_db_time(now)
        meta_json = json.dumps(meta)

        def work(conn: SqlConnection) -> None:
            reply = MessageRow(
                0,
                conversation.id,
                conversation.space,
                "assistant",
                platform_message_id,
                "",
                "",
                text,
                False,
                route,
                now,
                meta,
            )
            db.execute(conn, _INSERT_REPLY, reply.values(when, meta_json))
            _insert_parts(db, conn, conversation.id, conversation.space, more_ids, platform_message_id, when)
            if offer is not None:
                db.execute(conn, _SET_OFFER, (offer, when, conversation.id))
            if ack_for is not None:
                db.execute(conn, _SET_ACK, (platform_message_id, ack_for))

        await db.run_sql(work)

    async def record_parts(
        self, *, conversation_id: str, space: str, message_ids: Sequence[str], now: datetime
    ) -> None:
        """Remember platform messages Mallory posted in a conversation outside the chat flow
        (a delivered report and its parts), so that a reply to any of them finds it."""
        db = self.db
        when = db.to_db_time(now)
        if message_ids:
            await db.run_sql(
                lambda conn: _insert_parts(
                    db, conn, conversation_id, space, message_ids, message_ids[0], when
                )
            )

    async def get_or_create(
        self,
        *,
        key: str,
        platform: str,
        space: str,
        channel: str,
        thread: str,
        thread_ref: str,
        now: datetime,
    ) -> tuple[ConversationRow, bool]:
        def work(session: Session) -> tuple[ConversationRow, bool]:
            existed = (
                session.execute(select(Conversation.id).where(Conversation.key == key)).first() is not None
            )
            conv = _conversation(
                session,
                key=key,
                platform=platform,
                space=space,
                channel=channel,
                thread=thread,
                thread_ref=thread_ref,
                now=now,
            )
            session.flush()
            return ConversationRow.of(conv), not existed

        return await self.db.run(work)

    async def get(self, conversation_id: str) -> Conversation | None:
        return await self.db.run(lambda s: s.get(Conversation, conversation_id), write=False)

    async def by_key(self, key: str) -> Conversation | None:
        return await self.db.run(
            lambda s: s.execute(select(Conversation).where(Conversation.key == key)).scalars().first(),
            write=False,
        )

    async def set_route(self, message_id: int, route: str, meta: dict[str, Any] | None = None) -> None:
        values: dict[str, Any] = {"route": route}
        if meta is not None:
            values["meta"] = meta
        await self.db.run(
            lambda s: s.execute(update(Message).where(col(Message.id) == message_id).values(**values))
        )

    async def history(
        self, conversation_id: str, *, limit: int = 12, before_id: int | None = None
    ) -> list[Message]:
        def work(session: Session) -> list[Message]:
            stmt = (
                select(Message).where(Message.conversation_id == conversation_id).where(Message.role != PART)
            )
            if before_id is not None:
                stmt = stmt.where(col(Message.id) < before_id)
            rows = session.execute(stmt.order_by(col(Message.id).desc()).limit(limit)).scalars().all()
            return list(reversed(rows))

        return await self.db.run(work, write=False)

    async def message(self, conversation_id: str, message_id: int) -> MessageRow | None:
        def work(session: Session) -> MessageRow | None:
            msg = session.get(Message, message_id)
            return MessageRow.of(msg) if msg is not None and msg.conversation_id == conversation_id else None

        return await self.db.run(work, write=False)

    async def user_message(self, conversation_id: str, platform_message_id: str) -> MessageRow | None:
        def work(session: Session) -> MessageRow | None:
            msg = (
                session.execute(
                    select(Message)
                    .where(Message.conversation_id == conversation_id)
                    .where(Message.platform_message_id == platform_message_id)
                    .where(Message.role == "user")
                    .limit(1)
                )
                .scalars()
                .first()
            )
            return None if msg is None else MessageRow.of(msg)

        return await self.db.run(work, write=False)

    async def find_message(self, *, space: str, platform_message_id: str, platform: str) -> Message | None:
        def work(session: Session) -> Message | None:
            stmt = (
                select(Message)
                .join(Conversation, col(Conversation.id) == col(Message.conversation_id))
                .where(Message.space == space)
                .where(Message.platform_message_id == platform_message_id)
                .where(Conversation.platform == platform)
                .limit(1)
            )
            return session.execute(stmt).scalars().first()

        return await self.db.run(work, write=False)

    async def has_assistant_message(self, conversation_id: str) -> bool:
        return await self.db.run(lambda s: _has_assistant_message(s, conversation_id), write=False)

    async def set_offer(self, conversation_id: str, question: str | None, now: datetime | None) -> None:
        await self.db.run(
            lambda s: s.execute(
                update(Conversation)
                .where(col(Conversation.id) == conversation_id)
                .values(offer_question=question, offer_at=now)
            )
        )

    async def first_time(self, key: str, *, now: datetime) -> bool:
        """Record a delivery key; True only the first time it is seen."""
        insert = sqlite_insert if self.db.dialect == "sqlite" else pg_insert
        stmt = (
            insert(SeenEvent)
            .values(key=key[:500], created_at=now)
            .on_conflict_do_nothing()
            .returning(col(SeenEvent.key))
        )
        # a row back means this insert made it; rowcount after ON CONFLICT is not reliable
        # across drivers (psycopg reported -1 here, so every first delivery looked seen)
        return await self.db.run(lambda s: s.execute(stmt).first() is not None)

    async def forget_seen_before(self, cutoff: datetime) -> None:
        await self.db.run(lambda s: s.execute(delete(SeenEvent).where(col(SeenEvent.created_at) < cutoff)))

    async def record_correction(self, correction: Correction) -> None:
        await self.db.run(lambda s: s.add(correction))

    async def corrections(self, *, limit: int = 200) -> list[Correction]:
        return await self.db.run(
            lambda s: list(
                s.execute(select(Correction).order_by(col(Correction.id).desc()).limit(limit)).scalars().all()
            ),
            write=False,
        )

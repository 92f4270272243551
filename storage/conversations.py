"""Conversations and their messages, the escalation offer, platform delivery dedup, and
recorded routing corrections. Each public method is one unit of work; every query is
written once, as SQL with named parameters, and its rows are read by column name."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, select

from storage.db import Database, SqlConnection, json_text, storable
from storage.models import Correction, new_id
from storage.open_investigation import OPEN_COLUMNS, OPEN_JOIN, OpenInvestigation, of_columns, set_ack

__all__ = ["PART", "ConversationRow", "Conversations", "MessageRow", "OpenInvestigation", "Stored", "TurnRow"]

# a reply posted as several platform messages is one ``assistant`` row plus a ``part`` row
# per further message (so a reply to any of them finds the conversation); history skips them
PART = "part"

_CONVERSATION_COLUMNS = (
    "id, key, platform, space, channel, thread, thread_ref, created_at, offer_question, offer_at"
)
_CONVERSATION_BY_KEY = f"SELECT {_CONVERSATION_COLUMNS} FROM conversations WHERE key = :key"
_CONVERSATION_BY_ID = f"SELECT {_CONVERSATION_COLUMNS} FROM conversations WHERE id = :id"
_INSERT_CONVERSATION = (
    "INSERT INTO conversations (id, key, platform, space, channel, thread, thread_ref, created_at) "
    "VALUES (:id, :key, :platform, :space, :channel, :thread, :thread_ref, :created_at) "
    "ON CONFLICT (key) DO NOTHING RETURNING id"
)
_SET_OFFER = "UPDATE conversations SET offer_question = :question, offer_at = :at WHERE id = :id"

_MESSAGE_COLUMNS = (
    "id, conversation_id, space, role, platform_message_id, author_id, author_name, text, truncated, "
    "route, created_at, meta"
)
_INSERT_MESSAGE = (
    "INSERT INTO messages (conversation_id, space, role, platform_message_id, author_id, author_name, text, "
    "truncated, route, created_at, meta) VALUES (:conversation_id, :space, :role, :platform_message_id, "
    ":author_id, :author_name, :text, :truncated, :route, :created_at, :meta) "
    "ON CONFLICT (conversation_id, role, platform_message_id) DO NOTHING"
)  # the new row's id: ``Database.inserted_id``
# a reply with its identity (``Conversations.replied`` finds it among the conversation's replies)
_INSERT_REPLY = (
    "INSERT INTO messages (conversation_id, space, role, platform_message_id, author_id, author_name, text, "
    "truncated, route, created_at, meta, reply_identity) VALUES (:conversation_id, :space, :role, "
    ":platform_message_id, :author_id, :author_name, :text, :truncated, :route, :created_at, :meta, "
    ":reply_identity) ON CONFLICT (conversation_id, role, platform_message_id) DO NOTHING"
)
_REPLIED = (
    "SELECT 1 AS found FROM messages WHERE conversation_id = :conversation_id AND role = 'assistant' "
    "AND reply_identity = :key LIMIT 1"
)
# what storing a message reads, in one statement: the conversation, whether Mallory has
# spoken in it, and its open investigation
_STORE_READ = (
    f"SELECT {', '.join(f'c.{c} AS {c}' for c in _CONVERSATION_COLUMNS.split(', '))}, "
    "EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.role = 'assistant') AS takes_part, "
    f"{OPEN_COLUMNS} FROM conversations c {OPEN_JOIN} WHERE c.key = :key"
)
# the turns before a message, newest first; the hot path reads only what a prompt shows
_HISTORY = (
    "SELECT {columns} FROM messages WHERE conversation_id = :id AND id < :before "
    f"AND role != '{PART}' ORDER BY id DESC LIMIT :limit"
)
_HISTORY_ROWS = _HISTORY.format(columns=_MESSAGE_COLUMNS)
_HISTORY_TURNS = _HISTORY.format(columns="role, text, author_name")
_NO_LATER_THAN = 2**63 - 1  # ``before`` when the whole conversation is wanted
_MESSAGE_BY_ID = (
    f"SELECT {_MESSAGE_COLUMNS} FROM messages WHERE id = :id AND conversation_id = :conversation_id"
)
_USER_MESSAGE = (
    f"SELECT {_MESSAGE_COLUMNS} FROM messages WHERE conversation_id = :conversation_id "
    "AND platform_message_id = :platform_message_id AND role = 'user' LIMIT 1"
)
# a space's messages through its conversations (``ix_conversations_space``, then each one's
# messages by ``ix_messages_conversation_id``): a message is stored with its conversation's
# space, and no index of its own on ``space`` is written with every message (0020r); the
# first stored of those that match
_FIND_MESSAGE = (
    f"SELECT {', '.join('m.' + c.strip() for c in _MESSAGE_COLUMNS.split(','))} "
    "FROM conversations c JOIN messages m ON m.conversation_id = c.id "
    "WHERE c.space = :space AND c.platform = :platform AND m.space = :space "
    "AND m.platform_message_id = :platform_message_id ORDER BY m.id LIMIT 1"
)
_SET_ROUTE = "UPDATE messages SET route = :route WHERE id = :id"
_SET_ROUTE_META = "UPDATE messages SET route = :route, meta = :meta WHERE id = :id"

# a row back means this insert made it; rowcount after ON CONFLICT is not reliable across
# drivers (psycopg reported -1 here, so every first delivery looked seen)
_FIRST_TIME = "INSERT INTO seen_events (key, created_at) VALUES (:key, :created_at) ON CONFLICT (key) DO NOTHING RETURNING key"
_FORGET_SEEN = "DELETE FROM seen_events WHERE created_at < :cutoff"
_SEEN = "SELECT 1 AS found FROM seen_events WHERE key = :key"


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
    def of_row(cls, row: Any, db: Database) -> ConversationRow:
        """From a row holding ``_CONVERSATION_COLUMNS``."""
        return cls(
            row["id"],
            row["key"],
            row["platform"],
            row["space"],
            row["channel"],
            row["thread"],
            row["thread_ref"],
            db.from_db_time(row["created_at"]),
            row["offer_question"],
            db.from_db_time(row["offer_at"]),
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

    def values(self, when: Any, meta_json: str) -> dict[str, Any]:
        """The parameters of ``_INSERT_MESSAGE`` (time and meta already encoded)."""
        return {
            "conversation_id": self.conversation_id,
            "space": self.space,
            "role": self.role,
            "platform_message_id": storable(self.platform_message_id),
            "author_id": storable(self.author_id),
            "author_name": storable(self.author_name),
            "text": storable(self.text),
            "truncated": self.truncated,
            "route": self.route,
            "created_at": when,
            "meta": meta_json,
        }

    @classmethod
    def of_row(cls, row: Any, db: Database) -> MessageRow:
        """From a row holding ``_MESSAGE_COLUMNS`` (PostgreSQL hands JSON back decoded)."""
        meta = row["meta"]
        return cls(
            row["id"],
            row["conversation_id"],
            row["space"],
            row["role"],
            row["platform_message_id"],
            row["author_id"],
            row["author_name"],
            row["text"],
            bool(row["truncated"]),
            row["route"],
            db.from_db_time(row["created_at"]),
            dict(json.loads(meta) if isinstance(meta, str) else meta or {}),
        )


@dataclass(slots=True)
class TurnRow:
    """A message as the thread's history shows it to a model (what the hot path reads)."""

    role: str
    text: str
    author_name: str


@dataclass(frozen=True)
class Stored:
    """What storing an inbound message found out, in the same unit of work."""

    conversation: ConversationRow
    message: MessageRow | None  # None: this platform message was stored before (a redelivery)
    bot_takes_part: bool  # Mallory has already spoken in this conversation
    open_investigation: OpenInvestigation | None
    history: list[TurnRow]  # the turns before this message, oldest first


def _conversation(db: Database, conn: SqlConnection, values: dict[str, Any]) -> tuple[ConversationRow, bool]:
    """The conversation with ``values["key"]``, created from ``values`` if there is none
    yet; True when this unit created it (another process may have, concurrently)."""
    row = db.execute(conn, _CONVERSATION_BY_KEY, values).first()
    if row is not None:
        return ConversationRow.of_row(row, db), False
    created = db.execute(conn, _INSERT_CONVERSATION, {**values, "id": new_id()}).first() is not None
    return ConversationRow.of_row(db.execute(conn, _CONVERSATION_BY_KEY, values).one(), db), created


def _history(
    db: Database, conn: SqlConnection, conversation_id: str, limit: int, before: int
) -> list[MessageRow]:
    params = {"id": conversation_id, "before": before, "limit": limit}
    return [MessageRow.of_row(row, db) for row in reversed(db.execute(conn, _HISTORY_ROWS, params).all())]


def _turns(db: Database, conn: SqlConnection, conversation_id: str, limit: int, before: int) -> list[TurnRow]:
    params = {"id": conversation_id, "before": before, "limit": limit}
    rows = db.execute(conn, _HISTORY_TURNS, params).all()
    return [TurnRow(row["role"], row["text"], row["author_name"]) for row in reversed(rows)]


def _insert_parts(
    db: Database,
    conn: SqlConnection,
    conversation_id: str,
    space: str,
    ids: Sequence[str],
    first: str,
    when: Any,
) -> None:
    if not ids:
        return
    meta_json = json_text({"part_of": first})
    for message_id in ids:
        part = MessageRow(0, conversation_id, space, PART, message_id, "", "", "", False, None, None, {})
        db.execute(conn, _INSERT_MESSAGE, part.values(when, meta_json))


def remember_key(db: Database, conn: SqlConnection, key: str, when: Any) -> None:
    """Record a key ``seen`` answers for (a kept reply's identity: ``replied`` looks here too),
    inside the caller's transaction."""
    db.execute(conn, _FIRST_TIME, {"key": key[:500], "created_at": when})


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
        thread_ref: str | Callable[[], str],
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
        router needs to know — one transaction: this runs for every message. ``thread_ref``
        may be given as a function: it is written only with a new conversation."""
        db = self.db
        when = db.to_db_time(now)
        meta_json = json_text(meta or {})
        by_key = {"key": key}

        def work(conn: SqlConnection) -> Stored:
            open_inv: OpenInvestigation | None = None
            row = db.execute(conn, _STORE_READ, by_key).first()
            if row is None:
                place = {
                    "id": new_id(),
                    "key": key,
                    "platform": platform,
                    "space": space,
                    "channel": channel,
                    "thread": thread,
                    "thread_ref": thread_ref if isinstance(thread_ref, str) else thread_ref(),
                    "created_at": when,
                }
                if db.execute(conn, _INSERT_CONVERSATION, place).first() is not None:
                    # made by this unit: nobody has spoken in it, it has no investigation, and
                    # its row is what was just written (not read back)
                    conv = ConversationRow(
                        place["id"], key, platform, space, channel, thread, place["thread_ref"],
                        db.from_db_time(when),
                    )  # fmt: skip
                    takes_part = False
                else:  # another process made it meanwhile
                    row = db.execute(conn, _STORE_READ, by_key).one()
            if row is not None:
                conv = ConversationRow.of_row(row, db)
                # a user message stored below changes neither of these
                takes_part = bool(row["takes_part"])
                open_inv = of_columns(row, db)
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
            inserted = db.inserted_id(conn, _INSERT_MESSAGE, msg.values(when, meta_json))
            if inserted is None:  # this platform message was stored before (a redelivery)
                return Stored(conv, None, takes_part, open_inv, [])
            msg.id = inserted
            turns = _turns(db, conn, conv.id, history, msg.id) if history > 0 else []
            return Stored(conv, msg, takes_part, open_inv, turns)

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
        also: Callable[[SqlConnection], object] | None = None,
        identity: str = "",
    ) -> None:
        """Store Mallory's own message, and in the same transaction what it implies: an open
        offer to investigate, or which investigation it acknowledges. ``more_ids`` are the
        further platform messages the reply became (a long text posted in parts); ``also``
        is more of the same transaction (a pending reply marked posted); ``identity``, the
        reply's own key (``replied`` answers for it), so a second attempt of the message it
        answers knows it went out."""
        db = self.db
        when = db.to_db_time(now)
        meta_json = json_text(meta)
        conv_id = conversation.id
        reply = MessageRow(
            0,
            conv_id,
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

        values = reply.values(when, meta_json)
        if identity:
            values["reply_identity"] = identity[:500]

        def work(conn: SqlConnection) -> None:
            # the identity in the reply's own row: one B-tree written fewer than a key of its own
            db.execute(conn, _INSERT_REPLY if identity else _INSERT_MESSAGE, values)
            _insert_parts(db, conn, conv_id, conversation.space, more_ids, platform_message_id, when)
            if offer is not None:
                db.execute(conn, _SET_OFFER, {"question": offer, "at": when, "id": conv_id})
            if ack_for is not None:
                set_ack(db, conn, ack_for, platform_message_id)
            if also is not None:
                also(conn)

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
        """The conversation, and True when this call created it."""
        db = self.db
        place = {
            "key": key,
            "platform": platform,
            "space": space,
            "channel": channel,
            "thread": thread,
            "thread_ref": thread_ref,
            "created_at": db.to_db_time(now),
        }
        return await db.run_sql(lambda conn: _conversation(db, conn, place))

    async def get(self, conversation_id: str) -> ConversationRow | None:
        return await self._conversation_where(_CONVERSATION_BY_ID, {"id": conversation_id})

    async def by_key(self, key: str) -> ConversationRow | None:
        return await self._conversation_where(_CONVERSATION_BY_KEY, {"key": key})

    async def _conversation_where(self, sql: str, params: dict[str, Any]) -> ConversationRow | None:
        db = self.db
        row = await db.read_sql(lambda conn: db.execute(conn, sql, params).first())
        return None if row is None else ConversationRow.of_row(row, db)

    async def set_route(self, message_id: int, route: str, meta: dict[str, Any] | None = None) -> None:
        db = self.db
        if meta is None:
            sql, params = _SET_ROUTE, {"route": route, "id": message_id}
        else:
            sql, params = _SET_ROUTE_META, {"route": route, "meta": json_text(meta), "id": message_id}
        await db.run_sql(lambda conn: db.execute(conn, sql, params))

    async def set_offer(self, conversation_id: str, question: str | None, now: datetime | None) -> None:
        db = self.db
        params = {
            "question": question,
            "at": None if now is None else db.to_db_time(now),
            "id": conversation_id,
        }
        await db.run_sql(lambda conn: db.execute(conn, _SET_OFFER, params))

    async def history(
        self, conversation_id: str, *, limit: int = 12, before_id: int | None = None
    ) -> list[MessageRow]:
        """The conversation's last ``limit`` turns (before ``before_id``), oldest first."""
        db = self.db
        before = _NO_LATER_THAN if before_id is None else before_id
        return await db.read_sql(lambda conn: _history(db, conn, conversation_id, limit, before))

    async def message(self, conversation_id: str, message_id: int) -> MessageRow | None:
        params = {"id": message_id, "conversation_id": conversation_id}
        return await self._message_where(_MESSAGE_BY_ID, params)

    async def user_message(self, conversation_id: str, platform_message_id: str) -> MessageRow | None:
        params = {"conversation_id": conversation_id, "platform_message_id": platform_message_id}
        return await self._message_where(_USER_MESSAGE, params)

    async def find_message(self, *, space: str, platform_message_id: str, platform: str) -> MessageRow | None:
        """A message in ``space`` by its platform id (a user's or one of Mallory's)."""
        params = {"space": space, "platform_message_id": platform_message_id, "platform": platform}
        return await self._message_where(_FIND_MESSAGE, params)

    async def _message_where(self, sql: str, params: dict[str, Any]) -> MessageRow | None:
        db = self.db
        row = await db.read_sql(lambda conn: db.execute(conn, sql, params).first())
        return None if row is None else MessageRow.of_row(row, db)

    async def first_time(self, key: str, *, now: datetime) -> bool:
        """Record a delivery key; True only the first time it is seen."""
        db = self.db
        params = {"key": key[:500], "created_at": db.to_db_time(now)}
        return await db.run_sql(lambda conn: db.execute(conn, _FIRST_TIME, params).first() is not None)

    async def seen(self, key: str) -> bool:
        """Whether ``key`` was recorded (``first_time``, or a reply's identity), without recording it."""
        db = self.db
        return await db.read_sql(lambda conn: db.execute(conn, _SEEN, {"key": key[:500]}).first() is not None)

    async def replied(self, conversation_id: str, identity: str) -> bool:
        """Whether the reply with ``identity`` was recorded in the conversation (with the
        reply, ``record_reply``), or kept to be posted later (``remember_key``)."""
        db = self.db
        key = identity[:500]
        params = {"conversation_id": conversation_id, "key": key}

        def work(conn: SqlConnection) -> bool:
            if db.execute(conn, _SEEN, {"key": key}).first() is not None:
                return True
            return db.execute(conn, _REPLIED, params).first() is not None

        return await db.read_sql(work)

    async def forget_seen_before(self, cutoff: datetime) -> None:
        """The retention sweep of delivery keys (the worker runs it)."""
        db = self.db
        params = {"cutoff": db.to_db_time(cutoff)}
        await db.run_sql(lambda conn: db.execute(conn, _FORGET_SEEN, params))

    async def record_correction(self, correction: Correction) -> None:
        await self.db.run(lambda s: s.add(correction))

    async def corrections(self, *, limit: int = 200) -> list[Correction]:
        return await self.db.run(
            lambda s: list(
                s.execute(select(Correction).order_by(col(Correction.id).desc()).limit(limit)).scalars().all()
            ),
            write=False,
        )

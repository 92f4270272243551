"""Intake: enqueue with a dedup guard (one open investigation per conversation and window),
steering notes, and the read-side look-ups (by id, by conversation, listings, counts)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, update
from sqlmodel import col, select

from storage.conversations import OpenInvestigation
from storage.db import Database, SqlConnection, _dollar_params
from storage.models import OPEN_STATUSES, Investigation, Status, SteeringNote, new_id
from storage.queue_types import CHANNEL, Enqueued, Request

_OPEN = [s.value for s in OPEN_STATUSES]

# enqueue runs for every explicit request: plain SQL, one unit of work
_LOCK = "SELECT pg_advisory_xact_lock(hashtext(?))"
_OPEN_SINCE = (
    "SELECT id, question, status, created_at, ack_message_id FROM investigations "
    "WHERE conversation_id = ? AND status IN ('pending', 'running') AND created_at >= ? AND id <> ? "
    "ORDER BY created_at DESC LIMIT 1"
)
_INSERT = (
    "INSERT INTO investigations (id, conversation_id, space, question, request_text, status, requester_id, "
    "requester_name, thread_ref, request_message_id, entry_id, created_at, attempts, delivery_attempts) "
    "VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, 0, 0)"
)
# PostgreSQL: the insert and its notification (sent at commit) in one round trip
_INSERT_NOTIFY = f"WITH added AS ({_INSERT} RETURNING id) SELECT pg_notify('{CHANNEL}', '') FROM added"
_INSERT_NOTE = (
    "INSERT INTO steering_notes (investigation_id, author_id, text, created_at) VALUES (?, ?, ?, ?)"
)


def _insert_params(inv_id: str, request: Request, when: Any) -> tuple[Any, ...]:
    return (
        inv_id,
        request.conversation_id,
        request.space,
        request.question,
        request.request_text,
        request.requester_id,
        request.requester_name,
        request.thread_ref,
        request.request_message_id,
        request.entry_id,
        when,
    )


class Intake:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def enqueue(
        self,
        request: Request,
        *,
        now: datetime,
        dedup_window: timedelta,
        note_when_open: bool = False,
        distinct_from: str | None = None,
    ) -> Enqueued:
        """Insert an investigation of ``request`` unless an open one exists for the same
        conversation created within ``dedup_window``; then return that one instead (and, with
        ``note_when_open``, add the request text to it as a steering note). The check and the
        insert share one write transaction, so concurrent enqueues for one conversation
        create one row. ``distinct_from`` names an open investigation the caller knows is
        about another topic: it does not absorb this request."""
        since = (request.conversation_id, self.db.to_db_time(now - dedup_window), distinct_from or "")
        if self.db.dialect == "postgresql":
            return await self._enqueue_pg(request, now, since, note_when_open)
        db = self.db
        when = db.to_db_time(now)

        def work(conn: SqlConnection) -> Enqueued:
            found = db.execute(conn, _OPEN_SINCE, since).first()
            if found is not None:
                if note_when_open:
                    db.execute(
                        conn, _INSERT_NOTE, (found[0], request.requester_id, request.request_text, when)
                    )
                return Enqueued(self._open(found), created=False)
            inv_id = new_id()
            db.execute(conn, _INSERT, _insert_params(inv_id, request, when))
            return Enqueued(
                OpenInvestigation(inv_id, request.question, Status.PENDING.value, now, None), True
            )

        return await db.run_sql(work)

    async def _enqueue_pg(
        self, request: Request, now: datetime, since: tuple[Any, ...], note_when_open: bool
    ) -> Enqueued:
        # The same unit as on SQLite, as asyncpg statements on the event loop (prepared, no
        # thread hop, no pre-ping). The advisory lock serialises enqueues for one
        # conversation; the check runs after it, in a snapshot that sees the holder's insert.
        async with self.db.pg_connection() as conn, conn.transaction():
            await conn.fetchval(_dollar_params(_LOCK), request.conversation_id)
            found = await conn.fetchrow(_dollar_params(_OPEN_SINCE), *since)
            if found is not None:
                if note_when_open:
                    note = (found[0], request.requester_id, request.request_text, now)
                    await conn.execute(_dollar_params(_INSERT_NOTE), *note)
                return Enqueued(self._open(found), created=False)
            inv_id = new_id()
            await conn.fetchval(_dollar_params(_INSERT_NOTIFY), *_insert_params(inv_id, request, now))
        return Enqueued(OpenInvestigation(inv_id, request.question, Status.PENDING.value, now, None), True)

    def _open(self, found: Any) -> OpenInvestigation:
        return OpenInvestigation(found[0], found[1], found[2], self.db.from_db_time(found[3]), found[4])

    async def get(self, investigation_id: str) -> Investigation | None:
        return await self.db.run(lambda s: s.get(Investigation, investigation_id), write=False)

    async def open_for_conversation(self, conversation_id: str) -> Investigation | None:
        return await self.db.run(
            lambda s: (
                s.execute(
                    select(Investigation)
                    .where(Investigation.conversation_id == conversation_id)
                    .where(col(Investigation.status).in_(_OPEN))
                    .order_by(col(Investigation.created_at).desc())
                    .limit(1)
                )
                .scalars()
                .first()
            ),
            write=False,
        )

    async def set_ack(self, investigation_id: str, message_id: str) -> None:
        await self.db.run(
            lambda s: s.execute(
                update(Investigation)
                .where(col(Investigation.id) == investigation_id)
                .values(ack_message_id=message_id)
            )
        )

    async def listing(
        self,
        *,
        space: str | None = None,
        status: str | None = None,
        conversation_id: str | None = None,
        limit: int = 50,
    ) -> list[Investigation]:
        stmt = select(Investigation).order_by(col(Investigation.created_at).desc()).limit(limit)
        if space is not None:
            stmt = stmt.where(Investigation.space == space)
        if status is not None:
            stmt = stmt.where(Investigation.status == status)
        if conversation_id is not None:
            stmt = stmt.where(Investigation.conversation_id == conversation_id)
        return await self.db.run(lambda s: list(s.execute(stmt).scalars().all()), write=False)

    async def count_since(
        self, since: datetime, *, space: str | None = None, requester_id: str | None = None
    ) -> int:
        """Investigations commissioned since ``since`` (cancelled ones too: they cost a start)."""
        stmt = select(func.count()).select_from(Investigation).where(col(Investigation.created_at) >= since)
        if space is not None:
            stmt = stmt.where(Investigation.space == space)
        if requester_id is not None:
            stmt = stmt.where(Investigation.requester_id == requester_id)
        return await self.db.run(lambda s: int(s.execute(stmt).scalar_one()), write=False)

    # steering notes ---------------------------------------------------------------

    async def add_note(self, investigation_id: str, *, text: str, author_id: str, now: datetime) -> None:
        note = SteeringNote(investigation_id=investigation_id, text=text, author_id=author_id, created_at=now)
        await self.db.run(lambda s: s.add(note))

    async def notes(self, investigation_id: str) -> list[SteeringNote]:
        return await self.db.run(
            lambda s: list(
                s.execute(
                    select(SteeringNote)
                    .where(SteeringNote.investigation_id == investigation_id)
                    .order_by(col(SteeringNote.id))
                )
                .scalars()
                .all()
            ),
            write=False,
        )

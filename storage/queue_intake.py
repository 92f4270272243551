"""Intake: enqueue with a dedup guard (one open investigation per conversation and window),
steering notes, and the read-side look-ups (by id, by conversation, listings, counts)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import col, select

from storage.db import Database, DeferredWrites, SqlConnection
from storage.db_postgres import bind
from storage.models import Investigation, Status, SteeringNote, new_id
from storage.open_investigation import COLUMNS as _OPEN_COLUMNS
from storage.open_investigation import OpenInvestigation, open_investigation
from storage.queue_types import CHANNEL, Enqueued, Guard, NotTaken, Request

# enqueue runs for every explicit request: plain SQL, one unit of work
_LOCK = "SELECT pg_advisory_xact_lock(hashtext(:conversation_id))"
_OPEN_SINCE = (
    f"SELECT {_OPEN_COLUMNS} FROM investigations WHERE conversation_id = :conversation_id "
    "AND status IN ('pending', 'running') AND created_at >= :since AND id <> :distinct_from "
    "ORDER BY created_at DESC LIMIT 1"
)
# what an earlier attempt of a request (its inbox row handled again) created, open or not
_SAME_REQUEST = (
    f"SELECT {_OPEN_COLUMNS} FROM investigations WHERE conversation_id = :conversation_id "
    "AND request_message_id = :request_message_id ORDER BY created_at LIMIT 1"
)
_INSERT = (
    "INSERT INTO investigations (id, conversation_id, space, question, request_text, status, requester_id, "
    "requester_name, thread_ref, request_message_id, entry_id, schedule_id, created_at, attempts, "
    "delivery_attempts) VALUES (:id, :conversation_id, :space, :question, :request_text, 'pending', "
    ":requester_id, :requester_name, :thread_ref, :request_message_id, :entry_id, :schedule_id, :created_at, 0, 0)"
)
# PostgreSQL: the insert and its notification (sent at commit) in one round trip
_INSERT_NOTIFY = f"WITH added AS ({_INSERT} RETURNING id) SELECT pg_notify('{CHANNEL}', '') FROM added"
_INSERT_NOTE = (
    "INSERT INTO steering_notes (investigation_id, author_id, text, created_at) "
    "VALUES (:investigation_id, :author_id, :text, :created_at)"
)
_COUNT_SINCE = (
    "SELECT SUM(CASE WHEN requester_id = :requester_id THEN 1 ELSE 0 END) AS by_requester, "
    "SUM(CASE WHEN space = :space THEN 1 ELSE 0 END) AS in_space FROM investigations "
    "WHERE created_at >= :since AND (requester_id = :requester_id OR space = :space)"
)

# what belongs with a new investigation, written in its transaction (its audit record)
OnCreated = Callable[[SqlConnection, str], None]


class Intake:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def enqueue(
        self,
        request: Request,
        *,
        now: datetime,
        dedup_window: timedelta | None,
        note_when_open: bool = False,
        distinct_from: str | None = None,
        on_created: OnCreated | None = None,
        guard: Guard | None = None,
    ) -> Enqueued:
        """Insert an investigation of ``request`` unless an open one exists for the same
        conversation created within ``dedup_window`` (None: never, the request is an
        investigation of its own); then return that one instead (and, with
        ``note_when_open``, add the request text to it as a steering note). The check and the
        insert share one write transaction, so concurrent enqueues for one conversation
        create one row. ``distinct_from`` names an open investigation the caller knows is
        about another topic: it does not absorb this request. ``on_created(connection, id)``
        writes what belongs with a new investigation (its audit record) in the same
        transaction; on PostgreSQL its writes are sent after it returns (``DeferredWrites``),
        so it writes and does not read. ``guard`` runs first in the same transaction; when it
        changes no row, nothing is written and ``NotTaken`` is raised."""
        db = self.db
        when = db.to_db_time(now)
        params: dict[str, Any] = {
            **asdict(request),
            "since": db.to_db_time(now - (dedup_window or timedelta(0))),
            "distinct_from": distinct_from or "",
            "created_at": when,
        }
        if db.dialect == "postgresql":
            return await self._enqueue_pg(
                request, now, params, note_when_open, on_created, guard, fold=dedup_window is not None
            )

        def work(conn: SqlConnection) -> Enqueued:
            if guard is not None and db.execute(conn, guard.sql, guard.params).first() is None:
                raise NotTaken()
            found = None if dedup_window is None else db.execute(conn, _OPEN_SINCE, params).first()
            if found is not None:
                if note_when_open:
                    db.execute(conn, _INSERT_NOTE, _note(found["id"], request, when))
                return Enqueued(OpenInvestigation.of_row(found, db), created=False)
            inv_id = new_id()
            db.execute(conn, _INSERT, {**params, "id": inv_id})
            if on_created is not None:
                on_created(conn, inv_id)
            return Enqueued(
                OpenInvestigation(inv_id, request.question, Status.PENDING.value, now, None), True
            )

        return await db.run_sql(work)

    async def _enqueue_pg(
        self,
        request: Request,
        now: datetime,
        params: dict[str, Any],
        note_when_open: bool,
        on_created: OnCreated | None,
        guard: Guard | None = None,
        *,
        fold: bool = True,
    ) -> Enqueued:
        # The same unit as on SQLite, as asyncpg statements on the event loop (prepared, no
        # thread hop, no pre-ping). The advisory lock serialises enqueues for one
        # conversation; the check runs after it, in a snapshot that sees the holder's insert.
        async with self.db.pg_connection() as conn, conn.transaction():
            if guard is not None and await conn.fetchrow(*bind(guard.sql, guard.params)) is None:
                raise NotTaken()
            await conn.fetchval(*bind(_LOCK, params))
            found = None if not fold else await conn.fetchrow(*bind(_OPEN_SINCE, params))
            if found is not None:
                if note_when_open:
                    await conn.execute(*bind(_INSERT_NOTE, _note(found["id"], request, now)))
                return Enqueued(OpenInvestigation.of_row(found, self.db), created=False)
            inv_id = new_id()
            await conn.fetchval(*bind(_INSERT_NOTIFY, {**params, "id": inv_id}))
            if on_created is not None:
                writes = DeferredWrites()
                on_created(writes, inv_id)  # raising here rolls the insert back
                await writes.send(conn)
        return Enqueued(OpenInvestigation(inv_id, request.question, Status.PENDING.value, now, None), True)

    async def for_request(self, conversation_id: str, request_message_id: str) -> OpenInvestigation | None:
        """The investigation already commissioned by this request message, whatever its status."""
        db = self.db
        params = {"conversation_id": conversation_id, "request_message_id": request_message_id}
        row = await db.read_sql(lambda conn: db.execute(conn, _SAME_REQUEST, params).first())
        return None if row is None else OpenInvestigation.of_row(row, db)

    async def get(self, investigation_id: str) -> Investigation | None:
        return await self.db.run(lambda s: s.get(Investigation, investigation_id), write=False)

    async def open_for_conversation(self, conversation_id: str) -> OpenInvestigation | None:
        db = self.db
        return await db.read_sql(lambda conn: open_investigation(db, conn, conversation_id))

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

    async def count_since(self, since: datetime, *, space: str, requester_id: str) -> tuple[int, int]:
        """Investigations commissioned since ``since`` (cancelled ones too: they cost a start)
        by ``requester_id``, and in ``space``: both in one read (every request asks both)."""
        db = self.db
        params = {"since": db.to_db_time(since), "space": space, "requester_id": requester_id}
        row = await db.read_sql(lambda conn: db.execute(conn, _COUNT_SINCE, params).one())
        return int(row["by_requester"] or 0), int(row["in_space"] or 0)

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


def _note(investigation_id: str, request: Request, when: Any) -> dict[str, Any]:
    """A steering note of ``request``'s text on the open investigation that absorbed it."""
    return {
        "investigation_id": investigation_id,
        "author_id": request.requester_id,
        "text": request.request_text,
        "created_at": when,
    }

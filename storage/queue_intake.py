"""Intake: enqueue with a dedup guard (one open investigation per conversation and window),
steering notes, and the read-side look-ups (by id, by conversation, listings, counts)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import col, select

from storage.db import Database, DeferredWrites, SqlConnection, StorageError
from storage.db_postgres import bind
from storage.models import Investigation, Status, SteeringNote, new_id
from storage.open_investigation import COLUMNS as _OPEN_COLUMNS
from storage.open_investigation import OpenInvestigation, open_investigation
from storage.queue_types import CHANNEL, Enqueued, Guard, NotTaken, Request

# Enqueue runs for every explicit request. The dedup guard is a unique key: in each
# conversation at most one open investigation is the dedup holder (a partial unique index,
# migration 0017q), so of two enqueues for one conversation that both find nothing open, one
# inserts and the other's insert conflicts (and, on PostgreSQL, waits for the first to commit).
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
_FIELDS = (
    "id, conversation_id, space, question, request_text, status, requester_id, requester_name, "
    "thread_ref, request_message_id, entry_id, schedule_id, created_at, attempts, delivery_attempts, "
    "dedup_holder"
)
_VALUES = (
    ":id, :conversation_id, :space, :question, :request_text, 'pending', :requester_id, :requester_name, "
    ":thread_ref, :request_message_id, :entry_id, :schedule_id, :created_at, 0, 0, TRUE"
)
_INSERT = f"INSERT INTO investigations ({_FIELDS}) VALUES ({_VALUES})"
# SQLite (inside its write transaction, so nothing runs between): the holder that was not
# found open in the window hands the key on
_HAND_ON = (
    "UPDATE investigations SET dedup_holder = FALSE WHERE conversation_id = :conversation_id AND dedup_holder"
)
# PostgreSQL, one statement: the open one in the window (joined, with the request as a
# steering note when asked), else the insert, its notification sent at commit. No row
# inserted and none found: the conversation's holder is not one this request may join
# (older than the window, ``distinct_from``, or a request of its own) or was committed after
# this statement began; ``_RELEASE_HOLDER`` frees the first kind, and the statement runs again.
_ENQUEUE = (
    f"WITH found AS (SELECT {_OPEN_COLUMNS} FROM investigations WHERE :fold "
    "AND conversation_id = :conversation_id AND status IN ('pending', 'running') "
    "AND created_at >= :since AND id <> :distinct_from ORDER BY created_at DESC LIMIT 1), "
    "noted AS (INSERT INTO steering_notes (investigation_id, author_id, text, created_at) "
    "SELECT id, :requester_id, :request_text, :created_at FROM found WHERE :note_when_open RETURNING 1), "
    f"added AS (INSERT INTO investigations ({_FIELDS}) SELECT {_VALUES} "
    "WHERE NOT EXISTS (SELECT 1 FROM found) "
    "ON CONFLICT (conversation_id) WHERE dedup_holder DO NOTHING RETURNING id), "
    f"woke AS (SELECT pg_notify('{CHANNEL}', '') FROM added) "
    "SELECT (SELECT count(*) FROM woke) AS created, (SELECT count(*) FROM noted) AS noted, found.* "
    "FROM (SELECT 1) AS one LEFT JOIN found ON TRUE"
)
_RELEASE_HOLDER = (
    "UPDATE investigations SET dedup_holder = FALSE WHERE conversation_id = :conversation_id "
    "AND dedup_holder AND (NOT :fold OR created_at < :since OR id = :distinct_from "
    "OR status NOT IN ('pending', 'running')) RETURNING id"
)
# a holder committed meanwhile is seen by the next statement: a few rounds at most
_ROUNDS = 8
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
            **vars(request),
            "since": db.to_db_time(now - (dedup_window or timedelta(0))),
            "distinct_from": distinct_from or "",
            "created_at": when,
        }
        if db.dialect == "postgresql":
            params.update(id=new_id(), fold=dedup_window is not None, note_when_open=note_when_open)
            return await self._enqueue_pg(request, now, params, on_created, guard)

        def work(conn: SqlConnection) -> Enqueued:
            if guard is not None and db.execute(conn, guard.sql, guard.params).first() is None:
                raise NotTaken()
            found = None if dedup_window is None else db.execute(conn, _OPEN_SINCE, params).first()
            if found is not None:
                if note_when_open:
                    db.execute(conn, _INSERT_NOTE, _note(found["id"], request, when))
                return Enqueued(OpenInvestigation.of_row(found, db), created=False)
            inv_id = new_id()
            db.execute(conn, _HAND_ON, params)
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
        on_created: OnCreated | None,
        guard: Guard | None,
    ) -> Enqueued:
        # The same unit as on SQLite, as asyncpg statements on the event loop (prepared, no
        # thread hop, no pre-ping): one statement, in a transaction of its own unless a guard
        # or what belongs with a new investigation must share it.
        if guard is None and on_created is None:
            row = await _enqueue_rounds(self.db.fetch_one, params)
        else:
            async with self.db.pg_connection() as conn, conn.transaction():
                if guard is not None and await conn.fetchrow(*bind(guard.sql, guard.params)) is None:
                    raise NotTaken()
                row = await _enqueue_rounds(lambda sql, values: conn.fetchrow(*bind(sql, values)), params)
                if row["created"] and on_created is not None:
                    writes = DeferredWrites()
                    on_created(writes, params["id"])  # raising here rolls the insert back
                    await writes.send(conn)
        if not row["created"]:
            return Enqueued(OpenInvestigation.of_row(row, self.db), created=False)
        return Enqueued(
            OpenInvestigation(params["id"], request.question, Status.PENDING.value, now, None), True
        )

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


async def _enqueue_rounds(
    fetch: Callable[[str, dict[str, Any]], Awaitable[Any]], params: dict[str, Any]
) -> Any:
    """PostgreSQL: ``_ENQUEUE`` until it inserts or finds the open one to join; between
    rounds the holder this request may not join hands the key on (``_RELEASE_HOLDER``)."""
    for _ in range(_ROUNDS):
        row = await fetch(_ENQUEUE, params)
        if row["created"] or row["id"] is not None:
            return row
        await fetch(_RELEASE_HOLDER, params)
    raise StorageError("enqueue: the conversation's open investigation kept changing; try again")

"""The investigation queue: enqueue with a dedup guard, atomic claim, heartbeat, idempotent
complete/fail guarded by a claim token, stale reclaim, cancel, and the delivery record.

The database is the truth: every transition is one guarded statement, so any number of
worker processes can share it. Times are aware UTC, passed in by the caller (injected clock).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import text, update
from sqlalchemy.orm import Session
from sqlmodel import col, select

from storage.db import Database, Listener, SqlConnection
from storage.models import OPEN_STATUSES, Investigation, Status, SteeringNote, new_id
from storage.open_investigation import COLUMNS as _OPEN_COLUMNS
from storage.open_investigation import OpenInvestigation, open_investigation

_OPEN = [s.value for s in OPEN_STATUSES]

# enqueue runs for every explicit request: plain SQL, one unit of work (Database.run_sql)
_OPEN_SINCE = (
    f"SELECT {_OPEN_COLUMNS} FROM investigations WHERE conversation_id = :conversation_id "
    "AND status IN ('pending', 'running') AND created_at >= :since AND id <> :distinct_from "
    "ORDER BY created_at DESC LIMIT 1"
)
_INSERT = (
    "INSERT INTO investigations (id, conversation_id, space, question, request_text, status, requester_id, "
    "requester_name, thread_ref, request_message_id, entry_id, created_at, attempts, delivery_attempts) "
    "VALUES (:id, :conversation_id, :space, :question, :request_text, 'pending', :requester_id, "
    ":requester_name, :thread_ref, :request_message_id, :entry_id, :created_at, 0, 0)"
)
_COUNT_SINCE = (
    "SELECT SUM(CASE WHEN requester_id = :requester_id THEN 1 ELSE 0 END) AS by_requester, "
    "SUM(CASE WHEN space = :space THEN 1 ELSE 0 END) AS in_space FROM investigations "
    "WHERE created_at >= :since AND (requester_id = :requester_id OR space = :space)"
)
_INSERT_NOTE = (
    "INSERT INTO steering_notes (investigation_id, author_id, text, created_at) "
    "VALUES (:investigation_id, :author_id, :text, :created_at)"
)

# PostgreSQL: every change that makes an investigation pending notifies this channel (at
# commit), so idle workers in any process wake at once instead of at their next poll
CHANNEL = "mallory_investigations"
_NOTIFY = f"NOTIFY {CHANNEL}"

# claim and the guarded transitions are single statements returning what the caller needs
# (``fetch_one``): one round trip each, the whole row for a claim
_COLUMNS = tuple(Investigation.model_fields)
_TIMES = tuple(name for name in _COLUMNS if name.endswith("_at"))
_CLAIM = (
    "UPDATE investigations SET status = 'running', claimed_at = :now, heartbeat_at = :now, "
    "worker_id = :worker_id, claim_token = :token, attempts = attempts + 1 "
    "WHERE id = (SELECT id FROM investigations WHERE status = 'pending' "
    "ORDER BY created_at, id LIMIT 1{lock}) AND status = 'pending' "
    f"RETURNING {', '.join(_COLUMNS)}"
)
_GUARD = " WHERE id = :guard_id AND claim_token = :guard_token AND status = 'running' RETURNING id"
_COMPLETE = (
    "UPDATE investigations SET status = 'done', finished_at = :now, answer = :answer, "
    "report_path = :report_path, report_entry_id = :report_entry_id, error = NULL" + _GUARD
)
_FAIL = "UPDATE investigations SET status = 'failed', finished_at = :now, error = :error" + _GUARD
_HEARTBEAT = "UPDATE investigations SET heartbeat_at = :now" + _GUARD
_HEARTBEAT_PROGRESS = "UPDATE investigations SET heartbeat_at = :now, progress = :progress" + _GUARD
# a hand-back (worker shutting down) does not spend an attempt
_RELEASE = (
    "UPDATE investigations SET status = 'pending', claim_token = NULL, worker_id = NULL, "
    "progress = NULL, attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END" + _GUARD
)


class Outcome(StrEnum):
    """What a terminal transition did."""

    APPLIED = "applied"
    ALREADY_TERMINAL = "already_terminal"  # a second complete/fail: nothing changed
    STALE_CLAIM = "stale_claim"  # the claim token no longer owns the row (reclaimed)
    NOT_FOUND = "not_found"


@dataclass(frozen=True)
class Request:
    """What someone asked to have investigated; the queue adds the id, status and times."""

    conversation_id: str
    space: str
    question: str
    thread_ref: str
    request_text: str = ""
    requester_id: str = ""
    requester_name: str = ""
    request_message_id: str | None = None
    entry_id: str | None = None


@dataclass(frozen=True)
class Enqueued:
    investigation: OpenInvestigation
    created: bool  # False: an open one already existed (dedup), returned instead


@dataclass(frozen=True)
class Claim:
    investigation: Investigation
    token: str


def _changed(session: Session, stmt: Any) -> int:
    """How many rows a guarded UPDATE changed, counted from its RETURNING rows: a cursor's
    rowcount is not reliable across drivers and statement forms (psycopg reports -1 for
    some), and every transition here depends on this number."""
    return len(session.execute(stmt.returning(col(Investigation.id))).all())


class Queue:
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
        on_created: Callable[[SqlConnection, str], None] | None = None,
    ) -> Enqueued:
        """Insert an investigation of ``request`` unless an open one exists for the same
        conversation created within ``dedup_window``; then return that one instead (and, with
        ``note_when_open``, add the request text to it as a steering note). The check and the
        insert share one write transaction, so concurrent enqueues for one conversation
        create one row. ``distinct_from`` names an open investigation the caller knows is
        about another topic: it does not absorb this request. ``on_created(connection, id)``
        writes what belongs with a new investigation (its audit record) in the same
        transaction."""
        db = self.db
        when = db.to_db_time(now)

        def work(conn: SqlConnection) -> Enqueued:
            if db.dialect == "postgresql":
                db.execute(
                    conn, "SELECT pg_advisory_xact_lock(hashtext(:key))", {"key": request.conversation_id}
                )
            found = db.execute(
                conn,
                _OPEN_SINCE,
                {
                    "conversation_id": request.conversation_id,
                    "since": db.to_db_time(now - dedup_window),
                    "distinct_from": distinct_from or "",
                },
            ).first()
            if found is not None:
                if note_when_open:
                    note = {
                        "investigation_id": found["id"],
                        "author_id": request.requester_id,
                        "text": request.request_text,
                        "created_at": when,
                    }
                    db.execute(conn, _INSERT_NOTE, note)
                return Enqueued(OpenInvestigation.of_row(found, db), created=False)
            inv_id = new_id()
            if db.dialect == "postgresql":
                db.execute(conn, _NOTIFY)
            db.execute(conn, _INSERT, {**asdict(request), "id": inv_id, "created_at": when})
            if on_created is not None:
                on_created(conn, inv_id)
            return Enqueued(
                OpenInvestigation(inv_id, request.question, Status.PENDING.value, now, None), True
            )

        return await db.run_sql(work)

    async def claim(self, *, worker_id: str, now: datetime) -> Claim | None:
        """Atomically move the oldest pending investigation to running and return it, or
        return None. One statement; on PostgreSQL concurrent claimers skip each other's
        locked rows (``FOR UPDATE SKIP LOCKED``) instead of queueing behind them."""
        db = self.db
        token = uuid.uuid4().hex
        sql = _CLAIM_SQL[db.dialect]
        when = db.to_db_time(now)
        row = await db.fetch_one(sql, {"now": when, "worker_id": worker_id, "token": token})
        return None if row is None else Claim(self._investigation(row), token)

    def _investigation(self, row: Any) -> Investigation:
        values = {name: row[name] for name in _COLUMNS}
        for name in _TIMES:
            values[name] = self.db.from_db_time(values[name])
        return Investigation(**values)

    async def heartbeat(self, claim: Claim, *, now: datetime, progress: str | None = None) -> bool:
        """Refresh the lease; False means the claim was lost (reclaimed or cancelled)."""
        when = self.db.to_db_time(now)
        if progress is None:
            return await self._guarded(_HEARTBEAT, {"now": when}, claim)
        return await self._guarded(_HEARTBEAT_PROGRESS, {"now": when, "progress": progress}, claim)

    async def release(self, claim: Claim) -> bool:
        """Hand a running investigation back to the queue without spending an attempt
        (its worker is shutting down); another worker picks it up at once. False when the
        claim was already lost."""
        released = await self._guarded(_RELEASE, {}, claim)
        if released and self.db.dialect == "postgresql":
            await self.db.fetch_one(_NOTIFY)
        return released

    async def watch(self, wake: Callable[[], None]) -> Listener | None:
        """Call ``wake`` whenever an investigation becomes pending in any process
        (PostgreSQL LISTEN/NOTIFY). None on SQLite: there the process that enqueues wakes
        its own worker, and other processes poll."""
        return await self.db.listen(CHANNEL, wake)

    async def complete(
        self,
        claim: Claim,
        *,
        now: datetime,
        answer: str,
        report_path: str | None = None,
        report_entry_id: str | None = None,
    ) -> Outcome:
        params = {
            "now": self.db.to_db_time(now),
            "answer": answer,
            "report_path": report_path,
            "report_entry_id": report_entry_id,
        }
        return await self._finish(claim, _COMPLETE, params)

    async def set_report_saved(self, claim: Claim, *, report_path: str, report_entry_id: str) -> bool:
        """Note where a completed investigation's report was saved (file and knowledge-base
        entry); only the worker whose ``complete`` was applied can (its token is on the row)."""
        stmt = (
            update(Investigation)
            .where(col(Investigation.id) == claim.investigation.id)
            .where(col(Investigation.claim_token) == claim.token)
            .where(col(Investigation.status).in_([Status.DONE.value, Status.DELIVERED.value]))
            .values(report_path=report_path, report_entry_id=report_entry_id)
        )
        return await self.db.run(lambda s: _changed(s, stmt)) == 1

    async def fail(self, claim: Claim, *, now: datetime, error: str) -> Outcome:
        return await self._finish(claim, _FAIL, {"now": self.db.to_db_time(now), "error": error[:2000]})

    async def reclaim_stale(self, *, now: datetime, lease: timedelta, max_attempts: int) -> list[str]:
        """Running rows whose heartbeat is older than the lease go back to pending (or to
        failed when they have used up their attempts). Returns the ids that failed."""
        cutoff = now - lease

        def work(session: Session) -> list[str]:
            requeued = _changed(
                session,
                update(Investigation)
                .where(col(Investigation.status) == Status.RUNNING.value)
                .where(col(Investigation.heartbeat_at) < cutoff)
                .where(col(Investigation.attempts) < max_attempts)
                .values(status=Status.PENDING.value, claim_token=None, worker_id=None),
            )
            if requeued > 0 and self.db.dialect == "postgresql":
                session.execute(text(_NOTIFY))
            exhausted = list(
                session.execute(
                    select(Investigation.id)
                    .where(col(Investigation.status) == Status.RUNNING.value)
                    .where(col(Investigation.heartbeat_at) < cutoff)
                )
                .scalars()
                .all()
            )
            if exhausted:
                session.execute(
                    update(Investigation)
                    .where(col(Investigation.id).in_(exhausted))
                    .values(
                        status=Status.FAILED.value,
                        finished_at=now,
                        claim_token=None,
                        error=f"gave up after {max_attempts} attempts (worker stopped responding)",
                    )
                )
            return exhausted

        return await self.db.run(work)

    async def cancel(self, investigation_id: str, *, now: datetime) -> Outcome:
        def work(session: Session) -> Outcome:
            stmt = (
                update(Investigation)
                .where(col(Investigation.id) == investigation_id)
                .where(col(Investigation.status).in_(_OPEN))
                .values(status=Status.CANCELLED.value, finished_at=now, claim_token=None)
            )
            if _changed(session, stmt) == 1:
                return Outcome.APPLIED
            return (
                Outcome.NOT_FOUND
                if session.get(Investigation, investigation_id) is None
                else Outcome.ALREADY_TERMINAL
            )

        return await self.db.run(work)

    async def get(self, investigation_id: str) -> Investigation | None:
        return await self.db.run(lambda s: s.get(Investigation, investigation_id), write=False)

    async def open_for_conversation(self, conversation_id: str) -> OpenInvestigation | None:
        db = self.db
        return await db.read_sql(lambda conn: open_investigation(db, conn, conversation_id))

    async def set_question(self, claim: Claim, question: str) -> bool:
        return await self._guarded(
            "UPDATE investigations SET question = :question" + _GUARD, {"question": question}, claim
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

    # delivery record --------------------------------------------------------------

    async def undelivered(self, *, now: datetime, limit: int = 20) -> list[Investigation]:
        """Finished investigations whose answer or apology has not reached the thread yet."""
        stmt = (
            select(Investigation)
            .where(col(Investigation.status).in_([Status.DONE.value, Status.FAILED.value]))
            .where(col(Investigation.delivered_at).is_(None))
            .where(
                (col(Investigation.next_delivery_at).is_(None)) | (col(Investigation.next_delivery_at) <= now)
            )
            .order_by(col(Investigation.finished_at))
            .limit(limit)
        )
        return await self.db.run(lambda s: list(s.execute(stmt).scalars().all()), write=False)

    async def mark_delivered(self, investigation_id: str, *, message_id: str, now: datetime) -> bool:
        """Record the delivery; False if it was already recorded (someone else delivered)."""
        stmt = (
            update(Investigation)
            .where(col(Investigation.id) == investigation_id)
            .where(col(Investigation.delivered_at).is_(None))
            .values(
                delivered_at=now,
                delivery_message_id=message_id,
                status=Status.DELIVERED.value,
                delivery_error=None,
            )
        )
        return await self.db.run(lambda s: _changed(s, stmt)) == 1

    async def lease_delivery(self, investigation_id: str, *, now: datetime, until: datetime) -> bool:
        """Take the right to deliver one result until ``until`` (so two workers never post it
        twice at once). False when it is delivered, or another worker holds the lease, or it
        is not finished (a cancelled investigation has nothing to deliver)."""
        stmt = (
            update(Investigation)
            .where(col(Investigation.id) == investigation_id)
            .where(col(Investigation.status).in_([Status.DONE.value, Status.FAILED.value]))
            .where(col(Investigation.delivered_at).is_(None))
            .where(
                (col(Investigation.next_delivery_at).is_(None)) | (col(Investigation.next_delivery_at) <= now)
            )
            .values(next_delivery_at=until)
        )
        return await self.db.run(lambda s: _changed(s, stmt)) == 1

    async def delivery_failed(
        self, investigation_id: str, *, error: str, retry_at: datetime | None, now: datetime
    ) -> None:
        """Note a failed delivery attempt; ``retry_at`` None means give up (the error stays
        recorded, ``delivery_message_id`` stays empty)."""
        values: dict[str, object] = {
            "delivery_attempts": Investigation.delivery_attempts + 1,  # type: ignore[operator]
            "delivery_error": error[:1000],
            "next_delivery_at": retry_at,
        }
        if retry_at is None:
            values["delivered_at"] = now
        await self.db.run(
            lambda s: s.execute(
                update(Investigation).where(col(Investigation.id) == investigation_id).values(**values)
            )
        )

    # internals --------------------------------------------------------------------

    async def _guarded(self, sql: str, params: dict[str, Any], claim: Claim) -> bool:
        """One transition allowed only to the current holder of ``claim``; True if applied."""
        row = await self.db.fetch_one(
            sql, {**params, "guard_id": claim.investigation.id, "guard_token": claim.token}
        )
        return row is not None

    async def _finish(self, claim: Claim, sql: str, params: dict[str, Any]) -> Outcome:
        if await self._guarded(sql, params, claim):
            return Outcome.APPLIED
        current = await self.get(claim.investigation.id)
        if current is None:
            return Outcome.NOT_FOUND
        if (
            current.status in (Status.RUNNING.value, Status.PENDING.value)
            or current.claim_token != claim.token
        ):
            return Outcome.STALE_CLAIM
        return Outcome.ALREADY_TERMINAL


_CLAIM_SQL = {
    "postgresql": _CLAIM.format(lock=" FOR UPDATE SKIP LOCKED"),
    "sqlite": _CLAIM.format(lock=""),
}

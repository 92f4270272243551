"""The investigation queue: enqueue with a dedup guard, atomic claim, heartbeat, idempotent
complete/fail guarded by a claim token, stale reclaim, cancel, and the delivery record.

The database is the truth: every transition is one guarded statement, so any number of
worker processes can share it. Times are aware UTC, passed in by the caller (injected clock).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from sqlalchemy import bindparam, text, update
from sqlmodel.sql.sqltypes import UTCDateTime
from sqlmodel import col, select

from storage.db import Database
from storage.models import OPEN_STATUSES, Investigation, Status, SteeringNote


class Outcome(StrEnum):
    """What a terminal transition did."""

    APPLIED = "applied"
    ALREADY_TERMINAL = "already_terminal"  # a second complete/fail: nothing changed
    STALE_CLAIM = "stale_claim"  # the claim token no longer owns the row (reclaimed)
    NOT_FOUND = "not_found"


@dataclass(frozen=True)
class Enqueued:
    investigation: Investigation
    created: bool  # False: an open one already existed (dedup), returned instead


@dataclass(frozen=True)
class Claim:
    investigation: Investigation
    token: str


class Queue:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def enqueue(
        self, candidate: Investigation, *, now: datetime, dedup_window: timedelta
    ) -> Enqueued:
        """Insert ``candidate`` unless an open investigation exists for the same
        conversation created within ``dedup_window``; then return that one instead."""
        async with self.db.write() as session:
            stmt = (
                select(Investigation)
                .where(Investigation.conversation_id == candidate.conversation_id)
                .where(col(Investigation.status).in_([s.value for s in OPEN_STATUSES]))
                .where(Investigation.created_at >= now - dedup_window)
                .order_by(col(Investigation.created_at).desc())
                .limit(1)
            )
            if self.db.dialect == "postgresql":
                # serialise concurrent enqueues for one conversation
                await session.execute(
                    text("SELECT pg_advisory_xact_lock(hashtext(:k))"),
                    {"k": candidate.conversation_id},
                )
            existing = (await session.execute(stmt)).scalars().first()
            if existing is not None:
                session.expunge(existing)  # keep its loaded state; the transaction just ends
                return Enqueued(existing, created=False)
            candidate.status = Status.PENDING
            candidate.created_at = now
            session.add(candidate)
            await session.commit()
            return Enqueued(candidate, created=True)

    async def claim(self, *, worker_id: str, now: datetime) -> Claim | None:
        """Atomically move the oldest pending investigation to running, or return None."""
        token = uuid.uuid4().hex
        lock = " FOR UPDATE SKIP LOCKED" if self.db.dialect == "postgresql" else ""
        sql = (text(
            "UPDATE investigations SET status = 'running', claimed_at = :now, "
            "heartbeat_at = :now, worker_id = :worker, claim_token = :token, "
            "attempts = attempts + 1 "
            "WHERE id = (SELECT id FROM investigations WHERE status = 'pending' "
            f"ORDER BY created_at, id LIMIT 1{lock}) AND status = 'pending' "
            "RETURNING id"
        ).bindparams(bindparam("now", type_=UTCDateTime())))
        async with self.db.write() as session:
            row = (await session.execute(sql, {"now": now, "worker": worker_id, "token": token})).first()
            await session.commit()
        if row is None:
            return None
        inv = await self.get(row[0])
        assert inv is not None
        return Claim(inv, token)

    async def heartbeat(self, claim: Claim, *, now: datetime, progress: str | None = None) -> bool:
        """Refresh the lease; False means the claim was lost (reclaimed or cancelled)."""
        values: dict[str, object] = {"heartbeat_at": now}
        if progress is not None:
            values["progress"] = progress
        return await self._guarded_update(claim, values) == 1

    async def complete(
        self,
        claim: Claim,
        *,
        now: datetime,
        answer: str,
        report_path: str | None = None,
        report_entry_id: str | None = None,
    ) -> Outcome:
        return await self._finish(
            claim,
            {
                "status": Status.DONE.value,
                "finished_at": now,
                "answer": answer,
                "report_path": report_path,
                "report_entry_id": report_entry_id,
                "error": None,
            },
        )

    async def fail(self, claim: Claim, *, now: datetime, error: str) -> Outcome:
        return await self._finish(
            claim, {"status": Status.FAILED.value, "finished_at": now, "error": error[:2000]}
        )

    async def fail_unclaimed(self, investigation_id: str, *, now: datetime, error: str) -> Outcome:
        """Fail an open investigation nobody holds (attempts exhausted, unusable request)."""
        async with self.db.session() as session:
            result = await session.execute(
                update(Investigation)
                .where(col(Investigation.id) == investigation_id)
                .where(col(Investigation.status).in_([s.value for s in OPEN_STATUSES]))
                .values(status=Status.FAILED.value, finished_at=now, error=error[:2000])
            )
            await session.commit()
        if result.rowcount == 1:  # type: ignore[attr-defined]
            return Outcome.APPLIED
        return Outcome.NOT_FOUND if await self.get(investigation_id) is None else Outcome.ALREADY_TERMINAL

    async def reclaim_stale(self, *, now: datetime, lease: timedelta, max_attempts: int) -> list[str]:
        """Running rows whose heartbeat is older than the lease go back to pending (or to
        failed when they have used up their attempts). Returns the ids that failed."""
        cutoff = now - lease
        async with self.db.write() as session:
            await session.execute(
                update(Investigation)
                .where(col(Investigation.status) == Status.RUNNING.value)
                .where(col(Investigation.heartbeat_at) < cutoff)
                .where(col(Investigation.attempts) < max_attempts)
                .values(status=Status.PENDING.value, claim_token=None, worker_id=None)
            )
            exhausted = (
                await session.execute(
                    select(Investigation.id)
                    .where(col(Investigation.status) == Status.RUNNING.value)
                    .where(col(Investigation.heartbeat_at) < cutoff)
                )
            ).scalars().all()
            if exhausted:
                await session.execute(
                    update(Investigation)
                    .where(col(Investigation.id).in_(exhausted))
                    .values(
                        status=Status.FAILED.value,
                        finished_at=now,
                        claim_token=None,
                        error=f"gave up after {max_attempts} attempts (worker stopped responding)",
                    )
                )
            await session.commit()
        return list(exhausted)

    async def cancel(self, investigation_id: str, *, now: datetime) -> Outcome:
        async with self.db.session() as session:
            result = await session.execute(
                update(Investigation)
                .where(col(Investigation.id) == investigation_id)
                .where(col(Investigation.status).in_([s.value for s in OPEN_STATUSES]))
                .values(status=Status.CANCELLED.value, finished_at=now, claim_token=None)
            )
            await session.commit()
        if result.rowcount == 1:  # type: ignore[attr-defined]
            return Outcome.APPLIED
        return Outcome.NOT_FOUND if await self.get(investigation_id) is None else Outcome.ALREADY_TERMINAL

    async def get(self, investigation_id: str) -> Investigation | None:
        async with self.db.read() as session:
            return await session.get(Investigation, investigation_id)

    async def open_for_conversation(self, conversation_id: str) -> Investigation | None:
        async with self.db.read() as session:
            stmt = (
                select(Investigation)
                .where(Investigation.conversation_id == conversation_id)
                .where(col(Investigation.status).in_([s.value for s in OPEN_STATUSES]))
                .order_by(col(Investigation.created_at).desc())
                .limit(1)
            )
            return (await session.execute(stmt)).scalars().first()

    async def set_ack(self, investigation_id: str, message_id: str) -> None:
        async with self.db.session() as session:
            await session.execute(
                update(Investigation)
                .where(col(Investigation.id) == investigation_id)
                .values(ack_message_id=message_id)
            )
            await session.commit()

    async def set_question(self, claim: Claim, question: str) -> bool:
        return await self._guarded_update(claim, {"question": question}) == 1

    async def listing(
        self, *, space: str | None = None, status: str | None = None, limit: int = 50
    ) -> list[Investigation]:
        async with self.db.read() as session:
            stmt = select(Investigation).order_by(col(Investigation.created_at).desc()).limit(limit)
            if space is not None:
                stmt = stmt.where(Investigation.space == space)
            if status is not None:
                stmt = stmt.where(Investigation.status == status)
            return list((await session.execute(stmt)).scalars().all())

    # steering notes ---------------------------------------------------------------

    async def add_note(self, investigation_id: str, *, text: str, author_id: str, now: datetime) -> None:
        async with self.db.session() as session:
            session.add(
                SteeringNote(investigation_id=investigation_id, text=text, author_id=author_id, created_at=now)
            )
            await session.commit()

    async def notes(self, investigation_id: str) -> list[SteeringNote]:
        async with self.db.read() as session:
            stmt = (
                select(SteeringNote)
                .where(SteeringNote.investigation_id == investigation_id)
                .order_by(col(SteeringNote.id))
            )
            return list((await session.execute(stmt)).scalars().all())

    # delivery record --------------------------------------------------------------

    async def undelivered(self, *, now: datetime, limit: int = 20) -> list[Investigation]:
        """Finished investigations whose answer or apology has not reached the thread yet."""
        async with self.db.read() as session:
            stmt = (
                select(Investigation)
                .where(col(Investigation.status).in_([Status.DONE.value, Status.FAILED.value]))
                .where(col(Investigation.delivered_at).is_(None))
                .where(
                    (col(Investigation.next_delivery_at).is_(None))
                    | (col(Investigation.next_delivery_at) <= now)
                )
                .order_by(col(Investigation.finished_at))
                .limit(limit)
            )
            return list((await session.execute(stmt)).scalars().all())

    async def mark_delivered(self, investigation_id: str, *, message_id: str, now: datetime) -> bool:
        """Record the delivery; False if it was already recorded (someone else delivered)."""
        async with self.db.session() as session:
            result = await session.execute(
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
            await session.commit()
        return result.rowcount == 1  # type: ignore[attr-defined]

    async def lease_delivery(self, investigation_id: str, *, now: datetime, until: datetime) -> bool:
        """Take the right to deliver one result until ``until`` (so two workers never post it
        twice at once). False when it is delivered, or another worker holds the lease."""
        async with self.db.session() as session:
            result = await session.execute(
                update(Investigation)
                .where(col(Investigation.id) == investigation_id)
                .where(col(Investigation.delivered_at).is_(None))
                .where((col(Investigation.next_delivery_at).is_(None)) | (col(Investigation.next_delivery_at) <= now))
                .values(next_delivery_at=until)
            )
            await session.commit()
        return result.rowcount == 1  # type: ignore[attr-defined]

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
        async with self.db.session() as session:
            await session.execute(
                update(Investigation).where(col(Investigation.id) == investigation_id).values(**values)
            )
            await session.commit()

    # internals --------------------------------------------------------------------

    async def _guarded_update(self, claim: Claim, values: dict[str, object]) -> int:
        async with self.db.session() as session:
            result = await session.execute(
                update(Investigation)
                .where(col(Investigation.id) == claim.investigation.id)
                .where(col(Investigation.claim_token) == claim.token)
                .where(col(Investigation.status) == Status.RUNNING.value)
                .values(**values)
            )
            await session.commit()
        return int(result.rowcount)  # type: ignore[attr-defined]

    async def _finish(self, claim: Claim, values: dict[str, object]) -> Outcome:
        if await self._guarded_update(claim, values) == 1:
            return Outcome.APPLIED
        current = await self.get(claim.investigation.id)
        if current is None:
            return Outcome.NOT_FOUND
        if current.status == Status.RUNNING.value or current.status == Status.PENDING.value:
            return Outcome.STALE_CLAIM
        if current.claim_token != claim.token:
            return Outcome.STALE_CLAIM
        return Outcome.ALREADY_TERMINAL

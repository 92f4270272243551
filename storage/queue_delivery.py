"""The delivery record: which finished investigations have reached their thread, a lease so
two workers never post one result at once, and the retry schedule of failed posts."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlmodel import col, select

from storage.db import Database
from storage.models import Investigation, Status
from storage.queue_types import COLUMNS, changed, investigation_from_row

_LEASE = (
    "UPDATE investigations SET next_delivery_at = :until WHERE id = :id "
    f"AND status IN ('{Status.DONE.value}', '{Status.FAILED.value}') AND delivered_at IS NULL "
    "AND (next_delivery_at IS NULL OR next_delivery_at <= :now) "
    f"RETURNING {', '.join(COLUMNS)}"
)


class Deliveries:
    def __init__(self, db: Database) -> None:
        self.db = db

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
        return await self.db.run(lambda s: changed(s, stmt)) == 1

    async def lease_delivery(
        self, investigation_id: str, *, now: datetime, until: datetime
    ) -> Investigation | None:
        """Take the right to deliver one result until ``until`` (so two workers never post it
        twice at once) and return the row as it is now, in the same statement (the report
        just written, the acknowledgement recorded meanwhile). None when it is delivered, or
        another worker holds the lease, or it is not finished (a cancelled investigation has
        nothing to deliver)."""
        params = {"id": investigation_id, "now": self.db.to_db_time(now), "until": self.db.to_db_time(until)}
        row = await self.db.fetch_one(_LEASE, params)
        return None if row is None else investigation_from_row(row)

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

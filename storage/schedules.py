"""Schedules: the rows of standing investigations, and the statements that take a due run.

A due run is taken by ``take``: one ``UPDATE … RETURNING`` guarded by the next run the
caller read, which the queue runs first in the transaction of the run's enqueue
(``Queue.enqueue(guard=…)``), so a run is enqueued once however many processes look."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session
from sqlmodel import col

from storage.db import Database, SqlConnection, storable
from storage.models import Schedule, ScheduleRun
from storage.queue_types import Guard

_COLUMNS = tuple(Schedule.model_fields)
_SELECT = f"SELECT {', '.join(_COLUMNS)} FROM schedules"
_INSERT = f"INSERT INTO schedules ({', '.join(_COLUMNS)}) VALUES ({', '.join(':' + c for c in _COLUMNS)})"
_TAKE = (
    "UPDATE schedules SET next_run = :next_run, last_run = :now, runs = runs + 1, updated_at = :now "
    "WHERE id = :id AND next_run = :expected AND paused = :no RETURNING id"
)
_TAKE_NOW = (
    "UPDATE schedules SET last_run = :now, runs = runs + 1, updated_at = :now WHERE id = :id RETURNING id"
)
_RUN = (
    "INSERT INTO schedule_runs (investigation_id, schedule_id, due_at, since, missed) "
    "VALUES (:investigation_id, :schedule_id, :due_at, :since, :missed)"
)
_TIMES = ("created_at", "updated_at", "next_run", "last_run")


@dataclass(frozen=True)
class Change:
    """What a pause, resume or change applied: the row as it is now (None: no such schedule)."""

    schedule: Schedule | None
    changed: bool


def new_schedule_id() -> str:
    """Short enough to type (``/schedule pause 3f9a2c1b``)."""
    return uuid.uuid4().hex[:8]


class Schedules:
    def __init__(self, db: Database) -> None:
        self.db = db

    def _row(self, row: Any) -> Schedule:
        values = {name: row[name] for name in _COLUMNS}
        for name in _TIMES:
            values[name] = Database.from_db_time(values[name])
        values["paused"] = bool(values["paused"])
        return Schedule(**values)

    def _params(self, schedule: Schedule) -> dict[str, Any]:
        values = {name: getattr(schedule, name) for name in _COLUMNS}
        for name in _TIMES:
            if values[name] is not None:
                values[name] = self.db.to_db_time(values[name])
        for name in ("topic", "owner_name", "rule_text", "paused_reason"):
            values[name] = storable(values[name])
        return values

    async def add(self, schedule: Schedule, *, limit: int, audit: Any = None) -> bool:
        """Insert ``schedule`` unless its owner already has ``limit`` (0: no limit); with it,
        in the same transaction, ``audit(conn)`` (the record of who made it). False: over the limit."""
        db = self.db
        params = self._params(schedule)

        def work(conn: SqlConnection) -> bool:
            if limit:
                row = db.execute(
                    conn, "SELECT COUNT(*) AS n FROM schedules WHERE owner_id = :owner_id", params
                ).one()
                if int(row["n"]) >= limit:
                    return False
            db.execute(conn, _INSERT, params)
            if audit is not None:
                audit(conn)
            return True

        return await db.run_sql(work)

    async def get(self, schedule_id: str) -> Schedule | None:
        db = self.db
        row = await db.read_sql(
            lambda conn: db.execute(conn, f"{_SELECT} WHERE id = :id", {"id": schedule_id}).first()
        )
        return self._row(row) if row is not None else None

    async def listing(
        self, *, owner_id: str | None = None, space: str | None = None, limit: int = 200
    ) -> list[Schedule]:
        db = self.db
        where, params = [], {"limit": limit}
        if owner_id is not None:
            where.append("owner_id = :owner_id")
            params["owner_id"] = owner_id  # type: ignore[assignment]
        if space is not None:
            where.append("space = :space")
            params["space"] = space  # type: ignore[assignment]
        sql = (
            _SELECT
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY created_at, id LIMIT :limit"
        )
        rows = await db.read_sql(lambda conn: db.execute(conn, sql, params).all(), short=False)
        return [self._row(r) for r in rows]

    async def due(self, now: datetime, *, limit: int = 100) -> list[Schedule]:
        """Schedules not paused whose next run is at or before ``now``, earliest first."""
        db = self.db
        params = {"now": db.to_db_time(now), "no": False, "limit": limit}
        sql = f"{_SELECT} WHERE paused = :no AND next_run <= :now ORDER BY next_run LIMIT :limit"
        rows = await db.read_sql(lambda conn: db.execute(conn, sql, params).all(), short=False)
        return [self._row(r) for r in rows]

    async def next_due(self) -> datetime | None:
        """The earliest next run of a schedule not paused (the worker's timer is set for it)."""
        db = self.db
        sql = "SELECT MIN(next_run) AS at FROM schedules WHERE paused = :no"
        row = await db.read_sql(lambda conn: db.execute(conn, sql, {"no": False}).one())
        return Database.from_db_time(row["at"])

    def take(self, schedule: Schedule, *, next_run: datetime, now: datetime) -> Guard:
        """The guard that takes ``schedule``'s due run (as read: its ``next_run``) and moves
        its next run to ``next_run``; it changes nothing when another process took it first
        or it was paused or deleted meanwhile."""
        db = self.db
        return Guard(
            _TAKE,
            {
                "id": schedule.id,
                "expected": db.to_db_time(schedule.next_run),
                "next_run": db.to_db_time(next_run),
                "now": db.to_db_time(now),
                "no": False,
            },
        )

    def take_now(self, schedule: Schedule, *, now: datetime) -> Guard:
        """A run asked for by hand: the next due time stays; only a deleted schedule stops it."""
        return Guard(_TAKE_NOW, {"id": schedule.id, "now": self.db.to_db_time(now)})

    def record_run(self, conn: SqlConnection, run: ScheduleRun) -> None:
        """The run's record, written in its enqueue's transaction (``on_created``)."""
        db = self.db
        db.execute(
            conn,
            _RUN,
            {
                "investigation_id": run.investigation_id,
                "schedule_id": run.schedule_id,
                "due_at": db.to_db_time(run.due_at),
                "since": db.to_db_time(run.since) if run.since is not None else None,
                "missed": run.missed,
            },
        )

    async def run_of(self, investigation_id: str) -> ScheduleRun | None:
        db = self.db
        sql = "SELECT investigation_id, schedule_id, due_at, since, missed FROM schedule_runs WHERE investigation_id = :id"
        row = await db.read_sql(lambda conn: db.execute(conn, sql, {"id": investigation_id}).first())
        if row is None:
            return None
        return ScheduleRun(
            investigation_id=row["investigation_id"],
            schedule_id=row["schedule_id"],
            due_at=Database.from_db_time(row["due_at"]) or datetime.min,
            since=Database.from_db_time(row["since"]),
            missed=int(row["missed"]),
        )

    async def own_reports(self, schedule_id: str) -> set[str]:
        """The report entries this schedule's runs wrote (a digest does not count them as news)."""
        db = self.db
        sql = "SELECT report_entry_id FROM investigations WHERE schedule_id = :id AND report_entry_id IS NOT NULL"
        rows = await db.read_sql(lambda conn: db.execute(conn, sql, {"id": schedule_id}).all(), short=False)
        return {r["report_entry_id"] for r in rows}

    async def set_paused(
        self,
        schedule_id: str,
        *,
        paused: bool,
        now: datetime,
        reason: str = "",
        next_run: datetime | None = None,
        audit: Any = None,
    ) -> Change:
        """Pause or resume (a resume sets the next run from now); with the change, in its
        transaction, ``audit(conn)``. ``changed`` is False when it was already so."""
        db = self.db
        params = {
            "id": schedule_id,
            "paused": paused,
            "was": not paused,
            "reason": storable(reason[:500]),
            "now": db.to_db_time(now),
            "next_run": db.to_db_time(next_run) if next_run is not None else None,
        }
        sql = (
            "UPDATE schedules SET paused = :paused, paused_reason = :reason, updated_at = :now"
            + (", next_run = :next_run" if next_run is not None else "")
            + " WHERE id = :id AND paused = :was RETURNING id"
        )

        def work(conn: SqlConnection) -> bool:
            changed = db.execute(conn, sql, params).first() is not None
            if changed and audit is not None:
                audit(conn)
            return changed

        changed = await db.run_sql(work)
        return Change(await self.get(schedule_id), changed)

    async def delete(self, schedule_id: str, *, audit: Any = None) -> bool:
        """Remove a schedule (its runs' records go with it; its reports stay)."""
        db = self.db

        def work(conn: SqlConnection) -> bool:
            gone = db.execute(conn, "DELETE FROM schedules WHERE id = :id RETURNING id", {"id": schedule_id})
            if gone.first() is None:
                return False
            db.execute(conn, "DELETE FROM schedule_runs WHERE schedule_id = :id", {"id": schedule_id})
            if audit is not None:
                audit(conn)
            return True

        return await db.run_sql(work)


def forget_schedules(session: Session, *, user: str | None, space: str | None) -> int:
    """``forget``: a user's schedules, or a space's, and their runs' records (in the caller's session)."""
    where = col(Schedule.owner_id) == user if user is not None else col(Schedule.space) == space
    ids: Sequence[str] = list(session.execute(select(col(Schedule.id)).where(where)).scalars())
    if ids:
        session.execute(delete(ScheduleRun).where(col(ScheduleRun.schedule_id).in_(ids)))
        session.execute(delete(Schedule).where(col(Schedule.id).in_(ids)))
    return len(ids)

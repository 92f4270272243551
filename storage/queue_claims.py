"""Claims: the atomic claim, the lease (heartbeat, release, stale reclaim) and the terminal
transitions (complete, fail, cancel), each one statement allowed only to the holder of the
claim token, so any number of worker processes can share the table."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import text, update
from sqlalchemy.orm import Session
from sqlmodel import col, select

from storage.db import Database, Listener, SqlConnection
from storage.models import OPEN_STATUSES, Investigation, Status
from storage.queue_batch import Coalescer
from storage.queue_types import CHANNEL, COLUMNS, NOTIFY, Claim, Outcome, changed, investigation_from_row
from storage.queue_wake import SqliteWatch

log = logging.getLogger(__name__)

_OPEN = [s.value for s in OPEN_STATUSES]

# One claim per statement: SQLite's (a process's concurrent units already share a transaction:
# ``Database.run_sql``'s group commit), and PostgreSQL's when a claimer is alone
_CLAIM = (
    "UPDATE investigations SET status = 'running', claimed_at = :now, heartbeat_at = :now, "
    "worker_id = :worker_id, claim_token = :token, attempts = attempts + 1 "
    "WHERE id = (SELECT id FROM investigations WHERE status = 'pending' "
    "ORDER BY created_at, id LIMIT 1{lock}) AND status = 'pending' "
    f"RETURNING {', '.join(COLUMNS)}"
)
_CLAIM_ONE = {"sqlite": _CLAIM.format(lock=""), "postgresql": _CLAIM.format(lock=" FOR UPDATE SKIP LOCKED")}
# PostgreSQL: up to :count claims in one statement, the oldest pending rows that no one else
# has locked, the n-th row to the n-th claimer (its own worker id, token and time)
# The rows are taken by id from the locked set (``IN (SELECT id FROM picked)``: a primary-key
# probe each, with no condition on status the planner could drive the join from), never by a
# join on status the planner may turn into a scan of every pending row per claimed one when
# the table's statistics are stale (a backlog that built up since the last analyze: 27 ms for
# ten claims over 1,000 pending rows), nor by ``id = ANY(array)``, which those statistics turn
# into a scan of the whole table (0.45 of a 1.1 ms handover at 2,000 rows). The rows ``picked``
# locked are pending in their latest version (FOR UPDATE rechecks the condition on a row changed
# meanwhile) and no one else can change them before this statement commits.
_PICK = (
    "picked AS MATERIALIZED (SELECT id FROM investigations WHERE status = 'pending' "
    "ORDER BY created_at, id LIMIT :count FOR UPDATE SKIP LOCKED), "
    "chosen AS (SELECT array_agg(id) AS ids FROM picked)"
)
_TAKE = (
    "UPDATE investigations AS i SET status = 'running', "
    "claimed_at = (CAST(:times AS timestamptz[]))[array_position((SELECT ids FROM chosen), i.id)], "
    "heartbeat_at = (CAST(:times AS timestamptz[]))[array_position((SELECT ids FROM chosen), i.id)], "
    "worker_id = (CAST(:workers AS text[]))[array_position((SELECT ids FROM chosen), i.id)], "
    "claim_token = (CAST(:tokens AS text[]))[array_position((SELECT ids FROM chosen), i.id)], "
    "attempts = i.attempts + 1 WHERE i.id IN (SELECT id FROM picked) "
    f"RETURNING {', '.join('i.' + c for c in COLUMNS)}"
)
# PostgreSQL: up to :count claims in one statement, the oldest pending rows that no one else
# has locked, the n-th row to the n-th claimer (its own worker id, token and time)
_CLAIM_BATCH = f"WITH {_PICK} {_TAKE}"
_GUARD = " WHERE id = :guard_id AND claim_token = :guard_token AND status = 'running' RETURNING id"
_COMPLETE = (
    "UPDATE investigations SET status = 'done', finished_at = :now, answer = :answer, "
    "report_path = :report_path, report_entry_id = :report_entry_id, error = NULL, dedup_holder = FALSE"
    + _GUARD
)
# PostgreSQL: the completes that waited while one was in flight, in one statement
_COMPLETE_BATCH = (
    "UPDATE investigations AS i SET status = 'done', finished_at = v.finished_at, answer = v.answer, "
    "report_path = v.report_path, report_entry_id = v.report_entry_id, error = NULL, dedup_holder = FALSE "
    "FROM unnest(CAST(:ids AS text[]), CAST(:tokens AS text[]), CAST(:times AS timestamptz[]), "
    "CAST(:answers AS text[]), CAST(:report_paths AS text[]), CAST(:report_entry_ids AS text[])) "
    "AS v(id, token, finished_at, answer, report_path, report_entry_id) "
    "WHERE i.id = v.id AND i.claim_token = v.token AND i.status = 'running' RETURNING i.id"
)
_FAIL = (
    "UPDATE investigations SET status = 'failed', finished_at = :now, error = :error, dedup_holder = FALSE"
    + _GUARD
)
_HEARTBEAT = "UPDATE investigations SET heartbeat_at = :now" + _GUARD
_HEARTBEAT_PROGRESS = "UPDATE investigations SET heartbeat_at = :now, progress = :progress" + _GUARD
_SET_QUESTION = "UPDATE investigations SET question = :question" + _GUARD
# a hand-back (worker shutting down) does not spend an attempt
_HAND_BACK = (
    "UPDATE investigations SET status = 'pending', claim_token = NULL, worker_id = NULL, "
    "progress = NULL, attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END"
)
_RELEASE = _HAND_BACK + _GUARD
# a claim asked for whose answer never came: if it landed, no worker knows it holds it
_RELEASE_UNHEARD = _HAND_BACK + " WHERE claim_token = :token AND status = 'running' RETURNING id"
# PostgreSQL: a worker's complete and its next claim in one statement (both row sets are
# read from one snapshot: the completed row is running there, so the claim cannot take it)
_COMPLETE_CLAIM = (
    f"WITH done AS ({_COMPLETE}), claimed AS ({_CLAIM_ONE['postgresql']}) "
    "SELECT (SELECT count(*) FROM done) AS completed, claimed.* FROM (SELECT 1) AS one LEFT JOIN claimed ON TRUE"
)
# … and those of a process's workers that finished while one was in flight, together
_COMPLETE_CLAIM_BATCH = (
    "WITH done AS (UPDATE investigations AS i SET status = 'done', finished_at = v.finished_at, "
    "answer = v.answer, report_path = v.report_path, report_entry_id = v.report_entry_id, error = NULL, "
    "dedup_holder = FALSE FROM unnest(CAST(:done_ids AS text[]), CAST(:done_tokens AS text[]), "
    "CAST(:done_times AS timestamptz[]), CAST(:answers AS text[]), CAST(:report_paths AS text[]), "
    "CAST(:report_entry_ids AS text[])) AS v(id, token, finished_at, answer, report_path, report_entry_id) "
    "WHERE i.id = v.id AND i.claim_token = v.token AND i.status = 'running' RETURNING i.id), "
    f"{_PICK}, claimed AS ({_TAKE}) "
    "SELECT (SELECT array_agg(id) FROM done) AS completed, claimed.* FROM (SELECT 1) AS one LEFT JOIN claimed ON TRUE"
)
# a claim asked for: (worker id, token, when); a complete: (claim, finished_at, answer, path, entry)
_Asked = tuple[str, str, datetime]
_Completed = tuple[Claim, datetime, str, str | None, str | None]


def _completion_columns(done: list[_Completed], *, prefix: str = "") -> dict[str, list[Any]]:
    """The completions as one array per column, for the batch statements."""
    return {
        f"{prefix}ids": [claim.investigation.id for claim, *_ in done],
        f"{prefix}tokens": [claim.token for claim, *_ in done],
        f"{prefix}times": [now for _, now, *_ in done],
        "answers": [answer for _, _, answer, _, _ in done],
        "report_paths": [path for *_, path, _ in done],
        "report_entry_ids": [entry for *_, entry in done],
    }


_Handover = tuple[_Completed, _Asked]

# statements of one kind in flight at once from a process (``Coalescer``): two, so the
# server runs one batch while this process reads the answer to the other and its workers
# send the next; calls made together are split in two only when each half holds five or more
# (a ten-slot worker: two groups of five taking turns; eight one-slot workers: one statement,
# which costs the server less than two of four: 0.20 against 0.28 ms of CPU a job)
_DEPTH = 2
_LEAST = 5


class Claims:
    """On PostgreSQL the claims and completes of one process's workers are coalesced: those
    made while one is in flight share the next statement (``storage/queue_batch.py``). Each
    job is still claimed with its own token and completed under it, one row each."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._claims: Coalescer[_Asked, Claim | None] = Coalescer(
            self._claim_batch,
            key=lambda asked: asked[1],
            depth=_DEPTH,
            least=_LEAST,
            orphaned=self._hand_back,
        )
        self._completes: Coalescer[_Completed, bool] = Coalescer(
            self._complete_batch, key=lambda done: done[0].investigation.id, depth=_DEPTH, least=_LEAST
        )
        self._handovers: Coalescer[_Handover, tuple[bool, Claim | None]] = Coalescer(
            self._handover_batch,
            key=lambda item: item[0][0].investigation.id,
            depth=_DEPTH,
            least=_LEAST,
            orphaned=self._hand_back_next,
        )
        # tokens of claims whose statement failed without an answer: the server may have
        # committed them (it restarted, or the connection dropped, after the commit)
        self._unheard: set[str] = set()

    async def claim(self, *, worker_id: str, now: datetime) -> Claim | None:
        """Atomically move the oldest pending investigation to running and return it, or
        return None. One statement; on PostgreSQL concurrent claimers skip each other's
        locked rows (``FOR UPDATE SKIP LOCKED``) instead of queueing behind them, and this
        process's claims made while one is in flight share the next statement."""
        await self._hand_back_unheard()
        token = uuid.uuid4().hex
        try:
            if self.db.dialect == "postgresql":
                return await self._claims((worker_id, token, now))
            return await self._claim_one(worker_id, token, now)
        except Exception:
            self._unheard.add(token)
            raise

    async def settled(self) -> None:
        """Return once none of this process's claims, completes or handovers is waiting or in
        flight, the claims handed back for callers that stopped waiting included."""
        for coalescer in (self._claims, self._completes, self._handovers):
            await coalescer.settled()

    async def _hand_back_unheard(self) -> None:
        """Hand back the claims this process asked for and never heard the answer to: one
        that landed is held by nobody, and would otherwise sit "running" until its lease ran
        out. Raises while the database is still away (the claim would fail all the same)."""
        for token in list(self._unheard):
            landed = await self.db.fetch_one(_RELEASE_UNHEARD, {"token": token})
            self._unheard.discard(token)
            if landed is not None:
                log.info("a claim whose answer was lost had landed; handed it back")
                if self.db.dialect == "postgresql":
                    await self.db.fetch_one(NOTIFY)

    async def _claim_one(self, worker_id: str, token: str, now: datetime) -> Claim | None:
        params = {"now": self.db.to_db_time(now), "worker_id": worker_id, "token": token}
        row = await self.db.fetch_one(_CLAIM_ONE[self.db.dialect], params)
        return None if row is None else Claim(investigation_from_row(row), token)

    async def _claim_batch(self, asked: list[_Asked]) -> list[Claim | None]:
        if len(asked) == 1:  # the plain statement: cheaper for the server than the batch's
            return [await self._claim_one(*asked[0])]
        params = {
            "count": len(asked),
            "times": [now for _, _, now in asked],
            "workers": [worker for worker, _, _ in asked],
            "tokens": [token for _, token, _ in asked],
        }
        rows = await self.db.fetch_all(_CLAIM_BATCH, params)
        claimed = {row["claim_token"]: Claim(investigation_from_row(row), row["claim_token"]) for row in rows}
        return [claimed.get(token) for _, token, _ in asked]

    async def _hand_back(self, _asked: _Asked, claim: Claim | None) -> None:
        if claim is not None:
            log.info("a claim landed after its worker stopped waiting; handing it back")
            await self.release(claim)

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
            await self.db.fetch_one(NOTIFY)
        return released

    async def watch(self, wake: Callable[[], None]) -> Listener | SqliteWatch | None:
        """Call ``wake`` whenever an investigation becomes pending in any process: on
        PostgreSQL through LISTEN/NOTIFY, on a SQLite file by watching for commits from
        other connections (``SqliteWatch``). None for an in-memory SQLite database."""
        if self.db.dialect == "postgresql":
            return await self.db.listen(CHANNEL, wake)
        return await SqliteWatch.open(self.db, wake)

    async def complete(
        self,
        claim: Claim,
        *,
        now: datetime,
        answer: str,
        report_path: str | None = None,
        report_entry_id: str | None = None,
    ) -> Outcome:
        if self.db.dialect == "postgresql":
            if await self._completes((claim, now, answer, report_path, report_entry_id)):
                return Outcome.APPLIED
            return await self._why_not(claim)
        return await self._finish(
            claim, _COMPLETE, _completed(self.db.to_db_time(now), answer, report_path, report_entry_id)
        )

    async def _complete_batch(self, done: list[_Completed]) -> list[bool]:
        if len(done) == 1:
            claim, now, answer, path, entry = done[0]
            return [await self._guarded(_COMPLETE, _completed(now, answer, path, entry), claim)]
        params = _completion_columns(done)
        applied = {row["id"] for row in await self.db.fetch_all(_COMPLETE_BATCH, params)}
        return [claim.investigation.id in applied for claim, *_ in done]

    async def complete_and_claim(
        self,
        claim: Claim,
        *,
        now: datetime,
        answer: str,
        worker_id: str,
        report_path: str | None = None,
        report_entry_id: str | None = None,
    ) -> tuple[Outcome, Claim | None]:
        """``complete`` and then ``claim`` for ``worker_id``, in one statement (one unit of
        work on SQLite): what a worker that goes on to its next investigation sends. The
        outcome is ``complete``'s, the claim what ``claim`` would have returned."""
        await self._hand_back_unheard()
        done: _Completed = (claim, now, answer, report_path, report_entry_id)
        asked: _Asked = (worker_id, uuid.uuid4().hex, now)
        try:
            if self.db.dialect == "postgresql":
                applied, taken = await self._handovers((done, asked))
            else:
                applied, taken = await self._handover_sqlite(done, asked)
        except Exception:
            self._unheard.add(asked[1])
            raise
        return (Outcome.APPLIED if applied else await self._why_not(claim)), taken

    async def _handover_sqlite(self, done: _Completed, asked: _Asked) -> tuple[bool, Claim | None]:
        db = self.db
        claim, now, answer, path, entry = done
        worker_id, token, claimed_at = asked
        completed = {
            **_completed(db.to_db_time(now), answer, path, entry),
            "guard_id": claim.investigation.id,
            "guard_token": claim.token,
        }
        claiming = {"now": db.to_db_time(claimed_at), "worker_id": worker_id, "token": token}

        def work(conn: SqlConnection) -> tuple[bool, Any]:
            applied = db.execute(conn, _COMPLETE, completed).first() is not None
            return applied, db.execute(conn, _CLAIM_ONE["sqlite"], claiming).first()

        applied, row = await db.run_sql(work)
        return applied, None if row is None else Claim(investigation_from_row(row), token)

    async def _handover_batch(self, items: list[_Handover]) -> list[tuple[bool, Claim | None]]:
        if len(items) == 1:
            (claim, now, answer, path, entry), (worker_id, token, _) = items[0]
            params = {
                **_completed(now, answer, path, entry),
                "guard_id": claim.investigation.id,
                "guard_token": claim.token,
                "worker_id": worker_id,
                "token": token,
            }
            row = await self.db.fetch_one(_COMPLETE_CLAIM, params)
            taken = None if row["id"] is None else Claim(investigation_from_row(row), token)
            return [(bool(row["completed"]), taken)]
        done = [item[0] for item in items]
        asked = [item[1] for item in items]
        params = {
            **_completion_columns(done, prefix="done_"),
            "count": len(asked),
            "times": [now for _, _, now in asked],
            "workers": [worker for worker, _, _ in asked],
            "tokens": [token for _, token, _ in asked],
        }
        rows = await self.db.fetch_all(_COMPLETE_CLAIM_BATCH, params)
        applied = set(rows[0]["completed"] or ())
        claimed = {
            row["claim_token"]: Claim(investigation_from_row(row), row["claim_token"])
            for row in rows
            if row["id"] is not None
        }
        return [
            (claim.investigation.id in applied, claimed.get(token))
            for (claim, *_), (_, token, _) in zip(done, asked, strict=True)
        ]

    async def _hand_back_next(self, _item: _Handover, result: tuple[bool, Claim | None]) -> None:
        await self._hand_back(_item[1], result[1])

    async def fail(self, claim: Claim, *, now: datetime, error: str) -> Outcome:
        return await self._finish(claim, _FAIL, {"now": self.db.to_db_time(now), "error": error[:2000]})

    async def set_question(self, claim: Claim, question: str) -> bool:
        return await self._guarded(_SET_QUESTION, {"question": question}, claim)

    async def reclaim_stale(self, *, now: datetime, lease: timedelta, max_attempts: int) -> list[str]:
        """Running rows whose heartbeat is older than the lease go back to pending (or to
        failed when they have used up their attempts). Returns the ids that failed."""
        cutoff = now - lease

        def work(session: Session) -> list[str]:
            requeued = changed(
                session,
                update(Investigation)
                .where(col(Investigation.status) == Status.RUNNING.value)
                .where(col(Investigation.heartbeat_at) < cutoff)
                .where(col(Investigation.attempts) < max_attempts)
                .values(status=Status.PENDING.value, claim_token=None, worker_id=None),
            )
            if requeued > 0 and self.db.dialect == "postgresql":
                session.execute(text(NOTIFY))
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
                        dedup_holder=False,
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
                .values(status=Status.CANCELLED.value, finished_at=now, claim_token=None, dedup_holder=False)
            )
            if changed(session, stmt) == 1:
                return Outcome.APPLIED
            return (
                Outcome.NOT_FOUND
                if session.get(Investigation, investigation_id) is None
                else Outcome.ALREADY_TERMINAL
            )

        return await self.db.run(work)

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
        return await self._why_not(claim)

    async def _why_not(self, claim: Claim) -> Outcome:
        """Why a terminal transition under ``claim`` changed nothing."""
        current = await self.db.run(lambda s: s.get(Investigation, claim.investigation.id), write=False)
        if current is None:
            return Outcome.NOT_FOUND
        if (
            current.status in (Status.RUNNING.value, Status.PENDING.value)
            or current.claim_token != claim.token
        ):
            return Outcome.STALE_CLAIM
        return Outcome.ALREADY_TERMINAL


def _completed(now: Any, answer: str, report_path: str | None, report_entry_id: str | None) -> dict[str, Any]:
    return {"now": now, "answer": answer, "report_path": report_path, "report_entry_id": report_entry_id}

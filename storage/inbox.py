"""The durable inbox: an inbound platform message, normalized, is written here (one write)
before the platform is acknowledged; a bot process claims it with a lease while handling
it and marks it done. Rows not done whose lease ran out are taken up again by any process."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from storage.db import Database, SqlConnection, storable

HANDLED = "handled"
GAVE_UP = "gave_up"

# A fresh key is inserted already claimed; an existing one is taken over only when it is not
# done and nobody holds a live lease on it. A row back: this process now holds the claim.
_TAKE = (
    "INSERT INTO inbox (key, platform, kind, payload, received_at, attempts, claimed_by, claimed_until) "
    "VALUES (:key, :platform, :kind, :payload, :now, 1, :owner, :until) "
    "ON CONFLICT (key) DO UPDATE SET claimed_by = excluded.claimed_by, "
    "claimed_until = excluded.claimed_until, attempts = inbox.attempts + 1 "
    "WHERE inbox.done_at IS NULL AND (inbox.claimed_until IS NULL OR inbox.claimed_until < :now) "
    "RETURNING attempts, payload"
)
_HOLD = (
    "UPDATE inbox SET claimed_by = :owner, claimed_until = :until, attempts = attempts + 1 "
    "WHERE key = :key AND done_at IS NULL "
    "AND (claimed_by = :owner OR claimed_until IS NULL OR claimed_until < :now) RETURNING key"
)
_OPEN = (
    "SELECT key FROM inbox WHERE platform = :platform AND done_at IS NULL "
    "AND (claimed_until IS NULL OR claimed_until < :now) ORDER BY received_at LIMIT :limit"
)
_CLAIM_ONE = (
    "UPDATE inbox SET claimed_by = :owner, claimed_until = :until, attempts = attempts + 1 "
    "WHERE key = :key AND done_at IS NULL AND (claimed_until IS NULL OR claimed_until < :now) "
    "RETURNING key, kind, payload, attempts, received_at"
)
# a done row keeps only its key (the message itself is in the conversation, or was ignored)
_FINISH = (
    "UPDATE inbox SET done_at = :now, outcome = :outcome, claimed_until = NULL, payload = '' "
    "WHERE key = :key AND done_at IS NULL"
)
_RELEASE = (
    "UPDATE inbox SET claimed_until = NULL WHERE key = :key AND claimed_by = :owner AND done_at IS NULL"
)
_FORGET = "DELETE FROM inbox WHERE done_at IS NOT NULL AND done_at < :cutoff"
_WAITING = "SELECT count(*) AS waiting FROM inbox WHERE platform = :platform AND done_at IS NULL"


@dataclass(frozen=True)
class Taken:
    """An inbox row this process holds the claim on. ``attempts`` > 1: an earlier attempt
    (here or in another process) did not finish it, so part of the work may be done."""

    key: str
    kind: str
    payload: str
    attempts: int
    received_at: datetime | None = None

    @property
    def resumed(self) -> bool:
        return self.attempts > 1


class Inbox:
    """One process's view of the inbox: ``owner`` names its claims."""

    def __init__(self, db: Database, *, owner: str | None = None) -> None:
        self.db = db
        self.owner = owner or uuid.uuid4().hex

    async def take(
        self, *, key: str, platform: str, kind: str, payload: str, now: datetime, lease: timedelta
    ) -> Taken | None:
        """Store the message and claim it, in one write. ``None``: it is done already, or
        another process holds it (and will finish it, or its lease runs out and the sweep
        takes it up)."""
        db = self.db
        params = {
            "key": key[:500],
            "platform": platform,
            "kind": kind,
            "payload": storable(payload),
            "now": db.to_db_time(now),
            "owner": self.owner,
            "until": db.to_db_time(now + lease),
        }
        row = await db.run_sql(lambda conn: db.execute(conn, _TAKE, params).first())
        if row is None:
            return None
        return Taken(key[:500], kind, str(row["payload"]), int(row["attempts"]))

    async def hold(self, key: str, *, now: datetime, lease: timedelta) -> bool:
        """Renew this process's claim on ``key`` (or take it back if its lease ran out and
        nobody else took it). False: done, or another process holds it now."""
        db = self.db
        params = {
            "owner": self.owner,
            "until": db.to_db_time(now + lease),
            "key": key,
            "now": db.to_db_time(now),
        }
        return await db.run_sql(lambda conn: db.execute(conn, _HOLD, params).first() is not None)

    async def renew(self, keys: Sequence[str], *, now: datetime, lease: timedelta) -> None:
        """Extend this process's live claims (while their handling runs longer than a lease)."""
        if not keys:
            return
        db = self.db
        marks = ", ".join(f":k{n}" for n in range(len(keys)))
        sql = (
            f"UPDATE inbox SET claimed_until = :until WHERE key IN ({marks}) AND claimed_by = :owner "
            "AND done_at IS NULL"
        )
        params = {"until": db.to_db_time(now + lease), "owner": self.owner}
        params.update({f"k{n}": key for n, key in enumerate(keys)})
        await db.run_sql(lambda conn: db.execute(conn, sql, params))

    async def claim_open(
        self, platform: str, *, now: datetime, lease: timedelta, limit: int = 50
    ) -> list[Taken]:
        """Claim ``platform``'s rows that are not done and that nobody holds, oldest first.
        Each row is claimed by a conditional update, so two processes sweeping at once
        never both hold one."""
        db = self.db
        at, until = db.to_db_time(now), db.to_db_time(now + lease)

        def work(conn: SqlConnection) -> list[Taken]:
            found = db.execute(conn, _OPEN, {"platform": platform, "now": at, "limit": limit}).all()
            taken: list[Taken] = []
            for key in [r["key"] for r in found]:
                claim = {"owner": self.owner, "until": until, "key": key, "now": at}
                row = db.execute(conn, _CLAIM_ONE, claim).first()
                if row is not None:
                    taken.append(
                        Taken(
                            str(row["key"]),
                            str(row["kind"]),
                            str(row["payload"]),
                            int(row["attempts"]),
                            db.from_db_time(row["received_at"]),
                        )
                    )
            return taken

        return await db.run_sql(work)

    async def finish(self, key: str, *, now: datetime, outcome: str = HANDLED) -> None:
        db = self.db
        params = {"now": db.to_db_time(now), "outcome": outcome, "key": key}
        await db.run_sql(lambda conn: db.execute(conn, _FINISH, params))

    async def release(self, key: str) -> None:
        """Give the claim back (at shutdown, with the work not done): another process may
        take it up at once instead of waiting for the lease to run out."""
        db = self.db
        await db.run_sql(lambda conn: db.execute(conn, _RELEASE, {"key": key, "owner": self.owner}))

    async def forget_done_before(self, cutoff: datetime) -> None:
        db = self.db
        await db.run_sql(lambda conn: db.execute(conn, _FORGET, {"cutoff": db.to_db_time(cutoff)}))

    async def waiting(self, platform: str) -> int:
        """How many of ``platform``'s messages are not done yet."""
        db = self.db
        row = await db.read_sql(lambda conn: db.execute(conn, _WAITING, {"platform": platform}).first())
        return int(row["waiting"]) if row is not None else 0

"""Pending replies: an answer the platform rate-limited, stored with its due time; the
delivery leases it (so two processes never post it at once), posts it and marks it done
in the transaction that records it, or gives up. Done rows keep no text."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from storage.conversations import remember_key
from storage.db import Database, SqlConnection, storable

DELIVERED = "delivered"
GAVE_UP = "gave_up"

_COLUMNS = (
    "id, platform, conversation_id, space, thread_ref, kind, text, in_reply_to, buttons, route, "
    "offer, ack_for, question, attempts, created_at, due_at"
)
_ADD = (
    "INSERT INTO pending_replies (id, platform, conversation_id, space, thread_ref, kind, text, "
    "in_reply_to, buttons, route, offer, ack_for, question, attempts, created_at, due_at) "
    "VALUES (:id, :platform, :conversation_id, :space, :thread_ref, :kind, :text, :in_reply_to, "
    ":buttons, :route, :offer, :ack_for, :question, :attempts, :created_at, :due_at)"
)
_DUE = (
    f"SELECT {_COLUMNS} FROM pending_replies WHERE platform = :platform AND done_at IS NULL "
    "AND due_at <= :now ORDER BY due_at, created_at LIMIT :limit"
)
# taking the right to post it: its due time moves to the end of the lease
_LEASE = (
    "UPDATE pending_replies SET due_at = :until, attempts = attempts + 1 "
    "WHERE id = :id AND done_at IS NULL AND due_at <= :now RETURNING attempts"
)
_RETRY = "UPDATE pending_replies SET due_at = :due, error = :error WHERE id = :id AND done_at IS NULL"
# a done row keeps only what says what became of it (its text is in the conversation, or lost)
_FINISH = (
    "UPDATE pending_replies SET done_at = :now, outcome = :outcome, error = :error, text = '', "
    "buttons = '[]', offer = NULL, question = NULL WHERE id = :id AND done_at IS NULL RETURNING id"
)
_FORGET_DONE = "DELETE FROM pending_replies WHERE done_at IS NOT NULL AND done_at < :cutoff"
_WAITING = "SELECT count(*) AS waiting FROM pending_replies WHERE platform = :platform AND done_at IS NULL"

# ``mallory forget`` (storage/records.py), run before the messages themselves are deleted:
# a person's are the replies to their messages and the acknowledgements of what they asked
FORGET_FOR_USER = (
    "DELETE FROM pending_replies WHERE EXISTS (SELECT 1 FROM messages m "
    "WHERE m.conversation_id = pending_replies.conversation_id "
    "AND m.platform_message_id = pending_replies.in_reply_to AND m.author_id = :user) "
    "OR ack_for IN (SELECT id FROM investigations WHERE requester_id = :user)"
)
FORGET_IN_SPACE = (
    "DELETE FROM pending_replies WHERE space = :space "
    "OR conversation_id IN (SELECT id FROM conversations WHERE space = :space)"
)


@dataclass(frozen=True)
class PendingReply:
    """A reply waiting to be posted, with what its record must carry. ``buttons`` is JSON
    and ``thread_ref`` a ``ThreadRef`` as JSON: the core reads them, storage does not."""

    conversation_id: str
    space: str
    platform: str
    thread_ref: str
    kind: str
    text: str
    route: str
    in_reply_to: str | None = None
    buttons: str = "[]"
    offer: str | None = None
    ack_for: str | None = None
    question: str | None = None
    attempts: int = 0
    id: str = ""
    created_at: datetime | None = None
    due_at: datetime | None = None


class Gone(Exception):
    """The row was finished or forgotten while it was being posted, so its record is
    rolled back. A signal between this module and the delivery, outside the error tree."""


class PendingReplies:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def add(self, reply: PendingReply, *, now: datetime, due: datetime, identity: str = "") -> str:
        """Keep ``reply`` until ``due``; its id back. ``identity``, the reply's own key, is
        recorded with it (``Conversations.replied``): a second attempt of the message it answers
        leaves it to this kept one."""
        db = self.db
        reply_id = reply.id or uuid.uuid4().hex
        params = {
            "id": reply_id,
            "platform": reply.platform,
            "conversation_id": reply.conversation_id,
            "space": reply.space,
            "thread_ref": reply.thread_ref,
            "kind": reply.kind,
            "text": storable(reply.text),
            "in_reply_to": reply.in_reply_to,
            "buttons": storable(reply.buttons),
            "route": reply.route,
            "offer": None if reply.offer is None else storable(reply.offer),
            "ack_for": reply.ack_for,
            "question": None if reply.question is None else storable(reply.question),
            "attempts": reply.attempts,
            "created_at": db.to_db_time(now),
            "due_at": db.to_db_time(due),
        }

        def work(conn: SqlConnection) -> None:
            db.execute(conn, _ADD, params)
            if identity:
                remember_key(db, conn, identity, params["created_at"])

        await db.run_sql(work)
        return reply_id

    async def due(self, platform: str, *, now: datetime, limit: int = 50) -> list[PendingReply]:
        """``platform``'s replies whose time has come and that nobody holds, oldest due first."""
        db = self.db
        params = {"platform": platform, "now": db.to_db_time(now), "limit": limit}
        rows = await db.read_sql(lambda conn: db.execute(conn, _DUE, params).all())
        return [self._of_row(row) for row in rows]

    async def lease(self, reply_id: str, *, now: datetime, until: datetime) -> int | None:
        """Take the right to post it until ``until``; the attempt this is (counting the
        outbox's first), or None when it is done or another process holds it."""
        db = self.db
        params = {"id": reply_id, "now": db.to_db_time(now), "until": db.to_db_time(until)}
        row = await db.run_sql(lambda conn: db.execute(conn, _LEASE, params).first())
        return None if row is None else int(row["attempts"])

    async def retry_at(self, reply_id: str, *, due: datetime, error: str) -> None:
        db = self.db
        params = {"id": reply_id, "due": db.to_db_time(due), "error": error[:1000]}
        await db.run_sql(lambda conn: db.execute(conn, _RETRY, params))

    async def give_up(self, reply_id: str, *, now: datetime, error: str) -> None:
        db = self.db
        await db.run_sql(lambda conn: self._finish(conn, reply_id, now, GAVE_UP, error[:1000]))

    def delivered(self, reply_id: str, now: datetime) -> Callable[[SqlConnection], None]:
        """A unit part marking the reply posted, for the transaction that records it;
        raises ``Gone`` (rolling the record back) when the row was finished or forgotten."""

        def work(conn: SqlConnection) -> None:
            if not self._finish(conn, reply_id, now, DELIVERED, None):
                raise Gone(reply_id)

        return work

    def _finish(
        self, conn: SqlConnection, reply_id: str, now: datetime, outcome: str, error: str | None
    ) -> bool:
        db = self.db
        params = {"id": reply_id, "now": db.to_db_time(now), "outcome": outcome, "error": error}
        return db.execute(conn, _FINISH, params).first() is not None

    async def forget_done_before(self, cutoff: datetime) -> None:
        db = self.db
        await db.run_sql(lambda conn: db.execute(conn, _FORGET_DONE, {"cutoff": db.to_db_time(cutoff)}))

    async def waiting(self, platform: str) -> int:
        """How many of ``platform``'s replies are not posted (or given up) yet."""
        db = self.db
        row = await db.read_sql(lambda conn: db.execute(conn, _WAITING, {"platform": platform}).first())
        return int(row["waiting"]) if row is not None else 0

    def _of_row(self, row: Any) -> PendingReply:
        return PendingReply(
            conversation_id=row["conversation_id"],
            space=row["space"],
            platform=row["platform"],
            thread_ref=row["thread_ref"],
            kind=row["kind"],
            text=row["text"],
            route=row["route"],
            in_reply_to=row["in_reply_to"],
            buttons=row["buttons"],
            offer=row["offer"],
            ack_for=row["ack_for"],
            question=row["question"],
            attempts=int(row["attempts"]),
            id=row["id"],
            created_at=self.db.from_db_time(row["created_at"]),
            due_at=self.db.from_db_time(row["due_at"]),
        )

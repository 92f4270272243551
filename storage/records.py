"""The audit log (who commissioned, corrected, cancelled or forgot what) and forgetting: a
user's or a space's messages, investigations and entries removed, with a count of each,
and a record that it happened (no content)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import delete, func, insert, or_, select, text, update
from sqlalchemy.orm import Session
from sqlmodel import col

from storage.db import Database, SqlConnection, storable
from storage.embeddings import embeddings_table
from storage.models import (
    AuditRecord,
    Conversation,
    Correction,
    Entry,
    EntryTag,
    EntryTombstone,
    Investigation,
    Message,
    ModelCall,
    Relation,
    SteeringNote,
    TagCount,
)
from storage.pending_replies import FORGET_FOR_USER, FORGET_IN_SPACE
from storage.schedules import forget_schedules

_INSERT = (
    "INSERT INTO audit_log (at, action, platform, actor_id, actor_name, space, investigation_id, detail) "
    "VALUES (:at, :action, :platform, :actor_id, :actor_name, :space, :investigation_id, :detail)"
)

COMMISSIONED = "commissioned"
CORRECTED = "corrected"
CANCELLED = "cancelled"
FORGOT = "forgot"
SCHEDULED = "scheduled"  # a schedule made
SCHEDULE_CHANGED = "schedule changed"  # paused, resumed
SCHEDULE_DELETED = "schedule deleted"


class Audit:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(
        self,
        action: str,
        *,
        now: datetime,
        platform: str = "",
        actor_id: str = "",
        actor_name: str = "",
        space: str = "",
        investigation_id: str | None = None,
        detail: str = "",
    ) -> None:
        """Add one record, in a unit of work of its own."""
        await self.db.run_sql(
            lambda conn: self.write(
                conn,
                action,
                now=now,
                platform=platform,
                actor_id=actor_id,
                actor_name=actor_name,
                space=space,
                investigation_id=investigation_id,
                detail=detail,
            )
        )

    def write(
        self,
        conn: SqlConnection,
        action: str,
        *,
        now: datetime,
        platform: str = "",
        actor_id: str = "",
        actor_name: str = "",
        space: str = "",
        investigation_id: str | None = None,
        detail: str = "",
    ) -> None:
        """Add one record inside the caller's unit of work (``Database.run_sql``), so that
        it is written with the change it records, or not at all."""
        params = {
            "at": self.db.to_db_time(now),
            "action": action,
            "platform": platform,
            "actor_id": actor_id,
            "actor_name": storable(actor_name[:200]),
            "space": space,
            "investigation_id": investigation_id,
            "detail": storable(detail[:1000]),
        }
        self.db.execute(conn, _INSERT, params)

    async def listing(self, *, limit: int = 100, actor_id: str | None = None) -> list[AuditRecord]:
        stmt = select(AuditRecord).order_by(col(AuditRecord.id).desc()).limit(limit)
        if actor_id is not None:
            stmt = stmt.where(col(AuditRecord.actor_id) == actor_id)
        return await self.db.run(lambda s: list(s.execute(stmt).scalars().all()), write=False)


@dataclass
class Unattributed:
    """A ``/remember`` entry saved before authors were recorded, whose message is gone too:
    no one can say whose it is, so ``forget --user`` leaves it (``forget --space`` removes it)."""

    entry_id: str
    space: str
    author: str  # the display name recorded with it, for an admin to judge by


@dataclass
class Forgotten:
    """What ``forget`` removed (report files are listed so the caller can delete them), and
    what it could not attribute."""

    messages: int = 0
    conversations: int = 0
    investigations: int = 0
    entries: int = 0
    corrections: int = 0
    audit_records: int = 0
    pending_replies: int = 0  # answers still waiting to be posted (they hold message text)
    usage_records: int = 0  # model calls kept for the totals, no longer linked to the user
    schedules: int = 0  # standing investigations the user set (or set in the space)
    report_files: list[str] = field(default_factory=list)
    unattributed: list[Unattributed] = field(default_factory=list)

    def summary(self) -> str:
        parts = [
            f"{self.messages} messages",
            f"{self.conversations} conversations",
            f"{self.investigations} investigations",
            f"{self.entries} entries",
            f"{self.corrections} routing corrections",
            f"{self.audit_records} audit records",
            f"{len(self.report_files)} report files",
        ]
        if self.pending_replies:
            parts.append(f"{self.pending_replies} replies waiting to be posted")
        if self.usage_records:
            parts.append(f"{self.usage_records} model-usage records unlinked")
        if self.schedules:
            parts.append(f"{self.schedules} schedules")
        return ", ".join(parts)


async def forget(
    db: Database,
    *,
    user: str | None = None,
    space: str | None = None,
    now: datetime,
    by: str = "",
    platform: str = "cli",
) -> Forgotten:
    """Remove everything of one user (their messages, the investigations they asked for and
    the reports of those, the entries they saved with /remember, their corrections and audit
    records, the replies to them still waiting to be posted; their model usage is kept,
    unlinked; their schedules) or of one space (its conversations, investigations, entries,
    audit records, waiting replies and schedules), in one transaction that also writes the
    ``forgot`` audit record (what was forgotten and how much, no content) and a tombstone
    per entry, so indexes in running processes drop the entries at their next search."""
    if (user is None) == (space is None):
        raise ValueError("forget needs exactly one of user or space")
    try:
        return await db.run(lambda s: _forget(s, user=user, space=space, now=now, by=by, platform=platform))
    finally:
        # this process's indexes read again at their next search (others within a second)
        db.wrote("entries")
        db.wrote("entry_embeddings")


_REMEMBERED = re.compile(r"remember:([^:]*):(.*):([^:]*)")


def _remembered_by(s: Session, user: str) -> tuple[list[str], list[Unattributed]]:
    """The /remember entries ``user`` saved: by the author id recorded with them, or, for
    entries from before authors were recorded, by the stored message that saved them."""
    mine: list[str] = []
    unknown: list[tuple[str, str, str, str]] = []  # id, space, author, source
    rows = s.execute(
        select(col(Entry.id), col(Entry.space), col(Entry.author), col(Entry.source), col(Entry.meta)).where(
            col(Entry.source).like("remember:%")
        )
    ).all()
    for entry_id, entry_space, author, source, meta in rows:
        author_id = meta.get("author_id") if isinstance(meta, dict) else None
        if author_id:
            if author_id == user:
                mine.append(entry_id)
        else:
            unknown.append((entry_id, entry_space, author, source))
    unattributed: list[Unattributed] = []
    for entry_id, entry_space, author, source in unknown:
        match = _REMEMBERED.fullmatch(source)
        saver = None
        if match is not None:
            platform, channel, message_id = match.groups()
            saver = s.execute(
                select(col(Message.author_id))
                .join(Conversation, col(Conversation.id) == col(Message.conversation_id))
                .where(
                    col(Message.platform_message_id) == message_id,
                    col(Conversation.platform) == platform,
                    col(Conversation.channel) == channel,
                    col(Message.role) == "user",
                )
                .limit(1)
            ).scalar()
        if saver == user:
            mine.append(entry_id)
        elif not saver:
            unattributed.append(Unattributed(entry_id, entry_space, author))
    return mine, unattributed


def _forget(
    s: Session, *, user: str | None, space: str | None, now: datetime, by: str, platform: str
) -> Forgotten:
    gone = Forgotten()
    gone.schedules = forget_schedules(s, user=user, space=space)  # first: they would run again
    inv_columns = (col(Investigation.id), col(Investigation.report_entry_id), col(Investigation.report_path))
    if user is not None:
        invs = list(s.execute(select(*inv_columns).where(col(Investigation.requester_id) == user)).all())
        remembered, gone.unattributed = _remembered_by(s, user)
        entry_ids = remembered + [r[1] for r in invs if r[1]]
        # an offer to investigate repeats the question it was made for
        touched = select(col(Message.conversation_id)).where(col(Message.author_id) == user)
        s.execute(
            update(Conversation)
            .where(col(Conversation.id).in_(touched), col(Conversation.offer_question).is_not(None))
            .values(offer_question=None, offer_at=None)
        )
        # before the messages: the replies to them are found through them
        gone.pending_replies = _count(s.execute(text(FORGET_FOR_USER), {"user": user}))
        gone.messages = _count(s.execute(delete(Message).where(col(Message.author_id) == user)))
        s.execute(delete(SteeringNote).where(col(SteeringNote.author_id) == user))
        gone.corrections = _count(s.execute(delete(Correction).where(col(Correction.author_id) == user)))
        gone.audit_records = _count(s.execute(delete(AuditRecord).where(col(AuditRecord.actor_id) == user)))
        gone.usage_records = _count(
            s.execute(update(ModelCall).where(col(ModelCall.user_id) == user).values(user_id=None))
        )
    else:
        invs = list(s.execute(select(*inv_columns).where(col(Investigation.space) == space)).all())
        entry_ids = list(s.execute(select(col(Entry.id)).where(col(Entry.space) == space)).scalars())
        conversations = list(
            s.execute(select(col(Conversation.id)).where(col(Conversation.space) == space)).scalars()
        )
        invs += s.execute(
            select(*inv_columns).where(
                col(Investigation.conversation_id).in_(conversations), col(Investigation.space) != space
            )
        ).all()
        gone.pending_replies = _count(s.execute(text(FORGET_IN_SPACE), {"space": space}))
        gone.messages = _count(
            s.execute(
                delete(Message).where(
                    or_(col(Message.space) == space, col(Message.conversation_id).in_(conversations))
                )
            )
        )
        gone.corrections = _count(s.execute(delete(Correction).where(col(Correction.space) == space)))
        # the space's audit records carry its questions
        gone.audit_records = _count(s.execute(delete(AuditRecord).where(col(AuditRecord.space) == space)))
    inv_ids = [r[0] for r in invs]
    gone.report_files = [r[2] for r in invs if r[2]]
    # what was kept of their reports, also where the row was never linked to it (a keep
    # redone by another attempt): the report entry names its investigation and its file
    kept = s.execute(
        select(col(Entry.id), col(Entry.meta)).where(
            col(Entry.source).in_([f"investigation:{inv_id}" for inv_id in inv_ids])
        )
    ).all()
    entry_ids = list(dict.fromkeys([*entry_ids, *(entry_id for entry_id, _ in kept)]))
    for _, meta in kept:
        path = meta.get("report_path") if isinstance(meta, dict) else None
        if isinstance(path, str) and path and path not in gone.report_files:
            gone.report_files.append(path)
    if inv_ids:
        s.execute(delete(SteeringNote).where(col(SteeringNote.investigation_id).in_(inv_ids)))
        gone.investigations = _count(
            s.execute(delete(Investigation).where(col(Investigation.id).in_(inv_ids)))
        )
    if space is not None:
        gone.conversations = _count(s.execute(delete(Conversation).where(col(Conversation.space) == space)))
    what = f"user {user}" if user is not None else f"space {space}"
    s.add(
        AuditRecord(
            at=now,
            action=FORGOT,
            platform=platform,
            actor_name=by[:200],
            detail=f"{what}: {gone.summary()}"[:1000],
        )
    )
    gone.entries = _delete_entries(s, entry_ids)  # last: it takes the revision counter's lock
    return gone


def _delete_entries(s: Session, ids: Sequence[str]) -> int:
    if not ids:
        return 0
    found = s.execute(select(col(Entry.id), col(Entry.space)).where(col(Entry.id).in_(ids))).all()
    if not found:
        return 0
    ids = [entry_id for entry_id, _ in found]
    spaces = {entry_space for _, entry_space in found}
    s.execute(delete(Relation).where(or_(col(Relation.from_id).in_(ids), col(Relation.to_id).in_(ids))))
    s.execute(delete(EntryTag).where(col(EntryTag.entry_id).in_(ids)))
    s.execute(delete(embeddings_table).where(embeddings_table.c.entry_id.in_(ids)))
    removed = _count(s.execute(delete(Entry).where(col(Entry.id).in_(ids))))
    # tag counts are kept per space; recount the spaces that lost entries
    for entry_space in sorted(spaces):
        s.execute(delete(TagCount).where(col(TagCount.space) == entry_space))
        counted = select(col(EntryTag.space), col(EntryTag.tag), func.count()).where(
            col(EntryTag.space) == entry_space
        )
        s.execute(
            insert(TagCount).from_select(
                ["space", "tag", "entries"], counted.group_by(EntryTag.space, EntryTag.tag)
            )
        )
    # one tombstone per entry, numbered from the entries' own counter, taken last: the
    # counter row stays locked until commit, so readers see revisions in order (0004, 0011)
    top = int(
        s.execute(
            text("UPDATE counters SET value = value + :n WHERE name = 'entry_revision' RETURNING value"),
            {"n": len(found)},
        ).scalar_one()
    )
    s.execute(
        insert(EntryTombstone),
        [
            {"revision": top - len(found) + 1 + k, "entry_id": entry_id, "space": entry_space}
            for k, (entry_id, entry_space) in enumerate(found)
        ],
    )
    return removed


def _count(result: object) -> int:
    return int(getattr(result, "rowcount", 0) or 0)

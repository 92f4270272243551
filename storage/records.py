"""The audit log (who commissioned, corrected, cancelled or forgot what) and forgetting: a
user's or a space's messages, investigations and entries removed, with a count of each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import delete, func, insert, or_, select
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
    Investigation,
    Message,
    Relation,
    SteeringNote,
    TagCount,
)

_INSERT = (
    "INSERT INTO audit_log (at, action, platform, actor_id, actor_name, space, investigation_id, detail) "
    "VALUES (:at, :action, :platform, :actor_id, :actor_name, :space, :investigation_id, :detail)"
)

COMMISSIONED = "commissioned"
CORRECTED = "corrected"
CANCELLED = "cancelled"
FORGOT = "forgot"


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
class Forgotten:
    """What ``forget`` removed (report files are listed so the caller can delete them)."""

    messages: int = 0
    conversations: int = 0
    investigations: int = 0
    entries: int = 0
    corrections: int = 0
    audit_records: int = 0
    report_files: list[str] = field(default_factory=list)

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
        return ", ".join(parts)


async def forget(db: Database, *, user: str | None = None, space: str | None = None) -> Forgotten:
    """Remove everything of one user (their messages, the investigations they asked for and
    the reports of those, the entries they saved with /remember, their corrections and audit
    records) or of one space (its conversations, investigations and entries), in one
    transaction."""
    if (user is None) == (space is None):
        raise ValueError("forget needs exactly one of user or space")
    return await db.run(lambda s: _forget(s, user=user, space=space))


def _forget(s: Session, *, user: str | None, space: str | None) -> Forgotten:
    gone = Forgotten()
    if user is not None:
        invs = list(
            s.execute(
                select(
                    col(Investigation.id), col(Investigation.report_entry_id), col(Investigation.report_path)
                ).where(col(Investigation.requester_id) == user)
            ).all()
        )
        remembered = [
            entry_id
            for entry_id, meta in s.execute(
                select(col(Entry.id), col(Entry.meta)).where(col(Entry.source).like("remember:%"))
            ).all()
            if isinstance(meta, dict) and meta.get("author_id") == user
        ]
        entry_ids = remembered + [r[1] for r in invs if r[1]]
        gone.messages = _count(s.execute(delete(Message).where(col(Message.author_id) == user)))
        s.execute(delete(SteeringNote).where(col(SteeringNote.author_id) == user))
        gone.corrections = _count(s.execute(delete(Correction).where(col(Correction.author_id) == user)))
        gone.audit_records = _count(s.execute(delete(AuditRecord).where(col(AuditRecord.actor_id) == user)))
    else:
        invs = list(
            s.execute(
                select(
                    col(Investigation.id), col(Investigation.report_entry_id), col(Investigation.report_path)
                ).where(col(Investigation.space) == space)
            ).all()
        )
        entry_ids = list(s.execute(select(col(Entry.id)).where(col(Entry.space) == space)).scalars())
        conversations = list(
            s.execute(select(col(Conversation.id)).where(col(Conversation.space) == space)).scalars()
        )
        invs += s.execute(
            select(
                col(Investigation.id), col(Investigation.report_entry_id), col(Investigation.report_path)
            ).where(col(Investigation.conversation_id).in_(conversations), col(Investigation.space) != space)
        ).all()
        gone.messages = _count(
            s.execute(
                delete(Message).where(
                    or_(col(Message.space) == space, col(Message.conversation_id).in_(conversations))
                )
            )
        )
        gone.corrections = _count(s.execute(delete(Correction).where(col(Correction.space) == space)))
    inv_ids = [r[0] for r in invs]
    gone.report_files = [r[2] for r in invs if r[2]]
    if inv_ids:
        s.execute(delete(SteeringNote).where(col(SteeringNote.investigation_id).in_(inv_ids)))
        gone.investigations = _count(
            s.execute(delete(Investigation).where(col(Investigation.id).in_(inv_ids)))
        )
    gone.entries = _delete_entries(s, entry_ids)
    if space is not None:
        gone.conversations = _count(s.execute(delete(Conversation).where(col(Conversation.space) == space)))
    return gone


def _delete_entries(s: Session, ids: Sequence[str]) -> int:
    if not ids:
        return 0
    spaces = set(s.execute(select(col(Entry.space)).where(col(Entry.id).in_(ids))).scalars())
    s.execute(delete(Relation).where(or_(col(Relation.from_id).in_(ids), col(Relation.to_id).in_(ids))))
    s.execute(delete(EntryTag).where(col(EntryTag.entry_id).in_(ids)))
    s.execute(delete(embeddings_table).where(embeddings_table.c.entry_id.in_(ids)))
    removed = _count(s.execute(delete(Entry).where(col(Entry.id).in_(ids))))
    # tag counts are kept per space; recount the spaces that lost entries
    for space in spaces:
        s.execute(delete(TagCount).where(col(TagCount.space) == space))
        counted = select(col(EntryTag.space), col(EntryTag.tag), func.count()).where(
            col(EntryTag.space) == space
        )
        s.execute(
            insert(TagCount).from_select(
                ["space", "tag", "entries"], counted.group_by(EntryTag.space, EntryTag.tag)
            )
        )
    return removed


def _count(result: object) -> int:
    return int(getattr(result, "rowcount", 0) or 0)

"""SQLModel tables. The schema itself is owned by the Alembic migrations in
``storage/migrations``; these classes must stay in step with them."""

from __future__ import annotations

import uuid
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, Index, UniqueConstraint, text
from sqlmodel import Field, SQLModel


def new_id() -> str:
    return str(uuid.uuid4())


class Status(StrEnum):
    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    DELIVERED = "delivered"
    CANCELLED = "cancelled"


OPEN_STATUSES = (Status.PENDING, Status.RUNNING)


class Conversation(SQLModel, table=True):
    __tablename__ = "conversations"

    id: str = Field(default_factory=new_id, primary_key=True)
    key: str = Field(unique=True)  # (the unique constraint's own index serves look-ups by key)
    platform: str
    space: str = Field(index=True)
    channel: str
    thread: str
    thread_ref: str  # ThreadRef.to_json(), enough to post back here later
    created_at: datetime
    # the quick route's escalation offer, waiting for a "yes"
    offer_question: str | None = None
    offer_at: datetime | None = None


class Message(SQLModel, table=True):
    __tablename__ = "messages"
    __table_args__ = (UniqueConstraint("conversation_id", "role", "platform_message_id", name="uq_message"),)

    id: int | None = Field(default=None, primary_key=True)
    conversation_id: str = Field(foreign_key="conversations.id", index=True)
    # not indexed (migration 0020r): a space's messages are reached through its conversations
    space: str
    role: str  # "user" | "assistant"
    platform_message_id: str
    author_id: str = ""
    author_name: str = ""
    text: str
    truncated: bool = False
    route: str | None = None
    created_at: datetime
    meta: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    # a reply's identity (``bot.events.reply_identity``), written with it (migration 0020r)
    reply_identity: str | None = None


class Investigation(SQLModel, table=True):
    __tablename__ = "investigations"
    __table_args__ = (
        # the claim's pick reads the oldest pending rows in order (migration 0018q)
        Index("ix_investigations_status_created", "status", "created_at", "id"),
        Index("ix_investigations_space_created", "space", "created_at"),
        Index("ix_investigations_created", "created_at"),
        # the enqueue's dedup guard: one holder per conversation (migration 0017q)
        Index(
            "ux_investigations_dedup",
            "conversation_id",
            unique=True,
            sqlite_where=text("dedup_holder"),
            postgresql_where=text("dedup_holder"),
        ),
    )

    id: str = Field(default_factory=new_id, primary_key=True)  # the correlation id
    conversation_id: str = Field(foreign_key="conversations.id", index=True)
    space: str  # looked up by ``ix_investigations_space_created`` (migration 0018q)
    question: str
    request_text: str = ""
    status: str = Field(default=Status.PENDING)
    requester_id: str = ""
    requester_name: str = ""
    thread_ref: str
    request_message_id: str | None = None
    ack_message_id: str | None = None
    entry_id: str | None = None  # --entry: start Phase 1 from this entry
    created_at: datetime
    claimed_at: datetime | None = None
    heartbeat_at: datetime | None = None
    finished_at: datetime | None = None
    attempts: int = 0
    worker_id: str | None = None
    claim_token: str | None = None
    answer: str | None = None
    report_path: str | None = None
    report_entry_id: str | None = None
    error: str | None = None
    progress: str | None = None
    # delivery record: the thread gets the answer exactly once
    delivered_at: datetime | None = None
    delivery_message_id: str | None = None
    delivery_attempts: int = 0
    next_delivery_at: datetime | None = None
    delivery_error: str | None = None
    schedule_id: str | None = None  # a run of this schedule (``schedules``)
    # the conversation's newest open investigation that enqueues join (``queue_intake.py``);
    # cleared when it leaves pending/running
    dedup_holder: bool = False


class SteeringNote(SQLModel, table=True):
    __tablename__ = "steering_notes"

    id: int | None = Field(default=None, primary_key=True)
    investigation_id: str = Field(foreign_key="investigations.id", index=True)
    author_id: str = ""
    text: str
    created_at: datetime


class Entry(SQLModel, table=True):
    __tablename__ = "entries"
    __table_args__ = (UniqueConstraint("space", "source", name="uq_entry_source"),)

    id: str = Field(default_factory=new_id, primary_key=True)
    space: str = Field(index=True)
    type: str = "note"
    title: str = ""
    content: str = ""
    author: str = ""
    project: str = ""
    tags: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    source: str  # the note's path, the corpus _id, or a generated key
    created_at: datetime
    updated_at: datetime
    meta: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    # taken at each write from the ``entry_revision`` counter; in-process indexes refresh
    # by reading the entries above the highest revision they have seen
    revision: int = Field(
        default=0, sa_column=Column(BigInteger, nullable=False, server_default="0", index=True)
    )


class EntryTombstone(SQLModel, table=True):
    """An entry that was forgotten: its id only, under a revision from the same counter as
    entries, so in-process indexes drop it at their next refresh (no content is kept)."""

    __tablename__ = "entry_tombstones"

    revision: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    entry_id: str = Field(index=True)
    space: str


class Relation(SQLModel, table=True):
    __tablename__ = "relations"
    __table_args__ = (UniqueConstraint("from_id", "to_id", "type", name="uq_relation"),)

    id: int | None = Field(default=None, primary_key=True)
    space: str = Field(index=True)
    from_id: str = Field(foreign_key="entries.id", index=True)
    to_id: str = Field(foreign_key="entries.id", index=True)
    type: str
    created_at: datetime


class EntryTag(SQLModel, table=True):
    __tablename__ = "entry_tags"

    entry_id: str = Field(foreign_key="entries.id", primary_key=True)
    tag: str = Field(primary_key=True, index=True)
    space: str = Field(index=True)


class TagCount(SQLModel, table=True):
    """How many entries of a space carry a tag, kept in step with ``entry_tags``."""

    __tablename__ = "tag_counts"

    space: str = Field(primary_key=True)
    tag: str = Field(primary_key=True)
    entries: int


class Correction(SQLModel, table=True):
    """A person's one-click fix of a routing decision, kept to study misroutes."""

    __tablename__ = "corrections"

    id: int | None = Field(default=None, primary_key=True)
    platform: str
    space: str
    conversation_id: str | None = None
    message_id: str = ""
    text: str = ""
    route_given: str
    route_wanted: str
    author_id: str = ""
    created_at: datetime


class AuditRecord(SQLModel, table=True):
    """Who commissioned, corrected, cancelled or forgot what (``action``), and when."""

    __tablename__ = "audit_log"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(index=True)
    action: str
    platform: str = ""
    actor_id: str = Field(default="", index=True)
    actor_name: str = ""
    space: str = ""
    investigation_id: str | None = None
    detail: str = ""


class SeenEvent(SQLModel, table=True):
    """Platform deliveries already processed (Slack event ids, Telegram update ids…)."""

    __tablename__ = "seen_events"
    # on SQLite the rows are stored by their key alone (one B-tree, migration 0019r)
    __table_args__ = {"sqlite_with_rowid": False}

    key: str = Field(primary_key=True)
    created_at: datetime


class ModelCall(SQLModel, table=True):
    """One language-model call: its tokens as the API reported them, and who it was for."""

    __tablename__ = "model_calls"
    __table_args__ = (
        Index("ix_model_calls_space_at", "space", "created_at"),
        Index("ix_model_calls_user_at", "user_id", "created_at"),
        Index("ix_model_calls_investigation", "investigation_id"),
        Index("ix_model_calls_conversation", "conversation_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime
    job: str
    model: str
    space: str | None = None
    conversation_id: str | None = None
    message_id: int | None = None
    investigation_id: str | None = None
    user_id: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cache_write_tokens: int = 0
    cache_read_tokens: int = 0
    stop_reason: str = ""


class Schedule(SQLModel, table=True):
    """A standing investigation: who set it, where its runs go, its rule and time zone, and
    its next due time (the one statement that takes a due run moves it forward)."""

    __tablename__ = "schedules"
    __table_args__ = (Index("ix_schedules_due", "paused", "next_run"),)

    id: str = Field(primary_key=True)  # short: people type it (/schedule pause ID)
    owner_id: str = Field(index=True)
    owner_name: str = ""
    platform: str
    space: str = Field(index=True)
    conversation_id: str = Field(index=True)
    thread_ref: str
    rule: str  # Rule.spec: interval:SECONDS, days:N@HH:MM or cron:m h dom mon dow
    rule_text: str  # how the rule reads ("every Monday at 09:00")
    timezone: str
    topic: str
    mode: str = "full"  # "full" | "digest"
    created_at: datetime
    updated_at: datetime
    next_run: datetime
    last_run: datetime | None = None
    runs: int = 0
    paused: bool = False
    paused_reason: str = ""


class ScheduleRun(SQLModel, table=True):
    """One run a schedule enqueued: what it covers (digest: since ``since``) and what it missed."""

    __tablename__ = "schedule_runs"

    investigation_id: str = Field(primary_key=True)
    schedule_id: str = Field(index=True)
    due_at: datetime  # the due time it was taken for (now, for a run asked for by hand)
    since: datetime | None = None  # the previous run: a digest says what changed after it
    missed: int = 0  # due times that passed while nothing ran, folded into this run


class WebLink(SQLModel, table=True):
    """A one-time sign-in link to the investigations view. Only a hash of its token is
    kept; ``scope`` is what the session it opens may see (JSON: user, admin, places, spaces)."""

    __tablename__ = "web_links"

    token_hash: str = Field(primary_key=True)
    user_key: str  # platform:user id
    scope: str
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None = None


class WebSession(SQLModel, table=True):
    """A signed-in browser: a hash of its cookie, what it may see, and when it ends."""

    __tablename__ = "web_sessions"

    token_hash: str = Field(primary_key=True)
    user_key: str = Field(index=True)
    scope: str
    created_at: datetime
    expires_at: datetime = Field(index=True)

"""The investigation queue's vocabulary, shared by its parts (intake, claims, delivery):
what is asked, what a claim holds, what a transition did, and a row as an ``Investigation``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy.orm import Session, configure_mappers
from sqlmodel import col

from storage.db import Database
from storage.models import Investigation
from storage.open_investigation import OpenInvestigation

# PostgreSQL: every change that makes an investigation pending notifies this channel (at
# commit), so idle workers in any process wake at once instead of at their next poll
CHANNEL = "mallory_investigations"
NOTIFY = f"NOTIFY {CHANNEL}"

# a claim returns the whole row: these columns
COLUMNS = tuple(Investigation.model_fields)
_TIMES = frozenset(name for name in COLUMNS if name.endswith("_at"))
_MANAGER = Investigation._sa_class_manager  # type: ignore[attr-defined]


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
    schedule_id: str | None = None  # a run of a schedule


@dataclass(frozen=True)
class Guard:
    """A statement that must change a row for the enqueue to happen, run first in its
    transaction (a schedule's due run taken: its next run moved forward). When it returns
    no row nothing is written and the enqueue raises ``NotTaken``."""

    sql: str
    params: dict[str, Any]


class NotTaken(Exception):
    """The enqueue's guard changed nothing (another process took the run, or it was paused
    or deleted meanwhile): no investigation was created."""


@dataclass(frozen=True)
class Enqueued:
    investigation: OpenInvestigation
    created: bool  # False: an open one already existed (dedup), returned instead


@dataclass(frozen=True)
class Claim:
    investigation: Investigation
    token: str


def investigation_from_row(row: Any) -> Investigation:
    """A row holding ``COLUMNS`` (read by name) as a detached ``Investigation``, built the way the ORM builds
    the objects it loads (values straight into the instance's dict). ``Investigation(**row)``
    runs pydantic and SQLAlchemy's attribute events for each of the 30 fields: ~50 µs, a
    third of a claim's CPU on the client when the job itself is short."""
    if _MANAGER.mapper.configured is False:
        configure_mappers()  # what the ORM does before its first load; a process's first claim may come first
    values = {name: row[name] for name in COLUMNS}
    for name in _TIMES:
        values[name] = Database.from_db_time(values[name])
    investigation: Investigation = _MANAGER.new_instance()
    investigation.__dict__.update(values)
    return investigation


def changed(session: Session, stmt: Any) -> int:
    """How many rows a guarded UPDATE changed, counted from its RETURNING rows: a cursor's
    rowcount is not reliable across drivers and statement forms (psycopg reports -1 for
    some), and every transition here depends on this number."""
    return len(session.execute(stmt.returning(col(Investigation.id))).all())

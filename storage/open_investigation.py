"""A conversation's open investigation as the chat flow sees it, read and acknowledged
inside the flow's own units of work (``storage/queue.py`` owns every other read and
every transition of the investigations table)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from storage.db import Database, SqlConnection

COLUMNS = "id, question, status, created_at, ack_message_id"
_OPEN = (
    f"SELECT {COLUMNS} FROM investigations "
    "WHERE conversation_id = :conversation_id AND status IN ('pending', 'running') "
    "ORDER BY created_at DESC LIMIT 1"
)
_SET_ACK = "UPDATE investigations SET ack_message_id = :message_id WHERE id = :id"
# ``_OPEN``'s row as columns of a conversation's (``c``): read with the conversation, in the
# same statement (``storage/conversations.py``); ``of_columns`` reads them back
OPEN_COLUMNS = ", ".join(f"i.{c} AS open_{c}" for c in COLUMNS.split(", "))
# (``i.conversation_id = c.id`` holds for the row chosen anyway; it lets PostgreSQL look the
# conversation's investigations up by index instead of testing every investigation)
OPEN_JOIN = (
    "LEFT JOIN investigations i ON i.conversation_id = c.id AND i.id = (SELECT o.id FROM investigations o "
    "WHERE o.conversation_id = c.id AND o.status IN ('pending', 'running') "
    "ORDER BY o.created_at DESC LIMIT 1)"
)


@dataclass(frozen=True)
class OpenInvestigation:
    id: str
    question: str
    status: str
    created_at: datetime | None
    ack_message_id: str | None

    @classmethod
    def of_row(cls, row: Any, db: Database) -> OpenInvestigation:
        """From a row holding ``COLUMNS``."""
        return cls(
            row["id"],
            row["question"],
            row["status"],
            db.from_db_time(row["created_at"]),
            row["ack_message_id"],
        )


def of_columns(row: Any, db: Database) -> OpenInvestigation | None:
    """The open investigation in a row holding ``OPEN_COLUMNS``, if any."""
    if row["open_id"] is None:
        return None
    return OpenInvestigation(
        row["open_id"],
        row["open_question"],
        row["open_status"],
        db.from_db_time(row["open_created_at"]),
        row["open_ack_message_id"],
    )


def open_investigation(db: Database, conn: SqlConnection, conversation_id: str) -> OpenInvestigation | None:
    """The newest pending or running investigation of a conversation, if any."""
    row = db.execute(conn, _OPEN, {"conversation_id": conversation_id}).first()
    return None if row is None else OpenInvestigation.of_row(row, db)


def set_ack(db: Database, conn: SqlConnection, investigation_id: str, message_id: str) -> None:
    """Note which platform message acknowledged the investigation (to edit it later)."""
    db.execute(conn, _SET_ACK, {"id": investigation_id, "message_id": message_id})

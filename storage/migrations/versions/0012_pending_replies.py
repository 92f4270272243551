"""Pending replies: an answer the platform rate-limited, kept with its due time until the
delivery posts it (and records it as the outbox would have) or gives up on it.

Revision ID: 0012
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pending_replies",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("conversation_id", sa.String(), nullable=False),
        sa.Column("space", sa.String(), nullable=False),
        sa.Column("thread_ref", sa.Text(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("in_reply_to", sa.String(), nullable=True),
        sa.Column("buttons", sa.Text(), nullable=False, server_default="[]"),
        sa.Column("route", sa.String(), nullable=False),
        sa.Column("offer", sa.Text(), nullable=True),
        sa.Column("ack_for", sa.String(), nullable=True),
        sa.Column("question", sa.Text(), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        # the next attempt; while a process posts it, the end of that process's lease
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("outcome", sa.String(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
    )
    # the delivery looks for one platform's rows not done, due first
    op.create_index("ix_pending_replies_due", "pending_replies", ["platform", "done_at", "due_at"])
    op.create_index("ix_pending_replies_conversation", "pending_replies", ["conversation_id"])


def downgrade() -> None:
    op.drop_index("ix_pending_replies_conversation", table_name="pending_replies")
    op.drop_index("ix_pending_replies_due", table_name="pending_replies")
    op.drop_table("pending_replies")

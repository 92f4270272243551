"""The durable inbox: each inbound platform message, normalized, stored before it is
acknowledged, claimed with a lease while a bot process handles it, and marked done.

Revision ID: 0008
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "inbox",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("claimed_by", sa.String(), nullable=True),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("outcome", sa.String(), nullable=True),
    )
    # the sweep looks for one platform's rows not done, oldest first
    op.create_index("ix_inbox_open", "inbox", ["platform", "done_at", "received_at"])


def downgrade() -> None:
    op.drop_index("ix_inbox_open", table_name="inbox")
    op.drop_table("inbox")

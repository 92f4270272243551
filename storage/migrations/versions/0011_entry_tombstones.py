"""Entry tombstones: ``mallory forget`` deletes entries, and an index in a running process
learns which ones only from a row here (the entry id, never its content), numbered from
the ``entry_revision`` counter like the entries themselves, so one ordered read sees both.

Revision ID: 0011
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "entry_tombstones",
        sa.Column("revision", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("entry_id", sa.String(), nullable=False),
        sa.Column("space", sa.String(), nullable=False),
    )
    op.create_index("ix_entry_tombstones_entry_id", "entry_tombstones", ["entry_id"])


def downgrade() -> None:
    op.drop_table("entry_tombstones")

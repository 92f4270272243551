"""Map each entry to its full-text row, so re-indexing an entry deletes by rowid instead of
scanning the whole full-text table (an UNINDEXED column cannot be searched by index).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return  # PostgreSQL indexes the entries table itself
    op.create_table(
        "entry_fts_rows",
        sa.Column("entry_id", sa.String(), primary_key=True),
        sa.Column("fts_rowid", sa.Integer(), nullable=False),
    )
    op.execute("INSERT INTO entry_fts_rows (entry_id, fts_rowid) SELECT entry_id, rowid FROM entry_fts")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.drop_table("entry_fts_rows")

"""The enqueue's dedup guard as a unique key: in each conversation at most one open
investigation is the dedup holder (``dedup_holder``, a partial unique index on the
conversation), so two enqueues for one conversation cannot both insert, on PostgreSQL in one
``INSERT … ON CONFLICT DO NOTHING`` instead of a lock, a read and a write. The newest open
investigation of each conversation becomes its holder.

Revision ID: 0017q
Revises: 0016
"""

import sqlalchemy as sa
from alembic import op

revision = "0017q"
down_revision = "0016"
branch_labels = None
depends_on = None

_WHERE = "dedup_holder"


def upgrade() -> None:
    op.add_column(
        "investigations",
        sa.Column("dedup_holder", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.execute(
        "UPDATE investigations SET dedup_holder = TRUE WHERE id IN ("
        " SELECT (SELECT i.id FROM investigations AS i WHERE i.conversation_id = c.conversation_id"
        "  AND i.status IN ('pending', 'running') ORDER BY i.created_at DESC, i.id DESC LIMIT 1)"
        " FROM (SELECT DISTINCT conversation_id FROM investigations"
        "  WHERE status IN ('pending', 'running')) AS c)"
    )
    op.create_index(
        "ux_investigations_dedup",
        "investigations",
        ["conversation_id"],
        unique=True,
        sqlite_where=sa.text(_WHERE),
        postgresql_where=sa.text(_WHERE),
    )


def downgrade() -> None:
    op.drop_index("ux_investigations_dedup", table_name="investigations")
    with op.batch_alter_table("investigations") as batch:
        batch.drop_column("dedup_holder")

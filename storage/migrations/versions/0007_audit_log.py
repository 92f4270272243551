"""The audit log: who commissioned, corrected, cancelled or forgot what, and when.

Revision ID: 0007
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("action", sa.String(), nullable=False),
        sa.Column("platform", sa.String(), nullable=False, server_default=""),
        sa.Column("actor_id", sa.String(), nullable=False, server_default=""),
        sa.Column("actor_name", sa.String(), nullable=False, server_default=""),
        sa.Column("space", sa.String(), nullable=False, server_default=""),
        sa.Column("investigation_id", sa.String(), nullable=True),
        sa.Column("detail", sa.String(), nullable=False, server_default=""),
    )
    op.create_index("ix_audit_log_at", "audit_log", ["at"])
    op.create_index("ix_audit_log_actor_id", "audit_log", ["actor_id"])


def downgrade() -> None:
    op.drop_index("ix_audit_log_actor_id", table_name="audit_log")
    op.drop_index("ix_audit_log_at", table_name="audit_log")
    op.drop_table("audit_log")

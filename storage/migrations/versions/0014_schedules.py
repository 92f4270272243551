"""Schedules: standing investigations with a rule, a time zone and the next due time; the
runs they enqueued (what a digest covers, what was missed); investigations know their schedule.

Revision ID: 0014
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "schedules",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("owner_id", sa.String(), nullable=False),
        sa.Column("owner_name", sa.String(), nullable=False, server_default=""),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("space", sa.String(), nullable=False),
        sa.Column("conversation_id", sa.String(), nullable=False),
        sa.Column("thread_ref", sa.Text(), nullable=False),
        sa.Column("rule", sa.String(), nullable=False),
        sa.Column("rule_text", sa.String(), nullable=False),
        sa.Column("timezone", sa.String(), nullable=False),
        sa.Column("topic", sa.Text(), nullable=False),
        sa.Column("mode", sa.String(), nullable=False, server_default="full"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("next_run", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_run", sa.DateTime(timezone=True), nullable=True),
        sa.Column("runs", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("paused", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("paused_reason", sa.Text(), nullable=False, server_default=""),
    )
    # the due look-up: not paused, earliest next run first
    op.create_index("ix_schedules_due", "schedules", ["paused", "next_run"])
    op.create_index("ix_schedules_owner_id", "schedules", ["owner_id"])
    op.create_index("ix_schedules_space", "schedules", ["space"])
    op.create_index("ix_schedules_conversation_id", "schedules", ["conversation_id"])
    op.create_table(
        "schedule_runs",
        sa.Column("investigation_id", sa.String(), primary_key=True),
        sa.Column("schedule_id", sa.String(), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("missed", sa.Integer(), nullable=False, server_default="0"),
    )
    op.create_index("ix_schedule_runs_schedule_id", "schedule_runs", ["schedule_id"])
    op.add_column("investigations", sa.Column("schedule_id", sa.String(), nullable=True))


def downgrade() -> None:
    op.drop_column("investigations", "schedule_id")
    op.drop_index("ix_schedule_runs_schedule_id", table_name="schedule_runs")
    op.drop_table("schedule_runs")
    for index in (
        "ix_schedules_conversation_id",
        "ix_schedules_space",
        "ix_schedules_owner_id",
        "ix_schedules_due",
    ):
        op.drop_index(index, table_name="schedules")
    op.drop_table("schedules")

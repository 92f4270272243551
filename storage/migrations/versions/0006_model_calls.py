"""Every language-model call's token usage (input, output, cache write, cache read), with
the space, conversation, message, investigation and user it was for.

Revision ID: 0006
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "model_calls",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("job", sa.String(), nullable=False),
        sa.Column("model", sa.String(), nullable=False),
        sa.Column("space", sa.String(), nullable=True),
        sa.Column("conversation_id", sa.String(), nullable=True),
        sa.Column("message_id", sa.Integer(), nullable=True),
        sa.Column("investigation_id", sa.String(), nullable=True),
        sa.Column("user_id", sa.String(), nullable=True),
        sa.Column("input_tokens", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("output_tokens", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("cache_write_tokens", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("cache_read_tokens", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("stop_reason", sa.String(), nullable=False, server_default=""),
    )
    op.create_index("ix_model_calls_space_at", "model_calls", ["space", "created_at"])
    op.create_index("ix_model_calls_user_at", "model_calls", ["user_id", "created_at"])
    op.create_index("ix_model_calls_investigation", "model_calls", ["investigation_id"])
    op.create_index("ix_model_calls_conversation", "model_calls", ["conversation_id"])


def downgrade() -> None:
    op.drop_table("model_calls")

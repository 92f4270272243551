"""The investigations view: one-time sign-in links and browser sessions (hashes of their
tokens only), and the index the list page pages on (newest first within a space).

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_links",
        sa.Column("token_hash", sa.String(), primary_key=True),
        sa.Column("user_key", sa.String(), nullable=False),
        sa.Column("scope", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "web_sessions",
        sa.Column("token_hash", sa.String(), primary_key=True),
        sa.Column("user_key", sa.String(), nullable=False),
        sa.Column("scope", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_sessions_user_key", "web_sessions", ["user_key"])
    op.create_index("ix_web_sessions_expires_at", "web_sessions", ["expires_at"])
    # the list page: newest first, within the spaces a person may see, paged in the database
    op.create_index("ix_investigations_space_created", "investigations", ["space", "created_at"])
    op.create_index("ix_investigations_created", "investigations", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_investigations_created", table_name="investigations")
    op.drop_index("ix_investigations_space_created", table_name="investigations")
    op.drop_table("web_sessions")
    op.drop_table("web_links")

"""Initial schema: conversations, messages, investigations, knowledge and its full-text index.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "conversations",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("key", sa.String(), nullable=False, unique=True),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("space", sa.String(), nullable=False),
        sa.Column("channel", sa.String(), nullable=False),
        sa.Column("thread", sa.String(), nullable=False),
        sa.Column("thread_ref", sa.Text(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("offer_question", sa.Text()),
        sa.Column("offer_at", TS),
    )
    op.create_index("ix_conversations_key", "conversations", ["key"])
    op.create_index("ix_conversations_space", "conversations", ["space"])

    op.create_table(
        "messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("conversation_id", sa.String(), sa.ForeignKey("conversations.id"), nullable=False),
        sa.Column("space", sa.String(), nullable=False),
        sa.Column("role", sa.String(), nullable=False),
        sa.Column("platform_message_id", sa.String(), nullable=False),
        sa.Column("author_id", sa.String(), nullable=False, server_default=""),
        sa.Column("author_name", sa.String(), nullable=False, server_default=""),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("truncated", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("route", sa.String()),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("meta", sa.JSON(), nullable=False),
        sa.UniqueConstraint("conversation_id", "role", "platform_message_id", name="uq_message"),
    )
    op.create_index("ix_messages_conversation_id", "messages", ["conversation_id"])
    op.create_index("ix_messages_space", "messages", ["space"])

    op.create_table(
        "investigations",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("conversation_id", sa.String(), sa.ForeignKey("conversations.id"), nullable=False),
        sa.Column("space", sa.String(), nullable=False),
        sa.Column("question", sa.Text(), nullable=False),
        sa.Column("request_text", sa.Text(), nullable=False, server_default=""),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("requester_id", sa.String(), nullable=False, server_default=""),
        sa.Column("requester_name", sa.String(), nullable=False, server_default=""),
        sa.Column("thread_ref", sa.Text(), nullable=False),
        sa.Column("request_message_id", sa.String()),
        sa.Column("ack_message_id", sa.String()),
        sa.Column("entry_id", sa.String()),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("claimed_at", TS),
        sa.Column("heartbeat_at", TS),
        sa.Column("finished_at", TS),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("worker_id", sa.String()),
        sa.Column("claim_token", sa.String()),
        sa.Column("answer", sa.Text()),
        sa.Column("report_path", sa.Text()),
        sa.Column("report_entry_id", sa.String()),
        sa.Column("error", sa.Text()),
        sa.Column("progress", sa.Text()),
        sa.Column("delivered_at", TS),
        sa.Column("delivery_message_id", sa.String()),
        sa.Column("delivery_attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("next_delivery_at", TS),
        sa.Column("delivery_error", sa.Text()),
    )
    op.create_index("ix_investigations_conversation_id", "investigations", ["conversation_id"])
    op.create_index("ix_investigations_space", "investigations", ["space"])
    op.create_index("ix_investigations_status_created", "investigations", ["status", "created_at"])

    op.create_table(
        "steering_notes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("investigation_id", sa.String(), sa.ForeignKey("investigations.id"), nullable=False),
        sa.Column("author_id", sa.String(), nullable=False, server_default=""),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_index("ix_steering_notes_investigation_id", "steering_notes", ["investigation_id"])

    op.create_table(
        "entries",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("space", sa.String(), nullable=False),
        sa.Column("type", sa.String(), nullable=False),
        sa.Column("title", sa.Text(), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("author", sa.String(), nullable=False),
        sa.Column("project", sa.String(), nullable=False),
        sa.Column("tags", sa.JSON(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.Column("meta", sa.JSON(), nullable=False),
        sa.UniqueConstraint("space", "source", name="uq_entry_source"),
    )
    op.create_index("ix_entries_space", "entries", ["space"])

    op.create_table(
        "relations",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("space", sa.String(), nullable=False),
        sa.Column("from_id", sa.String(), sa.ForeignKey("entries.id"), nullable=False),
        sa.Column("to_id", sa.String(), sa.ForeignKey("entries.id"), nullable=False),
        sa.Column("type", sa.String(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.UniqueConstraint("from_id", "to_id", "type", name="uq_relation"),
    )
    op.create_index("ix_relations_space", "relations", ["space"])
    op.create_index("ix_relations_from_id", "relations", ["from_id"])
    op.create_index("ix_relations_to_id", "relations", ["to_id"])

    op.create_table(
        "entry_tags",
        sa.Column("entry_id", sa.String(), sa.ForeignKey("entries.id"), primary_key=True),
        sa.Column("tag", sa.String(), primary_key=True),
        sa.Column("space", sa.String(), nullable=False),
    )
    op.create_index("ix_entry_tags_tag", "entry_tags", ["tag"])
    op.create_index("ix_entry_tags_space", "entry_tags", ["space"])

    op.create_table(
        "corrections",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("space", sa.String(), nullable=False),
        sa.Column("conversation_id", sa.String()),
        sa.Column("message_id", sa.String(), nullable=False, server_default=""),
        sa.Column("text", sa.Text(), nullable=False, server_default=""),
        sa.Column("route_given", sa.String(), nullable=False),
        sa.Column("route_wanted", sa.String(), nullable=False),
        sa.Column("author_id", sa.String(), nullable=False, server_default=""),
        sa.Column("created_at", TS, nullable=False),
    )

    op.create_table(
        "seen_events",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("created_at", TS, nullable=False),
    )

    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        # Full-text index over title + content + tags; rowid-less, keyed by entry id.
        op.execute(
            "CREATE VIRTUAL TABLE entry_fts USING fts5("
            "entry_id UNINDEXED, space UNINDEXED, title, content, tags, "
            "tokenize='porter unicode61 remove_diacritics 2')"
        )
    else:
        op.execute(
            "CREATE INDEX ix_entries_fts ON entries USING GIN "
            "(to_tsvector('english', title || ' ' || content))"
        )


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        op.execute("DROP TABLE IF EXISTS entry_fts")
    for table in (
        "seen_events",
        "corrections",
        "entry_tags",
        "relations",
        "entries",
        "steering_notes",
        "investigations",
        "messages",
        "conversations",
    ):
        op.drop_table(table)

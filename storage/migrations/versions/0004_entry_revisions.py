"""Entry revisions replace the database's full-text index; tag counts are kept per space.

Full-text ranking moves into the process (``bot/research/lexical.py``), the same on
SQLite and PostgreSQL. An index there refreshes by reading the entries whose revision is
above the highest it has seen, so every entry gets a revision, taken from one counter row
at the end of each writing transaction. Taking it locks the row until commit, so
revisions become visible in order and a reader that has seen revision N has seen every
revision below N (no gaps to watch for, unlike sequence values).

Investigations rank tags by how many entries carry them in a space. Counting that from
``entry_tags`` reads every row of a common tag (hundreds of milliseconds at 100,000
entries), so ``tag_counts`` keeps the number, changed in the same transaction as the tags.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    op.add_column("entries", sa.Column("revision", sa.BigInteger(), nullable=False, server_default="0"))
    op.create_table(
        "counters",
        sa.Column("name", sa.String(), primary_key=True),
        sa.Column("value", sa.BigInteger(), nullable=False),
    )
    # existing entries, numbered in creation order
    if bind.dialect.name == "sqlite":
        op.execute(
            "UPDATE entries SET revision = (SELECT n FROM (SELECT id, row_number() OVER "
            "(ORDER BY created_at, id) AS n FROM entries) AS r WHERE r.id = entries.id)"
        )
        op.execute("DROP TABLE IF EXISTS entry_fts_rows")
        op.execute("DROP TABLE IF EXISTS entry_fts")
    else:
        op.execute(
            "UPDATE entries SET revision = r.n FROM (SELECT id, row_number() OVER "
            "(ORDER BY created_at, id) AS n FROM entries) AS r WHERE r.id = entries.id"
        )
        op.execute("DROP INDEX IF EXISTS ix_entries_fts")
    op.execute(
        "INSERT INTO counters (name, value) SELECT 'entry_revision', coalesce(max(revision), 0) FROM entries"
    )
    op.create_index("ix_entries_revision", "entries", ["revision"])
    op.create_table(
        "tag_counts",
        sa.Column("space", sa.String(), primary_key=True),
        sa.Column("tag", sa.String(), primary_key=True),
        sa.Column("entries", sa.Integer(), nullable=False),
    )
    op.execute(
        "INSERT INTO tag_counts (space, tag, entries) SELECT space, tag, count(*) FROM entry_tags GROUP BY space, tag"
    )


def downgrade() -> None:
    op.drop_table("tag_counts")
    op.drop_index("ix_entries_revision", table_name="entries")
    op.drop_table("counters")
    op.drop_column("entries", "revision")
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        op.execute(
            "CREATE VIRTUAL TABLE entry_fts USING fts5("
            "entry_id UNINDEXED, space UNINDEXED, title, content, tags, "
            "tokenize='porter unicode61 remove_diacritics 2')"
        )
        op.create_table(
            "entry_fts_rows",
            sa.Column("entry_id", sa.String(), primary_key=True),
            sa.Column("fts_rowid", sa.Integer(), nullable=False),
        )
        # the full-text rows themselves are not rebuilt here: re-ingest after a downgrade
    else:
        op.execute(
            "CREATE INDEX ix_entries_fts ON entries USING GIN "
            "(to_tsvector('english', title || ' ' || content))"
        )

"""Fewer B-trees written a message. ``seen_events`` (a delivery key, a reply's identity: one
row a reply, two more a Slack message) becomes on SQLite a table keyed by its key alone
(``WITHOUT ROWID``): a row was a rowid table's row plus an entry in the key's own index,
two pages in the write-ahead log and two B-tree inserts; now one. And
``ix_conversations_key`` is dropped on both databases: the unique constraint on ``key``
has an index of its own, which every look-up by key uses, so a new conversation wrote the
same key into two indexes.

Revision ID: 0019r
Revises: 0018q
"""

from alembic import op

revision = "0019r"
down_revision = "0018q"
branch_labels = None
depends_on = None


def _rebuild_seen(rowid: bool) -> None:
    # SQLite cannot change a table's storage in place: a new table, the rows, the name
    op.execute(
        "CREATE TABLE seen_events_new (key VARCHAR NOT NULL, created_at DATETIME NOT NULL, "
        "PRIMARY KEY (key))" + ("" if rowid else " WITHOUT ROWID")
    )
    op.execute("INSERT INTO seen_events_new (key, created_at) SELECT key, created_at FROM seen_events")
    op.execute("DROP TABLE seen_events")
    op.execute("ALTER TABLE seen_events_new RENAME TO seen_events")


def upgrade() -> None:
    op.drop_index("ix_conversations_key", table_name="conversations")
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_seen(rowid=False)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_seen(rowid=True)
    op.create_index("ix_conversations_key", "conversations", ["key"])

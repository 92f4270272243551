"""Two B-trees fewer written with every message answered.

``ix_messages_space`` is dropped on both databases. A message row was written into the table
and three indexes (its conversation, its space, the unique key that makes a redelivery a
no-op), two messages a message answered; the space's index served only ``find_message`` (a
reply in a Telegram chain: which thread) and ``forget --space``. A message is stored with
its conversation's space, so ``find_message`` now reaches a space's messages through its
conversations (``ix_conversations_space``, then ``ix_messages_conversation_id``): the same
rows read as before. ``forget --space`` deletes the messages of the space's conversations,
and any other message stored with that space, reading the table (like ``forget --user``).

And a reply's identity (``bot.events.reply_identity``: a second attempt of the message it
answers asks whether it went out) is written into the reply's own row, the new column
``messages.reply_identity`` (not indexed: it is looked for among the conversation's replies,
only by a second attempt), instead of a ``seen_events`` row of its own: one insert into a
B-tree of keys fewer a reply. A reply kept to be posted later still records its identity in
``seen_events`` (it has no row yet). Downgrading copies the identities back there.

Revision ID: 0020r
Revises: 0019r
"""

import sqlalchemy as sa
from alembic import op

revision = "0020r"
down_revision = "0019r"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_messages_space", table_name="messages")
    op.add_column("messages", sa.Column("reply_identity", sa.String(), nullable=True))


def downgrade() -> None:
    op.execute(
        "INSERT INTO seen_events (key, created_at) SELECT reply_identity, created_at FROM messages "
        "WHERE reply_identity IS NOT NULL ON CONFLICT (key) DO NOTHING"
    )
    op.drop_column("messages", "reply_identity")
    op.create_index("ix_messages_space", "messages", ["space"])

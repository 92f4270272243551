"""One B-tree fewer written with every message: ``ix_messages_space`` is dropped on both
databases. A message row was written into the table and three indexes (its conversation,
its space, the unique key that makes a redelivery a no-op), two messages a message answered;
the space's index served only ``find_message`` (a reply in a Telegram chain: which thread)
and ``forget --space``. A message is stored with its conversation's space, so
``find_message`` now reaches a space's messages through its conversations
(``ix_conversations_space``, then ``ix_messages_conversation_id``): the same rows read as
before. ``forget --space`` deletes the messages of the space's conversations, and any other
message stored with that space, reading the table (like ``forget --user``, rare).

Revision ID: 0020r
Revises: 0019r
"""

from alembic import op

revision = "0020r"
down_revision = "0019r"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_messages_space", table_name="messages")


def downgrade() -> None:
    op.create_index("ix_messages_space", "messages", ["space"])

"""Passage vectors: the embedded passages of a note (its sentences, list items and table
rows, each with its context), kept so that answers and investigations score passages
without embedding them at question time. Found by the hash of the embedded text; each row
belongs to its entry (a forgotten entry's rows go with it) and to the entry's revision it
was cut from (a changed note's older passages are replaced).

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "passage_vectors",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("entry_id", sa.String(), sa.ForeignKey("entries.id", ondelete="CASCADE"), nullable=False),
        sa.Column("model", sa.String(), nullable=False),
        sa.Column("text_hash", sa.String(), nullable=False),  # sha1 of the embedded text
        sa.Column("revision", sa.BigInteger(), nullable=False),  # the entry's, when cut
        sa.Column("vector", sa.LargeBinary(), nullable=False),  # float32, little-endian
        sa.UniqueConstraint("model", "text_hash", "entry_id", name="uq_passage_model_hash_entry"),
    )
    op.create_index("ix_passage_vectors_entry_id", "passage_vectors", ["entry_id"])


def downgrade() -> None:
    op.drop_index("ix_passage_vectors_entry_id", table_name="passage_vectors")
    op.drop_table("passage_vectors")

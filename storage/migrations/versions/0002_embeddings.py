"""Entry embeddings: one float32 vector per entry and embedding model.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "entry_embeddings",
        # Ever-increasing row id: an index that has loaded rows up to N refreshes by
        # reading the rows above N. A re-embedded entry gets a new row (and id).
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("entry_id", sa.String(), sa.ForeignKey("entries.id", ondelete="CASCADE"), nullable=False),
        sa.Column("model", sa.String(), nullable=False),
        sa.Column("space", sa.String(), nullable=False),
        sa.Column("dim", sa.Integer(), nullable=False),
        sa.Column("vector", sa.LargeBinary(), nullable=False),  # float32, little-endian
        sa.Column("text_hash", sa.String(), nullable=False),  # of the text that was embedded
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("entry_id", "model", name="uq_embedding_entry_model"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_entry_embeddings_model_id", "entry_embeddings", ["model", "id"])


def downgrade() -> None:
    op.drop_index("ix_entry_embeddings_model_id", table_name="entry_embeddings")
    op.drop_table("entry_embeddings")

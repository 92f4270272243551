"""The queue's indexes for its two updates a job: the claim's pick as one ordered index range
(``ix_investigations_status_created`` gains ``id``, the claim's tie-break: ``ORDER BY
created_at, id``), so the oldest pending rows are read in order and the scan stops at the
batch's size, with no sort of every pending row; and ``ix_investigations_space`` dropped, the
prefix of ``ix_investigations_space_created`` (every look-up by space uses that one), so a
claim and a completion each write one index entry less.

Revision ID: 0018q
Revises: 0017q
"""

from alembic import op

revision = "0018q"
down_revision = "0017q"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_investigations_status_created", table_name="investigations")
    op.create_index("ix_investigations_status_created", "investigations", ["status", "created_at", "id"])
    op.drop_index("ix_investigations_space", table_name="investigations")


def downgrade() -> None:
    op.create_index("ix_investigations_space", "investigations", ["space"])
    op.drop_index("ix_investigations_status_created", table_name="investigations")
    op.create_index("ix_investigations_status_created", "investigations", ["status", "created_at"])

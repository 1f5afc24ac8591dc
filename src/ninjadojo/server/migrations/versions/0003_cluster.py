"""Several server processes over one database: each table's owner, and the processes alive.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``dojo_tables.owner`` and the ``dojo_nodes`` table."""
    with op.batch_alter_table("dojo_tables") as batch:
        batch.add_column(sa.Column("owner", sa.String(32), nullable=True))
        batch.create_index("ix_dojo_tables_owner", ["owner"])
    op.create_table(
        "dojo_nodes",
        sa.Column("node", sa.String(32), primary_key=True),
        sa.Column("heartbeat", sa.Float, nullable=False),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("pid", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    """Drop them again."""
    op.drop_table("dojo_nodes")
    with op.batch_alter_table("dojo_tables") as batch:
        batch.drop_index("ix_dojo_tables_owner")
        batch.drop_column("owner")

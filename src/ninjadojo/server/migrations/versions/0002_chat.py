"""Chat at a table: the ``dojo_chat`` table.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the chat table."""
    op.create_table(
        "dojo_chat",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("dojo_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=True),
        sa.Column("emote", sa.String(16), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the chat table."""
    op.drop_table("dojo_chat")

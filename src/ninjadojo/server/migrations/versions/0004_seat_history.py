"""Who played a seat before it changed hands: the ``dojo_seat_history`` table.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the seat history table (empty: games played before it credit their actions as before)."""
    op.create_table(
        "dojo_seat_history",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("dojo_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("until", sa.Integer, nullable=False),
        sa.Column("type", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the seat history table."""
    op.drop_table("dojo_seat_history")

"""The first schema: tables, seats, events and notes.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the four tables."""
    op.create_table(
        "dojo_tables",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.String(24), nullable=True),
        sa.Column("start", sa.Text, nullable=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("waiting_for", sa.Text, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("rematch_of", sa.String(16), nullable=True),
        sa.Column("rematch", sa.String(16), nullable=True),
    )
    op.create_index("ix_dojo_tables_listing", "dojo_tables", ["finished", "private", "created"])
    op.create_table(
        "dojo_seats",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("dojo_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("type", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("clock_remaining", sa.Float, nullable=True),
    )
    op.create_table(
        "dojo_events",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("dojo_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "dojo_notes",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("dojo_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("mask", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the four tables."""
    op.drop_table("dojo_notes")
    op.drop_table("dojo_events")
    op.drop_table("dojo_seats")
    op.drop_index("ix_dojo_tables_listing", "dojo_tables")
    op.drop_table("dojo_tables")

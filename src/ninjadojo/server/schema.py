"""The database tables (SQLAlchemy Core), the same on SQLite and PostgreSQL.

Storage is event-sourced: a table's row holds how its game was set up (game, players, options, seed
or start position) and its settings; ``dojo_events`` holds every accepted action (and undo) in
order. Positions are never stored: they are derived by replaying the events. Seats, notes and chat
lines are small rows beside them. The migrations in ``migrations/versions`` create exactly these tables
(``tests/server`` checks that they agree).
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

#: One row per table: its set-up, settings and the public facts listings show.
tables = Table(
    "dojo_tables",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON object
    Column("seed", String(24), nullable=True),  # decimal text: a seed may exceed a signed 64-bit column
    Column("start", Text, nullable=True),  # a start position, for a table set up from one
    Column("settings", Text, nullable=False),  # JSON object (and "deal": how the seed was made; see the hub)
    Column("created", Float, nullable=False),  # Unix time
    # Unix time of the last change everyone could see (never of a hidden action: listings would tell it).
    Column("updated", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("result", Text, nullable=True),  # JSON, once finished
    Column("waiting_for", Text, nullable=False, default="[]"),  # JSON list: the public "who must act"
    Column("private", Boolean, nullable=False, default=False),
    Column("rematch_of", String(16), nullable=True),
    Column("rematch", String(16), nullable=True),
    # The server process that runs the table's bots, clocks and hold (several processes over one
    # PostgreSQL: see ``server/cluster.py``); null when none does (one process, or none alive).
    Column("owner", String(32), nullable=True),
)
Index("ix_dojo_tables_listing", tables.c.finished, tables.c.private, tables.c.created)
Index("ix_dojo_tables_owner", tables.c.owner)

#: One row per seat.
seats = Table(
    "dojo_seats",
    metadata,
    Column("table_id", String(16), ForeignKey("dojo_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("type", String(8), nullable=False),  # human | bot
    Column("name", String(64), nullable=False),
    Column("bot", String(200), nullable=True),  # the bot spec or level of a bot seat
    Column("status", String(8), nullable=False),  # free | invited | taken | bot
    Column("token_hash", String(64), nullable=True, unique=True),
    Column("clock_remaining", Float, nullable=True),  # seconds left on a per-game clock
)

#: Every accepted action and undo of every table, in order (``n`` counts from 0 per table).
events = Table(
    "dojo_events",
    metadata,
    Column("table_id", String(16), ForeignKey("dojo_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),  # act | undo
    Column("action", Text, nullable=False),  # the canonical action text ("" for an undo)
    Column("at", Float, nullable=False),
)

#: The table's notes (time-outs, seats changing hands), each with the seats that may see it.
notes = Table(
    "dojo_notes",
    metadata,
    Column("table_id", String(16), ForeignKey("dojo_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("mask", Integer, nullable=False),  # -1: everyone; else a bit per seat
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)

#: Who played a seat before it changed hands during the game (a player left, a seat was taken or handed
#: to a bot), so that a finished game's record credits each action to whoever played it: the seat was
#: played by (``type``, ``name``, ``bot``) for its actions before the record's ``until``-th. ``n`` is the
#: number of the note that announced the change (one note may announce several seats').
seat_history = Table(
    "dojo_seat_history",
    metadata,
    Column("table_id", String(16), ForeignKey("dojo_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("until", Integer, nullable=False),  # the number of actions in the game's record at the change
    Column("type", String(8), nullable=False),  # human | bot
    Column("name", String(64), nullable=False),
    Column("bot", String(200), nullable=True),
    Column("at", Float, nullable=False),
)

#: The table's chat: lines typed (or quick emotes sent) by the people at it, seats and spectators.
#: ``n`` counts from 0 per table; a line is ``text`` or an ``emote`` (one of the fixed list), never both.
chat = Table(
    "dojo_chat",
    metadata,
    Column("table_id", String(16), ForeignKey("dojo_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=True),  # None: a spectator
    Column("name", String(64), nullable=False),  # the sender's name when it was sent
    Column("text", Text, nullable=True),
    Column("emote", String(16), nullable=True),
    Column("at", Float, nullable=False),
)

#: The server processes sharing the database, each with the last time it said it was alive.
nodes = Table(
    "dojo_nodes",
    metadata,
    Column("node", String(32), primary_key=True),
    Column("heartbeat", Float, nullable=False),  # Unix time
    Column("started", Float, nullable=False),
    Column("host", String(255), nullable=False),
    Column("pid", Integer, nullable=False),
)

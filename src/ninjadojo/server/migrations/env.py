"""Alembic's environment: runs the migrations on the connection the server hands it.

The server never reads an ``alembic.ini``: :func:`ninjadojo.server.storage.migrate` builds the
configuration and passes an open connection in ``config.attributes["connection"]``.
"""

from __future__ import annotations

from alembic import context

from ninjadojo.server.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("ninjadojo's migrations run only through ninjadojo.server.storage.migrate")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()

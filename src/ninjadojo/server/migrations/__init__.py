"""Alembic migrations of the server's database (run at every start by :mod:`ninjadojo.server.storage`)."""

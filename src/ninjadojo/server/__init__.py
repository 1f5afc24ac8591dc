"""The game server: ``dojo serve``.

Tables of friends and bots over HTTP and WebSockets (FastAPI on uvicorn), stored event-sourced in
SQLite or PostgreSQL (SQLAlchemy, alembic migrations run at start). The protocol is
docs/server-protocol.md; how it works is docs/server.md.

- :mod:`~ninjadojo.server.app`: the HTTP and WebSocket handlers;
- :mod:`~ninjadojo.server.guards`: the HTTP layer's guards (security headers, rate and body limits);
- :mod:`~ninjadojo.server.hub`: every table of a server (create, load, list, rematch);
- :mod:`~ninjadojo.server.live`: one table being served (the path of an action, states, the hold);
- :mod:`~ninjadojo.server.tablebots`: a table's bots (when they are asked, their answers in a window);
- :mod:`~ninjadojo.server.clocks`, :mod:`~ninjadojo.server.connections`, :mod:`~ninjadojo.server.tokens`,
  :mod:`~ninjadojo.server.settings`, :mod:`~ninjadojo.server.catalogue`;
- :mod:`~ninjadojo.server.storage` and :mod:`~ninjadojo.server.schema` (with ``migrations/``);
- :mod:`~ninjadojo.server.bots`: the bots' worker pool;
- :mod:`~ninjadojo.server.bench`: the load benchmark.
"""

from ninjadojo.server.app import create_app
from ninjadojo.server.run import serve

__all__ = ["create_app", "serve"]

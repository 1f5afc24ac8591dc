"""Running the server: ``dojo serve`` calls :func:`serve`."""

from __future__ import annotations

import uvicorn

from ninjadojo.server.app import MAX_MESSAGE, create_app

#: The WebSocket frame size uvicorn accepts (a client message is at most ``MAX_MESSAGE`` characters;
#: anything far larger closes the connection before it is read into memory).
WS_MAX_SIZE = 16 * MAX_MESSAGE


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, bot_workers: int | None = None,
          bot_pool: str = "process", log_level: str = "info", *, ws_rate: float = 20.0, ws_burst: float = 40.0,
          http_rate: float = 50.0, http_burst: float = 200.0) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM stop it cleanly; the database is always consistent).

    The rates are the limits per WebSocket connection and per client address (see the protocol); the
    load benchmark lifts them.
    """
    app = create_app(db, bot_pool=bot_pool, bot_workers=bot_workers, ws_rate=ws_rate, ws_burst=ws_burst,
                     http_rate=http_rate, http_burst=http_burst)
    config = uvicorn.Config(app, host=host, port=port, ws_max_size=WS_MAX_SIZE, log_level=log_level,
                            access_log=False, lifespan="on")
    uvicorn.Server(config).run()

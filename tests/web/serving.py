"""The real server (``ninjadojo.server.create_app``) in a thread of the test process, serving the
browser client, for the browser tests.

Two stand-ins are added to the test's app instance only when the server does not have them (nothing
in src/ninjadojo/server is edited): the client's static files at ``/`` and the replay endpoint
``GET /api/tables/{table}/replay`` (docs/web.md, "What the client needs from the server"). When the
server has them, its own are used and these are not added.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from functools import lru_cache
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.routing import Mount

from ninjadojo.api import load_game
from ninjadojo.server import create_app
from ninjadojo.server.errors import ApiError, bad_request
from ninjadojo.web import static_dir

#: Settings of a quick table: bots act at once, states are not held (the protocol allows 0 for both).
QUICK = {"move_delay": 0, "window_time": 0}


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _paths(app: FastAPI) -> set[str]:
    return {getattr(route, "path", "") for route in app.routes}


def serves_client(app: FastAPI) -> bool:
    """Whether the app already serves the client at ``/`` (a route or a mount there)."""
    return any(getattr(route, "path", None) in ("/", "") for route in app.routes)


def add_replay_route(app: FastAPI) -> None:
    """The replay endpoint the client asks the server for (the same contract as docs/web.md gives)."""

    @lru_cache(maxsize=32)
    def states(save_text: str) -> list[Any]:
        # Every position of a finished game, replayed once from its record (a finished record never changes).
        return list(load_game(json.loads(save_text)).replay_states())

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, step: int | None = None, seat: int | None = None) -> dict[str, Any]:
        table = await app.state.dojo.get(table_id)
        game = table.game
        if not game.is_terminal:
            raise ApiError(403, "not_allowed", "a replay is shown once the game is over (it tells every card)")
        actions = game.record.actions
        if step is None:
            step = len(actions)
        if not 0 <= step <= len(actions):
            raise bad_request(f"step must be 0 to {len(actions)}, not {step}")
        if seat is not None and not 0 <= seat < game.num_players:
            raise bad_request(f"there is no seat {seat}; seats are 0 to {game.num_players - 1}", "bad_seats")
        save = json.dumps(game.to_save(), sort_keys=True)
        state = states(save)[step]
        view = state.observe(seat)
        return {"table": table_id, "game": game.game_id, "step": step, "steps": len(actions), "seat": seat,
                "action": None if step == 0 else list(actions[step - 1]), "view": view,
                "to_act": view["waiting_for"]}

    # The server mounts the client at "/" after its routes: a route added later must go before that
    # mount, or the mount would answer its path first.
    routes = app.router.routes
    route = routes.pop()
    mounts = [i for i, each in enumerate(routes) if isinstance(each, Mount)]
    routes.insert(mounts[0] if mounts else len(routes), route)


class WebServer:
    """The server app run by uvicorn in a thread, on a free loopback port, with an SQLite database."""

    def __init__(self, db: str) -> None:
        self.app = create_app(db, bot_pool="thread", bot_workers=1)
        self.added: list[str] = []
        if "/api/tables/{table_id}/replay" not in _paths(self.app):
            add_replay_route(self.app)
            self.added.append("replay endpoint")
        if not serves_client(self.app):
            # Last: a mount at "/" answers whatever no route above it matched.
            self.app.mount("/", StaticFiles(directory=static_dir(), html=True), name="web")
            self.added.append("static mount")
        self.port = free_port()
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.base = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.base, timeout=30)

    def __enter__(self) -> WebServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(30)

    def create(self, body: dict[str, Any]) -> tuple[str, dict[str, str]]:
        """Create a table over HTTP; its id and tokens."""
        response = self.http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        data = response.json()
        return data["table"]["id"], data["tokens"]

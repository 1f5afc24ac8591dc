"""Helpers of the server's tests: a server in a thread, HTTP calls, and WebSocket clients that keep
every message they receive."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from ninjadojo.server.app import create_app
from ninjadojo.server.run import server_config

#: Settings of a quick table: bots do not wait, states are not held.
QUICK = {"move_delay": 0, "window_time": 0}


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerThread:
    """The server app run by uvicorn in a thread of the test process, on a free loopback port."""

    def __init__(self, db: str, serve_options: dict[str, Any] | None = None, **app_options: Any) -> None:
        app_options.setdefault("bot_pool", "thread")
        app_options.setdefault("bot_workers", 1)
        self.app = create_app(db, **app_options)
        self.port = free_port()
        # uvicorn configured as ``dojo serve`` configures it (its limits), with ``serve_options`` changed.
        config = server_config(self.app, "127.0.0.1", self.port, log_level="warning", **(serve_options or {}))
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.base, timeout=30)

    def __enter__(self) -> ServerThread:
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

    @property
    def dojo(self) -> Any:
        """The server's :class:`~ninjadojo.server.hub.Dojo` (its tables, for white-box checks)."""
        return self.app.state.dojo

    def run(self, coroutine: Any, timeout: float = 60.0) -> Any:
        """Run a coroutine on the server's event loop (white-box steps of a test); its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.dojo.loop).result(timeout)

    def create(self, body: dict[str, Any]) -> tuple[str, dict[str, str]]:
        """Create a table; its id and tokens."""
        response = self.http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        data = response.json()
        return data["table"]["id"], data["tokens"]

    def play_out(self, table_id: str) -> None:
        """Take every seat and play the table's game to its end with each seat's first legal action, on the
        server side (white box), as the clients' moves would."""
        live = self.dojo.tables[table_id]

        async def play() -> None:
            for seat in range(live.game.num_players):
                async with live.lock:
                    live.seats[seat].status = "taken"
            while not live.game.is_terminal:
                seat = live.game.to_act()[0]
                async with live.lock:
                    await live._commit_action(seat, live.game.legal_actions(seat)[0], None)
                    live.publish()

        self.run(play())

    def ws_url(self, table_id: str) -> str:
        """The WebSocket URL of a table."""
        return f"{self.ws_base}/ws/tables/{table_id}"


class Listener:
    """A WebSocket client that keeps every message it receives, in order."""

    def __init__(self, url: str, token: str | None = None) -> None:
        self.url = url
        self.token = token
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.ws: ClientConnection | None = None
        self._unread = 0

    async def __aenter__(self) -> Listener:
        self.ws = await connect(self.url, max_size=None)
        hello: dict[str, Any] = {"type": "hello"}
        if self.token is not None:
            hello["token"] = self.token
        await self.ws.send(json.dumps(hello))
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict as JSON, a string as it is)."""
        assert self.ws is not None
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message."""
        assert self.ws is not None
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        self.messages.append(message)
        return message

    async def next(self, kind: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        """The next message of type ``kind`` whose fields equal ``match`` (others are kept, skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            message = await self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind and all(message.get(key) == value for key, value in match.items()):
                return message

    async def state_where(self, predicate: Any, timeout: float = 20.0) -> dict[str, Any]:
        """The next state for which ``predicate(state)`` holds."""
        deadline = time.monotonic() + timeout
        while True:
            state = await self.next("state", max(0.01, deadline - time.monotonic()))
            if predicate(state):
                return state

    async def quiet(self, seconds: float) -> list[dict[str, Any]]:
        """Every message that arrives within ``seconds``."""
        got = []
        deadline = time.monotonic() + seconds
        with contextlib.suppress(TimeoutError):
            while (left := deadline - time.monotonic()) > 0:
                got.append(await self.recv(left))
        return got

    async def closed_with(self, timeout: float = 10.0) -> int | None:
        """The close code once the server closes the connection (messages before it are kept)."""
        from websockets.exceptions import ConnectionClosed

        assert self.ws is not None
        try:
            while True:
                await self.recv(timeout)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None


def latest_state(listener: Listener) -> dict[str, Any]:
    """The last state a listener received."""
    return next(message for message in reversed(listener.messages) if message["type"] == "state")

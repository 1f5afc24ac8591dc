"""One WebSocket connection: its seat, what it was last sent, its outgoing queue and its rate limit.

Everything sent to a connection goes through its queue, in order, so that an action's ``ack`` always
precedes the states it caused. A client too slow to read its messages is disconnected (it reconnects
and gets the whole state again) rather than making the server hold an ever-growing backlog.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any, Protocol

#: Messages waiting for a slow client before it is disconnected.
QUEUE_LIMIT = 512

#: Close codes (see docs/server-protocol.md).
CLOSE_BAD_MESSAGE = 4400
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_SPECTATORS = 4403
CLOSE_UNKNOWN_TABLE = 4404
CLOSE_SLOW = 4408
CLOSE_ABUSE = 4429
CLOSE_GOING_AWAY = 1001


class WebSocketLike(Protocol):
    """What a connection needs of a WebSocket (Starlette's, or a test double)."""

    async def send_text(self, data: str) -> None:
        """Send one text message."""

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        """Close the connection."""


class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, bursts of ``burst``."""

    def __init__(self, rate: float, burst: float, clock: Any = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._at = clock()
        #: Messages refused so far.
        self.refused = 0

    def allow(self) -> bool:
        """Whether one more message may pass now (counting it if so, and the refusal if not)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        self.refused += 1
        return False


class Connection:
    """A client connected to one table as a seat (or as a spectator, ``viewer`` None)."""

    def __init__(self, websocket: WebSocketLike, viewer: int | None, rate: float = 20.0, burst: float = 40.0) -> None:
        self.websocket = websocket
        self.viewer = viewer
        #: The hash of the token this connection said hello with (None: a spectator). The table checks it
        #: under its lock on every use: a token revoked meanwhile holds nothing.
        self.token_hash: str | None = None
        self.limiter = RateLimiter(rate, burst)
        #: What the last state sent showed (without the running clocks), to send only what changed.
        self.fingerprint: str | None = None
        #: How many log events this viewer may see had been sent (for ``log_new``).
        self.log_seen = 0
        self.closed = False
        self._queue: asyncio.Queue[str | tuple[int, str] | None] = asyncio.Queue(QUEUE_LIMIT)
        self._sender: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start sending queued messages."""
        if self._sender is None:
            self._sender = asyncio.get_running_loop().create_task(self._send_loop())

    def send(self, message: dict[str, Any]) -> None:
        """Queue a JSON message."""
        self.send_text(json.dumps(message, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        """Queue a message already encoded."""
        if self.closed:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(CLOSE_SLOW, "too slow to read its messages; reconnect")

    def close(self, code: int, reason: str = "") -> None:
        """Close after the messages already queued (a final ``None`` stops the sender)."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self._queue.put_nowait((code, reason))
        with contextlib.suppress(asyncio.QueueFull):
            self._queue.put_nowait(None)
        if self._queue.full() and self._sender is not None:
            self._sender.cancel()
            asyncio.get_running_loop().create_task(self._close_now(code, reason))

    async def _close_now(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code, reason)

    async def _send_loop(self) -> None:
        try:
            while True:
                item = await self._queue.get()
                if item is None:
                    return
                if isinstance(item, tuple):
                    await self._close_now(*item)
                    return
                await self.websocket.send_text(item)
        except Exception:
            # The client went away: the receiving side notices and detaches the connection.
            self.closed = True

    async def drain(self, timeout: float = 5.0) -> None:
        """Wait until everything queued has been sent (or ``timeout``)."""
        if self._sender is not None:
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(self._sender), timeout)

    def stop(self) -> None:
        """Stop sending (the socket is gone)."""
        self.closed = True
        if self._sender is not None and not self._sender.done():
            self._sender.cancel()

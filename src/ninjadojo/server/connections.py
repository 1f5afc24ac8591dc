"""One WebSocket connection: its seat, what it was last sent, its outgoing queue and its rate limit.

Everything sent to a connection goes through its queue, in order, so that an action's ``ack`` always
precedes the states it caused. States are *coalesced*: a new state replaces the one still waiting (its
new log lines carried over), so a slow reader gets the newest state, not a queue of stale ones, and a
connection that never reads holds at most one state. A client whose queue still grows past
:data:`BYTE_BUDGET` (or :data:`QUEUE_LIMIT` messages) is disconnected (it reconnects and gets the whole
state again) rather than making the server hold an ever-growing backlog.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from typing import Any, Protocol

from ninjadojo.server.views import StateText

#: Messages waiting for a slow client before it is disconnected.
QUEUE_LIMIT = 512

#: Bytes (characters) of messages waiting for a slow client before it is disconnected.
BYTE_BUDGET = 1024 * 1024

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


#: Chat lines a seat (or a spectator's connection) may send: bursts of CHAT_BURST, then one every
#: 1/CHAT_RATE seconds; on top of the limit every WebSocket message has.
CHAT_RATE = 1 / 3
CHAT_BURST = 6


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

    def rested(self) -> bool:
        """Whether the bucket is full again (forgetting it now would give its owner nothing more)."""
        return bool(min(self.burst, self._tokens + (self._clock() - self._at) * self.rate) >= self.burst)


def state_message(text: str, log_new: list[str], seq: int | None = None) -> str:
    """A state message: ``text`` (its JSON without ``log_new``) with ``seq`` (if given) and ``log_new`` added."""
    head = text[:-1] if seq is None else f'{text[:-1]},"seq":{seq}'
    return f'{head},"log_new":{json.dumps(log_new, separators=(",", ":"))}}}'


def patch_message(base: int, seq: int, ops: list[str]) -> str:
    """A patch message: the operations (each a JSON array's text) turning state ``base`` into ``seq``."""
    joined = ",".join(part[1:-1] for part in ops if part != "[]")
    return f'{{"type":"patch","from":{base},"seq":{seq},"ops":[{joined}]}}'


class _State:
    """A state waiting to be sent: the whole state (its JSON text without ``log_new``, and the log lines
    new to the client), and, for a connection that takes patches and holds state ``base``, the patches
    that bring it to this one (``ops`` and ``base`` are set together, and only with a ``seq``)."""

    __slots__ = ("_message", "_text", "_whole", "base", "log_new", "new_size", "ops", "seq", "size")

    def __init__(self, text: str | StateText, log_new: list[str], seq: int | None, base: int | None = None,
                 ops: list[str] | None = None, floor: int = 0) -> None:
        self._message: str | None = None
        self._text = text
        self._whole: int | None = None
        self.log_new = log_new
        self.seq = seq
        self.base = base
        self.ops = ops
        #: The size of the log lines new to the client, as the whole state's message carries them.
        self.new_size = sum(len(line) + 3 for line in log_new)
        patched = None if ops is None else sum(len(part) for part in ops)
        # A chain of patches larger than the whole state is not worth sending. ``floor`` is at most the
        # whole text's length (the log's characters): a patch no larger needs no text encoded to be sure.
        if patched is not None and patched > floor + self.new_size and patched > self.whole:
            self.base = self.ops = None
        self.size = self.whole if self.ops is None else patched or 0

    @property
    def text(self) -> str:
        """The whole state's JSON text, without ``log_new`` (encoded now if it was not yet)."""
        text = self._text
        return text if isinstance(text, str) else text.get()

    @property
    def whole(self) -> int:
        """The size of the whole state's message (the size of this one if it is sent whole)."""
        if self._whole is None:
            self._whole = len(self.text) + self.new_size
        return self._whole

    def message(self) -> str:
        """The text to send (made once: the table's send returns it, and the sender sends it)."""
        if self._message is None:
            if self.ops is None:
                self._message = state_message(self.text, self.log_new, self.seq)
            else:
                assert self.base is not None and self.seq is not None  # (set with ops: see Connection.send_state)
                self._message = patch_message(self.base, self.seq, self.ops)
        return self._message

    def send_whole(self) -> None:
        """Send the whole state, not the patches (the client lost track of its state)."""
        self.base = self.ops = None
        self.size = self.whole
        self._message = None


class Connection:
    """A client connected to one table as a seat (or as a spectator, ``viewer`` None)."""

    def __init__(self, websocket: WebSocketLike, viewer: int | None, rate: float = 20.0, burst: float = 40.0,
                 budget: int = BYTE_BUDGET, address: str | None = None) -> None:
        self.websocket = websocket
        self.viewer = viewer
        #: The client's address (None: unknown). A spectator's chat limit is kept per address and table, so
        #: that reconnecting does not give a spectator a new allowance.
        self.address = address
        #: The hash of the token this connection said hello with (None: a spectator). The table checks it
        #: under its lock on every use: a token revoked meanwhile holds nothing.
        self.token_hash: str | None = None
        self.limiter = RateLimiter(rate, burst)
        #: The ``seq`` of its viewer's state last queued here (``None``: send the current one even if it is
        #: the same), to send only what changed.
        self.queued_seq: int | None = None
        #: How many log events this viewer may see had been sent (for ``log_new``).
        self.log_seen = 0
        #: Whether the client asked for patches (hello ``"patches": true``): then a state is sent as the
        #: difference from the one it holds whenever it can be.
        self.patches = False
        #: The ``seq`` of the last state handed to the socket (what the client holds), ``None`` if none.
        self.sent_seq: int | None = None
        self.closed = False
        self.budget = budget
        #: What waits to be sent, in order: text, a state (see :meth:`send_state`), a close, or ``None``.
        self._items: deque[str | _State | tuple[int, str] | None] = deque()
        #: The state waiting to be sent, if any (the one a newer state replaces).
        self._state: _State | None = None
        #: Characters waiting to be sent.
        self.queued_bytes = 0
        self._ready = asyncio.Event()
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
        self._put(text, len(text))

    def send_state(self, text: str | StateText, log_new: list[str], seq: int | None = None, patch: str | None = None,
                   floor: int = 0) -> str:
        """Queue a state (``text``: its JSON without ``log_new``, or that text to encode if needed) with the log
        lines new to this connection. ``floor``: at most the text's length (known without encoding it).

        ``seq`` is the state's number among its viewer's, and ``patch`` the operations (a JSON array's
        text) from state ``seq - 1``: a connection that takes patches and will hold that state is sent
        the patch instead of the whole state.

        A state still waiting is replaced: the new one goes last (after every message queued before it, so
        an ``ack`` still precedes the states it caused) and carries the waiting one's new lines too, and
        its patch is chained after the waiting one's. Returns the message as it would leave now.
        """
        if self.closed:
            return ""
        waiting = self._state
        ops: list[str] | None = None
        base: int | None = None
        if self.patches and patch is not None and seq is not None:
            if waiting is None and self.sent_seq == seq - 1:
                ops, base = [patch], seq - 1
            elif waiting is not None and waiting.ops is not None and waiting.seq == seq - 1:
                ops, base = [*waiting.ops, patch], waiting.base
        if waiting is not None:
            self._items.remove(waiting)
            self.queued_bytes -= waiting.size
            log_new = waiting.log_new + log_new
        state = _State(text, log_new, seq, base, ops, floor)
        self._state = state
        self._put(state, state.size)
        return state.message()

    def forget_patches(self) -> None:
        """The client lost track (it asked for ``sync``): its next state is sent whole."""
        self.sent_seq = None
        waiting = self._state
        if waiting is not None and waiting.ops is not None:
            self.queued_bytes -= waiting.size
            waiting.send_whole()
            self.queued_bytes += waiting.size

    def _put(self, item: str | _State, size: int) -> None:
        self._items.append(item)
        self.queued_bytes += size
        self._ready.set()
        if self._behind():
            self.close(CLOSE_SLOW, "too slow to read its messages; reconnect")

    def _behind(self) -> bool:
        """Whether the client is too far behind: over the byte budget (one message alone, however large, is
        never too much: a long game's state may be) or over :data:`QUEUE_LIMIT` messages."""
        return (self.queued_bytes > self.budget and len(self._items) > 1) or len(self._items) > QUEUE_LIMIT

    def close(self, code: int, reason: str = "") -> None:
        """Close after the messages already queued (a final ``None`` stops the sender); a client too far
        behind is closed at once, what it was still to be sent dropped."""
        if self.closed:
            return
        self.closed = True
        if self._behind():
            self._items.clear()
            self._state = None
            self.queued_bytes = 0
            if self._sender is not None:
                self._sender.cancel()
                asyncio.get_running_loop().create_task(self._close_now(code, reason))
            return
        self._items.append((code, reason))
        self._items.append(None)
        self._ready.set()

    async def _close_now(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code, reason)

    async def _send_loop(self) -> None:
        try:
            while True:
                while not self._items:
                    self._ready.clear()
                    await self._ready.wait()
                item = self._items.popleft()
                if item is None:
                    return
                if isinstance(item, tuple):
                    await self._close_now(*item)
                    return
                if isinstance(item, _State):
                    self._state = None
                    self.queued_bytes -= item.size
                    text = item.message()
                    self.sent_seq = item.seq
                else:
                    self.queued_bytes -= len(item)
                    text = item
                await self.websocket.send_text(text)
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
        self._items.clear()
        self._state = None
        self.queued_bytes = 0
        if self._sender is not None and not self._sender.done():
            self._sender.cancel()

"""Running the server: ``dojo serve`` calls :func:`serve`.

uvicorn is configured here with the limits that keep slow or hostile clients from holding the server
(see docs/server.md, "What the server limits, and why"): a request's head must arrive within
:data:`HEADER_TIMEOUT`, one address holds at most :data:`CONNECTIONS_PER_ADDRESS` HTTP connections,
the server at most :data:`LIMIT_CONCURRENCY` connections and requests, forwarded headers are trusted
only from the proxies named, and repetitive log lines are rate-limited.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import signal
import socket
import time
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from ninjadojo.server.app import MAX_MESSAGE, create_app

#: The WebSocket frame size uvicorn accepts (a client message is at most ``MAX_MESSAGE`` characters;
#: anything far larger closes the connection before it is read into memory).
WS_MAX_SIZE = 16 * MAX_MESSAGE

#: Seconds a connection has to send a request's head (its first, or its next on a kept-alive connection):
#: a client that trickles headers (slowloris) is cut off rather than holding a connection for ever.
HEADER_TIMEOUT = 10.0

#: HTTP connections one client address may hold at once (WebSockets are counted by the application:
#: ``ws_per_address``); more are closed at once. Addresses of trusted proxies are not limited.
CONNECTIONS_PER_ADDRESS = 32

#: Connections and requests in progress at once before new requests are answered 503 (uvicorn's
#: ``limit_concurrency``).
LIMIT_CONCURRENCY = 2000

#: Connections waiting to be accepted (the listening socket's backlog).
BACKLOG = 512

#: The largest request head (request line and headers), in bytes.
MAX_HEAD = 16 * 1024

#: Whether WebSocket messages are compressed (permessage-deflate) when a client offers it. Off: states go
#: as patches of a few hundred bytes, which compress little, while compressing each one took more of the
#: event loop than anything else it does for a message (the load benchmark: about 1,150 actions/s without,
#: 800-900 with). ``dojo serve --ws-compression`` turns it on (slow links, whole states of long games).
WS_COMPRESSION = False

#: Seconds an idle kept-alive connection stays open.
KEEP_ALIVE = 5

#: Log lines of one kind (one logger, one message template) written per :data:`LOG_WINDOW` seconds;
#: the rest are counted, and the count is told with the next line written.
LOG_LINES = 20
LOG_WINDOW = 10.0


def guarded_protocol(header_timeout: float = HEADER_TIMEOUT, per_address: int = CONNECTIONS_PER_ADDRESS,
                     trusted: frozenset[str] = frozenset()) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a time-out on request heads and a cap on connections per address
    (``trusted`` addresses, the proxies, are not capped)."""
    open_by_address: dict[str, int] = {}

    class GuardedH11Protocol(H11Protocol):
        """uvicorn's h11 protocol, guarded against slow and numerous connections."""

        _address: str | None = None
        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else None
            if address is not None and address not in trusted:
                if open_by_address.get(address, 0) >= per_address:
                    transport.close()  # over the cap: closed before anything is read
                    return
                open_by_address[address] = open_by_address.get(address, 0) + 1
                self._address = address
            self._wait_for_head()

        def _wait_for_head(self) -> None:
            self._stop_waiting()
            self._head_timer = self.loop.call_later(header_timeout, self._head_late)

        def _stop_waiting(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_late(self) -> None:
            self._head_timer = None
            # Still no whole request head (h11 waits for the client's request): cut the connection.
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing() \
                    and self.transport.get_protocol() is self:
                self.transport.close()

        def _release(self) -> None:
            self._stop_waiting()
            if self._address is not None:
                left = open_by_address.get(self._address, 1) - 1
                if left > 0:
                    open_by_address[self._address] = left
                else:
                    open_by_address.pop(self._address, None)
                self._address = None

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is not h11.IDLE:
                self._stop_waiting()  # the head arrived

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self._release()  # a WebSocket from now on: the application counts those
            super().handle_websocket_upgrade(event)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._wait_for_head()  # the next request's head, on a kept-alive connection

        def connection_lost(self, exc: Exception | None) -> None:
            self._release()
            super().connection_lost(exc)

    return GuardedH11Protocol


class RepeatFilter(logging.Filter):
    """Lets through at most ``lines`` records of one kind (logger and message template) per ``window``
    seconds; the next one let through tells how many were left out."""

    def __init__(self, lines: int = LOG_LINES, window: float = LOG_WINDOW, clock: Any = time.monotonic) -> None:
        super().__init__()
        self.lines = lines
        self.window = window
        self._clock = clock
        #: By kind: (when its window started, lines written in it, lines left out since the last written).
        self._kinds: dict[tuple[str, str], tuple[float, int, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether ``record`` is written (it may gain a note of the lines left out before it)."""
        key = (record.name, str(record.msg))
        now = self._clock()
        start, written, dropped = self._kinds.get(key, (now, 0, 0))
        if now - start >= self.window:
            start, written = now, 0
        if written >= self.lines:
            self._kinds[key] = (start, written, dropped + 1)
            return False
        if dropped:
            record.msg = f"{record.msg} [{dropped} more like this were not logged]"
        if len(self._kinds) > 10_000:
            self._kinds.clear()  # a bound on memory: forgetting lets a few more lines through, no more
        self._kinds[key] = (start, written + 1, 0)
        return True


#: The loggers whose repetitive lines are rate-limited.
LIMITED_LOGGERS = ("uvicorn.error", "uvicorn.access", "ninjadojo.server")


def limit_logs(lines: int = LOG_LINES, window: float = LOG_WINDOW) -> RepeatFilter:
    """Rate-limit repetitive lines of the server's loggers (a flood of one error fills no disk)."""
    limiter = RepeatFilter(lines, window)
    for name in LIMITED_LOGGERS:
        logger = logging.getLogger(name)
        for old in [each for each in logger.filters if isinstance(each, RepeatFilter)]:
            logger.removeFilter(old)
        logger.addFilter(limiter)
    return limiter


def server_config(app: Any, host: str = "127.0.0.1", port: int = 8000, *, log_level: str = "info",
                  forwarded_allow_ips: str | None = None, header_timeout: float = HEADER_TIMEOUT,
                  connections_per_address: int = CONNECTIONS_PER_ADDRESS,
                  limit_concurrency: int = LIMIT_CONCURRENCY, backlog: int = BACKLOG,
                  ws_compression: bool = WS_COMPRESSION) -> uvicorn.Config:
    """uvicorn's configuration of the server, with its limits.

    ``forwarded_allow_ips``: the addresses of the reverse proxies whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are trusted (comma-separated, as uvicorn takes them); by default none, so that
    a client cannot choose the address the rate limits count it under.
    """
    trusted = frozenset(part.strip() for part in (forwarded_allow_ips or "").split(",") if part.strip())
    return uvicorn.Config(
        app, host=host, port=port, ws_max_size=WS_MAX_SIZE, log_level=log_level, access_log=False, lifespan="on",
        http=guarded_protocol(header_timeout, connections_per_address, trusted),
        proxy_headers=bool(trusted), forwarded_allow_ips=",".join(sorted(trusted)) if trusted else "",
        limit_concurrency=limit_concurrency, backlog=backlog, timeout_keep_alive=KEEP_ALIVE,
        h11_max_incomplete_event_size=MAX_HEAD, ws_per_message_deflate=ws_compression)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, bot_workers: int | None = None,
          bot_pool: str = "process", log_level: str = "info", *, ws_rate: float = 20.0, ws_burst: float = 40.0,
          http_rate: float = 50.0, http_burst: float = 200.0, forwarded_allow_ips: str | None = None,
          docs: bool = False, workers: int = 1, sockets: list[socket.socket] | None = None, **limits: Any) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM stop it cleanly; the database is always consistent).

    The rates are the limits per WebSocket connection and per client address (see the protocol); the
    load benchmark lifts them. ``limits`` go to :func:`create_app` or :func:`server_config` by name.
    ``workers`` > 1 serves from that many processes sharing one listening socket (PostgreSQL only: see
    :func:`serve_workers`); ``sockets``: listen on these (already bound) instead of ``host``/``port``.
    """
    options = {"host": host, "port": port, "db": db, "bot_workers": bot_workers, "bot_pool": bot_pool,
               "log_level": log_level, "ws_rate": ws_rate, "ws_burst": ws_burst, "http_rate": http_rate,
               "http_burst": http_burst, "forwarded_allow_ips": forwarded_allow_ips, "docs": docs, **limits}
    if workers > 1:
        serve_workers(workers, options)
        return
    config_names = {"header_timeout", "connections_per_address", "limit_concurrency", "backlog", "ws_compression"}
    app_limits = {key: value for key, value in limits.items() if key not in config_names}
    config_limits = {key: value for key, value in limits.items() if key in config_names}
    app = create_app(db, bot_pool=bot_pool, bot_workers=bot_workers, ws_rate=ws_rate, ws_burst=ws_burst,
                     http_rate=http_rate, http_burst=http_burst, docs=docs, **app_limits)
    config = server_config(app, host, port, log_level=log_level, forwarded_allow_ips=forwarded_allow_ips,
                           **config_limits)
    limit_logs()
    uvicorn.Server(config).run(sockets=sockets)


#: Why ``--workers`` needs PostgreSQL, in one line.
WORKERS_NEED_POSTGRESQL = ("--workers needs PostgreSQL (--db postgresql://...): a SQLite file is one process's "
                           "database, and the processes would not hear of each other's moves")


def serve_workers(workers: int, options: dict[str, Any]) -> None:
    """Serve from ``workers`` processes on one machine: one listening socket, bound here and shared (the
    kernel gives each new connection to one of them), each process a whole server over the same
    PostgreSQL (see ``server/cluster.py``: any process serves any table). A process that dies is started
    again; Ctrl-C or SIGTERM stops them all.

    Raises :class:`ValueError` (:data:`WORKERS_NEED_POSTGRESQL`) on SQLite.
    """
    from ninjadojo.server.storage import database_url

    if not database_url(options.get("db")).startswith("postgresql"):
        raise ValueError(WORKERS_NEED_POSTGRESQL)
    listener = socket.socket(socket.AF_INET6 if ":" in options["host"] else socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((options["host"], options["port"]))
    listener.listen(options.get("backlog", BACKLOG))
    listener.set_inheritable(True)
    context = multiprocessing.get_context("spawn")  # (threads in the parent: never fork)
    stopping = False

    def start() -> multiprocessing.process.BaseProcess:
        process = context.Process(target=_worker_main, args=(options, listener), name="dojo-serve-worker")
        process.start()
        return process

    def stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    previous = {signum: signal.signal(signum, stop) for signum in (signal.SIGINT, signal.SIGTERM)}
    running = [start() for _ in range(workers)]
    try:
        while not stopping:
            time.sleep(0.5)
            for number, process in enumerate(running):
                if not process.is_alive() and not stopping:
                    logging.getLogger("ninjadojo.server").warning(
                        "server process %s ended (exit code %s); starting another", process.pid, process.exitcode)
                    running[number] = start()
    finally:
        for process in running:
            if process.is_alive():
                process.terminate()  # each stops cleanly on SIGTERM (its tables given up to the others)
        for process in running:
            process.join(30)
            if process.is_alive():
                process.kill()
        listener.close()
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _worker_main(options: dict[str, Any], listener: socket.socket) -> None:
    """One of :func:`serve_workers`'s processes: a whole server on the shared socket."""
    serve(**options, sockets=[listener])

"""``dojo serve`` and ``dojo bench-server``: thin shells over :mod:`ninjadojo.server`.

The server's packages (FastAPI, SQLAlchemy...) are imported only when these commands run, so that
every other command starts as fast as before.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ninjadojo.cli.common import handle_errors, stderr_console, stdout_console
from ninjadojo.engine import OptionError


@handle_errors
def serve(
    host: Annotated[str, typer.Option("--host", help="address to listen on (0.0.0.0 for every network)")] =
        "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help=r"database: postgresql://USER@HOST/NAME, sqlite:///PATH or a file path \[default: server.sqlite3 "
                     "in the data folder]", show_default=False)] = None,
    bot_workers: Annotated[int | None, typer.Option(
        "--bot-workers", help=r"processes the bots think in \[default: the cores, at most 4]", show_default=False)] =
        None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        "--forwarded-allow-ips", help=r"reverse proxies (comma-separated addresses) whose X-Forwarded-For is trusted "
                                      r"\[default: none]", show_default=False)] = None,
    docs: Annotated[bool, typer.Option(
        "--docs", help="serve the OpenAPI pages at /docs and /redoc (they load swagger-ui from a CDN)")] = False,
    header_timeout: Annotated[float, typer.Option(
        "--header-timeout", help="seconds a connection has to send a request's head")] = 10.0,
    connections_per_address: Annotated[int, typer.Option(
        "--connections-per-address", help="HTTP connections one address may hold at once")] = 32,
    ws_per_address: Annotated[int, typer.Option(
        "--ws-per-address", help="WebSocket connections one address may hold at once")] = 32,
    max_connections: Annotated[int, typer.Option(
        "--max-connections", help="connections and requests at once before new requests get 503")] = 2000,
    tables_per_hour: Annotated[int, typer.Option(
        "--tables-per-hour", help="tables one address may create in an hour")] = 60,
    max_bot_tables: Annotated[int, typer.Option(
        "--max-bot-tables", help="tables of bots only playing at once")] = 4,
    max_game_length: Annotated[int, typer.Option(
        "--max-game-length", help="the largest max_length option (actions) a table may have")] = 5000,
    review_iterations: Annotated[int | None, typer.Option(
        "--review-iterations", help="the search's iterations a decision in game reviews and hints "
        "[default: the expert level's budget]")] = None,
    reviews_per_hour: Annotated[int, typer.Option(
        "--reviews-per-hour", help="game reviews one address may start in an hour")] = 20,
    ws_compression: Annotated[bool, typer.Option(
        "--ws-compression",
        help="compress WebSocket messages (permessage-deflate) for clients that offer it: less traffic, more CPU")]
        = False,
    workers: Annotated[int, typer.Option(
        "--workers", help="server processes on this machine, sharing the port (PostgreSQL only)")] = 1,
) -> None:
    """Serve tables of friends and bots over HTTP and WebSockets, until Ctrl-C.

    Games are stored as they are played (SQLite in the data folder by default, created on first start); a restart carries on every table as it was. With --docs the API is documented at http://HOST:PORT/docs.
    """  # noqa: E501 - typer's help keeps line breaks inside a paragraph, so each paragraph is one line
    if not 0 < port < 65536:
        raise OptionError(f"--port must be from 1 to 65535, not {port}")
    if bot_workers is not None and not 1 <= bot_workers <= 64:
        raise OptionError(f"--bot-workers must be from 1 to 64, not {bot_workers}")
    if not 0.1 <= header_timeout <= 600:
        raise OptionError(f"--header-timeout must be from 0.1 to 600 seconds, not {header_timeout:g}")
    for flag, value in (("--connections-per-address", connections_per_address), ("--ws-per-address", ws_per_address),
                        ("--max-connections", max_connections), ("--tables-per-hour", tables_per_hour),
                        ("--max-bot-tables", max_bot_tables), ("--max-game-length", max_game_length),
                        ("--reviews-per-hour", reviews_per_hour)):
        if not 1 <= value <= 10_000_000:
            raise OptionError(f"{flag} must be from 1 to 10000000, not {value}")
    if review_iterations is not None and not 1 <= review_iterations <= 100_000:
        raise OptionError(f"--review-iterations must be from 1 to 100000, not {review_iterations}")
    if not 1 <= workers <= 64:
        raise OptionError(f"--workers must be from 1 to 64, not {workers}")
    from ninjadojo.server.run import WORKERS_NEED_POSTGRESQL
    from ninjadojo.server.storage import Storage, database_url

    url = database_url(db)
    if workers > 1 and not url.startswith("postgresql"):
        raise OptionError(WORKERS_NEED_POSTGRESQL)
    # Open the database first, so that a bad --db is one line of error rather than a server that dies.
    storage = Storage(url)
    try:
        storage.start()
    finally:
        storage.close()
    from ninjadojo.server.run import serve as run_server

    shown = url.split("@")[-1] if "@" in url else url
    processes = f", {workers} processes" if workers > 1 else ""
    stderr_console().print(f"dojo serve: http://{host}:{port}/ (database {shown}{processes}); Ctrl-C stops it",
                           markup=False)
    run_server(host, port, url, bot_workers, forwarded_allow_ips=forwarded_allow_ips, docs=docs,
               header_timeout=header_timeout, connections_per_address=connections_per_address,
               ws_per_address=ws_per_address, limit_concurrency=max_connections, tables_per_hour=tables_per_hour,
               max_bot_tables=max_bot_tables, max_game_length=max_game_length, review_iterations=review_iterations,
               hint_iterations=review_iterations, reviews_per_hour=reviews_per_hour, ws_compression=ws_compression,
               workers=workers)


@handle_errors
def bench_server(
    db: Annotated[str, typer.Option(
        "--db", help="sqlite (a temporary file), postgresql (a throwaway cluster) or a database URL")] = "sqlite",
    tables: Annotated[int, typer.Option("--tables", "-n", help="tables played at once")] = 8,
    game: Annotated[str, typer.Option("--game", help="game id")] = "knights-and-ninjas",
    players: Annotated[int, typer.Option("--players", "-p", help="seats per table")] = 4,
    clients: Annotated[int, typer.Option("--clients", help="seats per table played by scripted clients")] = 2,
    bot: Annotated[str, typer.Option("--bot", help="the bot (level or spec) in the other seats")] = "easy",
    seconds: Annotated[float, typer.Option("--seconds", "-t", help="how long to run")] = 5.0,
    max_actions: Annotated[int, typer.Option("--max-actions", help="stop after this many client actions")] = 50_000,
    bot_pool: Annotated[str, typer.Option("--bot-pool", help="thread or process")] = "thread",
    patches: Annotated[bool, typer.Option(
        "--patches/--whole", help="clients take patches (the browser's way) or whole states")] = True,
    ws_compression: Annotated[bool, typer.Option(
        "--ws-compression", help="the server compresses WebSocket messages")] = False,
    workers: Annotated[int, typer.Option(
        "--workers", help="server processes sharing the port (PostgreSQL only)")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as one JSON line")] = False,
) -> None:
    """Load-test the server on loopback: accepted actions per second, latency from send to broadcast."""
    from ninjadojo.server.bench import BenchSettings, bench_text, run_bench

    settings = BenchSettings(db=db, tables=tables, game=game, players=players, clients=clients, bot=bot,
                             seconds=seconds, max_actions=max_actions, bot_pool=bot_pool,
                             patches=patches, ws_compression=ws_compression, workers=workers)
    try:
        result = run_bench(settings)
    except RuntimeError as error:
        raise OptionError(str(error).splitlines()[0]) from None
    console = stdout_console()
    if as_json:
        console.print(json.dumps(result, sort_keys=True, separators=(",", ":")), markup=False)
    else:
        console.print(bench_text(result), markup=False)

"""The HTTP and WebSocket API (FastAPI): thin handlers over :class:`~ninjadojo.server.hub.Dojo`.

The protocol is docs/server-protocol.md; the OpenAPI page is served at ``/docs`` when turned on. Every error is
``{"error": {"code", "message"}}`` with a 4xx status and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect

from ninjadojo import __version__
from ninjadojo.engine.errors import UnknownGameError, quote
from ninjadojo.engine.words import as_told
from ninjadojo.server.bots import BotPool
from ninjadojo.server.catalogue import catalogue, game_entry
from ninjadojo.server.cluster import NODE_TIMEOUT
from ninjadojo.server.connections import (
    CLOSE_ABUSE,
    CLOSE_BAD_MESSAGE,
    CLOSE_BAD_TOKEN,
    CLOSE_NO_SPECTATORS,
    CLOSE_UNKNOWN_TABLE,
    Connection,
)
from ninjadojo.server.errors import ApiError, MessageError, bad_request, storage_failed
from ninjadojo.server.guards import (
    BODY_TIMEOUT,
    MAX_BODY,
    PROTOCOL,
    BodyLimit,
    HttpLimiter,
    WebSocketRefusal,
    security_headers,
    validation_message,
)
from ninjadojo.server.hub import MAX_BOT_TABLES, MAX_GAME_LENGTH, Dojo
from ninjadojo.server.live import LiveTable
from ninjadojo.server.replays import ReplayCache
from ninjadojo.server.reviews import (
    HINT_ITERATIONS,
    MAX_REVIEWS,
    REVIEW_ITERATIONS,
    REVIEWS_PER_HOUR,
    REVIEWS_QUEUED,
    Reviews,
)
from ninjadojo.server.settings import check_bot_spec, check_name
from ninjadojo.server.storage import Storage, database_url
from ninjadojo.server.tokens import hash_token, new_token

log = logging.getLogger("ninjadojo.server")

#: The largest WebSocket message from a client (the largest request body: guards.MAX_BODY).
MAX_MESSAGE = 4 * 1024
#: Seconds a new WebSocket has to say hello.
HELLO_TIMEOUT = 10.0
#: Refused messages after which a connection that keeps flooding is closed.
ABUSE_LIMIT = 100
#: The close code of a connection the server could not take on (its seat could not be stored).
CLOSE_INTERNAL = 1011



TokenHeader = Annotated[str | None, Header(alias="X-Seat-Token", description="the seat's token")]
WatchHeader = Annotated[str | None, Header(alias="X-Watch-Key", description="a private table's watch key")]

#: WebSocket connections one client address may hold at once, over every table.
WS_PER_ADDRESS = 32

#: Tables one client address may create in an hour (bursts of as many).
TABLES_PER_HOUR = 60


class CreateTable(BaseModel):
    """``POST /api/tables`` (see docs/server-protocol.md for every field)."""

    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field(description="game id (GET /api/games)")
    players: StrictInt | None = Field(None, description="player count (default: len(seats), else the fewest)")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options")
    seats: list[Any] | None = Field(None, description='one per seat: {"type": "human", "name"?, "open"?} or '
                                                      '{"type": "bot", "level"? | "bot"?}')
    settings: dict[str, Any] | None = Field(None, description="move_delay, window_time, clock, clock_seconds, "
                                                              "timeout_bot, undo, spectators, private")
    seed: StrictInt | None = Field(None, description="the deal's seed (default: random; secret until the end); "
                                                     "taken as it is at a table of one human at most, else "
                                                     "mixed with the server's randomness (the summary's deal)")


class JoinTable(BaseModel):
    """``POST /api/tables/{table}/join``."""

    model_config = ConfigDict(extra="forbid")
    name: StrictStr | None = None
    seat: StrictInt | None = None


class LeaveTable(BaseModel):
    """``POST /api/tables/{table}/leave``."""

    model_config = ConfigDict(extra="forbid")
    replace_with: StrictStr | None = Field(None, description="a level or bot spec to play the seat from now on")


class HandToBot(BaseModel):
    """``POST /api/tables/{table}/seats/{seat}/bot``."""

    model_config = ConfigDict(extra="forbid")
    bot: StrictStr = Field(description="a level or bot spec")


class StartReview(BaseModel):
    """``POST /api/tables/{table}/review``."""

    model_config = ConfigDict(extra="forbid")
    seat: StrictInt | None = Field(None, description="the seat to review (default: the seat of X-Seat-Token)")
    hindsight: StrictBool = Field(False, description="also search each decision on the true position (twice the "
                                                     "time)")


class AskHint(BaseModel):
    """``POST /api/tables/{table}/hint``."""

    model_config = ConfigDict(extra="forbid")
    index: StrictInt | None = Field(None, description="the index of the state the hint is for (default: the "
                                                      "seat's current one)")


class MyTables(BaseModel):
    """``POST /api/my/tables``."""

    model_config = ConfigDict(extra="forbid")
    tokens: list[Any] = Field(description="seat tokens (at most 100)")


def create_app(db: str | None = None, *, bot_pool: str = "process", bot_workers: int | None = None,
               http_rate: float = 50.0, http_burst: float = 200.0, ws_rate: float = 20.0,
               ws_burst: float = 40.0, exact_seeds: bool = False, docs: bool = False,
               ws_per_address: int = WS_PER_ADDRESS, tables_per_hour: int = TABLES_PER_HOUR,
               max_game_length: int = MAX_GAME_LENGTH, max_bot_tables: int = MAX_BOT_TABLES,
               body_timeout: float = BODY_TIMEOUT, review_iterations: int | None = REVIEW_ITERATIONS,
               hint_iterations: int | None = HINT_ITERATIONS, max_reviews: int | None = MAX_REVIEWS,
               reviews_per_hour: int = REVIEWS_PER_HOUR, reviews_queued: int = REVIEWS_QUEUED,
               node_timeout: float = NODE_TIMEOUT) -> FastAPI:
    """The server's application on the database ``db`` (see :func:`~ninjadojo.server.storage.database_url`).

    ``exact_seeds``: take a creator's seed as it is at every table, also of several people (a trusted
    server: tests, a club replaying a deal); by default only a table of one human at most does.
    ``docs`` serves the OpenAPI pages at ``/docs`` and ``/redoc`` (off by default: they load swagger-ui
    from a CDN, on the origin whose local storage holds seat tokens).
    ``review_iterations`` and ``hint_iterations``: the search's budget a decision of a review and of a hint
    (``None``: the review library's default); ``max_reviews`` at once (``None``: half the bots' workers, at
    least one), ``reviews_queued`` waiting for a slot beyond those, ``reviews_per_hour`` per address (see
    :mod:`ninjadojo.server.reviews`).
    ``node_timeout``: on PostgreSQL, the seconds after which another server process that stopped saying
    it is alive is taken for dead, and its tables' bots and clocks are taken over (see ``cluster.py``).
    """
    dojo = Dojo(Storage(database_url(db)), BotPool(bot_workers, bot_pool), exact_seeds,
                max_game_length=max_game_length, max_bot_tables=max_bot_tables, node_timeout=node_timeout)
    reviews = Reviews(dojo.pool, iterations=review_iterations, hint_iterations=hint_iterations,
                      max_running=max_reviews, max_queued=reviews_queued, per_hour=reviews_per_hour)
    limiter = HttpLimiter(http_rate, http_burst)
    creations = HttpLimiter(tables_per_hour / 3600, tables_per_hour)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await dojo.start()
        try:
            yield
        finally:
            reviews.close()
            await dojo.close()

    app = FastAPI(title="ninjadojo server", version=__version__, lifespan=lifespan,
                  docs_url="/docs" if docs else None, redoc_url="/redoc" if docs else None,
                  description="Tables, seats and live games of ninjadojo. The protocol: docs/server-protocol.md.")
    app.state.dojo = dojo
    app.state.reviews = reviews

    @app.exception_handler(ApiError)
    async def api_error(_: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.to_json(), status_code=error.status)

    @app.exception_handler(SQLAlchemyError)
    async def database_error(_: Request, error: SQLAlchemyError) -> JSONResponse:
        # A read the database refused (a full disk, a lost server): the documented JSON error, not a 500 page.
        log.error("a request failed on the database: %s", error)
        failed = storage_failed(error)
        return JSONResponse(failed.to_json(), status_code=failed.status)

    @app.exception_handler(Exception)
    async def internal_error(request: Request, error: Exception) -> JSONResponse:
        log.error("a request failed", exc_info=error)
        # Answered by the outermost middleware, outside ``guard``: the headers every response has are set here.
        return JSONResponse({"error": {"code": "internal", "message": "the server failed on this request (a bug, "
                                                                      "logged); nothing was changed"}},
                            status_code=500, headers={"X-Dojo-Protocol": str(PROTOCOL),
                                                      **security_headers(request.headers.get("host"),
                                                                         request.url.path)})

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse(bad_request(validation_message(error)).to_json(), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "not_allowed", 413: "too_large"}.get(error.status_code, "bad_request")
        message = str(error.detail)
        if error.status_code == 400 and message == "There was an error parsing the body":
            # FastAPI's words for a body json.loads gave up on other than as malformed JSON (not UTF-8, too deep).
            message = "the body could not be read as JSON: it must be UTF-8 JSON text, not nested too deeply"
        return JSONResponse({"error": {"code": code, "message": message}}, status_code=error.status_code)

    @app.middleware("http")
    async def guard(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await _checked(request, call_next)
        response.headers["X-Dojo-Protocol"] = str(PROTOCOL)
        response.headers.update(security_headers(request.headers.get("host"), request.url.path))
        return response

    async def _checked(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if request.url.path.startswith("/api/"):
            client = request.client.host if request.client else "?"
            if not limiter.allow(client):
                return JSONResponse({"error": {"code": "rate_limited", "message": "too many requests; slow down"}},
                                    status_code=429, headers={"Retry-After": "1"})
            length = request.headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                return JSONResponse({"error": {"code": "too_large",
                                               "message": f"a request body is at most {MAX_BODY} bytes"}},
                                    status_code=413)
        return await call_next(request)

    async def table_of(table_id: str) -> LiveTable:
        return await dojo.get(table_id)

    def seat_of(table: LiveTable, token: str | None) -> int:
        if token is None:
            raise ApiError(401, "missing_token", "this needs your seat's token in the X-Seat-Token header")
        seat = table.seat_of_token(token)
        if seat is None:
            raise ApiError(401, "bad_token", "this token holds no seat at this table")
        return seat

    @app.get("/api/health", summary="Whether the server is up (and its protocol version)")
    async def health() -> dict[str, Any]:
        # "node": this process's name when several processes serve one PostgreSQL (null when alone).
        return {"ok": True, "protocol": PROTOCOL, "node": None if dojo.cluster is None else dojo.cluster.node}

    # ------------------------------------------------------------------ games

    @app.get("/api/games", summary="The games catalogue: options, cards, bots and levels")
    async def games() -> list[dict[str, Any]]:
        return catalogue()

    @app.get("/api/games/{game}", summary="One game of the catalogue")
    async def one_game(game: str) -> dict[str, Any]:
        try:
            return game_entry(game)
        except UnknownGameError as error:
            raise ApiError(404, "unknown_game", str(error)) from None

    # ------------------------------------------------------------------ tables

    @app.post("/api/tables", status_code=201, summary="Create a table; its seat tokens are shown only here")
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        if not creations.allow(request.client.host if request.client else "?"):
            raise ApiError(429, "rate_limited", f"one address creates at most {tables_per_hour} tables an hour; "
                                                "try again later")
        table, tokens = await dojo.create(body.model_dump())
        answer: dict[str, Any] = {"table": table.summary(), "tokens": tokens}
        if table.watch_key is not None:  # shown once, here
            answer["watch_key"], table.watch_key = table.watch_key, None
        return answer

    @app.get("/api/tables", summary="Public tables: open (a free seat), playing or finished")
    async def list_tables(status: Annotated[str, Query(pattern="^(open|playing|finished)$")] = "open",
                          game: str | None = None) -> dict[str, Any]:
        return {"tables": await dojo.listing(status, game)}

    @app.get("/api/tables/{table_id}", summary="One table's summary")
    async def get_table(table_id: str, token: TokenHeader = None, watch: WatchHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        # Who is connected, whom the table waits for and since when: watching, as the table's view is.
        check_watch(table, token, watch)
        return table.summary()

    @app.post("/api/tables/{table_id}/join", summary="Take a free seat (a new token), or name an invited one")
    async def join(table_id: str, body: JoinTable, token: TokenHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        if token is not None:
            seat = seat_of(table, token)
            if body.seat is not None and body.seat != seat:
                raise bad_request(f"this token holds seat {seat}, not seat {body.seat}")
            await table.rename(seat, check_name(body.name), hash_token(token))
            return {"seat": seat, "table": table.summary()}
        name = check_name(body.name) if body.name is not None else None
        fresh = new_token()
        seat = await table.join(body.seat, name, hash_token(fresh))
        return {"seat": seat, "token": fresh, "table": table.summary()}

    @app.post("/api/tables/{table_id}/leave", summary="Leave a seat: it becomes free, or a bot plays it")
    async def leave(table_id: str, body: LeaveTable, token: TokenHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        seat = seat_of(table, token)
        spec = None if body.replace_with is None else check_bot_spec(body.replace_with, table.game.game_id,
                                                                     "'replace_with'")
        if spec is None:
            await table.leave(seat, None, hash_token(str(token)))
            return table.summary()
        async with dojo.bot_room:  # counted and changed in one step (others leave to bots at the same time)
            if all(info.type == "bot" for info in table.seats if info.seat != seat):
                dojo.check_bot_table_room(becoming=table)
            await table.leave(seat, spec, hash_token(str(token)))
        return table.summary()

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", summary="Hand a free seat to a bot")
    async def hand_to_bot(table_id: str, seat: int, body: HandToBot, token: TokenHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        holder = seat_of(table, token)
        if not 0 <= seat < table.game.num_players:
            raise bad_request(f"there is no seat {seat}; seats are 0 to {table.game.num_players - 1}", "bad_seats")
        if seat == holder:
            raise bad_request("to hand your own seat to a bot, leave it with replace_with", "bad_seats")
        spec = check_bot_spec(body.bot, table.game.game_id, "'bot'")
        await table.hand_to_bot(seat, spec, holder, hash_token(str(token)))
        return table.summary()

    @app.post("/api/tables/{table_id}/rematch", summary="The next game at this table, and your token there")
    async def rematch(table_id: str, token: TokenHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        seat = seat_of(table, token)
        new, fresh = await dojo.rematch(table, seat, hash_token(str(token)))
        return {"table": new.summary(), "seat": seat, "token": fresh}

    @app.post("/api/my/tables", summary="The tables your tokens hold seats at")
    async def my_tables(body: MyTables) -> dict[str, Any]:
        return {"tables": await dojo.tables_of(body.tokens)}

    @app.get("/api/tables/{table_id}/view", summary="Your seat's state (or the spectators')")
    async def view(table_id: str, token: TokenHeader = None, watch: WatchHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        viewer = seat_of(table, token) if token is not None else None
        if viewer is None and not table.settings.spectators:
            raise ApiError(403, "not_allowed", "this table does not allow spectators")
        if viewer is None:
            check_watch(table, None, watch)
        return await table.wait_state(viewer, None if token is None else hash_token(token))

    def check_watch(table: LiveTable, token: str | None, watch: str | None) -> None:
        """Refuse a spectator of a table without spectators (its seats alone may see its record, replays and
        reviews), and of a private table without its watch key; a seat's token always does."""
        if token is not None and table.seat_of_token(token) is not None:
            return
        if not table.settings.spectators:
            raise ApiError(403, "not_allowed", "this table does not allow spectators: its record, replays and "
                                               "reviews are for its seats (send a seat's X-Seat-Token)")
        if table.may_watch(watch):
            return
        raise ApiError(403, "private", "this table is private: watching it needs its watch key (the X-Watch-Key "
                                       "header; its creator was given it) or a seat's token")

    #: Positions of finished games for the replay viewer (bounded: see ReplayCache).
    replays = ReplayCache()
    app.state.replays = replays

    @app.get("/api/tables/{table_id}/record", summary="A finished game's record, for replay")
    async def record(table_id: str, token: TokenHeader = None, watch: WatchHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        check_watch(table, token, watch)
        if table.public_facts[1] is None:  # the end is shown when everyone is shown it (not during a hold)
            raise ApiError(403, "not_allowed", "the record is shown once the game is over (it tells every card)")
        data = dict(table.game.to_save())
        data["seats"] = [{"seat": seat.seat, "type": seat.type, "name": seat.name} for seat in table.seats]
        # Who played a seat before it changed hands (the seats above are who played it at the end).
        history = await asyncio.to_thread(table.storage.seat_history, table.id)
        data["seat_history"] = [entry.to_json() for entry in history]
        data["notes"] = [text for _, text in table.notes]
        return data

    @app.get("/api/tables/{table_id}/replay",
             summary="A finished game's position after `step` actions, as a seat (or a spectator) saw it")
    async def replay(table_id: str, step: int | None = None, seat: int | None = None, token: TokenHeader = None,
                     watch: WatchHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        check_watch(table, token, watch)
        if table.public_facts[1] is None:
            raise ApiError(403, "not_allowed", "a replay is shown once the game is over (it tells every card)")
        game = table.game
        actions = game.record.actions
        step = len(actions) if step is None else step
        if not 0 <= step <= len(actions):
            raise bad_request(f"step must be 0 to {len(actions)}, not {step}")
        if seat is not None and not 0 <= seat < game.num_players:
            raise bad_request(f"there is no seat {seat}; seats are 0 to {game.num_players - 1}", "bad_seats")
        position, label, secret = await replays.step(table_id, game, step)
        view = position.observe(seat)
        actor = None if step == 0 else actions[step - 1][0]
        # ``secret``: the last action was chosen out of this viewer's sight (a simultaneous choice, a concealed
        # answer): the viewer saw only what followed from it, and a replay as they saw it says no more. (The
        # action and its words stay in the answer: the game is over, and its record tells them.)
        told = None if label is None else as_told(label)  # of its player, for others: "Flip their trap 2"
        return {"table": table_id, "game": game.game_id, "step": step, "steps": len(actions), "seat": seat,
                "action": None if step == 0 else list(actions[step - 1]), "label": label, "told": told, "view": view,
                "to_act": view["waiting_for"], "secret": secret and seat != actor}

    # ------------------------------------------------------------------ reviews and hints

    def finished_seat(table: LiveTable, seat: int | None, token: str | None) -> int:
        """The seat a review request is about: the one given, else the token's (the game must be over)."""
        if table.public_facts[1] is None:  # over as everyone has been shown it (not during the hold)
            raise ApiError(409, "game_not_over", "a game is reviewed once it is over (a review tells every card)")
        if seat is None:
            if token is None:
                raise bad_request("say which seat to review ('seat'), or send your seat's token")
            seat = seat_of(table, token)
        if not 0 <= seat < table.game.num_players:
            raise bad_request(f"there is no seat {seat}; seats are 0 to {table.game.num_players - 1}", "bad_seats")
        return seat

    async def played_by(table: LiveTable, seat: int) -> list[dict[str, Any]]:
        """Who played ``seat`` in turn: each player until the record's ``until``-th action, the last (``until``
        null) to the end (the seat history; one entry when the seat never changed hands mid-game)."""
        history = await asyncio.to_thread(table.storage.seat_history, table.id)
        last = table.seats[seat]
        return [*({"until": entry.until, "type": entry.type, "name": entry.name} for entry in history
                  if entry.seat == seat), {"until": None, "type": last.type, "name": last.name}]

    @app.post("/api/tables/{table_id}/review", summary="Start the review of a seat's decisions in a finished game")
    async def start_review(table_id: str, body: StartReview, request: Request, response: Response,
                           token: TokenHeader = None, watch: WatchHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        check_watch(table, token, watch)
        seat = finished_seat(table, body.seat, token)
        job = reviews.start(table.id, table.game, seat, request.client.host if request.client else "?",
                            body.hindsight)
        answer = job.to_json()
        answer["played_by"] = await played_by(table, seat)
        if answer["status"] in ("running", "queued"):
            response.status_code = 202
        return answer

    @app.get("/api/tables/{table_id}/review", summary="A review's progress, then its result")
    async def get_review(table_id: str, seat: int | None = None, hindsight: bool = False, token: TokenHeader = None,
                         watch: WatchHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        check_watch(table, token, watch)
        seat = finished_seat(table, seat, token)
        job = reviews.get(table.id, seat, hindsight)
        if job is None:
            kind = " with hindsight" if hindsight else ""
            raise ApiError(404, "not_found", f"no review of seat {seat}{kind} at this table yet: POST to start one")
        return {**job.to_json(), "played_by": await played_by(table, seat)}

    @app.post("/api/tables/{table_id}/hint", summary="A hint for your own decision (a table that allows them)")
    async def ask_hint(table_id: str, body: AskHint, token: TokenHeader = None) -> dict[str, Any]:
        table = await table_of(table_id)
        seat = seat_of(table, token)
        return await table.hint(seat, hash_token(str(token)), body.index, reviews.hint)

    # ------------------------------------------------------------------ live

    #: WebSocket connections open by client address.
    sockets_by_address: dict[str, int] = {}

    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str) -> None:
        address = websocket.client.host if websocket.client else "?"
        if sockets_by_address.get(address, 0) >= ws_per_address:
            await websocket.accept()
            await websocket.send_text(json.dumps({"type": "error", "code": "too_many_connections", "message":
                                                  f"at most {ws_per_address} connections from one address"}))
            await websocket.close(CLOSE_ABUSE)
            return
        sockets_by_address[address] = sockets_by_address.get(address, 0) + 1
        try:
            await _live(websocket, table_id)
        finally:
            left = sockets_by_address.pop(address) - 1
            if left > 0:
                sockets_by_address[address] = left

    async def _live(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            conn = await _hello(websocket, table_id)
        except WebSocketDisconnect:
            return
        if conn is None:
            return
        table, connection = conn
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect" or connection.closed:
                    break
                if not connection.limiter.allow():
                    if connection.limiter.refused > ABUSE_LIMIT:
                        connection.close(CLOSE_ABUSE, "too many messages")
                        break
                    connection.send({"type": "error", "code": "rate_limited",
                                     "message": "too many messages; this one was dropped"})
                    continue
                await _handle(table, connection, message.get("text"))
        except WebSocketDisconnect:
            pass
        finally:
            if connection.closed:
                # Closed by the server (a flood, a revoked token): let the close frame go out first.
                await connection.drain(1.0)
            await table.detach(connection)

    async def _hello(websocket: WebSocket, table_id: str) -> tuple[LiveTable, Connection] | None:
        async def refuse(code: str, text: str, close: int) -> None:
            await websocket.send_text(json.dumps({"type": "error", "code": code, "message": text}))
            await websocket.close(close)

        try:
            message = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
        except TimeoutError:
            await refuse("bad_message", f"say hello within {HELLO_TIMEOUT:g} seconds", CLOSE_BAD_MESSAGE)
            return None
        if message["type"] == "websocket.disconnect":
            return None
        hello = _parse(message.get("text"))
        if isinstance(hello, MessageError) or hello.get("type") != "hello":
            if isinstance(hello, MessageError):
                await refuse(hello.code, hello.message, CLOSE_BAD_MESSAGE)
            else:
                await refuse("bad_message", 'the first message must be {"type": "hello", "token"?: "<seat token>"}',
                             CLOSE_BAD_MESSAGE)
            return None
        try:
            table = await dojo.get(table_id)
        except ApiError as error:
            await refuse(error.code, error.message, CLOSE_UNKNOWN_TABLE)
            return None
        patches = hello.get("patches", False)
        if not isinstance(patches, bool):
            await refuse("bad_message", f"hello's 'patches' must be true or false, not {quote(patches)}",
                         CLOSE_BAD_MESSAGE)
            return None
        token = hello.get("token")
        if token is None:
            if not table.settings.spectators:
                await refuse("not_allowed", "this table does not allow spectators", CLOSE_NO_SPECTATORS)
                return None
            if not table.may_watch(hello.get("watch")):
                await refuse("private", 'this table is private: watching it needs its watch key ({"type": "hello", '
                                        '"watch": "<key>"}; its creator was given it)', CLOSE_NO_SPECTATORS)
                return None
            viewer: int | None = None
        else:
            viewer = table.seat_of_token(token)
            if viewer is None:
                await refuse("bad_token", "this token holds no seat at this table", CLOSE_BAD_TOKEN)
                return None
        connection = Connection(websocket, viewer, ws_rate, ws_burst,
                                address=websocket.client.host if websocket.client else None)
        connection.patches = patches
        if viewer is not None:
            connection.token_hash = hash_token(str(token))
        try:
            await table.attach(connection)  # checks the token again, under the table's lock
        except ApiError as error:
            connection.stop()
            await refuse(error.code, error.message, CLOSE_BAD_TOKEN if error.code == "bad_token" else CLOSE_INTERNAL)
            return None
        return table, connection

    _mount_client(app)
    app.add_middleware(BodyLimit, limit=MAX_BODY, timeout=body_timeout)
    app.add_middleware(WebSocketRefusal)
    return app


def _mount_client(app: FastAPI) -> None:
    """Serve the browser client (``ninjadojo.web``) at ``/``, after every API route so that they win."""
    from starlette.staticfiles import StaticFiles

    try:
        from ninjadojo.web import static_dir
    except ImportError:  # an installation without the client: the API alone
        return
    folder = static_dir()
    if (folder / "index.html").is_file():
        app.mount("/", StaticFiles(directory=folder, html=True), name="client")


def _parse(text: object) -> dict[str, Any] | MessageError:
    """A client message as a JSON object, or the error saying why it is not one."""
    if not isinstance(text, str):
        return MessageError("bad_json", "messages are JSON text, not binary")
    if len(text) > MAX_MESSAGE:
        return MessageError("too_large", f"a message is at most {MAX_MESSAGE} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return MessageError("bad_json", f"not valid JSON: {quote(text)}")
    if not isinstance(data, dict):
        return MessageError("bad_json", f"a message is a JSON object with a 'type', not {quote(data)}")
    return data


async def _handle(table: LiveTable, conn: Connection, text: object) -> None:
    """One client message after hello: act, undo, chat or ping; any problem is an ``error`` and changes nothing."""
    parsed = _parse(text)
    reply_id: object = None
    try:
        if isinstance(parsed, MessageError):
            raise parsed
        reply_id = parsed.get("id")
        if reply_id is not None and not (isinstance(reply_id, str) and len(reply_id) <= 64) and \
                not (isinstance(reply_id, int) and not isinstance(reply_id, bool)) and \
                not (isinstance(reply_id, float) and math.isfinite(reply_id)):
            refused, reply_id = reply_id, None
            raise MessageError("bad_message", f"'id' must be text of at most 64 characters or a number, not "
                                              f"{quote(refused)}")
        kind = parsed.get("type")
        if kind == "ping":
            conn.send({"type": "pong", "id": reply_id})
        elif kind in ("act", "undo"):
            if conn.viewer is None:
                raise MessageError("spectator", "a spectator cannot act; join a seat to play")
            if kind == "act":
                await table.act(conn.viewer, parsed.get("action"), parsed.get("index"), conn, reply_id)
            else:
                await table.undo(conn.viewer, parsed.get("index"), conn, reply_id)
        elif kind == "chat":
            await table.send_chat(conn, parsed.get("text"), parsed.get("emote"), reply_id)
        elif kind == "sync":
            await table.resend(conn, whole=True)
        elif kind == "hello":
            raise MessageError("bad_message", "already connected: hello is only the first message")
        else:
            raise MessageError("bad_message",
                               f"unknown message type {quote(kind)}; types are act, undo, chat, sync, ping")
    except MessageError as error:
        answer: dict[str, Any] = {"type": "error", "code": error.code, "message": error.message, "id": reply_id}
        if error.legal:
            answer["legal"] = error.legal
        conn.send(answer)
        if error.code == "stale":
            await table.resend(conn)
    except Exception:
        log.exception("table %s: a message failed", table.id)
        conn.send({"type": "error", "code": "internal", "message": "the server failed on this message (a bug, "
                                                                   "logged); nothing was applied", "id": reply_id})


"""The server's tables: created, loaded from storage on demand, listed, and closed at shutdown.

Every table whose game is not over is loaded when the server starts, so that its bots and clocks go
on where they stopped; finished tables are loaded when someone asks for one.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from ninjadojo.engine.errors import DojoError, OptionError, UnknownGameError, quote
from ninjadojo.engine.state import MAX_LENGTH_OPTION, check_seed
from ninjadojo.server import storage as store
from ninjadojo.server.bots import BotPool
from ninjadojo.server.catalogue import game_title, sets_in_play
from ninjadojo.server.cluster import HEARTBEAT, NODE_TIMEOUT, Cluster
from ninjadojo.server.errors import ApiError, bad_request, storage_failed, unknown_table
from ninjadojo.server.live import EVERYONE, WATCH_HASH, LiveTable, public_waiting
from ninjadojo.server.settings import SeatPlan, TableSettings, check_players, parse_seats
from ninjadojo.server.storage import Storage, StoredSeat, StoredTable
from ninjadojo.server.tokens import hash_token, looks_like_token, new_table_id, new_token
from ninjadojo.table.setup import default_players, resolve_game

log = logging.getLogger("ninjadojo.server")

#: The most tokens ``POST /api/my/tables`` takes.
MAX_TOKENS = 100

#: The longest game (its ``max_length`` option, in actions) a table may be created with: the engine
#: allows 10,000,000, and a table of bots would play that long for ever after.
MAX_GAME_LENGTH = 5000

#: Tables of bots only (no human seat) playing at once on the server: they play without end otherwise.
MAX_BOT_TABLES = 4

#: Finished tables nobody is connected to kept in memory (the most recently asked for); the others are
#: loaded again from storage when asked for. A finished game of 5,000 actions holds about 1.7 MB, and
#: every table ever created or looked at used to stay in memory for the server's life.
FINISHED_KEPT = 64

#: The most tables a listing gives (newest first).
LISTED = 100


class Dojo:
    """Every table of one server, with its storage and its bots' workers."""

    def __init__(self, storage: Storage, pool: BotPool, exact_seeds: bool = False, *,
                 max_game_length: int = MAX_GAME_LENGTH, max_bot_tables: int = MAX_BOT_TABLES,
                 node_timeout: float = NODE_TIMEOUT) -> None:
        self.storage = storage
        self.pool = pool
        #: Take a creator's seed as it is at every table (a trusted server: tests, a club replaying a deal).
        self.exact_seeds = exact_seeds
        self.max_game_length = max_game_length
        self.max_bot_tables = max_bot_tables
        self.tables: dict[str, LiveTable] = {}
        #: The tables in memory, the least recently asked for first (see :meth:`_trim`).
        self._recent: OrderedDict[str, None] = OrderedDict()
        self.finished_kept = FINISHED_KEPT
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        self._rematch_lock = asyncio.Lock()
        #: Held while a table may become one of bots only (made so, or its last human leaving to a bot): the
        #: count of such tables and the change are one step, so that requests arriving together cannot all
        #: pass :meth:`check_bot_table_room` before any of them is stored.
        self.bot_room = asyncio.Lock()
        #: The event loop the server runs on (set by :meth:`start`).
        self.loop: asyncio.AbstractEventLoop | None = None
        #: This process's part in a cluster of server processes, on PostgreSQL (see ``server/cluster.py``):
        #: any number of processes may serve the same database. None on SQLite (one process).
        self.cluster: Cluster | None = None
        self.node_timeout = node_timeout

    async def start(self) -> None:
        """Open the database (migrating it) and load every unfinished table, so its bots play on."""
        self.loop = asyncio.get_running_loop()
        await asyncio.to_thread(self.storage.start)
        self.pool.warm()
        if self.storage.backend == "postgresql":
            # Other processes may serve this database too: this one loads the tables nobody alive owns
            # (claiming them), and the others' when their players come here.
            self.cluster = Cluster(self.storage, heartbeat=min(HEARTBEAT, self.node_timeout / 3),
                                   node_timeout=self.node_timeout)
            await self.cluster.start(self)
            return
        for table_id in await asyncio.to_thread(self.storage.unfinished_ids):
            try:
                await self.get(table_id)
            except (DojoError, AssertionError) as error:
                log.error("table %s cannot be loaded and is left as stored: %s", table_id, error)

    async def close(self) -> None:
        """Close every table, then the workers and storage (a cluster's tables given up first, so that the
        other processes take them over at once)."""
        if self.cluster is not None:
            await self.cluster.close()
        for table in list(self.tables.values()):
            await table.close()
        self.pool.close()
        await asyncio.to_thread(self.storage.close)

    # ------------------------------------------------------------------ finding tables

    async def get(self, table_id: str) -> LiveTable:
        """A table, loaded from storage if it is not in memory (404 ``unknown_table`` if there is none)."""
        live = self.tables.get(table_id)
        if live is not None:
            self._recent[table_id] = None
            self._recent.move_to_end(table_id)
            return live
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 16:
            raise unknown_table(table_id)
        loading = self._loading.get(table_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[LiveTable] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            stored = await asyncio.to_thread(self.storage.load_table, table_id)
            if stored is None:
                raise unknown_table(table_id)
            try:
                live = LiveTable.load(stored, self.storage, self.pool)
            except (DojoError, AssertionError) as error:
                # Stored events that do not replay (a database edited by hand, a game changed since):
                # the table is left as stored, and said to be unavailable rather than half served.
                log.error("table %s does not replay: %s", table_id, error)
                raise ApiError(503, "unavailable", f"table {table_id} cannot be loaded: its stored game does "
                                                   "not replay (see the server's log)") from None
            await self._join_cluster(live, claim=not stored.finished)
            self.tables[table_id] = live
            self._recent[table_id] = None
            self._trim()
            async with live.lock:
                live.publish()
            if self.cluster is not None:
                # A change another process announced while this one was reading the table was not heard
                # (the table was not here yet): one look now, after it is here, takes in anything missed.
                live.spawn_catch_up()
            future.set_result(live)
            return live
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: only waiters re-raise it
            raise
        finally:
            del self._loading[table_id]

    async def _join_cluster(self, live: LiveTable, claim: bool) -> None:
        """In a cluster: the table hears the other processes, and runs its bots and clocks here only if this
        process owns it (claimed now if nobody alive does)."""
        if self.cluster is None:
            return
        live.cluster = self.cluster
        live.own(claim and await self.cluster.claim(live.id))

    def _trim(self) -> None:
        """Drop from memory the finished tables nobody is connected to or busy with, the least recently asked
        for first, beyond :attr:`finished_kept` (a table is loaded again from storage when it is asked for)."""
        idle = []
        for table_id in list(self._recent):
            table = self.tables.get(table_id)
            if table is None:
                del self._recent[table_id]
            elif table.public_facts[1] is not None and not table.connections and not table.lock.locked():
                idle.append(table_id)
        for table_id in idle[:max(0, len(idle) - self.finished_kept)]:
            del self.tables[table_id], self._recent[table_id]

    def summary_of(self, stored: StoredTable) -> dict[str, Any]:
        """A listing's summary: the live table's when loaded, else the stored row's."""
        live = self.tables.get(stored.id)
        if live is not None:
            return live.summary()
        return stored_summary(stored)

    async def listing(self, status: str, game: str | None) -> list[dict[str, Any]]:
        """Public tables: ``open`` (a free seat), ``playing`` or ``finished``, newest first."""
        # (more rows read to watch or replay, as the tables without spectators are left out after reading)
        found = await asyncio.to_thread(self.storage.list_tables, status, game, LISTED * (1 if status == "open" else 3))
        summaries = [self.summary_of(stored) for stored in found]
        if status != "open":
            # To watch or to replay: a table without spectators is for its seats alone (its free seats are
            # still listed as open, to join).
            summaries = [summary for summary in summaries if summary["settings"]["spectators"]][:LISTED]
        # The stored row is written with each action, a live table's summary when everyone is shown it:
        # during a hold the two differ, and a listing must not show what the table does not yet.
        if status == "finished":
            return [summary for summary in summaries if summary["status"] == "finished"]
        if status == "playing":
            # A game whose last action is held: stored as finished, still playing for everyone. Listed with
            # the tables in play, as its summary says, until the hold is over.
            listed = {stored.id for stored in found}
            held = [live.summary() for live in list(self.tables.values())
                    if live.id not in listed and not live.settings.private and live.settings.spectators
                    and live.game.is_terminal
                    and live.public_facts[1] is None and (game is None or live.game.game_id == game)]
            if held:
                summaries = sorted(summaries + held, key=lambda summary: summary["id"])
                summaries.sort(key=lambda summary: summary["created"], reverse=True)  # newest first, as stored
            # In play, to watch: not a table still waiting for its players (there is nothing to watch yet; one
            # with a free seat is listed as open).
            return [summary for summary in summaries if summary["status"] == "playing"]
        return [summary for summary in summaries if summary["status"] != "finished"]

    async def tables_of(self, tokens: object) -> list[dict[str, Any]]:
        """The tables and seats the given tokens hold (invalid tokens are left out, unnamed)."""
        if not isinstance(tokens, list) or len(tokens) > MAX_TOKENS:
            raise bad_request(f"'tokens' must be a list of at most {MAX_TOKENS} seat tokens")
        hashes = [hash_token(token) for token in tokens if looks_like_token(token)]
        found = await asyncio.to_thread(self.storage.tables_of_tokens, hashes)
        return [{"seat": seat, "table": self.summary_of(stored)} for seat, stored in found]

    # ------------------------------------------------------------------ creating tables

    async def create(self, body: Mapping[str, Any]) -> tuple[LiveTable, dict[str, str]]:
        """A new table from a create request (see the protocol); its tokens by seat (shown once)."""
        game_id = body.get("game")
        try:
            if not isinstance(game_id, str):
                raise UnknownGameError(f"'game' must be a game id, not {quote(game_id)}")
            cls = resolve_game(game_id)
        except UnknownGameError as error:
            raise bad_request(str(error), "bad_game") from None
        seats_data = body.get("seats")
        players = body.get("players")
        if players is None:
            players = default_players(game_id, len(seats_data) if isinstance(seats_data, list) and seats_data
                                      else None)
        players = check_players(players)
        try:
            cls.check_players(players)
        except OptionError as error:
            raise ApiError(400, "bad_players", str(error)) from None
        options = body.get("options") or {}
        if not isinstance(options, Mapping):
            raise bad_request(f"'options' must be an object of the game's options, not {quote(options)}", "bad_option")
        try:
            values = cls.validate_options(players, options)
        except OptionError as error:
            raise bad_request(str(error), "bad_option") from None
        length = values.get(MAX_LENGTH_OPTION)
        if isinstance(length, int) and length > self.max_game_length:
            raise bad_request(f"option {quote(MAX_LENGTH_OPTION)} must be at most {self.max_game_length} on this "
                              f"server, not {length}", "bad_option")
        plans = parse_seats(seats_data, players, game_id)
        if all(plan.type == "bot" for plan in plans):
            self.check_bot_table_room()
        settings = TableSettings.parse(body.get("settings"), game_id)
        seed = body.get("seed")
        deal = "random"
        if seed is None:
            seed = secrets.randbits(63)
        try:
            seed = check_seed(seed)
        except OptionError as error:
            raise bad_request(str(error)) from None
        if body.get("seed") is not None:
            deal = "chosen"
            if sum(plan.type == "human" for plan in plans) > 1 and not self.exact_seeds:
                # Whoever chooses the seed knows every hidden card: at a table of several people the
                # creator's seed only goes into the server's own random one, so that nobody knows the deal.
                deal = "mixed"
                seed = mixed_seed(seed)
        if not all(plan.type == "bot" for plan in plans):
            return await self._make(game_id, players, values, seed, plans, settings, None, deal)
        async with self.bot_room:
            self.check_bot_table_room()  # again: others may have been made while this request was read
            return await self._make(game_id, players, values, seed, plans, settings, None, deal)

    def check_bot_table_room(self, becoming: LiveTable | None = None) -> None:
        """Refuse (429 ``busy``) one more table of bots only when :attr:`max_bot_tables` already play
        (``becoming``: a table about to have bots only, not counted itself)."""
        playing = sum(1 for table in self.tables.values()
                      if table is not becoming and not table.game.is_terminal and not table.closed
                      and all(seat.type == "bot" for seat in table.seats))
        if playing >= self.max_bot_tables:
            raise ApiError(429, "busy", f"this server plays at most {self.max_bot_tables} tables of bots only at "
                                        "once; try again when one has finished, or take a seat")

    async def _make(self, game_id: str, players: int, options: Mapping[str, Any], seed: int, plans: list[SeatPlan],
                    settings: TableSettings, rematch_of: str | None,
                    deal: str = "random", watch_hash: str | None = None) -> tuple[LiveTable, dict[str, str]]:
        game = resolve_game(game_id).new(players, dict(options), seed)
        stored_settings = settings.to_json()
        watch_key = None
        if settings.private and settings.spectators:
            # Spectators of a private table need its watch key: the table id alone does not let them in.
            # A rematch keeps its table's key (the same audience).
            if watch_hash is None:
                watch_key = new_token()
                watch_hash = hash_token(watch_key)
            stored_settings[WATCH_HASH] = watch_hash
        tokens: dict[str, str] = {}
        seats: list[StoredSeat] = []
        for seat, plan in enumerate(plans):
            if plan.type == "bot":
                seats.append(StoredSeat(seat, "bot", str(plan.bot), plan.bot, "bot", None, None))
                continue
            remaining = settings.clock_rules().starting_time()
            if plan.open:
                seats.append(StoredSeat(seat, "human", f"Player {seat}", None, "free", None, remaining))
                continue
            token = new_token()
            tokens[str(seat)] = token
            seats.append(StoredSeat(seat, "human", plan.name or f"Player {seat}", None, "invited", hash_token(token),
                                    remaining))
        now = time.time()
        stored = StoredTable(
            id=new_table_id(), game=game_id, players=players, options=dict(game.options), seed=seed, start=None,
            settings={**stored_settings, "deal": deal}, created=now, updated=now, finished=False, result=None,
            waiting_for=public_waiting(game),
            private=settings.private, rematch_of=rematch_of, rematch=None, seats=seats)
        ops = [store.insert_table(stored)]
        if self.cluster is not None:
            # Owned by this process from its first commit: no other process's heartbeat finds it ownerless.
            ops.append(store.update_table(stored.id, owner=self.cluster.node))
        note = DEAL_NOTES.get(deal)
        if note is not None:
            stored.notes.append((EVERYONE, note))
            ops.append(store.insert_note(stored.id, 0, EVERYONE, note, now))
        try:
            await self.storage.write(ops)
        except Exception as error:
            log.error("a new table could not be stored: %s", error)
            raise storage_failed(error) from None
        live = LiveTable(stored, game, self.storage, self.pool)
        live.watch_key = watch_key
        await self._join_cluster(live, claim=True)
        self.tables[stored.id] = live
        self._recent[stored.id] = None
        self._trim()
        async with live.lock:
            live.publish()
        return live, tokens

    async def rematch(self, table: LiveTable, seat: int, token_hash: str) -> tuple[LiveTable, str]:
        """The table's next game (made by the first call), and a new token for ``seat`` there, if the token
        hashed ``token_hash`` still holds ``seat`` at ``table``.

        The token is checked under the table's lock, held until the new token is issued: a seat left
        meanwhile gets no token at the next table.
        """
        async with self._rematch_lock, table.lock:
            table.check_holder(seat, token_hash)
            if table.public_facts[1] is None:  # over as everyone has been shown it (not during a hold)
                raise ApiError(409, "game_not_over", "a rematch starts once the game is over")
            if table.rematch is not None:
                new = await self.get(table.rematch)
            else:
                options = {**dict(table.game.options), **table.game.rematch_options()}
                try:
                    # A game whose carried set-up its own options refuse is a bad request, as a bad option
                    # given to create is, not a server error; checked before anything is made or stored.
                    resolve_game(table.game.game_id).validate_options(table.game.num_players, options)
                except OptionError as error:
                    raise bad_request(f"the rematch cannot be set up: {error}", "bad_option") from None
                plans = []
                for info in table.seats:
                    if info.type == "bot":
                        plans.append(SeatPlan("bot", bot=info.bot))
                    else:
                        plans.append(SeatPlan("human", name=info.name, open=info.status == "free"))
                new, _ = await self._make(table.game.game_id, table.game.num_players, options, secrets.randbits(63),
                                          plans, table.settings, table.id, "random", table.watch_hash)
                try:
                    await self.storage.write([store.update_table(table.id, rematch=new.id)])
                except Exception as error:
                    log.error("table %s: its rematch %s could not be linked: %s", table.id, new.id, error)
                    raise storage_failed(error) from None
                table.rematch = new.id
            if new.seats[seat].type != "human":
                raise ApiError(409, "seat_not_free", f"seat {seat} of the rematch is played by a bot")
            token = new_token()
            await new.reissue(seat, hash_token(token))
        return new, token


#: What every seat is told, before anyone plays, of a seed the creator gave. A table's ``deal`` (its summary's,
#: kept in its stored settings) says how its seed was made: ``random`` (by the server), ``chosen`` (the
#: creator's as given: they may know every hidden card) or ``mixed`` (the creator's, mixed with the server's
#: own randomness).
DEAL_NOTES = {
    "chosen": "The table's creator chose the seed of this deal: they may know every hidden card",
    "mixed": "The creator's seed was mixed with the server's own randomness: nobody knows this deal",
}


def mixed_seed(chosen: int) -> int:
    """A seed nobody can choose: the creator's ``chosen`` seed hashed with 256 random bits of the server's."""
    digest = hashlib.sha256(str(chosen).encode("ascii") + b":" + secrets.token_bytes(32)).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # 63 bits, as a random seed


def stored_summary(stored: StoredTable) -> dict[str, Any]:
    """A table summary from its stored row (a table not in memory: nobody is connected to it)."""
    if stored.finished:
        status = "finished"
    elif any(seat.status in ("free", "invited") for seat in stored.seats):
        status = "waiting"
    else:
        status = "playing"
    seats = []
    for seat in stored.seats:
        entry: dict[str, Any] = {"seat": seat.seat, "type": seat.type, "name": seat.name, "status": seat.status,
                                 "connected": seat.type == "bot"}
        if seat.type == "bot":
            entry["bot"] = seat.bot
        seats.append(entry)
    return {
        "id": stored.id, "game": stored.game, "title": game_title(stored.game), "players": stored.players,
        "options": stored.options, "sets": sets_in_play(stored.game, stored.options, stored.players),
        "settings": TableSettings.from_stored(stored.settings).to_json(), "status": status,
        "deal": str(stored.settings.get("deal", "random")),
        "seats": seats, "waiting_for": stored.waiting_for, "result": stored.result,
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stored.created)),
        "updated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stored.updated)),
        "rematch_of": stored.rematch_of, "rematch": stored.rematch,
    }

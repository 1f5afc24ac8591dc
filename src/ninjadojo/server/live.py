"""A table being served: its game, seats, connections, bots, clocks, and the path of every action.

One path for every action, whoever sends it (a client, a bot, a clock's time-out): under the table's
lock, check the seat's index, apply it to the game (the engine refuses an illegal action before
changing anything), commit it to storage, acknowledge it, then send each connection its own seat's
new state. Nothing is sent before the commit, so nothing acknowledged or seen is ever lost.

What a seat may learn by timing is controlled here as well (see docs/server-protocol.md, "What may be
learned from timing"): a seat is *released* a new state only when everyone who is not asked by an
open concealed window may be, and not before the table's ``window_time`` after an action everyone
saw that offered a moment at which such a window could open (a public count:
:meth:`GameState.window_moments`); a connection is sent a state only when what its seat may see has changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import time
from dataclasses import dataclass
from typing import Any

from ninjadojo.bots import LEVELS
from ninjadojo.engine.errors import DojoError, GameOverError, IllegalActionError, NotYourTurnError, quote
from ninjadojo.engine.state import GameState
from ninjadojo.engine.words import with_article
from ninjadojo.server import storage as store
from ninjadojo.server.bots import BotPool
from ninjadojo.server.chat import check_chat
from ninjadojo.server.clocks import Clocks
from ninjadojo.server.cluster import Cluster, announce, guard_seats, is_conflict
from ninjadojo.server.connections import (
    CHAT_BURST,
    CHAT_RATE,
    CLOSE_BAD_TOKEN,
    Connection,
    RateLimiter,
)
from ninjadojo.server.errors import ApiError, MessageError, bad_request, storage_failed
from ninjadojo.server.settings import TableSettings, check_seat_name
from ninjadojo.server.storage import CHAT_KEPT, ChatLine, Storage, StoredSeat, StoredTable
from ninjadojo.server.tablebots import TableBots
from ninjadojo.server.tokens import token_matches
from ninjadojo.server.views import SharedView, StateText, Viewer, dumps
from ninjadojo.table.seats import derive_seed
from ninjadojo.table.undo import take_back

log = logging.getLogger("ninjadojo.server")

#: A note everyone may see.
EVERYONE = -1

#: The key of a private table's watch-key hash in its stored settings.
WATCH_HASH = "watch_hash"

#: How many spectators' chat limits a table keeps before it forgets those that are full again.
SPECTATOR_CHAT_KEPT = 256

#: How often (seconds) a hint being thought looks whether its seat has acted meanwhile (see LiveTable.hint).
HINT_POLL = 0.05

#: How long an HTTP view request waits for its seat's state to be released (it is held after actions).
VIEW_WAIT = 30.0


@dataclass(slots=True)
class Seat:
    """A seat of a live table."""

    seat: int
    type: str
    name: str
    bot: str | None
    status: str
    token_hash: str | None
    clock_remaining: float | None

    def stored(self) -> StoredSeat:
        """The seat as its row."""
        return StoredSeat(self.seat, self.type, self.name, self.bot, self.status, self.token_hash,
                          self.clock_remaining)


def can_conceal(game: GameState[Any]) -> bool:
    """Whether the game can open concealed windows (then the table holds states after actions): the
    engine's :meth:`GameState.may_conceal` (Ninjitsu! only with its "any time" cards)."""
    return game.may_conceal()


class LiveTable:
    """A table in memory: the game (derived from its stored events), seats, connections and timers."""

    def __init__(self, stored: StoredTable, game: GameState[Any], storage: Storage, pool: BotPool) -> None:
        self.id = stored.id
        self.game = game
        self.storage = storage
        self.pool = pool
        self.settings = TableSettings.from_stored(stored.settings)
        #: The hash of the key that lets spectators watch a private table (kept beside its settings).
        self.watch_hash: str | None = stored.settings.get(WATCH_HASH)
        #: The watch key itself, only from the table's creation until its creator is shown it once.
        self.watch_key: str | None = None
        self.seed = stored.seed
        #: How the seed was made: ``random``, ``chosen`` (the creator's, as given) or ``mixed`` (see the hub).
        self.deal = str(stored.settings.get("deal", "random"))
        self.created = stored.created
        self.updated = stored.updated
        self.rematch_of = stored.rematch_of
        self.rematch = stored.rematch
        #: The hash of the token a rematch call last issued for each seat (in memory: after a restart a seat
        #: taken is not issued again, the safe side; see :meth:`reissue`).
        self.rematch_issued: dict[int, str] = {}
        self.seats = [Seat(s.seat, s.type, s.name, s.bot, s.status, s.token_hash, s.clock_remaining)
                      for s in stored.seats]
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        #: Each viewer's index (see the protocol): actions it knows were taken. ``None``: spectators.
        self.index: dict[Viewer, int] = {viewer: 0 for viewer in self.viewers()}
        #: The index each viewer was last released (sent, or allowed to be sent).
        self.released: dict[Viewer, int] = dict(self.index)
        #: When each viewer's current index was released (monotonic time).
        self.released_at: dict[Viewer, float] = {viewer: time.monotonic() for viewer in self.viewers()}
        #: (seat, public) of each action in the game's record, for undo.
        self.acts: list[tuple[int, bool | None]] = []  # (seat, public; None: a free action)
        #: Each seat's last accepted action: (its index before, the text sent, the text recorded).
        self.last_own: dict[int, tuple[int, str, str]] = {}
        self.event_count = 0
        self.notes: list[tuple[int, str]] = list(stored.notes)
        #: The last CHAT_KEPT chat lines, oldest first, and how many the table has had.
        self.chat: list[ChatLine] = list(stored.chat)
        self.chat_count = stored.chat_count
        #: Each seat's chat limit (shared by the seat's connections), and the spectators' by client address
        #: (shared by an address's connections, so that reconnecting gives no new allowance).
        self.chat_limits: dict[int, RateLimiter] = {}
        self.spectator_chat_limits: dict[str, RateLimiter] = {}
        self.hold_until = 0.0
        #: Whether the last action applied offered a moment at which a concealed window could open.
        self.offered = False
        self.last_public_at = time.monotonic()
        self.conceals = can_conceal(game)
        #: The table's bots: the ones it holds, the seats thinking, its share of the workers.
        self.bots = TableBots(self)
        #: The last hint computed for each seat: (its index then, the hint), given again until the seat's
        #: index moves (asking again costs nothing).
        self.hints: dict[int, tuple[int, dict[str, Any]]] = {}
        #: A hint's search still running for a seat that acted meanwhile (see :meth:`hint`), or ``None``.
        self._hint_search: asyncio.Future[Any] | None = None
        self.clocks = Clocks(self)
        #: Who everyone was last shown must act, and the result: what listings show (see :meth:`summary`).
        self.public_facts: tuple[list[int], dict[str, Any] | None] = ([], None)
        self._note_public_facts()
        self._tasks: set[asyncio.Task[None]] = set()
        self._hold_timer: asyncio.TimerHandle | None = None
        self._published = asyncio.Event()
        #: Each viewer's latest state, built once per change and shared by its connections.
        self.shared: dict[Viewer, SharedView] = {viewer: SharedView(viewer) for viewer in self.viewers()}
        #: This process's part in a cluster of server processes over one PostgreSQL; None when it is the
        #: only one (see ``server/cluster.py``).
        self.cluster: Cluster | None = None
        #: Whether this process runs the table's bots and clocks: it owns the table (always, when alone).
        self.runs_timers = True
        #: When (monotonic) this process last came to own the table.
        self.owned_since = time.monotonic()
        self._catch_up_task: asyncio.Task[None] | None = None
        self._catch_up_again = False
        self.closed = False

    # ------------------------------------------------------------------ loading

    @classmethod
    def load(cls, stored: StoredTable, storage: Storage, pool: BotPool) -> LiveTable:
        """A table rebuilt from storage: its events replayed on a new game from its set-up."""
        from ninjadojo.api import game_class

        game_type = game_class(stored.game)
        if stored.start is not None:
            game = game_type.from_notation(stored.start)
        else:
            assert stored.seed is not None
            game = game_type.new(stored.players, stored.options, stored.seed)
        table = cls(stored, game, storage, pool)
        for seat, kind, action in stored.events:
            if kind == "act":
                table._apply_in_memory(seat, action)
            else:
                table._undo_in_memory(seat)
        table.event_count = len(stored.events)
        table.released = dict(table.index)
        table._note_public_facts()
        return table

    def viewers(self) -> list[Viewer]:
        """Every seat, then the spectators (``None``)."""
        return [*range(self.game.num_players), None]

    # ------------------------------------------------------------------ facts

    @property
    def status(self) -> str:
        """``finished``, ``waiting`` (a human seat nobody holds yet) or ``playing``."""
        if self.game.is_terminal:
            return "finished"
        if any(seat.status in ("free", "invited") for seat in self.seats):
            return "waiting"
        return "playing"

    def seat_is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now: a bot seat, or a human seat out of time on a per-game clock."""
        return self.seats[seat].type == "bot" or self.clocks.out_of_time(seat)

    def asked(self) -> tuple[int, ...]:
        """The seats an open concealed window asks (a secret of theirs: never shown to others)."""
        frames = self.game.frames
        if frames and frames[-1].concealed and not self.game.is_terminal:
            return tuple(frames[-1].seats)
        return ()

    def settled(self) -> bool:
        """Whether no concealed window is open."""
        frames = self.game.frames
        return not frames or not frames[-1].concealed

    def may_release(self, viewer: Viewer, now: float) -> bool:
        """Whether ``viewer`` may be sent the position as it is now (see the module docstring)."""
        if viewer is not None and viewer in self.asked():
            return True
        return self.settled() and now >= self.hold_until

    def connected(self, seat: int) -> bool:
        """Whether some connection holds ``seat``."""
        return any(conn.viewer == seat and not conn.closed for conn in self.connections)

    def seat_json(self, seat: Seat) -> dict[str, Any]:
        """A seat as listings and states show it."""
        data: dict[str, Any] = {"seat": seat.seat, "type": seat.type, "name": seat.name, "status": seat.status,
                                "connected": seat.type == "bot" or self.connected(seat.seat)}
        if seat.type == "bot":
            data["bot"] = seat.bot
        return data

    def summary(self) -> dict[str, Any]:
        """The table summary (see the protocol), as everyone has been shown the game: during a hold it
        still shows the position before it (who must act, whether the game is over)."""
        from ninjadojo.server.catalogue import game_title, sets_in_play

        waiting, result = self.public_facts
        status = "finished" if result is not None else ("waiting" if self.status == "waiting" else "playing")
        return {
            "id": self.id, "game": self.game.game_id, "title": game_title(self.game.game_id),
            "players": self.game.num_players, "options": dict(self.game.options),
            "sets": sets_in_play(self.game.game_id, self.game.options, self.game.num_players),
            "settings": self.settings.to_json(), "status": status, "deal": self.deal,
            "seats": [self.seat_json(seat) for seat in self.seats],
            "waiting_for": waiting, "result": result,
            "created": _iso(self.created), "updated": _iso(self.updated),
            "rematch_of": self.rematch_of, "rematch": self.rematch,
        }

    def _note_public_facts(self) -> None:
        """The position was released to everyone: listings may show who must act and the result now."""
        result = self.game.result
        self.public_facts = (public_waiting(self.game), None if result is None else result.to_json())

    def may_watch(self, key: object) -> bool:
        """Whether a spectator holding ``key`` may watch: any spectator at a table that is not private, at a
        private one only with its watch key."""
        if not self.settings.private:
            return True
        return isinstance(key, str) and token_matches(key, self.watch_hash)

    def seat_of_token(self, token: object) -> int | None:
        """The seat ``token`` holds at this table, or ``None``.

        Outside the table's lock this is only a first look (a quick 401): the seat may change hands before
        the lock is taken, so every change and every view checks the token again under the lock
        (:meth:`check_holder`).
        """
        if not isinstance(token, str):
            return None
        for seat in self.seats:
            if token_matches(token, seat.token_hash):
                return seat.seat
        return None

    def holds(self, seat: int, token_hash: str | None) -> bool:
        """Whether the token whose hash is ``token_hash`` holds ``seat`` now (call under the lock)."""
        held = self.seats[seat].token_hash
        return token_hash is not None and held is not None and hmac.compare_digest(held, token_hash)

    def check_holder(self, seat: int, token_hash: str | None) -> None:
        """Refuse (401 ``bad_token``) unless the token hashed ``token_hash`` still holds ``seat`` (under the
        lock: a seat left, reissued or handed on between the request's first look and now is not its any more)."""
        if not self.holds(seat, token_hash):
            raise ApiError(401, "bad_token", "this token holds no seat at this table")

    def _connection_holds(self, conn: Connection) -> bool:
        return conn.viewer is None or self.holds(conn.viewer, conn.token_hash)

    # ------------------------------------------------------------------ states

    def common(self) -> dict[str, Any]:
        """The parts of a state that are the same for every viewer (made once per publish, not per viewer)."""
        game = self.game
        return {
            "seats": [self.seat_json(seat) for seat in self.seats],
            "status": self.status,
            # The seats out of a game still going on, as everyone sees them (a ninja with its three hits).
            "out_seats": ([] if game.result is not None
                          else [seat for seat in range(game.num_players) if game.out_words(seat) is not None]),
        }

    def payload(self, viewer: Viewer, common: dict[str, Any] | None = None) -> dict[str, Any]:
        """What a ``state`` message holds for ``viewer`` now, but ``log_new`` (see the protocol). ``common``:
        :meth:`common`, if already made for this position (it is the same for every viewer)."""
        if common is None:
            common = self.common()
        game = self.game
        view: dict[str, Any] = game.observe(viewer, log=False)
        viewer_log = self.shared[viewer].log
        viewer_log.update(game.events)
        view["log"] = viewer_log.lines()
        # A seat a bot plays (a human seat out of time on a per-game clock) is offered nothing: its actions
        # would be refused.
        plays = viewer if viewer is not None and not self.seat_is_bot(viewer) else None
        decision = game.decision(plays) if plays is not None else None
        undo: dict[str, Any] = {"enabled": self.settings.undo}
        if self.settings.undo and viewer is not None and callable(getattr(game, "undo_check", None)):
            reason = game.undo_check(viewer)
            undo["allowed"] = reason is None
            undo["reason"] = reason
        return {
            "type": "state", "table": self.id, "seat": viewer, "index": self.index[viewer],
            "view": view,
            "legal": game.legal_actions(plays) if plays is not None else [],
            # The legal actions in the game's words (seats written P<n>; clients put the seats' names in).
            "labels": game.labels(plays) if plays is not None else {},
            # What the seat may do at any time, at no cost, beside its decisions (with their words).
            "free": game.free_labels(viewer) if viewer is not None and self.seats[viewer].type == "human" else {},
            "decision": None if decision is None else {
                "kind": decision.kind, "prompt": decision.prompt, "simultaneous": decision.simultaneous,
                "concealed": decision.concealed, "looking": decision.looking,
                "formality": decision.formality, "confirm": decision.confirm},
            "to_act": view["waiting_for"],
            "seats": common["seats"],
            "status": common["status"],
            "deal": self.deal,
            "clock": self.clocks.to_json(viewer),
            "undo": undo,
            "hints": {"enabled": self.settings.hints},
            "notes": [text for mask, text in self.notes if _note_visible(mask, viewer)],
            # Why the seat takes no more part in a game still going on (the engine's words), for the seat only.
            "out": game.out_words(viewer) if viewer is not None and game.result is None else None,
            "out_seats": common["out_seats"],
        }

    def _send_state(self, conn: Connection, shared: SharedView, visible: list[str]) -> str:
        """Send ``conn`` its viewer's latest state (a patch if it takes them and holds the one before), with
        the log lines new to it; returns the message as sent unless a newer state replaces it before it
        leaves (see :meth:`Connection.send_state`: then the newer one carries these lines too)."""
        seen = min(conn.log_seen, len(visible))
        fresh = visible[seen:]
        conn.log_seen = len(visible)
        conn.queued_seq = shared.seq
        return conn.send_state(shared.lazy, fresh, shared.seq, shared.patch, floor=shared.log.chars)

    def publish(self) -> None:
        """Release what each viewer may now be sent, and send each connection its state if it changed.

        Then let bots and clocks look at the new position. Called under the lock after every change.
        """
        now = time.monotonic()
        held = False
        by_viewer: dict[Viewer, list[Connection]] = {}
        for conn in self.connections:
            if not conn.closed:
                by_viewer.setdefault(conn.viewer, []).append(conn)
        common: dict[str, Any] | None = None  # (made once, for every viewer's state)
        if self.released[None] != self.index[None] and self.may_release(None, now):
            # The position is released to everyone: its public facts and the clocks everyone sees are taken
            # before any viewer's state is made, so that the seats' states (made first) show the clocks of
            # the position they show, not of the one before it.
            self._note_public_facts()
            self.clocks.snapshot(now)
        for viewer in self.viewers():
            if not self.may_release(viewer, now):
                held = held or self.released[viewer] != self.index[viewer]
                continue
            if self.released[viewer] != self.index[viewer]:
                self.released[viewer] = self.index[viewer]
                self.released_at[viewer] = now
            conns = by_viewer.get(viewer)
            if not conns:
                continue
            if common is None:
                common = self.common()
            payload = self.payload(viewer, common)
            shared = self.shared[viewer]
            shared.update(payload, StateText(payload), _fingerprint(payload))
            visible = shared.log.visible
            for conn in conns:
                if conn.queued_seq != shared.seq:
                    self._send_state(conn, shared, visible)
        if held and self.settled() and self._hold_timer is None:
            loop = asyncio.get_running_loop()
            self._hold_timer = loop.call_at(loop.time() + max(0.0, self.hold_until - now), self._hold_over)
        self._published.set()
        self._published = asyncio.Event()
        if not self.closed:
            self.bots.schedule()
            self.clocks.schedule()

    def _hold_over(self) -> None:
        self._hold_timer = None
        self.spawn(self._publish_locked())

    async def _publish_locked(self) -> None:
        async with self.lock:
            self.publish()

    async def wait_state(self, viewer: Viewer, token_hash: str | None = None) -> dict[str, Any]:
        """``viewer``'s state as soon as it may be sent (an HTTP view: held like a WebSocket's); a seat's
        token (``token_hash``) is checked each time the lock is taken, so a seat that changes hands while
        the request waits out a hold is never shown to the old token."""
        deadline = time.monotonic() + VIEW_WAIT
        while True:
            async with self.lock:
                if viewer is not None:
                    self.check_holder(viewer, token_hash)
                if self.may_release(viewer, time.monotonic()) or time.monotonic() >= deadline:
                    if self.released[viewer] != self.index[viewer] and not self.may_release(viewer, time.monotonic()):
                        raise ApiError(503, "held", "the table is busy; ask again")
                    payload = self.payload(viewer)
                    payload["log_new"] = list(payload["view"]["log"])
                    return payload
                published = self._published
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(published.wait(), max(0.01, deadline - time.monotonic()))

    # ------------------------------------------------------------------ hints

    async def hint(self, seat: int, token_hash: str, index: object, compute: Any) -> dict[str, Any]:
        """A hint for ``seat`` (its token hashed ``token_hash``) on the position it was last sent, which must
        be ``index`` (``None``: the current one): ``compute(game, seat, seed)`` runs the search in a worker,
        on the seat's own view. Only at a table that allows hints, on the seat's own decision.

        The search takes the table's share of the workers (:attr:`TableBots.bot_turn`, as a bot's decision does)
        until it answers or the seat's index moves: a seat that acts while its hint is thought is refused the
        hint (``stale``), and the table's bots go on at once. (Held on, it made a bot answering a concealed window
        after that action miss the hold and give the quick answer: a player could ask for a hint only to weaken
        the bots' answers.) The search left behind finishes in its worker, and the table's next hint waits for
        it, so that one table never has two searches running. The answer is kept for the seat until its index
        moves, so asking again costs nothing.
        """
        async with self.lock:
            current = self._check_hint(seat, token_hash, index)
            kept = self.hints.get(seat)
            if kept is not None and kept[0] == current:
                return kept[1]
        if self._hint_search is not None:
            await asyncio.wait({self._hint_search})  # one left behind: one search of a table's at a time
        async with self.bots.bot_turn:
            async with self.lock:
                current = self._check_hint(seat, token_hash, index)
                kept = self.hints.get(seat)
                if kept is not None and kept[0] == current:
                    return kept[1]  # asked twice at once: the first answer serves both
                game = self.game.clone()  # the worker's copy: the table's game moves on meanwhile
                seed = derive_seed(self.seed or 0, seat) ^ current
            search = asyncio.ensure_future(compute(game, seat, seed))
            while not search.done() and self.index[seat] == current:
                await asyncio.wait({search}, timeout=HINT_POLL)
            if not search.done():
                self._hint_search = search
                search.add_done_callback(self._hint_search_ended)
                raise ApiError(409, "stale", "you acted while the hint was being thought; ask again on the new "
                                             "state if you want one")
            found = search.result()
        answer = {"table": self.id, "seat": seat, "index": current, "hint": found}
        async with self.lock:
            if self.index[seat] == current:
                self.hints[seat] = (current, answer)
        return answer

    def _hint_search_ended(self, search: asyncio.Future[Any]) -> None:
        """A hint's search left behind has finished: its answer is for a position gone, and is dropped."""
        if not search.cancelled() and search.exception() is not None:
            log.warning("table %s: a hint's search failed: %r", self.id, search.exception())
        if self._hint_search is search:
            self._hint_search = None

    def _check_hint(self, seat: int, token_hash: str, index: object) -> int:
        """Refuse a hint request that the table, the seat or the position does not allow; the seat's index."""
        self.check_holder(seat, token_hash)
        if not self.settings.hints:
            raise ApiError(403, "hints_off", "this table does not allow hints (its creator left them off)")
        if self.public_facts[1] is not None or self.game.is_terminal:
            raise ApiError(409, "game_over", "the game is over: ask for a review instead")
        if self.status == "waiting":
            raise ApiError(409, "waiting", "the table is waiting for players; nobody may act yet")
        if index is not None and (isinstance(index, bool) or not isinstance(index, int)):
            raise bad_request(f"'index' must be the index of the last state you saw, not {quote(index)}")
        if self.released[seat] != self.index[seat] or (index is not None and 0 <= index < self.index[seat]):
            raise ApiError(409, "stale", "the game has moved on; ask again on the new state")
        if index is not None and index != self.index[seat]:
            raise ApiError(409, "stale", f"index {index} is not one of your states: the latest you were sent is "
                                         f"{self.index[seat]}")
        if self.seat_is_bot(seat) or not self.game.legal_actions(seat):
            raise ApiError(409, "not_your_turn", "a hint is for your own decision: you have none now")
        return self.index[seat]

    # ------------------------------------------------------------------ chat

    async def send_chat(self, conn: Connection, text: object, emote: object, reply_id: object = None) -> None:
        """Store a chat line from ``conn`` (a seat, or a spectator where the table allows them) and send it
        to every connection of the table. Bots never chat; the text is kept exactly as typed (it is text:
        clients show it as text, never as HTML). Any problem is a :class:`MessageError` and stores nothing."""
        line_text, line_emote = check_chat(text, emote)
        async with self.lock:
            self._check_connection(conn)  # a token revoked since hello holds no seat, nor its voice
            if conn.viewer is None and not self.settings.spectators:
                raise MessageError("spectator", "this table does not allow spectators, nor their chat")
            if conn.viewer is None:
                limiter = self._spectator_chat_limit(conn)
            else:
                limiter = self.chat_limits.setdefault(conn.viewer, RateLimiter(CHAT_RATE, CHAT_BURST))
            if not limiter.allow():
                raise MessageError("rate_limited", f"too many chat lines: at most {CHAT_BURST:g} at once, then one "
                                                   f"every {1 / CHAT_RATE:g} seconds; this one was dropped")
            name = "spectator" if conn.viewer is None else self.seats[conn.viewer].name
            line = ChatLine(self.chat_count, conn.viewer, name, line_text, line_emote, time.time())
            await self._write([store.insert_chat(self.id, line)])
            self.chat_count += 1
            self.chat = [*self.chat[-(CHAT_KEPT - 1):], line]
            message = {"type": "chat", **line.to_json()}
            for other in self.connections:
                if not other.closed and other is not conn:
                    other.send(message)
            conn.send({**message, "id": reply_id})

    def _spectator_chat_limit(self, conn: Connection) -> RateLimiter:
        """The chat limit of a spectator's address at this table (of the connection, address unknown)."""
        key = conn.address if conn.address is not None else f"connection {id(conn)}"
        limits = self.spectator_chat_limits
        if key not in limits and len(limits) >= SPECTATOR_CHAT_KEPT:
            # Forget only the buckets that are full again: forgetting them gives nobody a larger allowance.
            for rested in [other for other, limit in limits.items() if limit.rested()]:
                del limits[rested]
        return limits.setdefault(key, RateLimiter(CHAT_RATE, CHAT_BURST))

    # ------------------------------------------------------------------ connections

    async def attach(self, conn: Connection) -> None:
        """Add a connection: welcome it, mark an invited seat taken, send it its state when it may be.

        The connection's token is checked here, under the lock (401 ``bad_token`` if it no longer holds its
        seat: it was revoked after the hello was read); a failed write refuses the connection too. Either
        way nothing is sent to it and it is not kept.
        """
        async with self.lock:
            for attempt in range(3):
                seat = self.seats[conn.viewer] if conn.viewer is not None else None
                if seat is None:
                    break
                self.check_holder(seat.seat, conn.token_hash)
                if seat.status != "invited":
                    break
                try:
                    await self._change_seats([seat], status="taken")
                except ApiError as error:
                    # In a cluster, another process took a seat of this table meanwhile: look again.
                    if error.code != "stale" or attempt == 2:
                        raise
                    continue
                if self.status == "playing":
                    self._start_play()
                break
            conn.start()
            # The table's last chat lines come once, with the welcome (a reconnect brings them back): not
            # with every state, which would carry them again at every move.
            conn.send({"type": "welcome", "protocol": 1, "table": self.id, "seat": conn.viewer,
                       "name": "spectator" if seat is None else seat.name, "patches": conn.patches,
                       "chat": [line.to_json() for line in self.chat]})
            self.connections.add(conn)
            self.publish()

    async def resend(self, conn: Connection, whole: bool = False) -> None:
        """Send ``conn`` its seat's state again (after a stale action), once it may be sent; ``whole``: as
        the whole state, not a patch (a client that asks for it with ``sync``)."""
        async with self.lock:
            conn.queued_seq = None
            if whole:
                conn.forget_patches()
            self.publish()

    async def detach(self, conn: Connection) -> None:
        """Remove a connection (its seat shows as disconnected)."""
        conn.stop()
        async with self.lock:
            self.connections.discard(conn)
            self.publish()

    def close_seat_connections(self, seat: int) -> None:
        """Close every connection on ``seat`` whose token no longer holds it (revoked), in the same step
        under the lock as the revocation, so that no message of the seat's next holder reaches them."""
        for conn in list(self.connections):
            if conn.viewer == seat and not self._connection_holds(conn):
                conn.send({"type": "error", "code": "bad_token", "message": "this seat's token no longer works"})
                conn.close(CLOSE_BAD_TOKEN, "token revoked")
                self.connections.discard(conn)

    def _start_play(self) -> None:
        """Every seat is held now: decisions (and clocks, and bots' delays) start from this moment."""
        now = time.monotonic()
        for viewer in self.viewers():
            self.released_at[viewer] = now
        self.last_public_at = now
        self.clocks.snapshot(now)

    # ------------------------------------------------------------------ actions

    def _is_public(self) -> bool:
        """Whether the next action is one everyone sees (not a concealed answer, not a simultaneous
        submission that leaves others still to choose)."""
        frame = self.game.frames[-1]
        return not frame.concealed and not (frame.simultaneous and len(frame.seats) > 1)

    def _count(self, seat: int, public: bool | None) -> None:
        """Move on the indexes an action (or its undo) changes: every viewer's for an action everyone sees,
        the seat's own for a hidden one. A free action (``None``: a rearranging of secrets) moves only its
        seat's, which it is shown at once: the others' actions and bots' choices in flight stay good (it
        changes no decision), and nobody's decision, clock or hold starts again (taking free actions
        could otherwise stall a table or stop a clock)."""
        if public is None:
            self.index[seat] += 1
            if self.released[seat] == self.index[seat] - 1:
                self.released[seat] = self.index[seat]
            self.hints.clear()  # a hint kept for an index that stays may rest on what the swap undid
        elif public:
            for viewer in self.index:
                self.index[viewer] += 1
        else:
            self.index[seat] += 1

    def _apply_in_memory(self, seat: int, action: str) -> str:
        """Apply an action to the game (raising, unchanged, if illegal); returns it as recorded."""
        public: bool | None = self._is_public() if self.game.frames else True
        before = self.index[seat]
        decisions = self.game.ply
        moments = self.game.window_moments()
        self.game.apply(seat, action)
        self.offered = self.game.window_moments() != moments
        if self.game.ply == decisions:
            public = None  # a free action (Ninjitsu!'s rearranging of secrets) is no decision: see _count
        recorded = self.game.record.actions[-1][1]
        self._count(seat, public)
        self.acts.append((seat, public))
        self.last_own[seat] = (before, action, recorded)
        return recorded

    def _undo_in_memory(self, seat: int) -> None:
        """Replay an undo already checked and stored (a restart, another process's undo)."""
        self.game.undo(seat)
        self._note_undo(seat)

    def _note_undo(self, seat: int) -> None:
        """The table's own bookkeeping once ``seat``'s last action is taken back: its counts, and the bot it
        holds for the seat made again when next asked (it may remember the action: the table layer's
        :mod:`~ninjadojo.table.undo`)."""
        public: bool | None = True
        for number in range(len(self.acts) - 1, -1, -1):
            if self.acts[number][0] == seat:
                public = self.acts.pop(number)[1]
                break
        self._count(seat, public)
        self.last_own.pop(seat, None)
        self.bots.held.pop(seat, None)

    def _check_connection(self, conn: Connection | None) -> None:
        """Refuse a message of a connection whose token was revoked since it said hello (and close it)."""
        if conn is not None and not self._connection_holds(conn):
            conn.close(CLOSE_BAD_TOKEN, "token revoked")
            self.connections.discard(conn)
            raise MessageError("bad_token", "this seat's token no longer works")

    def _check_turn(self, seat: int, index: object) -> None:
        """Refuse an action or undo from ``seat`` that is not on the position it was last sent."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise MessageError("bad_message", f"'index' must be the index of the last state you saw (a whole "
                                              f"number), not {quote(index)}")
        if self.released[seat] != self.index[seat]:
            # Held (the hold after an action): whatever the position is now, even the end, is not shown yet.
            raise MessageError("stale", f"the game has moved on since index {index}; wait for the new state")
        if self.game.is_terminal:
            raise MessageError("game_over", "the game is over")
        if self.status == "waiting":
            raise MessageError("waiting", "the table is waiting for players; nobody may act yet")
        if index > self.index[seat] or index < 0:
            # Not a state this seat was sent (the seat's index is its own: telling it is no secret).
            raise MessageError("stale", f"index {index} is not one of your states: the latest you were sent is "
                                        f"{self.index[seat]}; act on it (it follows)")
        if index != self.index[seat]:
            raise MessageError("stale", f"the game has moved on since index {index}; wait for the new state")

    def _bot_plays(self, seat: int) -> str:
        """Why a seat a bot plays may not act: a bot seat, or a human seat out of time (see :meth:`seat_is_bot`)."""
        if self.seats[seat].type == "human":
            return (f"your time on the game clock has run out: {self.settings.timeout_bot} plays this seat from now "
                    "on")
        return "a bot plays this seat now"

    def _duplicate(self, seat: int, action: str, index: object) -> str | None:
        """The recorded text if ``action`` at ``index`` repeats the seat's last accepted action."""
        last = self.last_own.get(seat)
        if last is not None and isinstance(index, int) and last[0] == index and action in (last[1], last[2]):
            return last[2]
        return None

    async def act(self, seat: int, action: object, index: object, reply: Connection | None = None,
                  reply_id: object = None) -> dict[str, Any]:
        """A client's action for ``seat``: applied, committed, acknowledged, then published.

        Raises :class:`MessageError` (nothing changed) if it is refused.
        """
        if not isinstance(action, str) or not action or len(action) > 200:
            raise MessageError("bad_message", f"'action' must be an action's text, not {quote(action)}")
        async with self.lock:
            self._check_connection(reply)
            if self.seat_is_bot(seat):  # a bot seat, or a human seat out of time on a per-game clock
                raise MessageError("not_your_turn", self._bot_plays(seat))
            duplicate = self._duplicate(seat, action, index)
            if duplicate is not None:
                # The index the first ack gave (the seat's own action moved it by one), or a later one the seat
                # has been released: never one it has not (a public action still held would show through).
                assert isinstance(index, int)
                shown = max(self.released[seat], index + 1)
                ack = {"type": "ack", "id": reply_id, "action": duplicate, "index": shown, "duplicate": True}
                if reply is not None:
                    reply.send(ack)
                    reply.queued_seq = None  # the current state follows, even if unchanged
                    self.publish()
                return ack
            self._check_turn(seat, index)
            recorded = await self._commit_action(seat, action, note=None)
            ack = {"type": "ack", "id": reply_id, "action": recorded, "index": self.index[seat],
                   "duplicate": False}
            if reply is not None:
                reply.send(ack)
            self.publish()
            return ack

    async def _commit_action(self, seat: int, action: str, note: tuple[int, str] | None) -> str:
        """Apply ``action``, then commit it (and ``note``); on a failed commit, go back to what is stored."""
        game = self.game
        try:
            concealed = game.frames[-1].concealed
            now = time.monotonic()
            recorded = self._apply_in_memory(seat, action)
        except (IllegalActionError, NotYourTurnError, GameOverError) as error:
            code = "game_over" if isinstance(error, GameOverError) else (
                "not_your_turn" if isinstance(error, NotYourTurnError) else "illegal")
            raise MessageError(code, str(error), list(error.legal)) from None
        except DojoError as error:
            raise MessageError("illegal", str(error)) from None
        # Whether everyone saw it, as _apply_in_memory recorded it; ``None``: a free action, no decision, which
        # charges no clock (``concealed`` tells the clocks to charge nothing for the seat), updates no table
        # summary and starts no hold (see _count).
        seen = self.acts[-1][1]
        public = seen is True
        if note is not None and note[0] == EVERYONE and not public:
            # A note of a hidden choice (a time-out's or a failed bot's, in a simultaneous choice others still
            # make) told everyone that the seat had not chosen yet, and sent them a state: it is the seat's own.
            note = (1 << seat, note[1])
        wall = time.time()
        ops: list[store.WriteOp] = [store.insert_event(self.id, self.event_count, seat, "act", recorded, wall)]
        ops += self.clocks.charge(seat, now, concealed or seen is None, public)
        if note is not None:
            ops.append(store.insert_note(self.id, len(self.notes), note[0], note[1], wall))
        if public:
            self.updated = wall
            ops.append(self._table_update(wall))
        await self._write(ops)
        self.event_count += 1
        self.clocks.charged(public)
        if note is not None:
            self.notes.append(note)
        if public:
            self._note_public_action(now, self.offered)
        return recorded

    def _note_public_action(self, now: float, offered: bool = True) -> None:
        """An action everyone saw was taken at ``now`` (monotonic): bots' move delays count from it, and a
        table whose game can conceal holds the next states for its ``window_time`` (see the module docstring)
        if the action ``offered`` a moment at which a concealed window could open. Whether it did is public
        (:meth:`GameState.window_moments`), so holding only then tells nobody whether anyone was asked; an
        undo always holds."""
        self.last_public_at = now
        if offered and self.conceals and self.settings.window_time > 0:
            self.hold_until = now + self.settings.window_time

    def _table_update(self, wall: float) -> store.WriteOp:
        result = self.game.result
        return store.update_table(self.id, updated=wall, waiting_for=public_waiting(self.game),
                                  finished=result is not None,
                                  result=None if result is None else result.to_json())

    def _cluster_ops(self, ops: list[store.WriteOp], seats: list[Seat] | None = None) -> list[store.WriteOp]:
        """``ops`` as written in a cluster: announced to the other processes, and, for a change of ``seats``,
        checked against those seats as stored (another process may have changed them first)."""
        if self.cluster is None:
            return ops
        guard = [guard_seats(self.id, [(each.seat, each.status, each.token_hash, each.bot) for each in seats])] \
            if seats else []
        return [*guard, *ops, announce(self.cluster.node, self.id)]

    async def _write(self, ops: list[store.WriteOp]) -> None:
        """Commit ``ops``; if that fails, rebuild the table from storage (the change is undone) and refuse.

        In a cluster, a write refused because another process changed the table first is ``stale``: the
        table catches up on what is stored, and the client gets the new state (as after any stale action).
        """
        try:
            await self.storage.write(self._cluster_ops(ops))
        except Exception as error:
            if await self._reloaded_on_conflict(error, "a write"):
                raise MessageError("stale", "another server process moved this table on first; the new state "
                                            "follows") from None
            log.exception("table %s: a write failed; the table goes back to what is stored", self.id)
            await self._reload()
            raise MessageError("internal", f"the server could not store this; nothing was applied "
                                           f"({type(error).__name__})") from None

    async def _reloaded_on_conflict(self, error: Exception, what: str) -> bool:
        """Whether ``error`` (of a write of ``what``) is a cluster's conflict: another process changed the table
        first. If so, the table is rebuilt from what is stored (the caller refuses with its own error)."""
        if self.cluster is None or not is_conflict(error):
            return False
        log.info("table %s: %s met another process's: %s", self.id, what, error)
        await self._reload()
        return True

    async def _reload(self) -> None:
        stored = await asyncio.to_thread(self.storage.load_table, self.id)
        if stored is None:
            return
        fresh = LiveTable.load(stored, self.storage, self.pool)
        self.game, self.index, self.acts, self.last_own = fresh.game, fresh.index, fresh.acts, fresh.last_own
        self.event_count, self.notes, self.seats = fresh.event_count, fresh.notes, fresh.seats
        self.chat, self.chat_count = fresh.chat, fresh.chat_count
        self.released = dict(self.index)
        self._note_public_facts()

    # ------------------------------------------------------------------ other processes (a cluster)

    def spawn_catch_up(self) -> None:
        """Another process changed this table: catch up soon (announcements heard meanwhile are folded into
        one more catch-up after the running one)."""
        if self.closed:
            return
        if self._catch_up_task is not None and not self._catch_up_task.done():
            self._catch_up_again = True
            return
        self._catch_up_task = asyncio.get_running_loop().create_task(self._catch_up_loop())
        self.track(self._catch_up_task)

    async def _catch_up_loop(self) -> None:
        try:
            while True:
                self._catch_up_again = False
                await self.catch_up()
                if not self._catch_up_again:
                    return
        except Exception:
            log.exception("table %s: catching up with another process's change failed", self.id)

    async def catch_up(self) -> None:
        """Take in what other processes stored (actions, undos, seats, notes, chat) and send this process's
        connections their new states."""
        # Read under the lock: this process's own changes are all committed before it is taken, so what is
        # read is never older than what is held (a read taken before one of its own writes committed
        # would otherwise put back the seat it had just changed).
        async with self.lock:
            stored = await asyncio.to_thread(self.storage.load_changes, self.id, self.event_count, len(self.notes),
                                             self.chat_count)
            if stored is None:
                return
            self._absorb(stored)
            self.publish()

    def _absorb(self, stored: StoredTable) -> None:
        """Bring the table in memory up to ``stored``: its row and seats, and the events, notes and chat lines
        added since this process's (``Storage.load_changes``)."""
        now = time.monotonic()
        for seat, kind, action in stored.events:
            if kind == "act":
                self._apply_in_memory(seat, action)
                public = self.acts[-1][1]  # (whether everyone saw it, as _apply_in_memory recorded it)
            else:
                self._undo_in_memory(seat)
                public = True
            self.event_count += 1
            if public:
                self._note_public_action(now, kind != "act" or self.offered)
        revoked = []
        reseated = False
        for mine, theirs in zip(self.seats, stored.seats, strict=True):
            if mine.token_hash != theirs.token_hash:
                revoked.append(mine.seat)
            if (mine.type, mine.bot, mine.status) != (theirs.type, theirs.bot, theirs.status):
                reseated = True
            mine.type, mine.name, mine.bot, mine.status = theirs.type, theirs.name, theirs.bot, theirs.status
            mine.token_hash, mine.clock_remaining = theirs.token_hash, theirs.clock_remaining
        for seat in revoked:
            self.close_seat_connections(seat)
        if reseated:
            self.clocks.reseat(now)
        self.notes.extend(stored.notes)
        for line in stored.chat:
            message = {"type": "chat", **line.to_json()}
            for conn in self.connections:
                if not conn.closed:
                    conn.send(message)
        self.chat = [*self.chat, *stored.chat][-CHAT_KEPT:]
        self.chat_count = max(self.chat_count, stored.chat_count)
        self.updated, self.rematch = stored.updated, stored.rematch

    def own(self, owned: bool) -> None:
        """Whether this process owns the table (runs its bots and clocks) from now on (called once a claim
        is committed)."""
        if owned:
            # Also for a table just loaded (it runs its timers from the start): a heartbeat that began before
            # the claim committed does not list it among this process's tables, and must not give it up
            # (then the database would name this live process as the owner while none runs its bots).
            self.owned_since = time.monotonic()
        self.runs_timers = owned

    async def take_over(self) -> None:
        """This process now owns the table (its owner is gone): catch up, then run its bots and clocks."""
        self.own(True)
        await self.catch_up()

    async def give_up(self) -> None:
        """Another process owns the table now: stop running its clocks here (and its bots: none is asked
        again here; one thinking may still answer, and its write is refused if the table moved on)."""
        async with self.lock:
            self.runs_timers = False
            self.clocks.cancel()

    async def undo(self, seat: int, index: object, reply: Connection | None = None,
                   reply_id: object = None) -> dict[str, Any]:
        """Take back ``seat``'s last action if the table allows undo and the engine agrees."""
        async with self.lock:
            self._check_connection(reply)
            if not self.settings.undo:
                raise MessageError("undo_disabled", "this table does not allow undo (setting 'undo')")
            if self.seat_is_bot(seat):
                raise MessageError("not_your_turn", self._bot_plays(seat))
            self._check_turn(seat, index)
            if not callable(getattr(self.game, "undo_check", None)) or not callable(getattr(self.game, "undo", None)):
                raise MessageError("undo_unavailable", "this server's engine cannot undo yet")
            public = next((flag for who, flag in reversed(self.acts) if who == seat), True)
            now = time.monotonic()
            reason = take_back(self.game, seat)
            if reason is not None:
                raise MessageError("undo_refused", f"undo refused: {reason}")
            self._note_undo(seat)
            wall = time.time()
            ops = [store.insert_event(self.id, self.event_count, seat, "undo", "", wall)]
            if public:
                ops.append(self._table_update(wall))
            await self._write(ops)
            self.event_count += 1
            if public:
                self._note_public_action(now)
            ack = {"type": "ack", "id": reply_id, "undo": True, "index": self.index[seat]}
            if reply is not None:
                reply.send(ack)
            self.publish()
            return ack

    # ------------------------------------------------------------------ seats

    async def _change_seats(self, seats: list[Seat], note: tuple[int, str] | None = None, **values: Any) -> None:
        """Change seats (in memory and stored, in one commit), with an optional note."""
        wall = time.time()
        ops: list[store.WriteOp] = [store.update_seat(self.id, seat.seat, **values) for seat in seats]
        if note is not None:
            ops.append(store.insert_note(self.id, len(self.notes), note[0], note[1], wall))
            ops += self._seat_history(seats, values, len(self.notes), wall)
        ops.append(store.update_table(self.id, updated=wall))
        try:
            await self.storage.write(self._cluster_ops(ops, seats))
        except Exception as error:
            if await self._reloaded_on_conflict(error, "a seat change"):
                raise ApiError(409, "stale", "another server process changed this table's seats first; "
                                             "look again and retry") from None
            # Nothing changed in memory yet: the request is refused (503 JSON), the table goes on as it was.
            log.error("table %s: a seat change could not be stored: %s", self.id, error)
            raise storage_failed(error) from None
        for seat in seats:
            for key, value in values.items():
                setattr(seat, key, value)
        if note is not None:
            self.notes.append(note)
        self.updated = wall
        # Who plays a seat changed which clocks run, not what they show (see Clocks.reseat).
        self.clocks.reseat(time.monotonic())

    def _seat_history(self, seats: list[Seat], values: dict[str, Any], n: int, wall: float) -> list[store.WriteOp]:
        """Who played each of ``seats`` so far, stored when it changes hands in the middle of a game (a player
        leaves, sits down, a bot takes over), so that the finished game's record credits each action to
        whoever played it. A rename is the same player; a change before the first action credits nothing."""
        played = len(self.game.record.actions)
        if not played or not ("type" in values or "token_hash" in values):
            return []
        ops: list[store.WriteOp] = []
        for seat in seats:
            before = (seat.type, seat.name, seat.bot)
            if (values.get("type", seat.type), values.get("name", seat.name), values.get("bot", seat.bot)) != before:
                entry = store.SeatHistory(seat.seat, played, *before)
                ops.append(store.insert_seat_history(self.id, n, entry, wall))
        return ops

    async def join(self, seat: int | None, name: str | None, token_hash: str) -> int:
        """Give a free seat (the lowest if ``seat`` is None) to a new player holding ``token_hash``
        (named ``Player <seat>`` if ``name`` is None)."""
        async with self.lock:
            if self.public_facts[1] is not None:  # over as everyone has been shown it (not during the hold)
                raise ApiError(409, "game_over", "the game is over")
            free = [each.seat for each in self.seats if each.status == "free"]
            if seat is None:
                if not free:
                    raise ApiError(409, "no_free_seat", "every seat of this table is taken")
                seat = free[0]
            elif not 0 <= seat < len(self.seats):
                raise ApiError(400, "bad_seats", f"there is no seat {seat}; seats are 0 to {len(self.seats) - 1}")
            elif seat not in free:
                raise ApiError(409, "seat_taken", f"seat {seat} is not free; free seats: "
                                                  f"{', '.join(map(str, free)) or 'none'}")
            was_waiting = self.status == "waiting"
            if name is not None:
                check_seat_name(name, seat, self._other_names(seat))
            name = name or f"Player {seat}"
            await self._change_seats([self.seats[seat]], (EVERYONE, f"{name} sits at seat {seat}"),
                                     status="taken", name=name, token_hash=token_hash)
            if was_waiting and self.status == "playing":
                self._start_play()
            self.publish()
            return seat

    def _other_names(self, seat: int) -> list[str]:
        """The names of the table's other seats taken or invited by a person (a free seat's is nobody's)."""
        return [each.name for each in self.seats
                if each.seat != seat and each.type == "human" and each.status != "free"]

    async def rename(self, seat: int, name: str, token_hash: str) -> None:
        """Set a seat's display name (its holder's request); an invited seat becomes taken."""
        async with self.lock:
            self.check_holder(seat, token_hash)
            check_seat_name(name, seat, self._other_names(seat))
            was_waiting = self.status == "waiting"
            await self._change_seats([self.seats[seat]], name=name, status="taken")
            if was_waiting and self.status == "playing":
                self._start_play()
            self.publish()

    async def reissue(self, seat: int, token_hash: str) -> None:
        """A new token for ``seat`` (a rematch): the previous one stops working.

        Not a seat taken by someone who joined it (its rematch token left it, a newcomer sat down): a token of
        the finished table would take it from them (409 ``seat_taken``). A seat taken with the token a
        rematch call issued is the same player's (a second call, from another device), as is an invited one.
        """
        async with self.lock:
            info = self.seats[seat]
            if info.status == "taken" and not self.holds(seat, self.rematch_issued.get(seat)):
                raise ApiError(409, "seat_taken", f"seat {seat} of the rematch was left, and another player has "
                                                  "taken it since")
            status = "taken" if info.status == "taken" else "invited"
            await self._change_seats([info], token_hash=token_hash, status=status)
            self.rematch_issued[seat] = token_hash
            self.close_seat_connections(seat)
            self.publish()

    async def leave(self, seat: int, replace_with: str | None, token_hash: str) -> None:
        """The player at ``seat`` leaves: its token stops working; the seat is free, or a bot's."""
        async with self.lock:
            self.check_holder(seat, token_hash)
            holder = self.seats[seat]
            was_waiting = self.status == "waiting"
            if replace_with is None:
                text = f"{holder.name} left seat {seat}; it is free"
                await self._change_seats([holder], (EVERYONE, text), status="free", token_hash=None,
                                         name=f"Player {seat}")
            else:
                text = f"{holder.name} left seat {seat}; {bot_words(replace_with)} plays it now"
                await self._change_seats([holder], (EVERYONE, text), status="bot", token_hash=None, type="bot",
                                         bot=replace_with, name=replace_with)
                if was_waiting and self.status == "playing":  # (not every seat change: it set clocks back)
                    self._start_play()
            self.close_seat_connections(seat)
            self.publish()

    async def hand_to_bot(self, seat: int, spec: str, holder: int, token_hash: str) -> None:
        """A free seat is played by a bot from now on (asked by ``holder``, whose token is ``token_hash``).

        Only a free seat: an invited one has a token its player holds and may still use (the protocol).
        """
        async with self.lock:
            self.check_holder(holder, token_hash)
            target = self.seats[seat]
            if target.status != "free":
                raise ApiError(409, "seat_not_free", f"seat {seat} is {target.status}, not free")
            was_waiting = self.status == "waiting"
            await self._change_seats([target], (EVERYONE, f"seat {seat} is handed to the bot {spec}"),
                                     status="bot", token_hash=None, type="bot", bot=spec, name=spec)
            if was_waiting and self.status == "playing":
                self._start_play()
            self.close_seat_connections(seat)
            self.publish()

    # ------------------------------------------------------------------ tasks

    def spawn(self, coroutine: Any) -> None:
        """Run ``coroutine`` as a task of this table (see :meth:`track`)."""
        self.track(asyncio.get_running_loop().create_task(coroutine))

    def track(self, task: asyncio.Task[None]) -> None:
        """Keep a task of this table (cancelled when the table closes)."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Stop bots and timers, and close connections (the server is shutting down)."""
        self.closed = True
        if self._hold_timer is not None:
            self._hold_timer.cancel()
        self.clocks.cancel()
        for task in list(self._tasks):
            task.cancel()
        for conn in list(self.connections):
            conn.close(1001, "server shutting down")


def bot_words(spec: str) -> str:
    """A bot in a table note: ``a medium bot``, ``an expert bot`` for a level, ``the bot ismcts:iterations=50``
    for a spec."""
    return with_article(f"{spec} bot") if spec in LEVELS else f"the bot {spec}"


def public_waiting(game: GameState[Any]) -> list[int]:
    """Who everyone may see being waited for (the spectators' ``waiting_for``)."""
    return list(game.public_waiting())


def _note_visible(mask: int, viewer: Viewer) -> bool:
    return mask == EVERYONE or (viewer is not None and bool(mask >> viewer & 1))


def _fingerprint(payload: dict[str, Any]) -> object:
    """What must change in a state for a new one to be sent: the state itself, but the running clocks'
    seconds. Without a clock, the state (compared as Python values, in C, without encoding it: the text is
    encoded only for a connection sent it whole); with one, the text of the state without the seconds."""
    clock = payload.get("clock")
    if clock is None:
        return payload
    steady = dict(payload)
    steady["clock"] = {**clock, "seats": [{k: v for k, v in seat.items() if k != "remaining"}
                                          for seat in clock["seats"]],
                       "you": None if clock.get("you") is None else True}
    return dumps(steady)


def _iso(stamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))


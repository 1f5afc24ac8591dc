"""Nothing acknowledged is lost: a server killed with SIGKILL at random moments, again and again,
with a bot game and a game against a scripted player running, restarts with every table as it was
(a stored game is always a whole, replayable prefix of what was played) and play goes on. Run on
SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
import time
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from ninjadojo.api import game_class
from ninjadojo.server.storage import Storage, StoredTable
from server.helpers import Listener, free_port

KILLS = 3
#: How many more actions the player must get acknowledged after the last restart.
MORE = 3


class ServerProcess:
    """``dojo serve`` in a process of its own (so that it can be killed)."""

    def __init__(self, db: str, port: int) -> None:
        self.db = db
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        code = (f"from ninjadojo.server.run import serve; serve(port={self.port}, db={self.db!r}, bot_pool='thread', "
                "bot_workers=1, log_level='warning')")
        self.process = subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                error = self.process.stderr.read().decode(errors="replace") if self.process.stderr else ""
                raise RuntimeError(f"the server did not start: {error[-2000:]}")
            time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()


def replays(stored: StoredTable) -> int:
    """Replay a stored table's events on its set-up (raising if they do not replay); how many."""
    game = game_class(stored.game).new(stored.players, stored.options, stored.seed or 0)
    for seat, kind, action in stored.events:
        assert kind == "act"
        game.apply(seat, action)
    assert game.is_terminal == stored.finished
    return len(stored.events)


class Player:
    """A scripted player that acts at once on each decision, remembering every action acknowledged."""

    def __init__(self, url: str, token: str, rng: random.Random) -> None:
        self.url = url
        self.token = token
        self.rng = rng
        self.acked: list[str] = []
        self.pending: dict[str, Any] | None = None
        self.retries: list[str] = []

    async def play(self, kill_after: float | None, kill: Any, kill_on_send: bool = False, until: int = 0) -> None:
        """Play until the connection drops, the game ends or ``until`` actions are acknowledged in all.

        The server is killed ``kill_after`` seconds in, or, with ``kill_on_send``, just after the first
        action sent from then on (whether or not the server has stored it yet).
        """
        loop = asyncio.get_running_loop()
        armed = False

        def arm() -> None:
            nonlocal armed
            if kill_on_send:
                armed = True
            else:
                kill()

        if kill_after is not None:
            loop.call_later(kill_after, arm)
        try:
            async with Listener(self.url, self.token) as me:
                acted_at = -1
                if self.pending is not None:
                    # A retry of the action sent just before the kill: applied at most once.
                    await me.next("state")
                    await me.send(self.pending)
                    while True:
                        answer = await me.recv(20)
                        if answer["type"] == "ack":
                            self.retries.append("duplicate" if answer["duplicate"] else "applied")
                            self.acked.append(answer["action"])
                            break
                        if answer["type"] == "error":
                            self.retries.append(answer["code"])
                            break
                    self.pending = None
                while True:
                    message = await me.recv(30)
                    if message["type"] == "ack":
                        self.acked.append(message["action"])
                        self.pending = None
                        if until and len(self.acked) >= until:
                            return
                    elif message["type"] == "state":
                        if message["status"] == "finished" and kill_after is None:
                            return
                        if message["legal"] and message["status"] == "playing" and message["index"] != acted_at \
                                and self.pending is None:
                            acted_at = message["index"]
                            self.pending = {"type": "act", "action": self.rng.choice(message["legal"]),
                                            "index": message["index"]}
                            await me.send(self.pending)
                            if armed:
                                kill()
                                armed = False
        except (ConnectionClosed, OSError, TimeoutError):
            return


def grown_finished(db: str, table_id: str) -> bool:
    """Whether a stored table's game is over."""
    storage = Storage(db)
    try:
        stored = storage.load_table(table_id)
    finally:
        storage.close()
    return stored is not None and stored.finished


@pytest.mark.slow
def test_a_server_killed_at_random_moments_restarts_with_every_table_as_it_was(db_url: str) -> None:
    port = free_port()
    server = ServerProcess(db_url, port)
    rng = random.Random(7)
    server.start()
    try:
        http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        bots = http.post("/api/tables", json={
            "game": "ninja-trap", "players": 3, "seed": 11, "settings": {"move_delay": 0.05, "window_time": 0},
            "seats": [{"type": "bot", "level": "easy"}] * 3}).json()["table"]["id"]
        created = http.post("/api/tables", json={
            "game": "ninjato", "players": 2, "seed": 12, "settings": {"move_delay": 0.05, "window_time": 0},
            "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]}).json()
        duel, token = created["table"]["id"], created["tokens"]["0"]
        http.close()
        player = Player(f"ws://127.0.0.1:{port}/ws/tables/{duel}", token, rng)
        before: dict[str, list[tuple[int, str, str]]] = {bots: [], duel: []}
        for number in range(KILLS):
            asyncio.run(player.play(rng.uniform(0.2, 0.8), server.kill, kill_on_send=number % 2 == 1))
            assert server.process is not None and server.process.poll() is not None
            storage = Storage(db_url)
            try:
                for table_id in (bots, duel):
                    stored = storage.load_table(table_id)
                    assert stored is not None
                    # A prefix of what came before it, as stored, and a whole game that replays.
                    assert stored.events[:len(before[table_id])] == before[table_id]
                    replays(stored)
                    before[table_id] = stored.events
                # Every action acknowledged is stored, in order.
                mine = [action for seat, _, action in before[duel] if seat == 0]
                position = 0
                for action in player.acked:
                    position = mine.index(action, position) + 1
            finally:
                storage.close()
            server.start()
        assert len(before[bots]) > 0 and len(player.acked) > 0
        # Play goes on after the last restart: the bots play, and the player acts again.
        acked = len(player.acked)
        asyncio.run(asyncio.wait_for(player.play(None, None, until=acked + MORE), 60))
        assert len(player.acked) >= acked + MORE or grown_finished(db_url, duel)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            storage = Storage(db_url)
            try:
                grown = storage.load_table(bots)
            finally:
                storage.close()
            assert grown is not None
            if len(grown.events) > len(before[bots]) or grown.finished:
                break
            time.sleep(0.2)
        assert grown.events[:len(before[bots])] == before[bots]
        assert len(grown.events) > len(before[bots]) or grown.finished
        # Actions in flight at a kill were retried, each answered once: a duplicate (stored before the kill,
        # not applied again) or applied now (lost with the kill, never acknowledged).
        assert player.retries and set(player.retries) <= {"duplicate", "applied"}
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            summary = http.get(f"/api/tables/{duel}").json()
            assert summary["seats"][0]["name"] == "Ann"
    finally:
        server.stop()

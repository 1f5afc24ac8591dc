"""Several server processes over one real PostgreSQL: the players of one table connected to different
processes play it through together; a process killed with SIGKILL mid-game loses nothing acknowledged,
its players reconnect to another process and play on, and its bots and clocks are taken over."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from ninjadojo.server.storage import Storage
from server.helpers import Listener, free_port

pytestmark = pytest.mark.slow

#: Seconds without a heartbeat before a process is taken for dead, in these tests (5 in real use).
NODE_TIMEOUT = 2.0


class ServerProcess:
    """``dojo serve``'s server in a process of its own (killable), on a free port."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.port = free_port()
        code = ("from ninjadojo.server.run import serve; "
                f"serve(host='127.0.0.1', port={self.port}, db={url!r}, bot_pool='thread', bot_workers=1, "
                f"log_level='warning', node_timeout={NODE_TIMEOUT}, tables_per_hour=10**6)")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        # The process's log in a file (a pipe nobody reads would fill and stop it), shown when a test fails.
        self.log_file = tempfile.NamedTemporaryFile(prefix="dojo-node-", suffix=".log", delete=False)  # noqa: SIM115
        self.process = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL,
                                        stderr=self.log_file)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                health = httpx.get(f"{self.base}/api/health", timeout=2).json()
                self.node = health["node"]
                break
            except httpx.HTTPError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"a server process did not start: {self.log()}") from None
                time.sleep(0.1)

    def log(self) -> str:
        """The end of the process's log."""
        with open(self.log_file.name, errors="replace") as handle:
            return handle.read()[-3000:]

    def ws(self, table_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}"

    def create(self, body: dict[str, Any]) -> tuple[str, dict[str, str]]:
        answer = httpx.post(f"{self.base}/api/tables", json=body, timeout=30)
        assert answer.status_code == 201, answer.text
        data = answer.json()
        return data["table"]["id"], data["tokens"]

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture
def postgres_url(postgres_cluster: str) -> str:
    """A fresh database in the session's PostgreSQL cluster."""
    from server.conftest import fresh_postgres_database

    return fresh_postgres_database(postgres_cluster)


@pytest.fixture
def processes(postgres_url: str) -> Iterator[list[ServerProcess]]:
    """Three server processes over one (fresh) PostgreSQL database."""
    started: list[ServerProcess] = []
    try:
        for _ in range(3):
            started.append(ServerProcess(postgres_url))
        yield started
    finally:
        for each in started:
            each.stop()
            text = each.log()
            if "Traceback" in text or "ERROR" in text:
                print(f"--- log of process {getattr(each, 'node', '?')} ---\n{text}")
            os.unlink(each.log_file.name)


def _owner(url: str, table_id: str) -> str | None:
    from sqlalchemy import select

    from ninjadojo.server import schema

    storage = Storage(url)
    try:
        with storage.engine.connect() as connection:
            return connection.execute(select(schema.tables.c.owner).where(schema.tables.c.id == table_id)).scalar()
    finally:
        storage.close()


def _finished(url: str, table_id: str) -> bool:
    """Whether the table's game is over, as stored."""
    from sqlalchemy import select

    from ninjadojo.server import schema

    storage = Storage(url)
    try:
        with storage.engine.connect() as connection:
            return bool(connection.execute(select(schema.tables.c.finished)
                                           .where(schema.tables.c.id == table_id)).scalar())
    finally:
        storage.close()


def _stored_actions(url: str, table_id: str) -> list[tuple[int, str, str]]:
    storage = Storage(url)
    try:
        stored = storage.load_table(table_id)
        assert stored is not None
        return stored.events
    finally:
        storage.close()


class Player:
    """A scripted player: a random legal action on each new state, noting what was acknowledged; it can
    move to another process (reconnecting there, as a client does after its server went away)."""

    def __init__(self, url: str, token: str, seed: int) -> None:
        self.listener = Listener(url, token)
        self.rng = random.Random(seed)
        self.acked: list[tuple[int, str]] = []
        self.finished: dict[str, Any] | None = None

    async def play(self, until: Any = None) -> None:
        """Play until the game ends (or ``until()`` holds: checked at every message, and every tenth of a
        second while none comes: another player's acknowledgement may make it hold while the game waits
        for this very player, which is then sent nothing more)."""
        listener = self.listener
        acted_at: int | None = None
        heard = time.monotonic()
        while until is None or not until():
            try:
                # (A receive cut short loses nothing: the next one returns the message.)
                message = await listener.recv(timeout=45 if until is None else 0.1)
            except TimeoutError:
                if time.monotonic() - heard < 45:
                    continue
                last = [{key: each.get(key) for key in ("type", "index", "status", "legal", "code", "seq")}
                        for each in listener.messages[-4:]]
                raise AssertionError(f"no message for 45 s; the last: {last}") from None
            heard = time.monotonic()
            if message["type"] == "ack":
                if not message.get("duplicate"):
                    self.acked.append((message["index"], message["action"]))
                continue
            if message["type"] == "error":
                # (Beaten to it by another process's move: the server sends the state again; act on it.)
                acted_at = None
                if message["code"] == "rate_limited":  # (a quick game beats the 20 messages a second)
                    await asyncio.sleep(1.0)
                    await listener.send({"type": "sync"})
                continue
            if message["type"] != "state":
                continue
            if message["status"] == "finished":
                self.finished = message
                return
            # Once per position: a state sent again unchanged must not draw a second move.
            if message["legal"] and message["status"] == "playing" and message["index"] != acted_at:
                acted_at = message["index"]
                await listener.send({"type": "act", "action": self.rng.choice(message["legal"]),
                                     "index": message["index"]})


def test_players_of_one_table_on_different_processes_play_it_through(processes: list[ServerProcess],
                                                                     postgres_url: str) -> None:
    first, second, third = processes
    assert len({first.node, second.node, third.node}) == 3
    # The bots sit first: seat 0 begins, so a bot's is the game's first decision whatever the deal (with
    # the humans first, about one deal in 300 let a human win before any bot had played).
    table_id, tokens = first.create({
        "game": "knights-and-ninjas", "players": 4, "settings": {"move_delay": 0, "window_time": 0},
        "seats": [{"type": "bot", "level": "easy"}, {"type": "bot", "level": "easy"},
                  {"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    assert _owner(postgres_url, table_id) == first.node  # its bots play in the process that made it

    async def scenario() -> tuple[Player, Player, dict[str, Any]]:
        ann = Player(second.ws(table_id), tokens["2"], 1)
        bo = Player(third.ws(table_id), tokens["3"], 2)
        watcher = Listener(first.ws(table_id))
        async with ann.listener, bo.listener, watcher:
            _, _, end = await asyncio.gather(
                ann.play(), bo.play(), watcher.state_where(lambda s: s["status"] == "finished", timeout=120))
        return ann, bo, end

    ann, bo, end = asyncio.run(scenario())
    assert ann.finished is not None and bo.finished is not None
    stored = _stored_actions(postgres_url, table_id)
    # Each process showed the same end, which is what is stored: every acknowledged action among it.
    assert ann.finished["view"]["result"] == bo.finished["view"]["result"] == end["view"]["result"]
    # Every line the spectator (on a third process) was shown, each player was shown too, in order (a
    # seat sees its own private lines besides).
    for player in (ann, bo):
        assert player.finished is not None
        lines = iter(player.finished["view"]["log"])
        assert all(any(line == mine for mine in lines) for line in end["view"]["log"])
    acts = [(seat, action) for seat, kind, action in stored if kind == "act"]
    for seat, player in ((2, ann), (3, bo)):
        mine = [action for who, action in acts if who == seat]
        assert [action for _, action in player.acked] == mine, (player.acked, stored)
    assert any(seat in (0, 1) for seat, _ in acts)  # the bots played (in the first process)


def test_a_killed_process_loses_nothing_and_its_tables_go_on(processes: list[ServerProcess],
                                                             postgres_url: str) -> None:
    first, second, third = processes
    # Ninja Trap, whose rules make the bots act again after the kill whatever the deal: every ninja still in
    # the game lays a trap and moves each turn (all at once), and none is out before the end of turn 3 (one
    # hit a turn at most, three to go out), while the kill comes in turn 1 or 2. (In Of Knights and Ninjas an
    # attack can win at once: about one random deal in 50 ended that game by the kill, or just after it by the
    # humans' moves alone, and this test failed.)
    table_id, tokens = first.create({
        "game": "ninja-trap", "players": 4, "settings": {"move_delay": 0, "window_time": 0},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"},
                  {"type": "bot", "level": "easy"}, {"type": "bot", "level": "easy"}]})

    async def scenario() -> tuple[Player, Player]:
        ann = Player(first.ws(table_id), tokens["0"], 3)  # on the process that will be killed
        bo = Player(second.ws(table_id), tokens["1"], 4)
        async with ann.listener, bo.listener:
            def both_moved_twice() -> bool:  # (each plays on until both have: one may wait for the other)
                return len(ann.acked) >= 2 and len(bo.acked) >= 2

            await asyncio.wait_for(asyncio.gather(ann.play(both_moved_twice), bo.play(both_moved_twice)), 60)
            first.kill()  # mid-game, the owner of the table's bots
            killed_at = len(_stored_actions(postgres_url, table_id))
            # (A finished table is nobody's to take over: the game must still need its bots.)
            assert not _finished(postgres_url, table_id), _stored_actions(postgres_url, table_id)
            # A live process takes the table over (its bots and clocks) within the heartbeat time-out.
            deadline = time.monotonic() + 30 * NODE_TIMEOUT  # (generous: CI runs other tests beside)
            while _owner(postgres_url, table_id) == first.node:
                assert time.monotonic() < deadline, "nobody took over the killed process's table"
                await asyncio.sleep(0.2)
            taken[0] = killed_at
            # Ann's connection is gone: she reconnects to another process and plays on.
            moved = Player(third.ws(table_id), tokens["0"], 5)
            moved.acked = ann.acked
            async with moved.listener:
                await asyncio.wait_for(asyncio.gather(moved.play(), bo.play()), 120)
            return moved, bo

    taken = [0]
    ann, bo = asyncio.run(scenario())
    assert ann.finished is not None and bo.finished is not None
    stored = _stored_actions(postgres_url, table_id)
    acts = [(seat, action) for seat, kind, action in stored if kind == "act"]
    for seat, player in ((0, ann), (1, bo)):
        assert [action for _, action in player.acked] == [action for who, action in acts if who == seat]
    assert _owner(postgres_url, table_id) in (second.node, third.node)
    # The bots played on after the kill, in a live process.
    assert any(seat in (2, 3) for seat, kind, _ in stored[taken[0]:] if kind == "act")


def test_a_killed_processs_clocks_are_taken_over(processes: list[ServerProcess], postgres_url: str) -> None:
    first, second, _ = processes
    table_id, tokens = first.create({
        "game": "ninja-trap", "players": 2,
        "settings": {"move_delay": 0, "window_time": 0, "clock": "move", "clock_seconds": 3},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})

    async def scenario() -> dict[str, Any]:
        listener = Listener(second.ws(table_id), tokens["0"])
        async with listener:
            await listener.state_where(lambda s: s["status"] == "playing")
            first.kill()  # the clock's owner; Ann never acts: the clock, taken over, must run out
            return await listener.state_where(lambda s: any("ran out of time" in note for note in s["notes"]),
                                              timeout=40)

    timed_out = asyncio.run(scenario())
    assert timed_out["notes"]
    assert _owner(postgres_url, table_id) != first.node
    assert any(seat == 0 for seat, kind, _ in _stored_actions(postgres_url, table_id) if kind == "act")


def test_a_table_made_on_one_process_is_joined_on_another(processes: list[ServerProcess]) -> None:
    first, second, _ = processes
    table_id, _ = first.create({"game": "ninjitsu", "players": 2, "settings": {"move_delay": 0, "window_time": 0},
                                "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "open": True}]})
    joined = httpx.post(f"{second.base}/api/tables/{table_id}/join", json={"name": "Bo"}, timeout=30)
    assert joined.status_code == 200, joined.text
    # The first process hears of it: its summary shows the seat taken.
    deadline = time.monotonic() + 10
    while True:
        summary = httpx.get(f"{first.base}/api/tables/{table_id}", timeout=30).json()
        seats = summary.get("seats") or summary.get("table", {}).get("seats")
        if seats and seats[1]["name"] == "Bo":
            break
        assert time.monotonic() < deadline, json.dumps(summary)
        time.sleep(0.2)


def test_dojo_serve_workers_serves_from_several_processes(postgres_url: str) -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen([sys.executable, "-m", "ninjadojo.cli", "serve", "--port", str(port), "--db",
                                postgres_url, "--workers", "2", "--bot-workers", "1"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        nodes: set[str] = set()
        deadline = time.monotonic() + 90
        while len(nodes) < 2:
            assert process.poll() is None and time.monotonic() < deadline, nodes
            try:
                # A new connection each time: the kernel hands each to one of the processes.
                nodes.add(httpx.get(f"{base}/api/health", timeout=2, headers={"Connection": "close"}).json()["node"])
            except httpx.HTTPError:
                time.sleep(0.2)
        answer = httpx.post(f"{base}/api/tables", json={
            "game": "ninja-trap", "players": 2, "settings": {"move_delay": 0, "window_time": 0},
            "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]}, timeout=30)
        assert answer.status_code == 201, answer.text
        table_id, token = answer.json()["table"]["id"], answer.json()["tokens"]["0"]

        async def scenario() -> Player:
            ann = Player(f"ws://127.0.0.1:{port}/ws/tables/{table_id}", token, 7)
            async with ann.listener:
                await asyncio.wait_for(ann.play(), 120)
            return ann

        ann = asyncio.run(scenario())
        assert ann.finished is not None
    finally:
        process.send_signal(signal.SIGINT)
        try:
            assert process.wait(60) == 0  # every process stopped cleanly
        finally:
            if process.poll() is None:
                process.kill()

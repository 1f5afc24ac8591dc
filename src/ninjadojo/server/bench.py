"""The server's load benchmark (``dojo bench-server``, ``benchmarks/bench_server.py``).

It starts a server on loopback (a separate process, as in real use) on a scratch database (a
temporary SQLite file, a throwaway PostgreSQL cluster, or a URL given), then plays N tables at once,
each with scripted clients in some seats (they act as soon as they may, on a random legal action)
and bots in the others, with no bot delay and no hold. It is bounded in time and in actions, and
reports:

- accepted actions per second (every action the server committed: clients' and bots');
- the latency from a client sending an action to its receiving the state that shows it (so the
  commit, the broadcast and the client's own reading are all in it), p50 and p99;
- the CPU the server's processes (and the load generator) spent per action committed, where ``/proc``
  tells it: on a machine shared with other work, actions/s swing with what else runs, while the CPU an
  action costs is the steadier measure of a change.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ninjadojo.engine.errors import OptionError
from ninjadojo.engine.rng import Rng, derive_seed

#: The most actions a run may ask for, and the longest it may last.
MAX_ACTIONS = 1_000_000
MAX_SECONDS = 600.0


@dataclass(slots=True)
class BenchSettings:
    """What to measure."""

    #: ``sqlite`` (a temporary file), ``postgresql`` (a throwaway cluster) or a database URL.
    db: str = "sqlite"
    tables: int = 8
    game: str = "knights-and-ninjas"
    players: int = 4
    #: Seats per table played by scripted clients (the rest by ``bot``).
    clients: int = 2
    bot: str = "easy"
    seconds: float = 5.0
    max_actions: int = 50_000
    bot_pool: str = "thread"
    bot_workers: int = 1
    seed: int = 0
    #: Whether the scripted clients ask for patches (hello ``patches``) rather than whole states.
    patches: bool = True
    #: Whether the server compresses WebSocket messages (``dojo serve --ws-compression``).
    ws_compression: bool = False
    #: Server processes sharing the port (``dojo serve --workers``; PostgreSQL only).
    workers: int = 1

    def check(self) -> None:
        """Raise :class:`OptionError` for a setting out of range."""
        if not 1 <= self.tables <= 1000:
            raise OptionError(f"--tables must be from 1 to 1000, not {self.tables}")
        if not 0 <= self.clients <= self.players:
            raise OptionError(f"--clients must be from 0 to the player count ({self.players}), not {self.clients}")
        if not 0 < self.seconds <= MAX_SECONDS:
            raise OptionError(f"--seconds must be more than 0 and at most {MAX_SECONDS:g}, not {self.seconds:g}")
        if not 1 <= self.max_actions <= MAX_ACTIONS:
            raise OptionError(f"--max-actions must be from 1 to {MAX_ACTIONS}, not {self.max_actions}")
        if not 1 <= self.workers <= 64:
            raise OptionError(f"--workers must be from 1 to 64, not {self.workers}")
        if self.workers > 1 and not self.db.startswith("postgresql"):
            raise OptionError("--workers needs PostgreSQL (--db postgresql or a postgresql:// URL)")
        if self.bot_pool not in ("thread", "process"):
            raise OptionError(f"--bot-pool must be thread or process, not {self.bot_pool!r}")


@dataclass(slots=True)
class _Tally:
    acked: int = 0
    games: int = 0
    latencies: list[float] = field(default_factory=list)
    table_ids: list[str] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def _database(db: str) -> Iterator[str]:
    """The database URL to benchmark on (a scratch one unless a URL is given)."""
    if db == "sqlite":
        folder = tempfile.mkdtemp(prefix="dojo-bench-")
        try:
            yield f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    elif db == "postgresql":
        from ninjadojo.server.pgcluster import throwaway_cluster

        with throwaway_cluster() as url:
            yield url
    else:
        yield db


def process_tree_cpu(pid: int) -> float | None:
    """User and system seconds spent so far by process ``pid`` and its descendants (``--workers``' processes,
    bot workers), read from ``/proc``; ``None`` where there is none (not Linux). Processes that have exited
    are not counted."""
    proc = Path("/proc")
    if not (proc / str(pid) / "stat").is_file():
        return None
    children: dict[int, list[int]] = {}
    ticks: dict[int, int] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            # The command's name (in parentheses) may hold spaces: the fields are counted after its end.
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        ticks[int(entry.name)] = int(fields[11]) + int(fields[12])
    total, todo = 0, [pid]
    while todo:
        each = todo.pop()
        total += ticks.get(each, 0)
        todo.extend(children.get(each, []))
    return total / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def _server(url: str, settings: BenchSettings) -> Iterator[tuple[str, int]]:
    """A server process on loopback; yields its base URL and its process id."""
    port = _free_port()
    code = ("from ninjadojo.server.run import serve; "
            f"serve(host='127.0.0.1', port={port}, db={url!r}, bot_pool={settings.bot_pool!r}, "
            f"bot_workers={settings.bot_workers}, log_level='warning', ws_rate=1e6, ws_burst=1e6, "
            "http_rate=1e6, http_burst=1e6, ws_per_address=10**6, connections_per_address=10**6, "
            f"tables_per_hour=10**9, ws_compression={settings.ws_compression}, workers={settings.workers})")
    command = [sys.executable, "-c", code]
    if os.environ.get("DOJO_BENCH_PROFILE"):  # a developer's hook: profile the server (see docs/server.md)
        command = [sys.executable, os.environ["DOJO_BENCH_PROFILE"], str(port), url]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/health", timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                if process.poll() is not None or time.monotonic() > deadline:
                    error = process.stderr.read().decode(errors="replace") if process.stderr else ""
                    raise RuntimeError(f"the server did not start: {error[-1500:]}") from None
                time.sleep(0.1)
        yield base, process.pid
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return answer


async def _client(ws_url: str, token: str, rng: Rng, tally: _Tally, stop: asyncio.Event,
                  settings: BenchSettings) -> None:
    """One scripted player: acts on a random legal action whenever it may, until the game ends. With
    patches, it keeps its state by applying each patch to the one before (asking ``sync`` on a gap)."""
    import orjson
    from websockets.asyncio.client import connect

    async with connect(ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "patches": settings.patches}))
        sent_at: float | None = None
        waiting_for: int | None = None
        held: dict[str, Any] | None = None
        while True:
            message = orjson.loads(await ws.recv())
            kind = message["type"]
            if kind == "patch":
                if held is None or held.get("seq") != message["from"]:
                    await ws.send(json.dumps({"type": "sync"}))
                    continue
                apply_ops(held, message["ops"])
                held["seq"] = message["seq"]
                message, kind = held, "state"
            elif kind == "state":
                held = message
            if kind == "ack":
                tally.acked += 1
                waiting_for = message["index"]
                continue
            if kind == "error":
                tally.errors[message["code"]] = tally.errors.get(message["code"], 0) + 1
                sent_at = None
                continue
            if kind != "state":
                continue
            if sent_at is not None and waiting_for is not None and message["index"] >= waiting_for:
                tally.latencies.append(time.perf_counter() - sent_at)
                sent_at = waiting_for = None
            if message["status"] == "finished":
                return
            if stop.is_set() or tally.acked >= settings.max_actions:
                return
            if message["legal"] and message["status"] == "playing" and sent_at is None:
                action = rng.choice(message["legal"])
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action, "index": message["index"]}))


def apply_ops(document: dict[str, Any], ops: list[dict[str, Any]]) -> None:
    """Apply the server's patch operations (``add``, ``remove``, ``replace``: all it sends) to ``document``
    in place.

    The load generator's own applier: ``jsonpatch.apply_patch`` (which the tests use to check that the
    server's patches are right) costs about 150 microseconds a patch in Python, so the scripted clients
    would measure themselves rather than the server on a shared machine; this does the same for these
    three operations, tested against it on every game's views (``tests/server/test_patches.py``).
    """
    for op in ops:
        *parents, last = [part.replace("~1", "/").replace("~0", "~") for part in op["path"].split("/")[1:]]
        target: Any = document
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        kind = op["op"]
        if isinstance(target, list):
            if kind == "add":
                if last == "-":
                    target.append(op["value"])
                else:
                    target.insert(int(last), op["value"])
            elif kind == "remove":
                del target[int(last)]
            elif kind == "replace":
                target[int(last)] = op["value"]
            else:
                raise ValueError(f"unexpected patch operation {kind!r}")
        elif kind in ("add", "replace"):
            target[last] = op["value"]
        elif kind == "remove":
            del target[last]
        else:
            raise ValueError(f"unexpected patch operation {kind!r}")


async def _table_slot(base: str, number: int, tally: _Tally, stop: asyncio.Event, settings: BenchSettings) -> None:
    """Play games at one table after another until the run stops."""
    rng = Rng(derive_seed(settings.seed, number))
    games = 0
    while not stop.is_set() and tally.acked < settings.max_actions:
        seats = [{"type": "human"} for _ in range(settings.clients)]
        seats += [{"type": "bot", "bot": settings.bot} for _ in range(settings.players - settings.clients)]
        body = {"game": settings.game, "players": settings.players, "seats": seats,
                "seed": settings.seed * 1_000_003 + number * 1000 + games,
                "settings": {"move_delay": 0, "window_time": 0, "private": True}}
        try:
            created = await asyncio.to_thread(_post, f"{base}/api/tables", body)
        except urllib.error.HTTPError as error:  # counted, not hidden: a refused table ends its slot
            key = f"create_{error.code}"
            tally.errors[key] = tally.errors.get(key, 0) + 1
            return
        table_id = created["table"]["id"]
        tally.table_ids.append(table_id)
        ws_url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        clients = [_client(ws_url, token, rng, tally, stop, settings) for token in created["tokens"].values()]
        if clients:
            await asyncio.gather(*clients)
        else:
            await _watch(ws_url, stop)
        games += 1
        tally.games += 1


async def _watch(ws_url: str, stop: asyncio.Event) -> None:
    """A table of bots only: watch it (as a spectator) until its game ends or the run stops."""
    from websockets.asyncio.client import connect

    async with connect(ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                if message.get("type") == "state" and message["status"] == "finished":
                    return


async def _drive(base: str, settings: BenchSettings) -> tuple[_Tally, float]:
    tally = _Tally()
    stop = asyncio.Event()
    started = time.perf_counter()
    slots = [asyncio.create_task(_table_slot(base, number, tally, stop, settings))
             for number in range(settings.tables)]
    await asyncio.wait(slots, timeout=settings.seconds)
    stop.set()
    elapsed = time.perf_counter() - started
    for slot in slots:
        slot.cancel()
    await asyncio.gather(*slots, return_exceptions=True)
    return tally, elapsed


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run_bench(settings: BenchSettings) -> dict[str, Any]:
    """Run the benchmark; the figures as a JSON-safe dict."""
    settings.check()
    from ninjadojo.server.storage import Storage

    with _database(settings.db) as url:
        with _server(url, settings) as (base, pid):
            server_cpu, client_cpu = process_tree_cpu(pid), time.process_time()
            tally, elapsed = asyncio.run(_drive(base, settings))
            server_after = process_tree_cpu(pid)
            client_cpu = time.process_time() - client_cpu
            server_cpu = None if server_cpu is None or server_after is None else server_after - server_cpu
        storage = Storage(url)
        try:
            committed = sum(storage.count_events(table_id) for table_id in tally.table_ids)
            backend = storage.backend
        finally:
            storage.close()
    latencies = tally.latencies or [0.0]
    return {
        "settings": asdict(settings), "database": backend, "seconds": round(elapsed, 2),
        "tables_played": len(tally.table_ids), "games_finished": tally.games,
        "actions": committed, "client_actions": tally.acked,
        "actions_per_second": round(committed / elapsed, 1) if elapsed else 0.0,
        "latency_ms_p50": round(_percentile(latencies, 0.5) * 1000, 2),
        "latency_ms_p99": round(_percentile(latencies, 0.99) * 1000, 2),
        "latency_ms_mean": round(statistics.fmean(latencies) * 1000, 2),
        "errors": tally.errors, "cpus": os.cpu_count(),
        # CPU per action committed (user and system time, microseconds): the server's processes (None where
        # /proc does not tell), and this process's, the load generator's, which shares the machine.
        "server_cpu_us_per_action": (None if server_cpu is None or not committed
                                     else round(server_cpu / committed * 1e6)),
        "client_cpu_us_per_action": round(client_cpu / committed * 1e6) if committed else None,
    }


def bench_text(result: dict[str, Any]) -> str:
    """The figures as a few lines."""
    settings = result["settings"]
    return "\n".join([
        f"{result['database']}: {settings['tables']} tables of {settings['game']} ({settings['clients']} scripted "
        f"clients taking {'patches' if settings.get('patches', True) else 'whole states'} and "
        f"{settings['players'] - settings['clients']} {settings['bot']} bots each), "
        f"{settings.get('workers', 1)} server process{'es' if settings.get('workers', 1) > 1 else ''}, "
        f"{result['seconds']} s",
        f"  {result['actions']} actions committed ({result['client_actions']} by clients), "
        f"{result['actions_per_second']} actions/s, {result['games_finished']} games finished",
        f"  latency send -> state: p50 {result['latency_ms_p50']} ms, p99 {result['latency_ms_p99']} ms, "
        f"mean {result['latency_ms_mean']} ms" + (f"; errors {result['errors']}" if result["errors"] else ""),
        *([f"  CPU per action: server {result['server_cpu_us_per_action']} µs, load generator "
           f"{result['client_cpu_us_per_action']} µs"] if result.get("server_cpu_us_per_action") is not None else []),
    ])

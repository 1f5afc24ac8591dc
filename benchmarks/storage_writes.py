"""What the server's database writer costs per game action.

A game action is what ``LiveTable._commit_action`` stores for a public action: one ``insert_event`` and
one ``update_table`` (``updated``, ``waiting_for``, ``finished``, ``result``), written with
:meth:`Storage.write`. Each round queues as many such writes at once as the batch size (``--batches``),
one for each of that many tables (a table waits for its commit before it acts again), so the writer
commits them together, as it does under load; rounds go on until ``--actions`` actions are stored.

Printed per action: the writer thread's CPU time (on Linux, from ``/proc``), split into user time (its
Python, holding the GIL, and the database driver's C code; in clock ticks: coarse) and system time (the
kernel's, mostly the disk flushes of each commit: SQLite commits with ``synchronous=FULL``); the whole
process's CPU time (the event loop's side too); and the wall time (mostly waiting for the disk). Run it
on two branches to compare them::

    PYTHONPATH=src python benchmarks/storage_writes.py              # SQLite, and PostgreSQL if installed
    PYTHONPATH=src python benchmarks/storage_writes.py --actions 2000 --batches 1 8 32 --backends sqlite
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ninjadojo.server import storage as store
from ninjadojo.server.pgcluster import find_binaries, throwaway_cluster
from ninjadojo.server.storage import Storage, StoredSeat, StoredTable

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def thread_cpu_seconds(native_id: int | None) -> tuple[float, float, float]:
    """CPU time a thread of this process has run: (all of it, in nanoseconds from
    ``/proc/self/task/ID/schedstat``; user and system, in clock ticks from ``.../stat``); zeros if unknown."""
    if native_id is None:
        return 0.0, 0.0, 0.0
    try:
        task = Path(f"/proc/self/task/{native_id}")
        fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        return (int((task / "schedstat").read_text().split()[0]) / 1e9, int(fields[11]) / TICK,
                int(fields[12]) / TICK)
    except (OSError, ValueError, IndexError):
        return 0.0, 0.0, 0.0


def writer_id() -> int | None:
    """The native id of the storage writer thread."""
    for thread in threading.enumerate():
        if thread.name == "dojo-storage-writer":
            return thread.native_id
    return None


def a_table(table_id: str) -> StoredTable:
    """A two-player table with its seats, as the hub stores a new one."""
    now = time.time()
    return StoredTable(id=table_id, game="ninjitsu", players=2, options={}, seed=1, start=None, settings={},
                       created=now, updated=now, finished=False, result=None, waiting_for=[0], private=False,
                       rematch_of=None, rematch=None,
                       seats=[StoredSeat(seat, "human", f"P{seat}", None, "taken", os.urandom(32).hex(), 300.0)
                              for seat in range(2)])


async def play(storage: Storage, batch: int, actions: int,
               prefix: str) -> tuple[tuple[float, ...], float, float, int]:
    """Store ``actions`` actions in rounds of ``batch`` writes; (the writer's CPU seconds: all, user and
    system; the process's CPU seconds, wall seconds, rounds)."""
    ids = [f"{prefix}{number}" for number in range(batch)]
    await storage.write([store.insert_table(a_table(table_id)) for table_id in ids])
    counts = dict.fromkeys(ids, 0)
    writer = writer_id()
    rounds = 0
    done = 0
    writer_start, cpu_start, wall_start = thread_cpu_seconds(writer), time.process_time(), time.perf_counter()
    while done < actions:
        writes = []
        for number, table_id in enumerate(ids[:actions - done]):
            wall = time.time()
            n = counts[table_id]
            counts[table_id] = n + 1
            writes.append(storage.write([
                store.insert_event(table_id, n, n % 2, "act", f"play:{number % 7}", wall),
                store.update_table(table_id, updated=wall, waiting_for=[(n + 1) % 2], finished=False, result=None)]))
        await asyncio.gather(*writes)
        done += len(writes)
        rounds += 1
    writer_end = thread_cpu_seconds(writer)
    return (tuple(end - start for start, end in zip(writer_start, writer_end, strict=True)),
            time.process_time() - cpu_start, time.perf_counter() - wall_start, rounds)


def measure(url: str, label: str, batches: list[int], actions: int) -> None:
    """Print the cost per action for each batch size on the database at ``url``."""
    storage = Storage(url)
    storage.start()
    try:
        for batch in batches:
            asyncio.run(play(storage, batch, min(actions, 200), f"w{batch}-"))  # warm up (caches, pool)
            (writer, user, system), cpu, wall, rounds = asyncio.run(play(storage, batch, actions, f"b{batch}-"))
            per = 1e6 / actions
            print(f"{label:10} batch {batch:>3}: {actions} actions, {rounds} commits; us/action: "
                  f"writer CPU {writer * per:6.1f} (user {user * per:6.1f}, system {system * per:6.1f}), "
                  f"process CPU {cpu * per:6.1f}, wall {wall * per:7.1f}", flush=True)
    finally:
        storage.close()


@contextmanager
def sqlite_url() -> Iterator[str]:
    """A fresh SQLite file in a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="dojo-bench-") as folder:
        yield f"sqlite:///{Path(folder) / 'bench.sqlite3'}"


def main() -> None:
    """Parse the arguments and measure."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=4000, help="actions stored per batch size (default 4000)")
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 8, 32], help="writes per commit")
    parser.add_argument("--backends", nargs="+", default=["sqlite", "postgresql"], choices=["sqlite", "postgresql"])
    args = parser.parse_args()
    if "sqlite" in args.backends:
        with sqlite_url() as url:
            measure(url, "sqlite", args.batches, args.actions)
    if "postgresql" in args.backends:
        if find_binaries() is None:
            print("postgresql: not installed (no initdb/pg_ctl/postgres found); skipped")
        else:
            with throwaway_cluster() as url:
                measure(url, "postgresql", args.batches, args.actions)


if __name__ == "__main__":
    main()

"""A throwaway PostgreSQL cluster, for the server's tests and its load benchmark.

``initdb`` into a temporary folder, ``pg_ctl start`` on a free port listening only on a Unix socket
in that folder, and at the end ``pg_ctl stop`` and the folder removed. PostgreSQL refuses to run as
root, so under root the cluster runs as the ``postgres`` user (Debian's package makes it), or
``nobody``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

#: Where the binaries are looked for after ``$PATH``: this machine's links, and Debian's package.
SEARCH = ("/usr/local/bin", "/usr/lib/postgresql/*/bin")


def find_binaries() -> Path | None:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``, or ``None`` if they are not installed."""
    candidates: list[str] = []
    found = shutil.which("initdb")
    if found:
        candidates.append(str(Path(found).parent))
    for pattern in SEARCH:
        candidates.extend(sorted(glob.glob(pattern), reverse=True))  # the newest version first
    for folder in candidates:
        if all((Path(folder) / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run_as() -> tuple[int | None, int | None]:
    """The user and group to run PostgreSQL as: ourselves, unless we are root."""
    if os.geteuid() != 0:
        return None, None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            entry = pwd.getpwnam(name)
            return entry.pw_uid, entry.pw_gid
    raise RuntimeError("PostgreSQL cannot run as root and there is no postgres or nobody user")


@contextlib.contextmanager
def throwaway_cluster(binaries: Path | None = None) -> Iterator[str]:
    """Start a cluster; yields its SQLAlchemy URL (user ``dojo``, database ``postgres``); stops it after."""
    binaries = binaries or find_binaries()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed (no initdb, pg_ctl and postgres on PATH, in /usr/local/bin "
                           "or /usr/lib/postgresql/*/bin); on Debian: apt-get install -y postgresql")
    uid, gid = _run_as()
    # Not under pytest's own tmp folder: that is private to root, and the cluster may run as another user.
    folder = Path(tempfile.mkdtemp(prefix="dojo-pg-"))
    data = folder / "data"
    port = _free_port()
    if uid is not None:
        os.chown(folder, uid, gid if gid is not None else -1)
    run = {"user": uid, "group": gid, "check": True, "capture_output": True, "text": True}
    try:
        subprocess.run([str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "dojo", "-E", "UTF8",
                        "--no-sync"], **run)  # type: ignore[call-overload]
        options = f"-p {port} -k {folder} -c listen_addresses='' -c fsync=on"
        subprocess.run([str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w",
                        "-t", "60", "start"], **run)  # type: ignore[call-overload]
    except subprocess.CalledProcessError as error:
        log = (folder / "log").read_text(errors="replace")[-2000:] if (folder / "log").exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {error.stderr or error.stdout}\n{log}") from None
    try:
        yield f"postgresql+psycopg://dojo@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run([str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                       user=uid, group=gid, capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)

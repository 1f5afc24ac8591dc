"""Fixtures of the server's tests: databases (SQLite, and a real throwaway PostgreSQL cluster), a
server running in a thread of the test process, and the ``slow`` marker.

PostgreSQL: the session starts one cluster (``initdb`` into a temporary folder, ``pg_ctl start`` on a
free port with its Unix socket in that folder) and each test gets a database of its own. When the
PostgreSQL binaries are missing, the PostgreSQL tests fail in CI (``CI=true``: ``.ci/run`` installs
them) and are skipped elsewhere, saying why.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from ninjadojo.server.pgcluster import find_binaries, throwaway_cluster
from server.helpers import ServerThread


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``slow`` marker (CI runs slow tests; ``-m 'not slow'`` skips them locally)."""
    config.addinivalue_line("markers", "slow: a slow test (run in CI; skip locally with -m 'not slow')")


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[str]:
    """A PostgreSQL cluster for the whole session; its URL (database ``postgres``)."""
    if find_binaries() is None:
        message = ("PostgreSQL binaries (initdb, pg_ctl, postgres) not found on PATH, in /usr/local/bin or "
                   "/usr/lib/postgresql/*/bin; install them (Debian: apt-get install -y postgresql)")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    with throwaway_cluster() as url:
        yield url


def fresh_postgres_database(cluster_url: str) -> str:
    """A new, empty database in the cluster; its URL."""
    import psycopg
    from sqlalchemy.engine import make_url

    name = f"t_{uuid.uuid4().hex[:12]}"
    url = make_url(cluster_url)
    host, port = url.query["host"], url.query["port"]
    with psycopg.connect(host=str(host), port=str(port), user=url.username, dbname="postgres",
                         autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return url.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind (the test runs once with each)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'dojo.sqlite3'}"
    cluster = request.getfixturevalue("postgres_cluster")
    return fresh_postgres_database(cluster)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """An empty SQLite database."""
    return f"sqlite:///{tmp_path / 'dojo.sqlite3'}"


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ServerThread]:
    """A server on SQLite in a thread of this process (bots in a thread pool), with default limits."""
    with ServerThread(sqlite_url) as running:
        yield running

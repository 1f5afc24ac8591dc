"""Fixtures of the browser tests: the real server (one per session, on a temporary SQLite database,
serving the client), Debian's chromium driven by Playwright, and the ``slow`` marker.

Every browser test is ``slow``: CI runs them, ``pytest -m 'not slow'`` skips them locally. Without
/usr/bin/chromium (or ``$NINJADOJO_CHROMIUM``) they are skipped locally, saying why, and fail in CI
(``CI=true``), which must install it (Debian: ``apt-get install -y chromium``); a browser is never
downloaded.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from web.driving import CHROMIUM
from web.serving import WebServer


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``slow`` marker (CI runs slow tests; ``-m 'not slow'`` skips them locally)."""
    config.addinivalue_line("markers", "slow: a slow test (run in CI; skip locally with -m 'not slow')")


@pytest.fixture(scope="session")
def chromium() -> str:
    """The path of Debian's chromium; skip (locally) or fail (in CI) when it is missing."""
    if not Path(CHROMIUM).is_file():
        message = (f"{CHROMIUM} not found: the browser tests drive Debian's chromium (install it: "
                   "apt-get install -y chromium, or set NINJADOJO_CHROMIUM to a chromium binary); "
                   "Playwright's own browser download is not used")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """The server with the client, on a fresh SQLite database, for the whole session."""
    folder = tmp_path_factory.mktemp("web-db")
    # One server for every browser test of a worker, all from 127.0.0.1: it stands for many players, so
    # the per-address limits meant for one client (tables an hour, tables of bots only, connections) are
    # raised; tests/server checks those limits on servers of their own.
    with WebServer(f"sqlite:///{folder / 'dojo.sqlite3'}", {"connections_per_address": 512},
                   tables_per_hour=100_000, max_bot_tables=1_000, ws_per_address=1_000) as running:
        yield running


@pytest.fixture(scope="session")
def browser(chromium: str) -> Iterator[object]:
    """One chromium for the session (each test opens its own contexts: separate storage and cookies)."""
    from playwright.sync_api import sync_playwright

    from web.driving import launch

    playwright = sync_playwright().start()
    try:
        launched = launch(playwright)
        try:
            yield launched
        finally:
            launched.close()
    finally:
        playwright.stop()


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where a test saves its screenshots: ``$NINJADOJO_SCREENSHOTS`` (docs/screenshots to refresh the
    committed ones) or a temporary folder."""
    folder = os.environ.get("NINJADOJO_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path

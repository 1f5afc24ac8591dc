"""An accessibility check of the browser client: axe-core (through axe-playwright-python, the dev extra)
finds no serious or critical violation on the lobby, on a table of every game (its board, the docked
hand, the prompt and the last moves marked) and on the rules dialog open over it."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import create_in_lobby, new_page, wait_turn_or_end
from web.serving import WebServer

pytestmark = pytest.mark.slow

GAMES = {"ninjitsu": 2, "knights-and-ninjas": 3, "ninja-trap": 2, "ninja-camp": 2, "ninjato": 2}


def serious(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on the page, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") in ("serious", "critical"):
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:3]]
            found.append(f"{violation['impact']} {violation['id']}: {violation['help']} at {targets}")
    return found


@pytest.fixture
def axe() -> None:
    """Skip when axe-playwright-python is not installed (``pip install -e '.[dev]'`` brings it)."""
    pytest.importorskip("axe_playwright_python", reason="axe-playwright-python (the dev extra) is not installed")


def test_the_lobby_has_no_serious_accessibility_violation(browser: Any, web_server: WebServer, axe: None) -> None:
    """The lobby, with its form and lists."""
    context, page, _ = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        assert serious(page) == []
    finally:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_table_has_no_serious_accessibility_violation(browser: Any, web_server: WebServer, axe: None,
                                                         game: str) -> None:
    """A table of each game at your turn, and its rules dialog."""
    context, page, _ = new_page(browser)
    try:
        create_in_lobby(page, web_server.base, game, players=GAMES[game])
        wait_turn_or_end(page, 30)
        assert serious(page) == []
        page.click("#open-rules")
        page.locator("dialog.rules-dialog").wait_for(state="visible")
        assert serious(page) == []
    finally:
        context.close()

"""A table waiting for its players listed every choice of its first seat, each disabled: choices nobody may take
before the game begins. It says instead what the table waits for: the seats not taken yet."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, DESKTOP, new_page
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow


def test_a_waiting_table_lists_the_seats_it_waits_for_not_choices(browser: Any, web_server: WebServer) -> None:
    """Of Knights and Ninjas for four: Ann, a friend invited who has not come, a free seat and a bot. Ann's page
    shows no choice (not even disabled) but what the table waits for: P1 invited, P2 a free seat. Once both sit
    down the game begins and her choices are listed."""
    table_id, tokens = web_server.create({
        "game": "knights-and-ninjas", "players": 4, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human"}, {"type": "human", "open": True},
                  {"type": "bot", "level": "easy"}]})
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.status === 'waiting'")
        actions = page.locator(".actions")
        actions.locator(".awaited").wait_for()
        assert actions.locator("button.action").count() == 0
        # (the seat's badge is a box of its own: its text ends before the comma)
        said = " ".join(actions.inner_text().split()).replace(" ,", ",")
        # (unnamed seats are "P1" and "P2", as on the board: not the server's "Player 1")
        assert said.startswith("Waiting for players The table waits for P1 (invited, not here yet), "
                               "P2 (a free seat)."), said
        for seat, name in ((1, "Bea"), (2, "Cy")):
            body: dict[str, Any] = {"name": name, "seat": seat}
            headers = {"X-Seat-Token": tokens[str(seat)]} if str(seat) in tokens else {}
            joined = web_server.http.post(f"/api/tables/{table_id}/join", json=body, headers=headers)
            assert joined.status_code == 200, joined.text
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.status === 'playing'")
        assert page.locator(".actions .awaited").count() == 0
        assert not errors, errors
    finally:
        context.close()

"""The replay of a game kept for its seats: a private table, or one without spectators, replays in the
browser for the players who held a seat there (the page sends the seat's token), and for nobody else."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from web.driving import APP, new_page
from web.serving import WebServer

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("settings", [{"spectators": False}, {"private": True}])
def test_a_player_replays_a_game_kept_for_its_seats_and_a_stranger_is_told_why_not(
        browser: Any, web_server: WebServer, settings: dict[str, bool]) -> None:
    table_id, tokens = web_server.create({"game": "ninja-trap", "players": 2, "settings": settings,
                                         "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    web_server.play_out(table_id)
    deadline = time.monotonic() + 30
    seat = {"X-Seat-Token": tokens["0"]}  # (the summary of a table kept for its seats is theirs too)
    while web_server.http.get(f"/api/tables/{table_id}", headers=seat).json()["status"] != "finished":
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.05)
    steps = len(web_server.http.get(f"/api/tables/{table_id}/record",
                                    headers={"X-Seat-Token": tokens["0"]}).json()["actions"])
    held = json.dumps({table_id: {"seat": 0, "token": tokens["0"], "game": "ninja-trap", "added": 0}})
    context, page, errors = new_page(browser, scripts=[f"localStorage.setItem('dojo.seats', {json.dumps(held)});"])
    stranger, strange_page, _ = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/replay/{table_id}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.step === '{steps}'")
        assert page.locator(".end-screen").count() == 1
        page.click("button[aria-label='to the start']")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.step === '0'")
        # "You" is the seat this browser held, and only while its view is the one shown: Bo's view is Bo's.
        page.select_option("#replay-seat", "1")
        page.wait_for_function("() => [...document.querySelectorAll('.hand .row-title')]"
                               ".some((e) => e.textContent === \"Bo's hand\")")
        assert page.locator(".you-tag").count() == 0
        page.select_option("#replay-seat", "0")
        page.wait_for_function("() => [...document.querySelectorAll('.hand .row-title')]"
                               ".some((e) => e.textContent === 'Your hand')")
        assert page.locator(".you-tag").count() >= 1
        assert not errors
        strange_page.goto(f"{web_server.base}/#/replay/{table_id}")
        refusal = strange_page.locator("[role=alert]")
        refusal.wait_for()
        assert refusal.inner_text().startswith("No replay:")
        assert "seat" in refusal.inner_text() or "watch key" in refusal.inner_text()
    finally:
        context.close()
        stranger.close()

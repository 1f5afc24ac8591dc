"""A weighty only choice (Ninja Camp's pass for the rest of the game, when none of your cards can be carried out)
is left for the player to click even with "Answer forced choices" on, as the game asks (the decision's
``confirm``); the page says so, or the switch seems broken (the browser probe of stop 56: "my only choice was
Pass for the rest of the game and it waited for me to click")."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import pytest

from ninjadojo.server.errors import MessageError
from web.driving import APP, app_data, new_page, server_state
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

NOTE = "Your only choice, left for you to click: it ends your part in the game, so you see the board first."


def _play_seat_0_until_its_only_choice_is_to_pass(server: WebServer, table_id: str) -> bool:
    """Seat 0 plays its first legal move (a bot plays the other seat) until passing for good is all it may do
    (True), or the game ends (False)."""
    live = server.dojo.tables[table_id]

    async def play() -> bool:
        deadline = time.monotonic() + 60
        while live.game.result is None:
            assert time.monotonic() < deadline, "the game did not come to seat 0's forced pass"
            if 0 not in live.game.to_act():
                await asyncio.sleep(0.02)
                continue
            legal = live.game.legal_actions(0)
            if legal == ["pass"]:
                return True
            # (never a pass for good while it has a move: the game would go on without it)
            with contextlib.suppress(MessageError):  # the page answered a forced choice first
                await live.act(0, next(action for action in legal if action != "pass"), live.index[0])
        return False

    return bool(server.run(play()))


def test_a_weighty_only_choice_waits_for_a_click_and_says_why(browser: Any, web_server: WebServer) -> None:
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/")
        page.evaluate("() => localStorage.setItem('dojo.autoAnswer', 'on')")
        for seed in range(1, 11):
            table_id, tokens = web_server.create({
                "game": "ninja-camp", "players": 2, "seed": seed, "settings": QUICK,
                "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
            page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
            page.wait_for_function(f"() => document.querySelector('{APP}').dataset.status === 'playing'")
            if _play_seat_0_until_its_only_choice_is_to_pass(web_server, table_id):
                break
        else:
            pytest.fail("seat 0 never came to a forced pass in ten deals")
        state = server_state(web_server, table_id, tokens["0"])
        page.wait_for_function(f"(i) => document.querySelector('{APP}').dataset.index === i", arg=str(state["index"]))
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.canAct === 'yes'")
        assert page.locator("#auto-answer").inner_text().endswith("on")
        assert page.locator(".prompt .confirm-note").inner_text() == NOTE
        before = app_data(page)["index"]
        page.wait_for_timeout(1500)  # an answer for you would have gone by now
        state = server_state(web_server, table_id, tokens["0"])
        assert str(state["index"]) == before == app_data(page)["index"] and state["legal"] == ["pass"]
        page.locator(".action-list button.action").first.click()
        page.wait_for_function(f"(i) => document.querySelector('{APP}').dataset.index !== i", arg=before)
        assert page.locator(".prompt .confirm-note").count() == 0
        assert not errors, errors
    finally:
        context.close()

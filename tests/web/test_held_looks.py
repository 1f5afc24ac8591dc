"""A one-time look taken on another player's turn (Sabotage!'s Alessio, answering a secret placed) is taken
from the seat's view by the server at the next action everyone sees: the page keeps it, in its place in the
log, until the seat's own next choice, so that a player reads it at their pace, not only while a bot thinks."""

from __future__ import annotations

import time
from typing import Any

import pytest

from web.driving import DESKTOP, app_data, new_page, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: Ninjitsu! with Sabotage!, three players, a deal whose first hand (Ann's, seat 0) holds Alessio.
#: (An "any time" window is held open for a person for ``window_time`` seconds: ten, the most, for the clicks.)
TABLE = {"game": "ninjitsu", "players": 3, "seed": 9, "options": {"expansions": "sabotage"},
         "settings": {**QUICK, "window_time": 10},
         "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"},
                   {"type": "human", "name": "Cy"}]}


def test_a_look_taken_on_another_turn_stays_on_the_page_until_the_seats_next_choice(
        browser: Any, web_server: WebServer) -> None:
    exact = web_server.dojo.exact_seeds
    web_server.dojo.exact_seeds = True  # the deal as given (a table of several people gets a fresh one)
    try:
        table_id, tokens = web_server.create(TABLE)
    finally:
        web_server.dojo.exact_seeds = exact
    live = web_server.dojo.tables[table_id]

    async def act(seat: int, action: str) -> None:
        async with live.lock:
            await live._commit_action(seat, action, None)
            live.publish()

    async def take_seats() -> None:
        async with live.lock:
            for seat in (1, 2):
                live.seats[seat].status = "taken"

    def turn_of(seat: int) -> None:
        """Wait for the server's game to ask ``seat`` (not the page: it stops offering choices as soon as a
        click is sent, before the server has applied it)."""
        deadline = time.monotonic() + 30
        while live.game.to_act() != (seat,):
            assert time.monotonic() < deadline, f"P{seat} was never asked"
            time.sleep(0.05)

    web_server.run(take_seats())
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        page.locator(".action-list button.action[data-action='d']").click()
        turn_of(1)
        # Bob hides a card: Ann may answer with Alessio, and looks at the secret Bob just placed.
        bob = next(action for action in live.game.legal_actions(1) if action.startswith("s:"))
        web_server.run(act(1, bob))
        assert wait_turn_or_end(page, 30) == "act"
        assert "a:1s" in live.game.legal_actions(0)
        page.locator(".action-list button.action[data-action='a:1s']").click()
        # (the secret just placed is the one looked at)
        seen = page.locator(".log li", has_text="'s secret #1 is ")
        seen.first.wait_for()
        line = " ".join(seen.first.inner_text().split())
        # Cy draws (an action everyone sees): the server takes the look away from Ann's view ...
        index = app_data(page)["index"]
        turn_of(2)
        web_server.run(act(2, "d"))
        page.wait_for_function("(i) => document.querySelector('#app').dataset.index !== i", arg=index)
        # ... and the page keeps it where it was, saying until when.
        held = page.locator(".log li", has_text="shown until your next choice")
        held.first.wait_for()
        assert line in " ".join(held.first.inner_text().split())
        # Ann's own next choice: the look goes, as the rule says.
        assert wait_turn_or_end(page, 30) == "act"
        page.locator(".action-list button.action[data-action='d']").click()
        page.wait_for_function("() => !document.querySelector('.log').textContent.includes('shown until your next')")
        assert "a one-time look, now over" in page.locator(".log").inner_text()
        assert not errors, errors
    finally:
        context.close()

"""Found walking the browser client as a new player. A per-decision clock showed "◷ 0:00" on every seat not
deciding (the server sends no time for them: they read as out of time), the prompt's own count of the decision's
time never ran down, and a refused undo said why inside brackets round the server's reason, which has brackets
of its own ("...(a card drawn, ...))"). A table made with invitation links was missing from My tables until the
lobby's next refresh."""

from __future__ import annotations

import time
from typing import Any

import pytest

from web.driving import APP, create_in_lobby, new_page
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: The seats bar's clock of each seat, by seat.
CLOCKS = "() => [...document.querySelectorAll('.seats-bar .clock-slot')].map((el) => el.textContent)"


def test_a_per_decision_clock_shows_only_the_deciding_seat_and_runs_down(browser: Any,
                                                                          web_server: WebServer) -> None:
    table_id, tokens = web_server.create({
        "game": "ninjitsu", "players": 3, "seed": 5,
        "settings": {**QUICK, "clock": "move", "clock_seconds": 90, "undo": True},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"},
                  {"type": "bot", "level": "easy"}]})
    contexts = []
    try:
        context, ann, errors = new_page(browser)
        contexts.append(context)
        ann.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        other, bo, bo_errors = new_page(browser)
        contexts.append(other)
        bo.goto(f"{web_server.base}/#/table/{table_id}/1/{tokens['1']}")
        ann.wait_for_function(f"() => document.querySelector('{APP}').dataset.canAct === 'yes'")
        ann.wait_for_function("() => document.querySelector('.seats-bar .clock-slot.running')")
        clocks = ann.evaluate(CLOCKS)
        # Ann decides: her clock runs; Bo and the bot have no time to show, not "0:00".
        assert clocks[0].startswith("◷ 1:"), clocks
        assert clocks[1:] == ["", ""], clocks
        assert "0:00" not in ann.locator(".seats-bar").inner_text()
        first = ann.locator(".prompt .clock-you").inner_text()
        assert first.startswith("◷ your time for this decision: 1:"), first
        time.sleep(2.2)
        later = ann.locator(".prompt .clock-you").inner_text()
        assert later != first, f"the prompt's clock did not run down: {first!r} then {later!r}"

        # Ann draws: her action led to hidden cards, so it cannot be taken back; why is said once, after a
        # colon, not in brackets round the reason's own brackets.
        before = ann.evaluate(f"() => document.querySelector('{APP}').dataset.index")
        ann.locator(".action-list button.action", has_text="Draw 2 cards").click()
        ann.wait_for_function(f"(before) => document.querySelector('{APP}').dataset.index !== before", arg=before)
        why = ann.locator(".tools .undo-why")
        why.wait_for()
        text = why.inner_text()
        assert text.strip().startswith("not now: "), text
        assert "))" not in ann.locator(".tools").inner_text()
        assert not errors and not bo_errors, (errors, bo_errors)
    finally:
        for context in contexts:
            context.close()


def test_a_table_made_with_invitations_is_in_my_tables_at_once(browser: Any, web_server: WebServer) -> None:
    """A table with a friend's seat leaves the page in the lobby, on its invitation links: My tables lists it at
    once (it said "None yet: create a table or join one." until the lists' next refresh, 10 s later)."""
    context, page, errors = new_page(browser)
    try:
        table_id = create_in_lobby(page, web_server.base, "ninja-trap", players=2, friends=(1,))
        page.wait_for_selector(f"#my-tables a[href='#/table/{table_id}']", timeout=4000)
        assert "None yet" not in page.locator("#my-tables").inner_text()
        assert not errors, errors
    finally:
        context.close()

"""A simultaneous stage in the browser: once your choice is in, your own page no longer flags you "to act".

Ninja Trap's players lay their traps at the same time. The table shows every seat of the stage as waited for
until all have chosen, so that nobody learns who has (the engine's ``public_waiting``); but on Ann's own page,
after her click, her seat chip and her panel said "⚑ to act" beside "✔ Your choice is in" (a browser walk
read it as the click not taken). Bob, who has not chosen, is still flagged on both pages."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, client_errors, open_seats, server_state
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: The seats whose chip, and whose board panel, say "to act" on the page.
FLAGGED = """() => ({
  chips: [...document.querySelectorAll('.seat-chip')].filter((chip) => chip.querySelector('.to-act-tag'))
    .map((chip) => chip.textContent),
  panels: [...document.querySelectorAll('.board .seat-panel')].filter((panel) => /⚑ to act/.test(panel.textContent))
    .map((panel) => panel.textContent.slice(0, 40)),
})"""


def test_your_own_seat_is_not_to_act_once_your_choice_is_in(browser: Any, web_server: WebServer) -> None:
    table_id, tokens = web_server.create({"game": "ninja-trap", "players": 2, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]})
    contexts: list[Any] = []
    pages: list[Any] = []
    try:
        open_seats(browser, web_server, table_id, tokens, contexts, pages)
        ann, bob = pages
        for page in pages:
            page.wait_for_function("(sel) => document.querySelector(sel).dataset.canAct === 'yes'", arg=APP)
        before = ann.evaluate(FLAGGED)
        assert any("Ann" in chip for chip in before["chips"]) and any("Bob" in chip for chip in before["chips"])
        action = server_state(web_server, table_id, tokens["0"])["legal"][0]
        ann.locator(f".action-list button.action[data-action='{action}']").click()
        ann.locator(".waiting-others", has_text="Your choice is in").wait_for()
        after = ann.evaluate(FLAGGED)
        assert not any("Ann" in chip for chip in after["chips"]), after
        assert not any("Ann" in panel for panel in after["panels"]), after
        assert any("Bob" in chip for chip in after["chips"]), "Bob has not chosen: still to act"
        # Bob's page still shows Ann waited for: who has chosen is not told.
        bob.wait_for_timeout(300)
        assert any("Ann" in chip for chip in bob.evaluate(FLAGGED)["chips"])
        for page in pages:
            assert not client_errors(page), client_errors(page)
    finally:
        for context in contexts:
            context.close()

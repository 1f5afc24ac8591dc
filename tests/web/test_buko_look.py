"""Ninja Trap in the browser: the Buko look is shown, never answered for the player.

A ninja untrapped in the Buko "may look at all of his traps". The look's decision has one choice (hide
the traps again and go on), and the page answers single choices for the player by default (*Answer
forced choices*): not this one, or the traps would flash by unseen. Ann (seat 0) moves into the Buko;
her page shows her traps and waits for her click."""

from __future__ import annotations

from typing import Any

import pytest

from ninjadojo.games.ninja_trap.cards import ROOM_INDEX
from web.driving import APP, client_errors, open_seats, server_state, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

BUKO = ROOM_INDEX["B"]


def _table_with_a_buko_card(web_server: WebServer, both: bool = False) -> tuple[str, dict[str, str]]:
    """A table of Ann and Bob where Ann (and Bob too, if ``both``) holds a Buko card among others (so she can
    lay a trap elsewhere and move there). Two people's deal mixes any seed given with the server's own: new
    tables until one deals it (read white-box from the live game)."""
    for _ in range(40):
        table_id, tokens = web_server.create({"game": "ninja-trap", "players": 2, "settings": QUICK, "seats": [
            {"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]})
        hands = web_server.dojo.tables[table_id].game.hands
        if all(hand[BUKO] and sum(hand) - hand[BUKO] >= 1 for hand in (hands[:2] if both else hands[:1])):
            return table_id, tokens
    raise AssertionError("40 deals without a Buko card for Ann")


def _choice(seat: int, stage: str, legal: list[str], both: bool = False) -> str:
    """Ann lays a trap away from the Buko and moves there; Bob keeps out of it (or, if ``both``, goes there
    too); nobody flips a trap."""
    if stage == "trap":
        return next(action for action in legal if action != "tB")
    if stage == "move":
        if seat == 0 or both:
            return "mB"
        return next(action for action in legal if action != "mB")
    return "pass" if "pass" in legal else legal[0]


def _click(page: Any, action: str) -> None:
    """Send ``action`` through the page's own list of choices (the button for it), and wait for it to go."""
    before = page.evaluate("(sel) => document.querySelector(sel).dataset.index", APP)
    page.evaluate("(action) => document.querySelector(`.action-list button.action[data-action='${action}']`).click()",
                  action)
    page.wait_for_function("([sel, before]) => document.querySelector(sel).dataset.index !== before",
                           arg=[APP, before])


@pytest.mark.parametrize("both", [False, True], ids=["Ann alone", "Ann and Bob"])
def test_the_buko_look_waits_for_the_players_click(browser: Any, web_server: WebServer, both: bool) -> None:
    """Ann's look waits for her; with Bob in the Buko too, both look at once, and her page does not tell her
    that nobody sees her choice (there is none to keep from him: the look ends with "go on")."""
    table_id, tokens = _table_with_a_buko_card(web_server, both)
    contexts: list[Any] = []
    pages: list[Any] = []
    try:
        open_seats(browser, web_server, table_id, tokens, contexts, pages)
        assert wait_turn_or_end(pages[0], 20) == "act"
        for _ in range(12):
            ann = server_state(web_server, table_id, tokens["0"])
            if ann["decision"] and ann["decision"]["kind"] == "look":
                break
            for seat in (0, 1):
                state = server_state(web_server, table_id, tokens[str(seat)])
                if state["legal"]:
                    _click(pages[seat], _choice(seat, state["decision"]["kind"], state["legal"], both))
        else:
            raise AssertionError("Ann never came to look at her traps in the Buko")
        assert ann["legal"] == ["ok"] and ann["decision"]["looking"] is True
        assert sorted(ann["to_act"]) == ([0, 1] if both else [0]), ann["to_act"]
        page = pages[0]
        # Answer forced choices is on (the default), and still the look waits for her.
        page.wait_for_timeout(1500)
        assert server_state(web_server, table_id, tokens["0"])["legal"] == ["ok"], "the look was answered for her"
        log = page.locator(".log").inner_text()
        assert "Buko look (only now, only you): the trap of turn 1 in the" in log
        assert "answered for you" not in log
        assert page.evaluate("(sel) => document.querySelector(sel).dataset.canAct", APP) == "yes"
        assert "Everyone chooses at the same time" not in page.locator(".prompt").inner_text()
        _click(page, "ok")
        page.wait_for_function("() => document.querySelector('.log').innerText"
                               ".includes('(a one-time look, now over: no longer shown)')")
        assert not client_errors(pages[0]) and not client_errors(pages[1])
    finally:
        for context in contexts:
            context.close()

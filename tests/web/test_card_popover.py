"""The full text of a card pointed at (the popover ``#card-pop``, js/rules.js CardPopover) goes when the card is
clicked, and does not come back over the board the click changed (the focus put back on a card of the same name,
the card moved to a discard pile, a card that came under a pointer that did not move); it shows again when the
pointer moves onto a card, and goes when the pointer leaves it, even from a card a mouse clicked (and so focused)."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, DESKTOP, PHONE, app_data, create_in_lobby, new_page, wait_turn_or_end
from web.serving import WebServer

pytestmark = pytest.mark.slow

SHOWN = "() => !document.querySelector('#card-pop').hidden"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "narrow"])
def test_a_cards_text_closes_when_the_card_is_clicked(browser: Any, web_server: WebServer, viewport: Any) -> None:
    """Ninja Trap with a mouse: pointed at, a card of the hand shows its text; clicked (laid as a trap, or played
    to move), the text is gone once the board is drawn again; the pointer moved onto a card shows it again, and
    off the board, it goes."""
    context, page, errors = new_page(browser, viewport)
    try:
        create_in_lobby(page, web_server.base, "ninja-trap", players=3)
        clicked = 0
        for _ in range(6):
            if wait_turn_or_end(page, 60) != "act":
                break
            cards = page.locator(".board .hand .card[data-code].actionable")
            if not cards.count():
                before = app_data(page)["index"]
                page.locator(".action-list button.action:not([disabled])").first.click()
                page.wait_for_function("([sel, b]) => document.querySelector(sel).dataset.index !== b",
                                       arg=[APP, before])
                continue
            before = app_data(page)["index"]
            card = cards.nth(cards.count() - 1)
            card.hover()
            page.locator("#card-pop").wait_for(state="visible")
            card.click()
            page.wait_for_function("([sel, b]) => document.querySelector(sel).dataset.index !== b", arg=[APP, before])
            page.wait_for_timeout(600)  # the redraw, the focus put back, a pointer over a new card...
            assert not page.evaluate(SHOWN), f"the card's text stayed over the board after the click ({clicked})"
            clicked += 1
            # The pointer moved onto a card: its text; off the board: gone.
            other = page.locator(".board .card[data-code]").first
            other.hover()
            page.locator("#card-pop").wait_for(state="visible")
            page.mouse.move(1, 1)
            page.locator("#card-pop").wait_for(state="hidden")
        assert clicked >= 2, "fewer than two hand cards clicked"
        assert not errors, errors
    finally:
        context.close()


def test_a_cards_text_goes_when_the_pointer_leaves_a_card_it_focused(browser: Any, web_server: WebServer) -> None:
    """A card pressed with a mouse has the focus, but not the keyboard's: its text goes with the pointer (it
    stayed while the card kept the focus). Focused by the keyboard, a card keeps its text shown."""
    context, page, errors = new_page(browser)
    try:
        create_in_lobby(page, web_server.base, "ninja-trap", players=2)
        assert wait_turn_or_end(page, 60) == "act"
        card = page.locator(".board .hand .card[data-code]").first
        card.hover()
        page.locator("#card-pop").wait_for(state="visible")
        page.mouse.down()  # pressed, not yet released: the card has the focus, nothing is chosen
        assert card.evaluate("(card) => document.activeElement === card")
        page.mouse.move(1, 1)
        page.locator("#card-pop").wait_for(state="hidden")
        page.mouse.up()
        # The keyboard: Tab to a card, its text shows, and stays while the pointer goes by elsewhere.
        card.evaluate("(card) => card.blur()")
        page.locator(".skip-link").focus()
        page.keyboard.press("Tab")
        for _ in range(40):
            if page.evaluate("() => document.activeElement.matches('.board .card[data-code]')"):
                break
            page.keyboard.press("Tab")
        page.locator("#card-pop").wait_for(state="visible")
        page.mouse.move(5, 5)
        page.mouse.move(2, 2)
        page.wait_for_timeout(200)
        assert page.evaluate(SHOWN)
        assert not errors, errors
    finally:
        context.close()


def test_a_cards_text_goes_when_a_redraw_takes_its_card_from_under_a_still_pointer(browser: Any,
                                                                                    web_server: WebServer) -> None:
    """The mouse rests over a card of the hand (its text shows) and does not move; the board is drawn again with
    the card elsewhere (here the board is moved away from under the pointer, then a move is made at the table):
    no "pointerout" comes from a card taken away, and the text followed its card across the board (a probe saw a
    Dojo card's text stay over the board through the moves that followed). It goes."""
    from web.serving import QUICK

    table_id, tokens = web_server.create({"game": "ninjitsu", "players": 2, "settings": QUICK, "seed": 3,
                                          "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    live = web_server.dojo.tables[table_id]
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
        card = page.locator(".board .hand .card[data-code]").first
        card.hover()
        page.locator("#card-pop").wait_for(state="visible")
        page.evaluate("() => { document.querySelector('.board').style.transform = 'translateY(2000px)'; }")
        before = app_data(page)["index"]

        async def move() -> None:  # (as the server's test helper play_out moves: Bo has not come yet)
            async with live.lock:
                for each in live.seats:
                    each.status = "taken"
                seat = live.game.to_act()[0]
                legal = [action for action in live.game.legal_actions(seat) if not action.startswith("w")]
                await live._commit_action(seat, legal[0], None)
                live.publish()

        web_server.run(move())
        page.wait_for_function("([sel, b]) => document.querySelector(sel).dataset.index !== b", arg=[APP, before])
        page.wait_for_timeout(300)
        assert not page.evaluate(SHOWN), "the card's text stayed after its card left the still pointer"
        assert not errors, errors
    finally:
        context.close()

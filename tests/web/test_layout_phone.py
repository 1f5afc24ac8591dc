"""A phone (390x844 and 360x640), in every game: at your decision the first of your choices is on the first
screen, above your docked hand (the list came after the whole board, and the digest "Since your last turn"
filled the prompt's box); the docked hand is compact (no empty band in it), and with the prompt stuck at the
top of the screen the board keeps most of it; the digest is folded to a line that opens it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import ViewportSize

from web.driving import create_in_lobby, new_page, wait_turn_or_end
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: Each game and its players, as the lobby makes them.
GAMES = {"ninjitsu": 3, "knights-and-ninjas": 3, "ninja-trap": 2, "ninja-camp": 2, "ninjato": 3}
PHONES: list[ViewportSize] = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]

#: Where the first choice of the list, the docked hand and the prompt's sticky box are on the screen, once the
#: page has settled after a scroll (two frames: the hand docks in the frame after it).
WHERE = """(scroll) => new Promise((done) => {
  window.scrollTo(0, scroll === 'board'
    ? document.querySelector('.board').getBoundingClientRect().top + window.scrollY : 0);
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const box = (sel) => { const el = document.querySelector(sel); if (!el) return null;
      const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: r.height}; };
    done({first: box('.action-list button.action'), hand: box('.board .card-row.hand'),
      prompt: box('.prompt-dock'), docked: document.querySelector('#app').dataset.handDocked,
      height: window.innerHeight});
  }));
})"""


@pytest.mark.parametrize("game", list(GAMES))
def test_on_a_phone_your_choices_are_on_the_first_screen_and_the_board_keeps_most_of_it(
        browser: Any, web_server: WebServer, game: str) -> None:
    for phone in PHONES:
        context, page, errors = new_page(browser, phone, is_mobile=True, has_touch=True)
        try:
            create_in_lobby(page, web_server.base, game, players=GAMES[game])
            assert wait_turn_or_end(page, 30) == "act"
            at_top = page.evaluate(WHERE, "top")
            first = at_top["first"]
            assert first is not None, (game, phone)
            # On the first screen, and not under the docked hand.
            floor = at_top["hand"]["top"] if at_top["docked"] == "yes" else at_top["height"]
            assert first["top"] >= 0 and first["bottom"] <= floor + 1, (game, phone, at_top)
            # In the board, the prompt stuck at the top and the hand docked at the bottom leave it most of the
            # screen; the dock is a row of short cards, no taller than 100 px.
            in_board = page.evaluate(WHERE, "board")
            assert in_board["docked"] == "yes", (game, phone, in_board)
            assert in_board["hand"]["height"] <= 100, (game, phone, in_board)
            free = in_board["hand"]["top"] - in_board["prompt"]["bottom"]
            assert free >= 0.55 * in_board["height"], (game, phone, in_board)
            assert not errors, errors
        finally:
            context.close()


def test_on_a_phone_the_digest_is_a_line_that_opens(browser: Any, web_server: WebServer) -> None:
    """Five players: more than a line happened before your turn. On a phone the digest is folded to its title
    and a count, a button; pressed, its lines show (and it stays open at the next decision, and after a
    reload); pressed again, it folds."""
    context, page, errors = new_page(browser, PHONES[0], is_mobile=True, has_touch=True)
    try:
        create_in_lobby(page, web_server.base, "ninjitsu", players=5)
        assert wait_turn_or_end(page, 30) == "act"
        toggle = page.locator(".prompt .digest .digest-toggle")
        if not toggle.count():
            # (Nothing or one line since the start: play on to a turn with more to tell.)
            page.locator(".action-list button.action").first.click()
            page.wait_for_function("() => document.querySelector('.prompt .digest .digest-toggle')",
                                   timeout=30_000)
        assert toggle.get_attribute("aria-expanded") == "false"
        assert page.locator(".prompt .digest .digest-lines li").count() == 0
        assert " line" in toggle.inner_text(), toggle.inner_text()
        toggle.click()
        page.wait_for_function("() => document.querySelectorAll('.prompt .digest .digest-lines li').length > 0")
        assert page.locator(".prompt .digest .digest-lines li").first.is_visible()
        assert toggle.get_attribute("aria-expanded") == "true"
        page.reload()
        assert wait_turn_or_end(page, 30) == "act"
        if toggle.count():
            assert toggle.get_attribute("aria-expanded") == "true"
            toggle.click()
            page.wait_for_function("() => !document.querySelector('.prompt .digest .digest-lines li')")
            assert toggle.get_attribute("aria-expanded") == "false"
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_a_tapped_button_does_not_keep_the_hover_colour(browser: Any, web_server: WebServer) -> None:
    """A touch screen leaves ``:hover`` on the last element tapped: a button coloured on hover kept its colour,
    and the next prompt's button drawn in its place looked chosen already. Hover colours are for a pointer
    that hovers only."""
    context, page, errors = new_page(browser, {"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        assert not page.evaluate("matchMedia('(hover: hover)').matches")
        button = page.locator("button").first
        button.tap()
        page.wait_for_timeout(200)
        hovered, colour = page.evaluate("(el) => [el.matches(':hover'), getComputedStyle(el).backgroundColor]",
                                        button.element_handle())
        assert hovered, "the tap leaves :hover on the button (what this test is about)"
        assert colour != "rgb(240, 236, 226)", colour
        assert not errors, errors
    finally:
        context.close()

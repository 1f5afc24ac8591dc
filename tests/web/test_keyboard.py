"""Playing with the keyboard alone: a link at the top skips the board to the prompt; after a move the
focus stays on the table (on the prompt, with the choices a few Tabs on), never back at the top of the
page; a card pressed on the board that opens a chooser puts the chooser's choices next; the end-of-game
dialog keeps the focus while it is open and, closed, leaves it on the button that opens it again."""

from __future__ import annotations

import random
from typing import Any

import pytest

from web.driving import APP, app_data, new_page, play_by_clicking, tab_until, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: What the keyboard may choose with: a choice in the list or in a chooser.
CHOICES = ".actions button.action:not([disabled]), .chooser button.choice"
CHOICE = f"(el) => el.matches('{CHOICES}')"
#: Most Tabs a player should need from where the focus is left after a move to a choice.
MOST_TABS = 6


def _open(browser: Any, server: WebServer, game: str, players: int, seed: int) -> tuple[Any, Any]:
    table_id, tokens = server.create({"game": game, "players": players, "settings": QUICK, "seed": seed,
                                      "seats": [{"type": "human", "name": "Ann"}]
                                      + [{"type": "bot", "level": "easy"}] * (players - 1)})
    context, page, _ = new_page(browser)
    page.goto(f"{server.base}/#/table/{table_id}/0/{tokens['0']}")
    page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
    return context, page


def _focused(page: Any) -> str:
    """What has the focus: ``body``, ``choice``, ``prompt`` or the element's tag and class."""
    return str(page.evaluate(f"""() => {{
        const el = document.activeElement;
        if (!el || el === document.body) return 'body';
        if (({CHOICE})(el)) return 'choice';
        if (el.matches('.prompt')) return 'prompt';
        return el.tagName + '.' + el.className;
    }}"""))


def test_after_each_move_the_focus_stays_on_the_table_and_the_choices_are_a_few_tabs_on(
        browser: Any, web_server: WebServer) -> None:
    # Ninja Trap: every face-up card of every discard pile is a tab stop before the hand, so a focus sent back
    # to the top of the page cost up to 40 Tabs a move by turn 10.
    context, page = _open(browser, web_server, "ninja-trap", 3, seed=4)
    rng = random.Random(2)
    try:
        moves = 0
        while moves < 14 and wait_turn_or_end(page, 30) == "act":
            index = app_data(page)["index"]
            if moves == 0:
                # The page's first tab stops offer to skip the board, to the prompt.
                tab_until(page, ".skip-link", 3)
                page.keyboard.press("Enter")
                assert _focused(page) == "prompt"
            assert _focused(page) != "body", f"before move {moves} the focus is at the top of the page"
            tab_until(page, CHOICES, MOST_TABS)
            # Any of the choices, by the keyboard alone: down the list with Tab.
            for _ in range(rng.randrange(3)):
                page.keyboard.press("Tab")
                if _focused(page) != "choice":
                    page.keyboard.press("Shift+Tab")
                    break
            page.keyboard.press("Enter")
            page.wait_for_function(f"(i) => document.querySelector('{APP}').dataset.index !== i", arg=index,
                                   timeout=15_000)
            moves += 1
            wait_turn_or_end(page, 30)
            assert _focused(page) != "body", f"after move {moves} the focus went back to the top of the page"
        assert moves >= 5
    finally:
        context.close()


def test_a_card_pressed_on_the_board_puts_its_chooser_next(browser: Any, web_server: WebServer) -> None:
    # Ninjitsu!: a card of the hand may be played for its action, as a secret or as a treasure.
    context, page = _open(browser, web_server, "ninjitsu", 2, seed=3)
    try:
        opened = False
        for _ in range(8):
            if opened or wait_turn_or_end(page, 30) != "act":
                break
            index = app_data(page)["index"]
            # The hand's cards first (the deck, first on the board, settles a draw at once).
            for number in reversed(range(page.locator(".board .actionable").count())):
                piece = page.locator(".board .actionable").nth(number)
                piece.focus()
                page.keyboard.press("Enter")
                page.wait_for_timeout(200)
                if app_data(page)["index"] != index:
                    break  # it settled a move at once
                if page.locator(".chooser button.choice").count() > 1:
                    assert page.evaluate("() => document.activeElement.matches('.chooser button.choice')"), \
                        "the chooser's first choice has the focus"
                    opened = True
                    # Escape typed in the chat is the chat's: the chooser stays, the focus stays in the chat.
                    chat = page.locator(".chat-input")
                    if chat.count() and chat.is_enabled():
                        chat.focus()
                        page.keyboard.press("Escape")
                        assert page.evaluate("() => document.activeElement.matches('.chat-input')")
                        assert page.locator(".chooser button.choice").count() > 1
                        page.locator(".chooser button.choice").first.focus()
                    # A choice made in the chooser: the focus goes on to what comes next, not back to the card.
                    page.keyboard.press("Enter")
                    page.wait_for_function(f"(i) => document.querySelector('{APP}').dataset.index !== i",
                                           arg=index, timeout=15_000)
                    page.wait_for_timeout(300)
                    assert not page.evaluate("() => document.activeElement.closest('.board') !== null"), \
                        "the focus went back to the card after a choice was made"
                    break
                page.keyboard.press("Escape")
            if not opened and app_data(page)["index"] == index:
                page.locator(".actions button.action:not([disabled])").first.click()
        assert opened, "no card opened a chooser in eight turns"
    finally:
        context.close()


def test_the_end_dialog_keeps_the_focus_and_closed_gives_it_to_what_opens_it_again(
        browser: Any, web_server: WebServer) -> None:
    context, page = _open(browser, web_server, "ninja-trap", 2, seed=6)
    try:
        play_by_clicking(page, random.Random(1), seconds=90)
        dialog = page.locator(".end-screen[role=dialog]")
        dialog.wait_for(state="visible")
        assert dialog.get_attribute("aria-modal") == "true"
        page.wait_for_function("() => document.activeElement.matches('.end-title')")
        for step in range(14):  # more Tabs than the dialog has buttons: round and round inside it
            page.keyboard.press("Tab")
            assert page.evaluate("() => document.querySelector('.end-screen').contains(document.activeElement)"), \
                f"Tab {step + 1} left the dialog"
        for step in range(14):
            page.keyboard.press("Shift+Tab")
            assert page.evaluate("() => document.querySelector('.end-screen').contains(document.activeElement)"), \
                f"Shift+Tab {step + 1} left the dialog"
        page.keyboard.press("Escape")
        page.wait_for_function("() => document.activeElement && document.activeElement.textContent === "
                               "'Show the result'")
    finally:
        context.close()


def _in_view(page: Any, selector: str) -> bool:
    """Whether the first element ``selector`` finds is on screen, and not hidden by a box that scrolls round it."""
    return bool(page.evaluate("""(sel) => {
        const el = document.querySelector(sel);
        if (!el) return false;
        const r = el.getBoundingClientRect();
        if (r.bottom <= 0 || r.top >= innerHeight || r.height === 0) return false;
        for (let box = el.parentElement; box; box = box.parentElement) {
            const style = getComputedStyle(box);
            if (!/(auto|scroll|hidden)/.test(style.overflowY)) continue;
            const b = box.getBoundingClientRect();
            if (r.bottom <= b.top || r.top >= b.bottom) return false;
        }
        return true;
    }""", selector))


def test_a_chooser_opened_by_a_tap_on_a_phone_is_in_view(browser: Any, web_server: WebServer) -> None:
    # Ninja Camp: a square reached by several cards (an Evade, a Sprint, a clan) opens a chooser in the prompt
    # box held at the top of a phone; it used to open below that box's visible part, so a tap seemed to do
    # nothing.
    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]
    table_id, tokens = web_server.create({"game": "ninja-camp", "players": 2, "settings": QUICK, "seed": 2,
                                          "seats": seats})
    context, page, _ = new_page(browser, {"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
        opened = False
        for _ in range(12):
            if opened or wait_turn_or_end(page, 30) != "act":
                break
            index = app_data(page)["index"]
            squares = page.locator(".board .actionable")
            for number in range(squares.count()):
                # A first tap on a touch screen reads what the square is and what a tap does; the second acts.
                squares.nth(number).tap()
                page.locator("#card-pop").wait_for(state="visible")
                squares.nth(number).tap()
                page.wait_for_timeout(200)
                if app_data(page)["index"] != index:
                    break
                if page.locator(".chooser button.choice").count() > 1:
                    assert _in_view(page, ".chooser button.choice"), "the chooser's first choice is out of view"
                    opened = True
                    break
            if not opened and app_data(page)["index"] == index:
                page.locator(".actions button.action:not([disabled])").first.click()
        assert opened, "no tap opened a chooser of several moves in twelve turns"
    finally:
        context.close()

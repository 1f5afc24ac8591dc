"""Found walking the lobby: its new-table form went back to the first game of the list (Ninjitsu!) with its defaults
after every table made, every visit to the lobby and every reload, whatever was picked before; and on a phone a bot's
difficulty, said in its list with its words, was cut ("expert: thinks ahead, up to 2 s a …")."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import DESKTOP, PHONE, new_page, quick_settings
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: The form's fields as they are: the game, players, each seat's kind and difficulty, two options of Ninja Trap.
FORM = """() => {
  const value = (sel) => { const el = document.querySelector(sel); return el ? el.value : null; };
  const box = document.querySelector('#opt-ghost_traps');
  return {game: value('#new-game'), players: value('#new-players'), type1: value('#seat-type-1'),
    level1: value('#seat-level-1'), type2: value('#seat-type-2'), level2: value('#seat-level-2'),
    ghost: box ? box.checked : null, reshuffle: value('#opt-reshuffle')};
}"""

PICKED = {"game": "ninja-trap", "players": "3", "type1": "bot", "level1": "hard", "type2": "bot", "level2": "easy",
          "ghost": True, "reshuffle": "empty"}


def test_the_lobby_form_keeps_the_game_players_seats_and_options_last_picked(browser: Any,
                                                                              web_server: WebServer) -> None:
    """Ann makes a Ninja Trap table of three against a hard and an easy bot, with ghost traps and the deck
    reshuffled only when empty. Back in the lobby, and after a reload, the form is as she left it (it was
    Ninjitsu! for two again). A game picked without making a table is kept too, and each game keeps its own."""
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        page.select_option("#new-game", "ninja-trap")
        page.select_option("#new-players", "3")
        page.select_option("#seat-level-1", "hard")
        page.select_option("#seat-level-2", "easy")
        page.click("details.house-rules summary")
        page.set_checked("#opt-ghost_traps", True)
        page.select_option("#opt-reshuffle", "empty")
        quick_settings(page)
        page.click("#create-table")
        page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
        page.locator(".board .board-trap").wait_for()
        page.click(".tools a[href='#/']")
        page.wait_for_selector("#create-table")
        assert page.evaluate(FORM) == PICKED
        page.reload()
        page.wait_for_selector("#create-table")
        assert page.evaluate(FORM) == PICKED
        # Another game picked, then the page reloaded before any table: that game, at its own defaults.
        page.select_option("#new-game", "ninjato")
        page.reload()
        page.wait_for_selector("#create-table")
        assert page.evaluate("() => document.querySelector('#new-game').value") == "ninjato"
        assert page.evaluate("() => document.querySelector('#new-players').value") == "2"
        # And Ninja Trap again: as Ann left it.
        page.select_option("#new-game", "ninja-trap")
        assert page.evaluate(FORM) == PICKED
        assert not errors, errors
    finally:
        context.close()


#: The selected difficulty of a seat: the text its list shows, how wide it is drawn and the room the list has for
#: it (its inner width but its padding and its arrow's 16px), and its words under it when shown.
LEVEL = """(seat) => {
  const select = document.querySelector(`#seat-level-${seat}`);
  const style = getComputedStyle(select);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const text = select.selectedOptions[0].textContent;
  const words = document.querySelector(`#seat-level-words-${seat}`);
  const shown = words && !words.hidden && words.getClientRects().length ? words : null;
  const box = shown ? shown.getBoundingClientRect() : null;
  return {text, width: pen.measureText(text).width,
    room: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16,
    words: shown ? shown.textContent : null, fits: shown ? shown.scrollWidth <= shown.clientWidth + 1
      && box.left >= 0 && box.right <= document.documentElement.clientWidth : null};
}"""


def test_a_bots_difficulty_and_its_words_are_read_whole_on_a_phone(browser: Any, web_server: WebServer) -> None:
    """On a 390x844 phone each bot's difficulty is whole in its list ("expert", not "expert: thinks ahead, up to 2 s
    a …") and its words are written whole under it, following the difficulty chosen; on a desktop the list says
    both, as before."""
    context, page, errors = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        page.select_option("#new-game", "ninja-trap")
        page.select_option("#new-players", "3")
        page.select_option("#seat-level-1", "expert")
        page.select_option("#seat-level-2", "medium")
        for seat, level, words in ((1, "expert", "thinks ahead, up to 2 s a move"),
                                   (2, "medium", "forgets where its traps are")):
            said = page.evaluate(LEVEL, seat)
            assert said["width"] <= said["room"], said
            assert said["text"] == level and said["words"] == words and said["fits"], said
        assert not errors, errors
    finally:
        context.close()
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        page.select_option("#seat-level-1", "expert")
        said = page.evaluate(LEVEL, 1)
        assert said["text"] == "expert: thinks ahead, up to 2 s a move" and said["words"] is None, said
        assert said["width"] <= said["room"], said
        assert not errors, errors
    finally:
        context.close()

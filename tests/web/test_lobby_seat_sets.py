"""Ninjitsu!'s "Players who get an Element" in the lobby reads as what it does: its default, every player, is
every box ticked (not every box empty, which read as nobody); a choice of some players reaches the table; no
box ticked is refused in words (it would have been sent as the default, everyone). And the rules dialog
says what its count of cards counts."""

from __future__ import annotations

import re
from typing import Any

import pytest

from web.driving import TALL, client_errors, create_in_lobby, new_page, wait_turn_or_end
from web.serving import WebServer

pytestmark = pytest.mark.slow


def open_form(page: Any, server: WebServer, players: int) -> None:
    """The lobby's form for Ninjitsu! with The Elements, at ``players``, the bots quick."""
    page.goto(f"{server.base}/#/")
    page.wait_for_selector("#create-table")
    page.select_option("#new-game", "ninjitsu")
    page.select_option("#new-players", str(players))
    page.check("#opt-expansions-elements")
    page.click("details.more-settings summary")
    page.fill("#set-move-delay", "0")


def boxes(page: Any) -> dict[str, bool]:
    """The seat boxes shown: label -> ticked."""
    shown: dict[str, bool] = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
      ".option-row[data-option='element_seats'] .choice-box:not([hidden])")].map((box) =>
      [box.textContent.trim(), box.querySelector('input').checked]))""")
    return shown


def created_options(page: Any, server: WebServer) -> dict[str, Any]:
    """Create the table; the options the server says it has."""
    page.click("#create-table")
    page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
    table_id = page.evaluate("() => location.hash.split('/')[2]")
    return dict(server.http.get(f"/api/tables/{table_id}").json()["options"])


def test_every_player_gets_an_element_reads_as_every_box_ticked(browser: Any, web_server: WebServer) -> None:
    context, page, errors = new_page(browser, TALL)
    try:
        open_form(page, web_server, 3)
        assert boxes(page) == {"P0": True, "P1": True, "P2": True}
        row = page.locator(".option-row[data-option='element_seats']")
        assert "every player" in row.inner_text()
        # More players while every box is ticked: the new seat is ticked too (still everyone); fewer, hidden.
        page.select_option("#new-players", "4")
        assert boxes(page) == {"P0": True, "P1": True, "P2": True, "P3": True}
        page.select_option("#new-players", "3")
        assert boxes(page) == {"P0": True, "P1": True, "P2": True}
        # The default is sent as the default (every seat: the empty value).
        assert created_options(page, web_server)["element_seats"] == ""
        assert not errors, errors
    finally:
        context.close()


def test_some_players_reach_the_table_and_nobody_is_refused(browser: Any, web_server: WebServer) -> None:
    context, page, errors = new_page(browser, TALL)
    try:
        open_form(page, web_server, 3)
        for seat in (0, 1, 2):
            page.uncheck(f"#opt-element_seats-{seat}")
        assert "nobody" in page.locator(".option-row[data-option='element_seats']").inner_text()
        page.click("#create-table")
        page.wait_for_function("() => (window.__dojoErrors || []).length > 0")
        assert any("at least one" in text for text in client_errors(page)), client_errors(page)
        assert not re.search(r"#/table/", page.url)
        page.check("#opt-element_seats-0")
        page.check("#opt-element_seats-2")
        assert created_options(page, web_server)["element_seats"] == "0,2"
        assert not errors, errors
    finally:
        context.close()


def test_a_preset_leaves_the_seats_beyond_the_table_out(browser: Any, web_server: WebServer) -> None:
    """A preset sets every option at once: the Element seats of a 2-player table stay P0 and P1 (hidden seats
    of a larger table were ticked and sent, which the server refused: "names seat 2")."""
    context, page, errors = new_page(browser, TALL)
    try:
        open_form(page, web_server, 2)
        page.click("button.preset[data-preset]")  # the first preset, whichever it is
        if not page.is_checked("#opt-expansions-elements"):
            page.check("#opt-expansions-elements")
        assert boxes(page) == {"P0": True, "P1": True}
        page.uncheck("#opt-element_seats-1")
        assert created_options(page, web_server)["element_seats"] == "0"
        assert not errors, errors
    finally:
        context.close()


def test_the_rules_dialog_says_what_its_count_of_cards_counts(browser: Any, web_server: WebServer) -> None:
    context, page, errors = new_page(browser)
    try:
        create_in_lobby(page, web_server.base, "ninjitsu", players=2, options={"expansions": ["promo"]})
        wait_turn_or_end(page, 30)
        page.click("#open-rules")
        heading = page.locator("dialog.rules-dialog .rules-cards h3").inner_text()
        listed = page.locator("dialog.rules-dialog .rules-card-list dt").count()
        assert heading.endswith(f": {listed} different cards"), heading
        assert not errors, errors
    finally:
        context.close()

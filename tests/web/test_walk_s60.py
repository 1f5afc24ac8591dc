"""Found walking every game in the browser (s60): the lobby's "Base game: the options are set." followed onto the
new table and covered a card of the hand; the review said "Play Smoke Bomb as a treasure (copy 2)", the engine's
number of a copy that tells two buttons of the list apart and means nothing one move to a row; the lobby's help of
an option written as a phrase (Ninjitsu!'s Expansions) ended with no full stop."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, DESKTOP, new_page, quick_settings
from web.serving import WebServer

pytestmark = pytest.mark.slow


def test_a_lobby_message_does_not_follow_onto_the_new_table(browser: Any, web_server: WebServer) -> None:
    """Ann picks the preset "Base game" (a message says the options are set) and creates the table at once: the
    table opens with no message of the lobby over its hand. Back in the lobby, a preset's message goes too when
    she follows a wrong invitation link, whose own error, about the table, still shows there."""
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        page.select_option("#new-game", "ninjitsu")
        page.select_option("#new-players", "2")
        page.select_option("#seat-level-1", "easy")
        quick_settings(page)
        page.click("button.preset[data-preset='base']")
        page.locator("#toasts .toast", has_text="the options are set").wait_for()
        page.click("#create-table")
        page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
        table_id = str(page.evaluate("() => location.hash.split('/')[2]"))
        page.locator(".board .card-row.hand .card").first.wait_for()
        assert page.locator("#toasts .toast").count() == 0, page.locator("#toasts").inner_text()

        page.click(".tools a[href='#/']")
        page.wait_for_selector("#create-table")
        page.click("button.preset[data-preset='base']")
        page.locator("#toasts .toast", has_text="the options are set").wait_for()
        page.evaluate("(id) => { location.hash = `#/table/${id}/0/not-a-token`; }", table_id)
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat !== undefined")
        page.locator("#toasts .toast-error", has_text="holds no seat at this table").wait_for(timeout=10_000)
        assert page.locator("#toasts .toast", has_text="the options are set").count() == 0
        assert [e for e in errors if "401" not in e and "403" not in e] == [], errors
    finally:
        context.close()

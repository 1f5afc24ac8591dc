"""The lobby's list of seats says whose seat 0 is: "You", then "You (Tess)" as a name is typed in "Your name" (a
probe typed Tess and the list still said "P0 You"), and the name goes when it is cleared."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import new_page
from web.serving import WebServer

pytestmark = pytest.mark.slow


def test_your_seat_in_the_lobby_says_the_name_you_type(browser: Any, web_server: WebServer) -> None:
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        page.fill("#my-name", "")
        you = page.locator(".seat-row .seat-you")
        assert you.inner_text().strip() == "You"
        page.locator("#my-name").press_sequentially("Tess")
        assert you.inner_text().strip() == "You (Tess)"
        # Another number of players draws the seats again: the name stays.
        page.select_option("#new-players", "3")
        assert page.locator(".seat-row .seat-you").inner_text().strip() == "You (Tess)"
        page.fill("#my-name", "")
        assert page.locator(".seat-row .seat-you").inner_text().strip() == "You"
        assert errors == [], errors
    finally:
        context.close()

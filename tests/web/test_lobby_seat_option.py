"""An option that names a seat (Of Knights and Ninjas' "Who goes first": "The player who most recently won a
game goes first") is offered in the lobby as the table's seats, P0 (you) to the last player's, not as a number
to type; the seats beyond the players picked are not offered; the seat picked takes the first turn."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import DESKTOP, new_page, quick_settings
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: Every option the list holds: a seat beyond the players is taken out, not hidden (Safari offers hidden options).
SHOWN = "() => [...document.querySelector('#opt-first_seat').options].map((o) => o.text)"


def test_who_goes_first_is_picked_among_the_tables_seats(browser: Any, web_server: WebServer) -> None:
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        page.select_option("#new-game", "knights-and-ninjas")
        page.select_option("#new-players", "4")
        assert page.evaluate(SHOWN) == ["P0 (you)", "P1", "P2", "P3"]
        page.select_option("#opt-first_seat", "3")
        # Fewer players: P3 is no seat any more, so the first seat goes back to P0.
        page.select_option("#new-players", "3")
        assert page.evaluate(SHOWN) == ["P0 (you)", "P1", "P2"]
        assert page.evaluate("() => document.querySelector('#opt-first_seat').value") == "0"
        page.select_option("#opt-first_seat", "2")
        quick_settings(page)
        page.click("#create-table")
        page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
        table_id = page.evaluate("() => location.hash.split('/').pop()")
        live = web_server.dojo.tables[table_id]
        assert live.game.options["first_seat"] == 2
        page.locator(".log").get_by_text("takes the first turn").first.wait_for()
        assert "P2" in page.locator(".log").inner_text().split("takes the first turn")[0].splitlines()[-1]
        assert errors == []
    finally:
        context.close()

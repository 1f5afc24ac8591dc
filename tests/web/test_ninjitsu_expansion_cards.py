"""Ninjitsu!'s expansion cards on the board explain themselves: the Weather in play and each seat's Element are
whole cards with their short text and kind (a small card showed a cloud and a name), and an Element's
"(side 1)" never breaks over two lines."""

from __future__ import annotations

from typing import Any

import pytest

from ninjadojo.games import game_class
from web.driving import new_page
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow


def test_the_weather_and_the_elements_show_what_they_do(browser: Any, web_server: WebServer) -> None:
    table_id, tokens = web_server.create({
        "game": "ninjitsu", "players": 2, "settings": QUICK, "options": {"expansions": "elements,weather"},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
    shorts = {card.code: card.short for card in game_class("ninjitsu").card_catalog()}
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        # The Elements' sides are chosen first: the two sides of Ann's are whole cards too.
        sides = page.locator(".element-choice .card")
        sides.first.wait_for()
        assert sides.count() == 2 and all(sides.nth(i).locator(".card-short").inner_text() for i in range(2))
        page.locator(".actions button", has_text="Side 1").first.click()
        weather = page.locator(".nj-weather .card").first
        weather.wait_for()
        code = weather.get_attribute("data-code")
        assert code and shorts[code] and weather.locator(".card-short").inner_text() == shorts[code]
        assert "WEATHER" in weather.locator(".card-kind").inner_text()
        # Each seat's Element, once chosen (the bot's at once): its side's text, and "(side N)" on one line.
        element = page.locator(".seat-line .card.card-element").first
        element.wait_for()
        side = element.get_attribute("data-code")
        assert side and element.locator(".card-short").inner_text() == shorts[side]
        assert "(side\u00a0" in element.locator(".card-name").inner_text()
        assert not errors, errors
    finally:
        context.close()

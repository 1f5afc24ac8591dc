"""Ninjato: your Dojo cards are drawn one card per value with how many you hold ("×5"), not one card each: late in a
game a probe's twelve cards took two rows of the docked hand over the board. Every card of the hand is counted once,
and a click on a value still plays it (its keys are the value's)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from web.driving import DESKTOP, ann_against_bots, new_page, server_state, take_first_choice, wait_turn_or_end
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: The hand as drawn: each card's value, count and note.
HAND = """() => [...document.querySelectorAll('.board .card-row.hand .card[data-code]')].map((el) => ({
  code: el.dataset.code, count: Number(el.dataset.count), keys: el.dataset.keys,
  note: (el.querySelector('.card-note') || {textContent: ''}).textContent}))"""


def test_your_dojo_cards_are_one_card_per_value_with_its_count(browser: Any, web_server: WebServer) -> None:
    table_id, tokens = ann_against_bots(web_server, "ninjato", 2, seed=5)
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        grouped = 0
        for _ in range(30):
            if wait_turn_or_end(page, 30) == "over":
                break
            hand = server_state(web_server, table_id, tokens["0"])["view"]["hand"]
            drawn = page.evaluate(HAND)
            held = Counter(str(value) for value in hand)
            assert [card["code"] for card in drawn] == sorted(held, key=int), (drawn, hand)
            for card in drawn:
                assert card["count"] == held[card["code"]] and card["keys"] == f"card:{card['code']}", card
                assert card["note"] == (f"×{card['count']}" if card["count"] > 1 else ""), card
            grouped += any(card["count"] > 1 for card in drawn)
            if grouped >= 3:
                break
            take_first_choice(page)
        assert grouped >= 3, "never held two Dojo cards of a value"
        assert errors == [], errors
    finally:
        context.close()

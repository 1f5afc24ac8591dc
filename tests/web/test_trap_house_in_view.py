"""Ninja Trap at 1280x900, found by a browser probe (s63): from turn 3 on, at each of your decisions the page scrolled
down to your own area, and the house (where every ninja stands) left the screen; by turn 7 the rivals' hits and
rooms had gone too, under discard piles drawn as small cards in two columns (a rival's panel 700 px tall at turn
10). Now every seat's traps and discards are chips of one line, and the page never scrolls the house off the
screen: your hand docks over the bottom of it instead."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import DESKTOP, ann_against_bots, new_page, take_first_choice, wait_turn_or_end
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: Where the house is on the screen, how tall each rival's panel is, and the tallest chip of a trap or discard row.
LAYOUT = """() => {
  const house = document.querySelector('.board-trap .house').getBoundingClientRect();
  // Each rival's line of hits (or "out of the game") and room: on the screen, and not under the docked hand.
  const seen = [...document.querySelectorAll('.board-trap .others [data-seat-panel] .seat-line:first-of-type')].map(
    (el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + 10, r.top + r.height / 2);
      return r.top >= 0 && r.bottom <= innerHeight && Boolean(hit && el.contains(hit));
    });
  const panels = [...document.querySelectorAll('.board-trap .others [data-seat-panel]')].map(
    (el) => el.getBoundingClientRect().height);
  const rows = '.board-trap .card-row.traps .card, .board-trap .card-row.discards .card';
  const chips = [...document.querySelectorAll(rows)].map((el) => el.getBoundingClientRect().height);
  const turn = Number(document.querySelector('.board-trap .trap-facts').textContent.match(/Turn\\s*(\\d+)/)[1]);
  return {houseTop: house.top, houseBottom: house.bottom, height: innerHeight, seen, panels, chips, turn,
    scroll: scrollY};
}"""


def test_the_house_stays_on_the_screen_at_your_decisions_and_the_piles_are_chips(browser: Any,
                                                                                 web_server: WebServer) -> None:
    """Ann against three easy bots takes the list's first choice; at each of her decisions from turn 3 on, the
    whole house is on the screen, so is each rival's line of hits and room (not under the docked hand), every
    chip of a trap or discard row is one line, and no rival's panel is taller than 60% of the screen."""
    table_id, tokens = ann_against_bots(web_server, "ninja-trap", 4, seed=7)
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        checked = 0
        latest = 0
        for _ in range(40):
            if wait_turn_or_end(page, 30) == "over":
                break
            page.wait_for_timeout(300)  # (the page scrolls to your area a frame after drawing)
            layout = page.evaluate(LAYOUT)
            latest = layout["turn"]
            if layout["turn"] >= 3:
                assert layout["houseTop"] >= 0 and layout["houseBottom"] <= layout["height"], layout
                assert layout["chips"] and max(layout["chips"]) <= 32, layout
                assert all(layout["seen"]) and len(layout["seen"]) == 3, layout
                assert max(layout["panels"]) <= layout["height"] * 0.6, layout
                checked += 1
                if checked >= 10 and latest >= 6:
                    break
            take_first_choice(page)
        assert checked >= 10 and latest >= 6, (checked, latest)
        assert errors == [], errors
    finally:
        context.close()

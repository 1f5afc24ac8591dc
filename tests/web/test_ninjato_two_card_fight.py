"""Ninjato: a fight that spends a second card (a 3 as +1 or -1) is never played by a click on the other card alone.
A probe facing a Guard 2 clicked its 2, whose one play was "a 2 and a 3 as +1": it was played at once and the 3
spent unasked. The click now lists that play to confirm (the chooser), and a click on the 3 settles it; a play of
one card alone is still sent by its click. The page's own modules (picker.js and the board's keys) in the browser."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import new_page
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: A Picker over ``legal`` with Ninjato's keys: the actions sent and the chooser's candidates after each press.
PRESS = """async ([legal, presses]) => {
  const {Picker} = await import('/js/picker.js');
  const {keys} = await import('/js/games/ninjato.js');
  const sent = [];
  const picker = new Picker({onSend: (action) => sent.push(action), onChange: () => {}});
  picker.update(legal, keys, true);
  const after = [];
  for (const key of presses) {
    picker.press([key]);
    after.push({sent: [...sent], candidates: picker.selected.length ? picker.candidates() : []});
  }
  return after;
}"""


@pytest.mark.parametrize(("legal", "presses", "expected"), [
    # The 2's one play spends the 3: listed, not sent; the 3 then settles it.
    (["2+", "lose"], ["card:2", "card:3"], [{"sent": [], "candidates": ["2+"]}, {"sent": ["2+"], "candidates": []}]),
    # A card played alone: sent by its click, as before.
    (["5", "lose"], ["card:5"], [{"sent": ["5"], "candidates": []}]),
    # A card with a plain play and one with the 3: both listed; the 3 narrows to the one.
    (["4", "4+", "lose"], ["card:4", "card:3"], [{"sent": [], "candidates": ["4", "4+"]},
                                                 {"sent": ["4+"], "candidates": []}]),
])
def test_a_second_card_is_never_spent_by_a_click_on_the_first(browser: Any, web_server: WebServer, legal: list[str],
                                                              presses: list[str], expected: list[Any]) -> None:
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        assert page.evaluate(PRESS, [legal, presses]) == expected
        assert errors == [], errors
    finally:
        context.close()

"""One seat open in two tabs: a choice made in one tab after the other had already moved the game on was dropped
without a word (the server refuses it as stale). The tab says that its choice was not made, and shows the game as
it stands."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, new_page, server_state, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: Holds the states the server sends while ``window.__hold`` is true (so that this tab stays on the game as it
#: was), and lets them through once it is false again.
HOLD_STATES = r"""
(() => {
  const Original = window.WebSocket;
  window.__hold = false;
  window.__held = [];
  function Held(url, protocols) {
    const socket = new Original(url, protocols);
    let handler = null;
    Object.defineProperty(socket, 'onmessage', {set(fn) { handler = fn; }, get() { return handler; }});
    Original.prototype.addEventListener.call(socket, 'message', (event) => {
      if (window.__hold && /^\{"type":"(state|patch)"/.test(String(event.data))) {
        window.__held.push([handler, event]);
        return;
      }
      if (handler) handler(event);
    });
    return socket;
  }
  Held.prototype = Original.prototype;
  Object.assign(Held, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Held;
})();
"""


#: Clicks the n-th choice of the page's own list (folded away on a board of squares, so clicked by script).
CLICK = "(n) => document.querySelectorAll('.action-list button.action:not([disabled])')[n].click()"


def test_a_choice_made_after_another_tab_moved_on_is_said_not_to_be_made(browser: Any, web_server: WebServer) -> None:
    table_id, tokens = web_server.create({"game": "ninja-camp", "players": 2, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
    context, first, errors = new_page(browser, scripts=[HOLD_STATES])
    try:
        first.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(first, 30) == "act"
        second = context.new_page()  # the same browser: the same seat
        second.goto(f"{web_server.base}/#/table/{table_id}")
        assert wait_turn_or_end(second, 30) == "act"
        before = server_state(web_server, table_id, tokens["0"])["index"]
        second.evaluate("() => { window.__hold = true; }")  # the second tab stays on this position
        first.evaluate(CLICK, 0)
        first.wait_for_function("([sel, b]) => document.querySelector(sel).dataset.index !== b",
                                arg=[APP, str(before)])
        # Another square, too late: refused (the same choice again would be taken for a resend of it).
        second.evaluate(CLICK, 1)
        second.wait_for_timeout(500)
        second.evaluate("() => { window.__hold = false; for (const [h, e] of window.__held) h(e); }")
        toast = second.locator(".toast", has_text="The game had moved on before your choice arrived")
        toast.wait_for()
        assert "it was not made" in toast.inner_text()
        assert not errors, errors
    finally:
        context.close()

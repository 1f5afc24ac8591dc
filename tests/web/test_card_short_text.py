"""A card's short text on a phone's narrow card breaks at a slash, not inside a word: Of Knights and Ninjas'
Peasant ("strength 1 each: attack/respond, revolt") read "attack/respo-" over "nd" in a hand on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import PHONE, create_in_lobby, new_page, wait_turn_or_end
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: Lays a Peasant out in a row of the board (as a row of played or known cards shows it on a phone) and says,
#: for each word of its short text, on how many lines it is drawn (a word broken inside is on two), with the
#: text read.
LAY_OUT = """async () => {
  const {cardRow, drawCard} = await import('./js/cards.js');
  const card = drawCard({code: 'PEASANT-TEST', name: 'Peasant', short: 'strength 1 each: attack/respond, revolt',
                         text: '', value: 1, kind: {cls: 'plain', label: '', emblem: 'scroll'}});
  document.querySelector('.board').append(cardRow('Test row', [card]));
  const short = card.querySelector('.card-short');
  const lines = {};
  for (const node of short.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    let at = 0;
    for (const word of node.data.split(/(\\s+)/)) {
      if (word.trim()) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        lines[word] = tops.size;
      }
      at += word.length;
    }
  }
  return {text: short.textContent, width: card.getBoundingClientRect().width, lines};
}"""


def test_a_short_text_breaks_after_a_slash_on_a_phone(browser: Any, web_server: WebServer) -> None:
    """On a phone, every word of the Peasant's short text is drawn on one line ("attack/" then "respond,"),
    and the text reads as printed (the break is no character)."""
    context, page, errors = new_page(browser, PHONE)
    try:
        create_in_lobby(page, web_server.base, "knights-and-ninjas", players=3)
        wait_turn_or_end(page, 60)
        laid = page.evaluate(LAY_OUT)
        assert laid["text"] == "strength 1 each: attack/respond, revolt", laid
        assert laid["width"] < 120, f"the hand's card is not a phone's narrow card: {laid}"
        broken = {word: count for word, count in laid["lines"].items() if count > 1}
        assert not broken, f"words broken over two lines on a {laid['width']:.0f} px card: {broken}"
        assert not errors, errors
    finally:
        context.close()

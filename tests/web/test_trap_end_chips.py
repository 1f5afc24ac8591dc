"""Ninja Trap's end on a phone: each hand revealed is a row of chips, like the traps and the discard pile, each
room's name whole inside its chip (on small cards "Ikujishitzu" ran past the card's edge), and no row of card
backs for a hand that is shown card by card below it (a probe, stop 58); nor at Ninjitsu!'s end."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import PHONE, new_page
from web.serving import WebServer
from web.test_client import finished_bot_game

pytestmark = pytest.mark.slow

#: Each revealed hand's cards: the seat, the card's text, whether its text overflows it; and each panel's backs.
REVEALED = """() => [...document.querySelectorAll('.board .seat-panel .revealed[data-reveal]')]
  .filter((box) => box.querySelector('.row-title').textContent.startsWith('Hand'))
  .map((box) => ({
    seat: box.dataset.reveal,
    cards: [...box.querySelectorAll('.card')].map((card) => ({text: card.textContent.trim(),
      over: card.scrollWidth > card.clientWidth + 1 || [...card.querySelectorAll('*')].some((el) => {
        const a = el.getBoundingClientRect(), b = card.getBoundingClientRect();
        return a.width > 0 && el.textContent.trim() && (a.right > b.right + 1 || a.left < b.left - 1);
      }),
      chipHigh: card.getBoundingClientRect().height})),
    backs: box.closest('.seat-panel').querySelectorAll('.hand-count').length,
  }))"""


#: The titles of the rows revealed at the end (hands, Ninja Trap's traps).
REVEALED_TITLES = """() => [...document.querySelectorAll('.board .seat-panel .revealed[data-reveal] .row-title')]
  .map((title) => title.textContent.trim())"""


def revealed_hands(browser: Any, web_server: WebServer, game: str,
                   titles: list[str] | None = None) -> list[dict[str, Any]]:
    """The hands revealed at the end of a finished 4-player bot game of ``game``, watched on a phone (REVEALED);
    the titles of every revealed row are added to ``titles`` when it is given."""
    table_id = finished_bot_game(web_server, game, 4)
    context, page, errors = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/watch/{table_id}")
        page.locator(".end-screen").wait_for()
        hands: list[dict[str, Any]] = page.evaluate(REVEALED)
        if titles is not None:
            titles += page.evaluate(REVEALED_TITLES)
        assert not errors, errors
        return hands
    finally:
        context.close()


def test_ninjitsus_hand_revealed_at_the_end_is_not_also_a_row_of_backs(browser: Any, web_server: WebServer) -> None:
    """Ninjitsu!'s end shows each other player's hand card by card ("Hand, revealed"); the row of card backs with
    its count ("Hand ▮▮▮ 3") was still above it, the hand shown twice (a browser walk)."""
    hands = revealed_hands(browser, web_server, "ninjitsu")
    assert hands and all(hand["cards"] for hand in hands), "no hand revealed at the end"
    assert all(hand["backs"] == 0 for hand in hands), hands


def test_a_hand_revealed_at_the_end_is_chips_whole_on_a_phone(browser: Any, web_server: WebServer) -> None:
    titles: list[str] = []
    hands = revealed_hands(browser, web_server, "ninja-trap", titles)
    assert hands, "no hand revealed at the end"
    # The traps nobody flipped, shown at the end, titled without contradiction ("still face down, revealed").
    traps = [title for title in titles if title.startswith("Traps")]
    assert traps and set(traps) == {"Traps left face down (shown at the end)"}, titles
    cards = [card for hand in hands for card in hand["cards"]]
    assert cards, hands
    assert not [card for card in cards if card["over"]], hands
    assert all(card["chipHigh"] < 40 for card in cards), hands  # a chip, a line high, not a small card
    assert all(hand["backs"] == 0 for hand in hands), hands

"""Ninja Trap's marks of the last moves (js/recent.js LastMoves) named the wrong seat: at the end of each turn every
seat's move card and flipped traps go to its own discard pile (the rules' "Discard/Draw" stage, no seat's move), and
those cards, in the panels of seats that had not moved, were badged with the seat that moved last (the one left to
flip a trap, or the one that flipped). A seat's discard pile holds only its own cards: they are marked as its own."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import DESKTOP, new_page, take_first_choice, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: The badges of the marked cards of every seat's discard pile: [the panel's seat, the badge, the card].
DISCARD_MARKS = """() => [...document.querySelectorAll('.board [data-seat-panel] .discards .last-move')].map((el) => [
  `P${el.closest('[data-seat-panel]').dataset.seatPanel}`, el.dataset.movedBy || 'none', el.dataset.code])"""


def test_a_seats_discards_are_never_badged_with_another_seat(browser: Any, web_server: WebServer) -> None:
    """Ninja Trap: Ann against two easy bots for twelve turns (a seed: the same deal and bots' choices each time),
    Ann taking the list's first choice. After each state the cards marked in a seat's discard pile carry that
    seat's own badge (P2's move card was badged P1 when P1 alone could flip a trap, or flipped one)."""
    table_id, tokens = web_server.create({
        "game": "ninja-trap", "players": 3, "seed": 9, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"},
                  {"type": "bot", "level": "easy"}]})
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        wrong: list[Any] = []
        seen = 0
        for _ in range(40):
            if wait_turn_or_end(page, 30) == "over":
                break
            marks = page.evaluate(DISCARD_MARKS)
            seen += len(marks)
            wrong += [mark for mark in marks if mark[0] != mark[1]]
            if int(page.locator(".trap-facts .counter-value").first.inner_text()) > 12:
                break
            take_first_choice(page)
        assert seen, "no discard was ever marked"
        assert not wrong, wrong
        assert not errors, errors
    finally:
        context.close()


#: Three seats' discard piles (data-own, as games/trap.js draws them): P1 alone was asked and passed ("No trap is
#: flipped."), then every seat's move card went to its pile. Whose is each new card's mark?
UPKEEP = """async () => {
  const {snapshot, owners, changed} = await import(`${location.origin}/js/recent.js`);
  const board = document.createElement('div');
  const panel = (seat, codes) => `<section data-seat-panel="${seat}"><div class="card-row discards" data-own="yes">`
    + codes.map((code) => `<div class="card" data-code="${code}"><div class="card-name">${code}</div></div>`).join('')
    + '</div></section>';
  board.innerHTML = panel(0, []) + panel(1, []) + panel(2, []);
  const before = snapshot(board);
  board.innerHTML = panel(0, ['S']) + panel(1, ['G']) + panel(2, ['F']);
  const after = snapshot(board);
  const asked = owners(after, changed(before, after), [], [1]);
  const flipped = owners(after, changed(before, after), [2], [0, 2]);
  const seats = (found) => [...found].map(([id, seat]) => [
    after.get(id).el.closest('[data-seat-panel]').dataset.seatPanel, seat]).sort();
  return [seats(asked), seats(flipped)];
}"""


def test_what_lands_in_a_seats_own_pile_is_that_seats(browser: Any, web_server: WebServer) -> None:
    """The end of a turn puts every seat's move card in its own discard pile: each card is marked as its pile's
    seat's, whether one seat alone was asked (and passed) or another seat's line came first (it flipped a trap)."""
    context, page, errors = new_page(browser)
    try:
        page.goto(web_server.base)
        page.wait_for_selector("#create-table")
        assert page.evaluate(UPKEEP) == [[["0", 0], ["1", 1], ["2", 2]], [["0", 0], ["1", 1], ["2", 2]]]
        assert not errors, errors
    finally:
        context.close()

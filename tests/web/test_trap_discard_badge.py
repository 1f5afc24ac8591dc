"""Ninja Trap: a seat's badge in its discard pile (js/recent.js LastMoves) sat on an older card, not the one the
pile gained. The page found a card again by where it is and how many like it come before it, counted over the whole
board: P1's pile gaining a Buko moved the count of P3's Bukos, so P3's older Buko read as new and took P3's badge,
and the Ima P3 had just discarded went unmarked. Like cards are counted per seat's panel."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from web.driving import (
    DESKTOP,
    ann_against_bots,
    new_page,
    server_state,
    take_first_choice,
    wait_turn_or_end,
)
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: Every seat's discard pile as the page draws it, and the codes of its cards marked with a badge.
PILES = """() => Object.fromEntries([...document.querySelectorAll('.board [data-seat-panel]')].map((panel) => [
  panel.dataset.seatPanel, {
    codes: [...panel.querySelectorAll('.discards [data-code]')].map((el) => el.dataset.code).join(''),
    badged: [...panel.querySelectorAll('.discards .last-move[data-moved-by]')].map(
      (el) => [el.dataset.movedBy, el.dataset.code])}]))"""


def gained(before: str, after: str) -> set[str]:
    """The codes a pile gained between two of its states."""
    return set((Counter(after) - Counter(before)).elements())


@pytest.mark.parametrize("seed", [4, 11])
def test_the_badge_in_a_discard_pile_is_on_the_card_it_gained(browser: Any, web_server: WebServer,
                                                               seed: int) -> None:
    """Ann against three easy bots (a seed: the same deal and bots' choices each time), taking the list's first
    choice. Whenever she may act, each other seat's badged discard cards are ones its pile (the server's view)
    gained at its last change, and a pile that changed since her last choice has its new card badged (but after a
    Buko look, whose "ok" is the seat's last move)."""
    table_id, tokens = ann_against_bots(web_server, "ninja-trap", 4, seed=seed)
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        piles: dict[int, str] = {seat: "" for seat in range(1, 4)}
        gains: dict[int, set[str]] = {seat: set() for seat in range(1, 4)}
        wrong: list[Any] = []
        checked = 0
        for _ in range(80):
            if wait_turn_or_end(page, 30) == "over":
                break
            view = server_state(web_server, table_id, tokens["0"])["view"]
            drawn = page.evaluate(PILES)
            for seat in range(1, 4):
                pile = view["seats"][seat]["discard"]
                assert drawn[str(seat)]["codes"] == pile, (seat, drawn[str(seat)], pile)
                changed = pile != piles[seat]
                if changed:
                    gains[seat], piles[seat] = gained(piles[seat], pile), pile
                badged = drawn[str(seat)]["badged"]
                checked += len(badged)
                # (a ninja that moved into the Buko looks at its traps after the discards: its "ok", a choice of
                # its own, is its last move then)
                if changed and gains[seat] and not badged and "B" not in gains[seat]:
                    wrong.append((view["turn"], f"P{seat}", pile, "the card it gained is not marked"))
                wrong += [(view["turn"], f"P{seat}", pile, mark, sorted(gains[seat])) for mark in badged
                          if mark[0] != f"P{seat}" or mark[1] not in gains[seat]]
            take_first_choice(page)
        assert checked, "no discard was ever marked"
        assert not wrong, wrong
        assert not errors, errors
    finally:
        context.close()

"""Ninja Camp at a table (a new user's QA): a ninja never covers the card of its square (its letter, name and
points), the ▸ of a square that may be clicked and the mark of a seat's last move never cover the points, at a
desktop's 1366x768 and a phone's 390x844; and a long list of choices (a turn offers up to 140 moves) comes folded
by card, then by the ninja moved, in groups that open with the keyboard, every legal move still a button of it.
Ninjitsu!'s card of the action resolving is drawn once, where it lies."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import ViewportSize

from web.driving import (
    APP,
    PlayStats,
    act_once,
    click_choice,
    listed_actions,
    new_page,
    server_state,
    wait_turn_or_end,
)
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

SCREENS: dict[str, tuple[ViewportSize, dict[str, Any]]] = {
    "1366x768": ({"width": 1366, "height": 768}, {}),
    "phone": ({"width": 390, "height": 844}, {"is_mobile": True, "has_touch": True}),
}

#: Each square's boxes: the card's letter, name and points, the ninja on it, its ▸ or ✓ corner and the mark of a
#: last move (both pseudo-elements: their boxes are worked out from their computed style).
SQUARES = """() => [...document.querySelectorAll('.board .sq')].map((sq) => {
  const box = (el) => { if (!el || !el.offsetParent) return null; const r = el.getBoundingClientRect();
    return r.width && r.height ? [r.left, r.top, r.right, r.bottom] : null; };
  // A part of the card: as wide as its text, as tall as its line (a glyph's box is taller than its line).
  const text = (el) => { if (!el || !el.offsetParent) return null; const range = document.createRange();
    range.selectNodeContents(el); const t = range.getBoundingClientRect(); const b = el.getBoundingClientRect();
    return [t.left, b.top, t.right, b.bottom]; };
  const r = sq.getBoundingClientRect();
  const corner = (which) => {
    // A pseudo-element placed absolutely: its computed left and top are its used place in the square's padding box.
    const style = getComputedStyle(sq, which);
    if (style.content === 'none' || style.content === 'normal' || style.display === 'none') return null;
    const w = parseFloat(style.width) || 0; const h = parseFloat(style.height) || 0;
    if (!w || !h) return null;
    const left = r.left + sq.clientLeft + parseFloat(style.left);
    const top = r.top + sq.clientTop + parseFloat(style.top);
    return [left, top, left + w, top + h];
  };
  return {square: sq.dataset.square, letter: text(sq.querySelector('.sq-letter')),
    name: text(sq.querySelector('.sq-card-name')), points: text(sq.querySelector('.sq-points')),
    ninja: box(sq.querySelector('.ninja')), after: corner('::after'), before: corner('::before')};
})"""


def _overlap(a: list[float] | None, b: list[float] | None) -> float:
    """How many pixels two boxes overlap by (the smaller of the two directions), 0 when apart."""
    if a is None or b is None:
        return 0.0
    return max(0.0, min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])))


def _camp_table(server: WebServer, players: int, seed: int) -> tuple[str, str]:
    table_id, tokens = server.create({"game": "ninja-camp", "players": players, "settings": QUICK, "seed": seed,
                                      "seats": [{"type": "human", "name": "Ann"}]
                                      + [{"type": "bot", "level": "easy"}] * (players - 1)})
    return table_id, tokens["0"]


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_ninja_and_the_badges_never_cover_the_card_of_a_square(browser: Any, web_server: WebServer,
                                                                 screen: str) -> None:
    viewport, extra = SCREENS[screen]
    table_id, token = _camp_table(web_server, 4, seed=5)
    context, page, errors = new_page(browser, viewport, **extra)
    rng = random.Random(3)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{token}")
        checked = 0
        stats = PlayStats()
        while checked < 6 and wait_turn_or_end(page, 60) == "act":
            for square in page.evaluate(SQUARES):
                for part in ("letter", "name", "points"):
                    # A pixel's rounding at most.
                    assert _overlap(square["ninja"], square[part]) <= 1, (screen, square)
                    assert _overlap(square["after"], square[part]) <= 1, (screen, square)
                    assert _overlap(square["before"], square[part]) <= 1, (screen, square)
            checked += 1
            act_once(page, rng, stats, board_share=0.5)
        assert checked, "Ann never had a move to make"
        # Each seat's pile is named as the rulebook names it: at the end it holds the cards claimed too, not
        # only the ones played.
        assert page.locator(".board").get_by_text("Discard pile").count() >= 3 and \
            page.locator(".board").get_by_text("Played", exact=True).count() == 0
        assert not errors
    finally:
        context.close()


def test_a_long_list_of_choices_is_folded_by_card_then_by_ninja(browser: Any, web_server: WebServer) -> None:
    table_id, token = _camp_table(web_server, 2, seed=1)
    context, page, errors = new_page(browser, {"width": 1366, "height": 768})
    rng = random.Random(1)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{token}")
        stats = PlayStats()
        seen_folded = False
        for _ in range(12):
            if wait_turn_or_end(page, 60) != "act":
                break
            legal = server_state(web_server, table_id, token)["legal"]
            listed = listed_actions(page)
            # Every legal move is a button of the list, folded or not.
            assert sorted(listed) == sorted(legal)
            groups = page.locator(".action-list .action-group > summary")
            if len(legal) >= 13:
                assert page.locator(".action-list.grouped").count() == 1
                assert groups.count() >= 1
                seen_folded = True
                # Each group says what it holds and how many; it opens with the keyboard.
                summary = groups.first
                assert " choices" in summary.inner_text()
                summary.focus()
                if not summary.evaluate("(el) => el.parentElement.open"):  # a group opened on a turn before stays so
                    page.keyboard.press("Enter")
                inside = page.locator(".action-list .action-group[open] button.action:visible")
                if not inside.count():
                    # A group of many moves is folded again, by ninja: the next Tab is its first subgroup.
                    page.keyboard.press("Tab")
                    assert page.evaluate("() => document.activeElement.matches('.action-sublist summary')")
                    page.keyboard.press("Enter")
                inside.first.wait_for()
                before = page.evaluate(f"() => document.querySelector('{APP}').dataset.index")
                click_choice(inside.nth(rng.randrange(inside.count())))
                page.wait_for_function(f"(b) => document.querySelector('{APP}').dataset.index !== b", arg=before,
                                       timeout=30_000)
            else:
                assert groups.count() == 0
                act_once(page, rng, stats, board_share=0.0)
        assert seen_folded, "no list of 13 choices or more came"
        assert not errors
    finally:
        context.close()


def test_ninjitsu_draws_the_card_resolving_once_in_the_discard_pile(browser: Any, web_server: WebServer) -> None:
    # Seed 8 deals Ann a Grimoire: played for its action, it lies in the discard pile while Ann plays the card it
    # turned up; it was drawn there and again in a row "Resolving".
    table_id, tokens = web_server.create({"game": "ninjitsu", "players": 2, "settings": QUICK, "seed": 8,
                                          "options": {"expansions": "magic"},
                                          "seats": [{"type": "human", "name": "Ann"},
                                                    {"type": "bot", "level": "easy"}]})
    context, page, errors = new_page(browser, {"width": 1366, "height": 768})
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 60) == "act"
        before = page.evaluate(f"() => document.querySelector('{APP}').dataset.index")
        click_choice(page.locator(".action-list button.action[data-action='a:Am']"))
        page.wait_for_function(f"(b) => document.querySelector('{APP}').dataset.index !== b", arg=before)
        assert wait_turn_or_end(page, 60) == "act"
        state = server_state(web_server, table_id, tokens["0"])
        assert state["view"]["resolving"] == ["Am"]
        grimoires = page.locator(".board .card[data-code='Am']")
        assert grimoires.count() == 1
        assert page.locator(".board .pile.discard .card[data-code='Am'].resolving-now").count() == 1
        assert "resolving now" in grimoires.first.inner_text()
        assert page.locator(".board .card-row.resolving").count() == 0
        assert not errors
    finally:
        context.close()

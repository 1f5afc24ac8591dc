"""Ninja Camp at 1280x800: the squares you may click are never left under your hand and panel, docked at the bottom
of the screen. Scrolled to the page's top (a player who went up to read the seats), the grid's last row lay under
the docked panel (row 1 from 548 to 605 px, the panel's top at 542 to 590 px); a ninja clicked, its targets there
were highlighted out of sight, and a click on them went to the panel. The page now brings them up above the dock,
for a click and for the keyboard's focus alike."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page

from web.driving import APP, click_choice, create_in_lobby, new_page, wait_turn_or_end
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: The top of what is docked at the bottom of the screen (your hand and your panel; the screen's bottom when
#: nothing is), and where each highlighted square of the grid is, with what a click at its centre would reach,
#: two frames on (the table docks its hand and the board reveals its squares a frame after drawing).
GRID = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const docked = [...document.querySelectorAll('.board .card-row.hand.docked, .board .seat-panel.mine.docked')];
  const dockTop = Math.min(innerHeight, ...docked.map((el) => el.getBoundingClientRect().top));
  const squares = (selector) => [...document.querySelectorAll(selector)].map((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {square: el.dataset.square, top: r.top, bottom: r.bottom, hit: Boolean(hit && el.contains(hit)),
      under: hit && !el.contains(hit) ? (hit.closest('.docked') || hit).className : null};
  });
  const row1 = document.querySelector('.camp-grid .sq[data-square="a1"]').getBoundingClientRect();
  done({dockTop, docked: docked.length, scroll: scrollY, height: innerHeight, row1: [row1.top, row1.bottom],
    targets: squares('.camp-grid .sq.actionable'), ninjas: squares('.camp-grid .sq.actionable.has-ninja')});
})))"""


def clear_of_the_dock(grid: dict[str, Any], square: dict[str, Any]) -> bool:
    """Whether a square is whole on the screen above the docked hand and panel, and a click at its centre reaches it."""
    return bool(square["top"] >= -0.5 and square["bottom"] <= grid["dockTop"] + 0.5 and square["hit"])


def to_the_top(page: Page) -> dict[str, Any]:
    """The player scrolls up to the page's top with the wheel (the page keeps that scroll: it was the player's)."""
    page.mouse.move(640, 300)
    page.mouse.wheel(0, -3000)
    page.wait_for_function("() => window.scrollY === 0")
    grid: dict[str, Any] = page.evaluate(GRID)
    return grid


def click_ninja(page: Page, ninja: str) -> dict[str, Any]:
    """Click one of your ninjas at its centre, as a player does; the grid (:data:`GRID`) with its targets."""
    box = page.locator(f".camp-grid .sq[data-square='{ninja}']").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector(f".camp-grid .sq.selected[data-square='{ninja}']")
    shown: dict[str, Any] = page.evaluate(GRID)
    return shown


def place_low(page: Page) -> None:
    """Place a ninja from the list of choices, as low on the grid as the rules let (row 2, else 3...): its moves
    reach the last row."""
    buttons = page.locator(".action-list button.action[data-action^='@']")
    buttons.first.wait_for(state="attached")
    actions = [str(buttons.nth(i).get_attribute("data-action")) for i in range(buttons.count())]
    rows = sorted({int(action[2:]) for action in actions})
    low = [action for action in actions if int(action[2:]) == next((row for row in rows if row >= 2), rows[0])]
    click_choice(page.locator(f".action-list button.action[data-action='{low[0]}']"))


def test_at_1280x800_a_highlighted_square_is_never_left_under_the_docked_hand_and_panel(
        browser: Any, web_server: WebServer) -> None:
    """Ninja Camp against a bot, at 1280x800, the page scrolled to its top at each decision: each of your ninjas
    clicked, every square it may go to is on the screen above the docked hand and panel, and a click at its centre
    reaches it (not the panel); a square given the keyboard's focus under the dock comes up above it too. At least
    one target lay on the last row, under the dock at that scroll."""
    context, page, errors = new_page(browser, {"width": 1280, "height": 800})
    rng = random.Random(5)
    last_row_targets = 0
    # What was left under the dock: (ninja clicked, its targets hidden), (square focused, its box).
    clicked: list[Any] = []
    focused: list[Any] = []
    try:
        create_in_lobby(page, web_server.base, "ninja-camp", players=2, seed=7)
        placed = 0
        decisions = 0
        while decisions < 3:
            assert wait_turn_or_end(page, 30) == "act", "the game ended before three moves of Ann's"
            before = page.evaluate("(sel) => document.querySelector(sel).dataset.index", APP)
            if placed < 3:
                place_low(page)
                placed += 1
            else:
                decisions += 1
                grid = to_the_top(page)
                assert grid["docked"] and grid["row1"][1] > grid["dockTop"] + 1, grid  # the last row is under the dock
                keyboard: tuple[str, str] | None = None  # a ninja and its target on the last row, for the keyboard
                for ninja in [n["square"] for n in grid["ninjas"] if clear_of_the_dock(grid, n)]:
                    shown = click_ninja(page, ninja)
                    hidden = [t for t in shown["targets"] if not clear_of_the_dock(shown, t)]
                    if hidden:
                        clicked.append((decisions, ninja, hidden, shown["dockTop"], shown["scroll"]))
                    last_row = [t["square"] for t in shown["targets"] if t["square"][1:] == "1"]
                    last_row_targets += len(last_row)
                    if keyboard is None and last_row:
                        keyboard = (ninja, last_row[0])
                    page.keyboard.press("Escape")
                    page.wait_for_selector(".camp-grid .sq.selected", state="detached")
                    grid = to_the_top(page)
                if keyboard:
                    # The keyboard: a ninja picked, the page back at its top, its target on the last row (under the
                    # dock there) given the focus comes up above the dock.
                    ninja, target = keyboard
                    click_ninja(page, ninja)
                    to_the_top(page)
                    page.locator(f".camp-grid .sq[data-square='{target}']").focus()
                    after = page.evaluate(GRID)
                    square = next(t for t in after["targets"] if t["square"] == target)
                    if not clear_of_the_dock(after, square):
                        focused.append((decisions, target, square, after["dockTop"]))
                    page.keyboard.press("Escape")
                moves = [b for b in page.locator(".action-list button.action").all()
                         if b.get_attribute("data-action") != "pass"]
                click_choice(rng.choice(moves))
            page.wait_for_function(
                "([sel, before]) => { const d = document.querySelector(sel).dataset;"
                " return d.index !== before || d.status === 'finished'; }", arg=[APP, before])
        assert last_row_targets, "no ninja of Ann's could go to the last row: the test showed nothing"
        assert not clicked and not focused, {"under the dock after a click": clicked, "focused": focused}
        assert not errors, errors
    finally:
        context.close()

"""A laptop's screen (1366x768 and shorter): your own zones in view at your decision (the docked hand
once covered your Treasures), a card's foot note not cut by the ▸ in its corner ("#1 (seen" for "#1
(seen)"), and a seat's badge on a card beside its value, not on it (a "10" was covered)."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import new_page, wait_turn_or_end
from web.serving import WebServer
from web.test_touch_pieces import steal_position

pytestmark = pytest.mark.slow


def test_at_your_decision_your_own_zones_are_on_the_screen_not_under_the_docked_hand(
        browser: Any, web_server: WebServer) -> None:
    table_id, tokens = steal_position(web_server)
    for height in (768, 620):
        context, page, errors = new_page(browser, {"width": 1366, "height": height})
        try:
            page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
            assert wait_turn_or_end(page, 30) == "act"
            page.wait_for_timeout(200)
            area = page.evaluate("""() => { const r = document.querySelector('.board .my-area').getBoundingClientRect();
              return {top: r.top, bottom: r.bottom, docked: document.querySelector('#app').dataset.handDocked}; }""")
            assert area["top"] >= 0 and area["bottom"] <= height + 2, (height, area)
            assert area["docked"] == "no", area
            assert not errors, errors
        finally:
            context.close()


#: A small card as the boards draw it, with a note and a key, made actionable in a seat's row of the board:
#: the boxes of its note's text and of its ▸ corner (the ::after drawn at its bottom right).
NOTE = """async () => {
  const {drawCard} = await import(`${location.origin}/js/cards.js`);
  const card = drawCard({code: 'zz', name: 'Snare', short: '', text: '', value: 3,
    kind: {cls: 'trap', label: 'TRAP', emblem: 'trap'}}, {small: true, keys: 'secret:9.0', note: '#1 (seen)'});
  card.classList.add('actionable');
  document.querySelector('.board .others .row-cards').append(card);
  const note = card.querySelector('.card-note');
  const range = document.createRange();
  range.selectNodeContents(note);
  const text = [...range.getClientRects()].map((r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom}));
  const box = card.getBoundingClientRect();
  const after = getComputedStyle(card, '::after');
  const size = parseFloat(after.width);
  const corner = {right: box.right - 1 - parseFloat(after.borderRightWidth || 0) - 2, bottom: box.bottom - 3};
  corner.left = box.right - 3 - size;
  corner.top = box.bottom - 3 - size;
  return {text, corner, clipped: note.scrollWidth > note.clientWidth};
}"""

#: A card of value 10 with a seat's badge, as js/recent.js marks the last move: the boxes of its value and badge.
BADGE = """async () => {
  const {drawCard} = await import(`${location.origin}/js/cards.js`);
  const {LastMoves, snapshot} = await import(`${location.origin}/js/recent.js`);
  const board = document.querySelector('.board');
  const card = drawCard({code: 'zy', name: 'Tripwire', short: '', text: '', value: 10,
    kind: {cls: 'trap', label: 'TRAP', emblem: 'trap'}}, {small: true, keys: 'card:zy'});
  board.querySelector('.others .row-cards').append(card);
  const marks = new LastMoves();
  const id = [...snapshot(board).entries()].find(([, found]) => found.el === card)[0];
  marks.bySeat.set(2, {ids: new Set([id]), serial: marks.serial});
  marks.apply(board, false);
  const badge = card.querySelector('.moved-badge');
  const rect = (el) => { const r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top,
    bottom: r.bottom}; };
  return {value: rect(card.querySelector('.card-value')), badge: badge ? rect(badge) : null,
    said: badge ? badge.textContent : null, before: getComputedStyle(card, '::before').content};
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes overlap (by more than a rounding's pixel)."""
    return a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1 and a["top"] < b["bottom"] - 1 \
        and b["top"] < a["bottom"] - 1


def test_a_cards_note_and_value_are_never_covered_by_its_corner_or_a_badge(browser: Any,
                                                                          web_server: WebServer) -> None:
    table_id, tokens = steal_position(web_server)
    context, page, errors = new_page(browser, {"width": 1366, "height": 768})
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        note = page.evaluate(NOTE)
        assert not note["clipped"], note
        assert not any(overlap(line, note["corner"]) for line in note["text"]), note
        badge = page.evaluate(BADGE)
        assert badge["badge"] is not None and badge["said"] == "P2", badge
        assert not overlap(badge["badge"], badge["value"]), badge
        assert badge["before"] in ("none", "normal"), "the badge is drawn once, in the card's top row"
        assert not errors, errors
    finally:
        context.close()


def test_a_page_the_player_scrolled_is_left_where_they_put_it(browser: Any, web_server: WebServer) -> None:
    """The page brings your area into view at a decision of yours, but not after you scrolled it yourself
    since your last one (up to the others' secrets, say): it would fight you at every decision."""
    table_id, tokens = steal_position(web_server)
    live = web_server.dojo.tables[table_id]
    context, page, errors = new_page(browser, {"width": 1366, "height": 620})
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        page.wait_for_timeout(200)
        assert page.evaluate("() => window.scrollY") > 0, "the page came down to the player's area"
        page.mouse.move(400, 300)
        page.mouse.wheel(0, -2000)  # the player goes up to read the others' side
        page.wait_for_function("() => window.scrollY === 0")

        async def round_trip() -> None:
            # Ann draws, then Bob (held on the server's side) plays a secret: Ann decides again.
            for seat in (0, 1):
                legal = live.game.legal_actions(seat)
                wanted = [a for a in legal if a == "d"] if seat == 0 else [a for a in legal if a.startswith("s:")]
                async with live.lock:
                    await live._commit_action(seat, (wanted or legal)[0], None)
                    live.publish()

        index = page.evaluate("() => document.querySelector('#app').dataset.index")
        web_server.run(round_trip())
        page.wait_for_function("(i) => document.querySelector('#app').dataset.index !== i && "
                               "document.querySelector('#app').dataset.canAct === 'yes'", arg=index)
        page.wait_for_timeout(300)
        assert page.evaluate("() => window.scrollY") == 0, "the page fought the player's own scroll"
        assert not errors, errors
    finally:
        context.close()

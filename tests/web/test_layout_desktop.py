"""A laptop's screen (1366x768, 1280x720 and shorter): your own zones in view at your decision and at any
scroll (the docked hand once covered your Treasures, and Of Knights and Ninjas' gems and Castle), a card's
foot note not cut by the ▸ in its corner ("#1 (seen" for "#1 (seen)"), a seat's badge on a card beside its
value, not on it (a "10" was covered), and rows that keep their room (a discard's first card moved the
board below it)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import ViewportSize

from web.driving import create_in_lobby, new_page, server_state, wait_turn_or_end
from web.serving import WebServer
from web.test_touch_pieces import steal_position

pytestmark = pytest.mark.slow

#: Each game and its players, as the lobby makes them.
GAMES = {"ninjitsu": 3, "knights-and-ninjas": 3, "ninja-trap": 2, "ninja-camp": 2, "ninjato": 3}

#: Where your own panel, its Treasures row, your hand and its first card are on the screen (null: not drawn),
#: once the hand has docked or not for the scroll (two frames).
OWN = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const hand = document.querySelector('.board .card-row.hand');
  done({panel: box(document.querySelector('.board .seat-panel.mine')),
    treasures: box(document.querySelector('.board .seat-panel.mine .treasures')), hand: box(hand),
    card: box(hand && hand.querySelector('.card')), docked: document.querySelector('#app').dataset.handDocked,
    panelDocked: Boolean(document.querySelector('.board .seat-panel.mine.docked')),
    scroll: window.scrollY, height: window.innerHeight});
})))"""


def on_screen_and_clear(own: dict[str, Any], part: str) -> bool:
    """Whether ``own[part]`` is whole on the screen and, the hand docked, above the hand (none of it under it)."""
    box = own[part]
    if box["top"] < -1 or box["bottom"] > own["height"] + 1:
        return False
    return bool(own["docked"] != "yes" or box["bottom"] <= own["hand"]["top"] + 1)


def test_at_your_decision_your_own_zones_are_on_the_screen_not_under_the_docked_hand(
        browser: Any, web_server: WebServer) -> None:
    """Ninjitsu! at 1366x768 and 1366x620: at Ann's decision her panel, its Treasures row included, and her hand
    are on the screen, none of the panel under the hand (docked, the panel is docked right above it)."""
    table_id, tokens = steal_position(web_server)
    for height in (768, 620):
        context, page, errors = new_page(browser, {"width": 1366, "height": height})
        try:
            page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
            assert wait_turn_or_end(page, 30) == "act"
            page.wait_for_timeout(200)
            own = page.evaluate(OWN)
            assert on_screen_and_clear(own, "panel"), (height, own)
            assert on_screen_and_clear(own, "treasures"), (height, own)
            assert own["card"]["top"] >= 0 and own["card"]["bottom"] <= height + 1, (height, own)
            assert not errors, errors
        finally:
            context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_wherever_the_page_is_scrolled_the_docked_hand_never_covers_your_own_panel(
        browser: Any, web_server: WebServer, game: str) -> None:
    """At 1366x768 and 1280x720, in every game, at your decision and whatever the scroll (from the top of the
    page to its end): when your hand is docked at the bottom of the screen your own panel (gems and Castle,
    points, hits...) is on the screen above it, docked right above it where its place was under the hand or
    off the screen. (The hand once covered Of Knights and Ninjas' gems and Castle while you chose.)"""
    context, page, errors = new_page(browser, {"width": 1366, "height": 768})
    try:
        create_in_lobby(page, web_server.base, game, players=GAMES[game])
        assert wait_turn_or_end(page, 30) == "act"
        laptops: list[ViewportSize] = [{"width": 1366, "height": 768}, {"width": 1280, "height": 720}]
        for viewport in laptops:
            page.set_viewport_size(viewport)
            page.evaluate("() => window.scrollTo(0, 0)")
            end = int(page.evaluate("() => document.documentElement.scrollHeight - window.innerHeight"))
            docked = 0
            for scroll in [*range(0, end, 90), end]:
                page.evaluate("(y) => window.scrollTo(0, y)", scroll)
                own = page.evaluate(OWN)
                if own["docked"] != "yes":
                    continue
                docked += 1
                assert on_screen_and_clear(own, "panel"), (game, viewport, own)
                # Docked, it is compact: your panel and your hand take at most half of the screen.
                both = own["hand"]["bottom"] - own["panel"]["top"]
                assert not own["panelDocked"] or both <= own["height"] * 0.5, (game, viewport, own)
            assert docked, f"{game}: the hand never docked at {viewport}"
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
    # A screen a little shorter than the page down to Ann's hand: the page comes down to it (a short way: a
    # third of the screen at most, so that the board's top stays in view).
    context, page, errors = new_page(browser, {"width": 1366, "height": 1600})
    page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
    assert wait_turn_or_end(page, 30) == "act"
    bottom = page.evaluate("() => document.querySelector('.board .my-area').getBoundingClientRect().bottom")
    context.close()
    context, page, errors = new_page(browser, {"width": 1366, "height": int(bottom * 0.82)})
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


#: The height of each row of cards that fills up as the game goes, empty and with its first card, drawn in a
#: seat's panel of the board.
ROWS = """async () => {
  const {cardRow, drawCard} = await import(`${location.origin}/js/cards.js`);
  const host = document.querySelector('.board .others .seat-panel');
  const card = () => drawCard({code: 'zz', name: 'Snare', short: '', text: '', value: 3,
    kind: {cls: 'trap', label: 'TRAP', emblem: 'trap'}}, {small: true});
  const out = {};
  for (const extra of ['discards', 'treasures', 'secrets', 'traps']) {
    const empty = cardRow('Discard', [], {extra});
    const first = cardRow('Discard', [card()], {extra});
    host.append(empty, first);
    out[extra] = [empty.getBoundingClientRect().height, first.getBoundingClientRect().height];
    empty.remove();
    first.remove();
  }
  return out;
}"""

#: Of Knights and Ninjas' board drawn from a view three ways: nothing under way, an attack on the table (a
#: card played, the discard pile's first card), a bot to act: where the kingdoms and your own area start.
KNIGHTS = """async ([view, seats]) => {
  const {makeCtx} = await import(`${location.origin}/js/board.js`);
  const knights = await import(`${location.origin}/js/games/knights.js`);
  const host = document.querySelector('.board');
  const starts = (shown, toAct) => {
    const board = knights.render(makeCtx({gameId: 'knights-and-ninjas', view: shown, seat: 0, seats, toAct}));
    host.append(board);
    const top = board.getBoundingClientRect().top;
    const at = (sel) => board.querySelector(sel).getBoundingClientRect().top - top;
    const found = [at('.others'), at('.my-area')];
    board.remove();
    return found;
  };
  const quiet = {...view, discard: [], table: {...view.table, attack: null, attacking: null, cards: [], shown: [],
    ladder: null, gems_in_play: null}};
  const attack = {...quiet, discard: ['pe'], table: {...quiet.table,
    attack: {by: 1, against: 0, role: 'kn', strength: 3}, cards: ['kn']}};
  return {quiet: starts(quiet, [0]), attack: starts(attack, [0]), bot: starts(quiet, [1])};
}"""


def test_a_rows_first_card_and_an_attack_do_not_move_the_board_below(browser: Any, web_server: WebServer) -> None:
    """A discard pile's (or a row of treasures', secrets', traps') first card no longer pushes down what is
    below it: the row keeps a small card's room from the start. Of Knights and Ninjas' table keeps the room of
    an attack, and the seat to act is framed without growing: the kingdoms and your own area stay put."""
    table_id, tokens = steal_position(web_server)
    context, page, errors = new_page(browser, {"width": 1366, "height": 768})
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        for extra, (empty, first) in page.evaluate(ROWS).items():
            assert abs(empty - first) <= 1, (extra, empty, first)
        assert not errors, errors
    finally:
        context.close()
    context, page, errors = new_page(browser, {"width": 1366, "height": 768})
    try:
        table_id = create_in_lobby(page, web_server.base, "knights-and-ninjas", players=3)
        assert wait_turn_or_end(page, 30) == "act"
        token = page.evaluate("(id) => JSON.parse(localStorage.getItem('dojo.seats'))[id].token", table_id)
        state = server_state(web_server, table_id, token)
        starts = page.evaluate(KNIGHTS, [state["view"], state["seats"]])
        assert starts["quiet"] == starts["attack"] == starts["bot"], starts
        assert not errors, errors
    finally:
        context.close()

"""Found walking the browser client as a new player (desktop 1280x800 and 1280x600, phone 390x844): on a short
laptop screen your own panel, docked above your docked hand, was cut at 22% of the screen's height, so that a
Ninjato Rumor in it (its name and its cost on three lines each) lost its foot, and a second row of cards (the
Rumors after the tiles and Envoys) was under the dock's edge, out of sight; the end panel's "★ winner" tag
touched the winner's name ("P2 (medium bot)★ winner"); the chooser's "Cancel (Esc)" named a key a phone has not;
a face-down trap's note on a phone wrapped its turn's number to a line of its own ("#1 · turn" above "1")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from web.driving import DESKTOP, PHONE, new_page, take_first_choice, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: Copies of the Pavilion's first ``n`` Rumors and the Palace's first two Envoys put in your own panel as its rows
#: (as a seat holding them draws them), the page scrolled to its top so that the panel docks above the hand;
#: then where the docked panel's inside ends and where each of its cards does.
HOLD = """async (n) => {
  const {cardRow} = await import(`${location.origin}/js/cards.js`);
  const place = (word) => [...document.querySelectorAll('.board .place')]
    .find((p) => p.querySelector('h3').textContent.includes(word));
  const copies = (word, k) => [...place(word).querySelectorAll('.card')].slice(0, k).map((card) => {
    const copy = card.cloneNode(true);
    delete copy.dataset.keys;
    copy.classList.remove('actionable');
    return copy;
  });
  const panel = document.querySelector('.board .seat-panel.mine');
  panel.append(cardRow('Envoys', copies('Palace', 2)), cardRow('Rumors', copies('Pavilion', n)));
  window.scrollTo(0, 0);
  window.dispatchEvent(new Event('scroll'));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const docked = document.querySelector('.board .seat-panel.mine.docked');
  if (!docked) return null;
  const box = docked.getBoundingClientRect();
  const hand = document.querySelector('.board .card-row.hand.docked').getBoundingClientRect();
  return {inside: box.top + docked.clientTop + docked.clientHeight, top: box.top, hand: hand.top,
    bottom: hand.bottom, cards: [...docked.querySelectorAll('.card')].map((card) => [card.textContent,
      card.getBoundingClientRect().bottom])};
}"""


@pytest.mark.parametrize(("height", "rumors"), [(600, 1), (720, 4)])
def test_your_docked_panel_on_a_short_screen_shows_its_rumors_whole(browser: Any, web_server: WebServer,
                                                                     height: int, rumors: int) -> None:
    """Ninjato, 4 players, at 1280x600 with a Rumor and two Envoys held, and at 1280x720 with four Rumors (a second
    row): the panel docked above the hand shows every card whole, and the two still take at most half the screen."""
    table_id, tokens = web_server.create({
        "game": "ninjato", "players": 4, "seed": 3, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, *[{"type": "bot", "level": "easy"}] * 3]})
    context, page, errors = new_page(browser, {"width": 1280, "height": height})
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        held = page.evaluate(HOLD, rumors)
        assert held is not None, "the panel did not dock above the hand"
        assert len(held["cards"]) == 2 + rumors, held
        cut = [text for text, bottom in held["cards"] if bottom > held["inside"] + 1]
        assert not cut, (f"cut off at the docked panel's bottom ({held['inside']:.0f} px): {cut}", held)
        assert held["bottom"] - held["top"] <= height * 0.5 + 1, held
        assert not errors, errors
    finally:
        context.close()


#: The end panel's winner: where its seat's badge ends and where its "★ winner" tag begins.
WINNER = """() => {
  const cell = document.querySelector('.end-screen tr.winner .end-seat');
  const box = (el) => { const r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top,
    bottom: r.bottom}; };
  return cell && {badge: box(cell.querySelector('.seat-badge')), tag: box(cell.querySelector('.tag'))};
}"""


@pytest.mark.parametrize("phone", [False, True])
def test_the_winners_tag_stands_apart_from_their_name(browser: Any, web_server: WebServer, phone: bool) -> None:
    """At the end of a game of Ninja Camp, on a desktop and on a phone: the "★ winner" tag beside the winner's
    name is set apart from it (it touched the name: "P2 (medium bot)★ winner")."""
    table_id, tokens = web_server.create({
        "game": "ninja-camp", "players": 3, "seed": 4, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, *[{"type": "bot", "level": "easy"}] * 2]})
    web_server.play_out(table_id)
    context, page, errors = new_page(browser, PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_selector(".end-screen tr.winner .end-seat .tag")
        winner = page.evaluate(WINNER)
        badge, tag = winner["badge"], winner["tag"]
        if tag["top"] < badge["bottom"] - 2:  # on the name's line: a space between them
            assert tag["left"] - badge["right"] >= 4, winner
        assert not errors, errors
    finally:
        context.close()


def open_a_chooser(page: Any) -> None:
    """Click the highlighted cards of the hand until one opens the chooser (a card with more than one way)."""
    cards = page.locator(".board .card-row.hand [data-keys].actionable")
    for i in range(cards.count()):
        cards.nth(i).click()
        if page.locator(".chooser button.cancel").count():
            return
        page.keyboard.press("Escape")
    raise AssertionError("no card of the hand opened the chooser")


@pytest.mark.parametrize("phone", [False, True])
def test_the_choosers_cancel_names_the_esc_key_only_where_there_is_a_keyboard(
        browser: Any, web_server: WebServer, phone: bool) -> None:
    """Of Knights and Ninjas, 3 players: a card of the hand that can attack either rival opens the chooser, whose
    button reads "Cancel (Esc)" on a desktop and "Cancel" on a phone's touch screen (which has no Esc key)."""
    table_id, tokens = web_server.create({
        "game": "knights-and-ninjas", "players": 3, "seed": 2, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, *[{"type": "bot", "level": "easy"}] * 2]})
    context, page, errors = new_page(browser, PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        open_a_chooser(page)
        said = page.locator(".chooser button.cancel").inner_text().strip()
        assert said == ("Cancel" if phone else "Cancel (Esc)"), said
        assert not errors, errors
    finally:
        context.close()


#: Each face-down trap's note on the board ("turn 2"): on how many lines its "turn 2" is drawn.
TURN_LINES = """() => [...document.querySelectorAll('.board .card-back .card-note')].map((note) => {
  const text = note.firstChild;
  const range = document.createRange();
  range.setStart(text, text.textContent.indexOf('turn'));
  range.setEnd(text, text.textContent.length);
  return [note.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
})"""


def test_a_face_down_traps_turn_keeps_its_number_on_a_phone(browser: Any, web_server: WebServer) -> None:
    """Ninja Trap, 4 players, on a phone: once every ninja has laid a trap, each face-down trap's note reads
    "turn 1" with the turn's number on the word's line (it was "#1 · turn" above a lone "1")."""
    table_id, tokens = web_server.create({
        "game": "ninja-trap", "players": 4, "seed": 6, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, *[{"type": "bot", "level": "easy"}] * 3]})
    context, page, errors = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        for _ in range(6):  # lay a trap, move: the first of the list's choices
            if page.locator(".board .card-back .card-note").count() >= 4:
                break
            assert wait_turn_or_end(page, 30) == "act"
            take_first_choice(page)
        notes = page.evaluate(TURN_LINES)
        assert len(notes) >= 4, notes
        split = [text for text, lines in notes if lines != 1]
        assert not split, (split, notes)
        # Each is named by the turn it was laid, never by its place in the row (which a flip before it changes).
        assert all(re.fullmatch(r"turn\s\d+", text) for text, _ in notes), notes
        assert not errors, errors
    finally:
        context.close()


#: A seat's face-down hand as the boards draw it (``backs``), for 3 cards and for none: its count's text, and
#: how far the middle of the "hand" label is from the middle of the backs (in pixels).
BACKS = """async () => {
  const {backs} = await import(`${location.origin}/js/games/common.js`);
  const {h} = await import(`${location.origin}/js/dom.js`);
  const {drawBack} = await import(`${location.origin}/js/cards.js`);
  const ctx = {back: (options) => drawBack(options)};
  const out = [];
  for (const count of [3, 0]) {
    const label = h('span', {class: 'hand-count'}, 'hand ', backs(ctx, count));
    document.body.append(label);
    const text = label.querySelector('.backs-count');
    const cards = label.querySelector('.backs').getBoundingClientRect();
    const word = document.createRange();
    word.selectNodeContents(label.firstChild);
    const box = word.getBoundingClientRect();
    out.push([text.textContent, Math.abs((box.top + box.bottom) / 2 - (cards.top + cards.bottom) / 2)]);
  }
  return out;
}"""


def test_a_hand_of_no_cards_says_none_and_the_word_hand_sits_beside_its_backs(browser: Any,
                                                                             web_server: WebServer) -> None:
    """Of Knights and Ninjas' and Ninja Trap's seats show another's hand as card backs after "hand": with no
    card it read "hand 0" (a lone number), and the word sat at the foot of the backs, not beside them."""
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(web_server.base + "/")
        (three, off_three), (none, off_none) = page.evaluate(BACKS)
        assert three == "3" and none == "none"
        assert off_three < 4 and off_none < 4, (off_three, off_none)
        assert not errors, errors
    finally:
        context.close()


def test_a_seat_out_of_time_on_a_game_clock_is_told_why_it_has_nothing_to_choose(browser: Any,
                                                                                 web_server: WebServer) -> None:
    """On a per-game clock a seat whose time has run out is played by a bot from then on: its state offers it
    nothing, and its list of choices says why (not "Nothing to choose now", as on any other seat's turn)."""
    table_id, tokens = web_server.create({
        "game": "ninja-camp", "players": 2, "seed": 5,
        "settings": {"move_delay": 2, "window_time": 0, "clock": "game", "clock_seconds": 2},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function("() => (document.querySelector('section.actions') || {}).textContent"
                               " && document.querySelector('section.actions').textContent.includes('time has run out')",
                               timeout=30_000)
        assert "a bot plays your seat" in page.locator("section.actions").inner_text()
        assert not page.locator("section.actions button.action").count()
        assert not errors, errors
    finally:
        context.close()

"""Found walking the table-level flows of a group of friends (a table made in the lobby with two people and bots,
the seat link shared, chat, a spectator, a reload, a seat left to a bot, the end panel, the replay, the review, a
rematch, the lobby after; Of Knights and Ninjas at 4 on a desktop, Ninja Trap at 3 on a phone with touch): the
replay's "Seen by" list named a bot "P1 medium" where the table and the board say "P1 (medium bot)"; a first tap
on a face-down trap to flip said "Tap again to do it: Flip your trap 1, laid on turn 1: TRAP!." (two stops); on a
phone that trap's note wrapped to "#1 / · / turn 1" with its 1 under the ▸ corner; and the Knights board wrote a
bot's possessive "P2 (medium bot)'s Traitor" and a Ladder against you "Ann (you)'s Castle"."""

from __future__ import annotations

import time
from typing import Any

import pytest

from web.driving import APP, DESKTOP, PHONE, new_page, server_state, take_first_choice, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow


def test_the_replay_names_a_bot_seat_as_the_table_does(browser: Any, web_server: WebServer) -> None:
    """A finished game's replay: the "Seen by" list names each seat as the table, the board and the captions do:
    "P1 (medium bot)" (it said "P1 medium", the bot's bare level)."""
    table_id, _ = web_server.create({
        "game": "ninja-trap", "players": 3, "seed": 5, "settings": QUICK,
        "seats": [{"type": "bot", "level": "easy"}, {"type": "bot", "level": "medium"},
                  {"type": "bot", "level": "easy"}]})
    deadline = time.monotonic() + 60
    while web_server.http.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/replay/{table_id}")
        page.wait_for_selector(".replay-where")
        options = [" ".join(text.split()) for text in page.locator("#replay-seat option").all_inner_texts()]
        assert options == ["the spectators (what everyone saw)", "P0 (easy bot)", "P1 (medium bot)",
                           "P2 (easy bot)"], options
        assert not errors, errors
    finally:
        context.close()


def flip_stage(page: Any, *, most: int = 30) -> None:
    """Play Ann's seat of a 2-player Ninja Trap table with the list's first choice until she may flip a trap."""
    for _ in range(most):
        assert wait_turn_or_end(page, 30) == "act", "the game ended before Ann could flip a trap"
        if "flip one of" in page.locator(".prompt").first.inner_text():
            return
        take_first_choice(page)
    raise AssertionError(f"Ann was never alone in a room in {most} choices")


def trap_table(server: WebServer) -> tuple[str, dict[str, str]]:
    """A 2-player Ninja Trap table of Ann against an easy bot."""
    return server.create({
        "game": "ninja-trap", "players": 2, "seed": 4, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})


def test_a_first_tap_on_a_trap_to_flip_ends_its_hint_with_one_stop(browser: Any, web_server: WebServer) -> None:
    """Ninja Trap on a phone, at a flip: the first tap on one of your face-down traps says what a second tap does,
    the choice's own words ending with their own "TRAP!", with no stop added after it."""
    table_id, tokens = trap_table(web_server)
    context, page, errors = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        flip_stage(page)
        trap = page.locator("[data-seat-panel='0'] .card-back[data-keys].actionable").first
        trap.scroll_into_view_if_needed()
        trap.tap()
        pop = page.locator("#card-pop")
        pop.wait_for(state="visible")
        hint = " ".join(pop.locator(".pop-hint").inner_text().split())
        assert hint.startswith("Tap again to do it: Flip your trap laid on turn "), hint
        assert hint.endswith(" and call TRAP!"), hint
        assert not errors, errors
    finally:
        context.close()


#: Each of this seat's face-down traps that may be flipped: the boxes of its note's lines of text, and of its ▸
#: corner (the ::after drawn at its bottom right), and the card's own box.
FLIP_NOTES = """() => [...document.querySelectorAll("[data-seat-panel='0'] .card-back[data-keys].actionable")]
.map((card) => {
  const note = card.querySelector('.card-note');
  const range = document.createRange();
  range.selectNodeContents(note);
  const box = (r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
  const text = [...range.getClientRects()].map(box);
  const card_box = card.getBoundingClientRect();
  const after = getComputedStyle(card, '::after');
  const size = parseFloat(after.width);
  const corner = {left: card_box.right - 1 - size, right: card_box.right - 1, top: card_box.bottom - 1 - size,
    bottom: card_box.bottom - 1};
  return {said: note.textContent, text, corner, card: box(card_box)};
})"""


def test_a_trap_to_flip_keeps_its_note_clear_of_the_corner_on_a_phone(browser: Any, web_server: WebServer) -> None:
    """Ninja Trap on a phone, at a flip: each face-down trap you may flip reads "turn 1" whole, its text
    inside the card and clear of the ▸ in its corner (it wrapped to three lines, "turn 1" past the card's edge,
    its 1 under the ▸)."""
    table_id, tokens = trap_table(web_server)
    context, page, errors = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        flip_stage(page)
        notes = page.evaluate(FLIP_NOTES)
        assert notes, "no trap to flip"
        for note in notes:
            for line in note["text"]:
                assert line["right"] <= note["card"]["right"] - 2, note
                clear = (line["right"] <= note["corner"]["left"] + 0.5 or line["bottom"] <= note["corner"]["top"] + 0.5)
                assert clear, note
        assert not errors, errors
    finally:
        context.close()


#: The Knights board of seat 0 drawn from its view (the server's), with an attack a bot's Traitor turned back and a
#: Ladder against seat 0's Castle: the text of the table's area.
KNIGHTS_TABLE = """async ([view, seats]) => {
  const {makeCtx, drawBoard} = await import(`${location.origin}/js/board.js`);
  view.current = 1;
  view.table = {attacking: 0, ladder: 0, cards: ['kn'], attack: {by: 2, against: 0, role: 'kn', strength: 3}};
  const ctx = makeCtx({gameId: 'knights-and-ninjas', view, seat: 0, seats});
  const board = drawBoard(ctx);
  return board.querySelector('.kn-table').textContent.replace(/\\s+/g, ' ');
}"""


def test_the_knights_table_writes_a_bots_and_your_possessive(browser: Any, web_server: WebServer) -> None:
    """Of Knights and Ninjas: the table's area says "P2's Traitor turns the Knight (strength 3) back against Ann
    (you)" (not "P2 (easy bot)'s", the possessive the log and prompts write for a bot) and "A Ladder stands against
    your Castle" (not "Ann (you)'s Castle")."""
    table_id, tokens = web_server.create({
        "game": "knights-and-ninjas", "players": 3, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"},
                  {"type": "bot", "level": "easy"}]})
    state = server_state(web_server, table_id, tokens["0"])
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_selector(".board .kn-table")
        said = page.evaluate(KNIGHTS_TABLE, [state["view"], state["seats"]])
        assert "P2's Traitor turns the Knight (strength 3) back against Ann (you)" in said, said
        assert "A Ladder stands against your Castle" in said, said
        assert "bot)'s" not in said and "(you)'s" not in said, said
        assert not errors, errors
    finally:
        context.close()


def test_a_friend_come_by_the_link_without_a_name_can_give_one(browser: Any, web_server: WebServer) -> None:
    """A friend opens their invitation link in a browser that never came to the dojo (no name kept): the table asks
    for their name under the prompt (it never did: the seat stayed "Player 1" for everyone, in the seats, the log,
    the chat and the choices); once set, everyone's table names the seat so, and the field goes."""
    table_id, tokens = web_server.create({
        "game": "knights-and-ninjas", "players": 3, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human"}, {"type": "bot", "level": "easy"}]})
    context, page, errors = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/1/{tokens['1']}")
        field = page.locator(".prompt #seat-name")
        field.wait_for()
        assert page.locator("label[for='seat-name']").inner_text().strip() == "Your name (others see it):"
        field.fill("Bea")
        page.locator(".seat-name-form button[type=submit]").tap()
        page.wait_for_function("() => !document.querySelector('#seat-name')")
        summary = web_server.http.get(f"/api/tables/{table_id}").json()
        assert summary["seats"][1]["name"] == "Bea", summary["seats"]
        page.wait_for_function("() => [...document.querySelectorAll('.seat-badge .seat-name')]"
                               ".some((el) => el.textContent === 'Bea')")
        assert not errors, errors
    finally:
        context.close()


def test_while_the_table_waits_for_its_players_no_seat_is_to_act(browser: Any, web_server: WebServer) -> None:
    """A table with a seat not yet taken: "nobody may act yet", so no seat wears the "to act" tag (Ann's did,
    the engine's first seat), and once the friend sits down the game begins with it."""
    table_id, tokens = web_server.create({
        "game": "knights-and-ninjas", "players": 3, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human"}, {"type": "bot", "level": "easy"}]})
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.status === 'waiting'")
        assert "nobody may act yet" in page.locator(".prompt").inner_text()
        assert page.locator(".seat-chip.to-act, .to-act-tag").count() == 0
        joined = web_server.http.post(f"/api/tables/{table_id}/join", json={"name": "Bea", "seat": 1},
                                      headers={"X-Seat-Token": tokens["1"]})
        assert joined.status_code == 200, joined.text
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.status === 'playing'")
        page.locator(".seat-chip.to-act .to-act-tag").first.wait_for()
        assert not errors, errors
    finally:
        context.close()

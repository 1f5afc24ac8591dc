"""Ninjato's raid box where the player looks while choosing: at the top of the board, right under its facts (it
came after the clan scoring, below the screen's end at 1366x768, 1280x720 and on a phone), in a place that keeps
its room between raids, so that the houses do not jump down and up when a raid starts and ends. The board is
drawn from the table's view with raids of each kind (the Sentry fought, a Banzai's Guard, between two fights, a
second Guard, an Elite, a lost fight)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import ViewportSize

from web.driving import new_page, server_state, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

SCREENS: dict[str, tuple[ViewportSize, dict[str, Any]]] = {
    "1366x768": ({"width": 1366, "height": 768}, {}),
    "1280x720": ({"width": 1280, "height": 720}, {}),
    "phone": ({"width": 390, "height": 844}, {"is_mobile": True, "has_touch": True}),
}

def raid_position(server: WebServer) -> tuple[str, dict[str, str]]:
    """A Ninjato table of Ann (seat 0) and Bob (seat 1), played on the server's side until Ann, raiding a house,
    has a fight to choose (two choices or more: a single one would be answered for her); its id and tokens."""
    table_id, tokens = server.create({"game": "ninjato", "players": 2, "seed": 7, "settings": QUICK,
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]})
    live = server.dojo.tables[table_id]

    async def play() -> None:
        async with live.lock:
            live.seats[1].status = "taken"
        for _ in range(400):
            assert not live.game.is_terminal, "the game ended without a fight of Ann's to choose"
            seat = live.game.to_act()[0]
            legal = live.game.legal_actions(seat)
            raid = live.game.observe(0)["raid"]
            if seat == 0 and raid and raid["fighting"] and len(legal) > 1:
                return
            # Ann raids (and calls Banzai) whenever she may; Bob goes to the Dojo.
            wanted = [a for a in legal if re.match(r"^h\d[+-]$", a) or a == "banzai"] if seat == 0 else \
                [a for a in legal if a == "dojo"]
            async with live.lock:
                await live._commit_action(seat, (wanted or legal)[0], None)
                live.publish()
        raise AssertionError("no fight of Ann's to choose")

    server.run(play())
    return table_id, tokens


#: Where the facts, the raid's box, the houses, the places and the other seats start and end (from the board's
#: top), for the board of the view with each raid.
RAIDS = """async ([view, seats]) => {
  const {makeCtx} = await import(`${location.origin}/js/board.js`);
  const ninjato = await import(`${location.origin}/js/games/ninjato.js`);
  const host = document.querySelector('.board');
  const sentry = view.houses[0].sentry;
  const base = {seat: 0, house: 1, side: 'Stealth', shuriken: 'v', guards: [], elite: null, beaten: 0,
    fighting: null};
  const fight = (card, kind, beat, foe, extra = {}) => ({card, kind, person: 0, beat, then: null, foe, ...extra});
  const raids = {
    none: null,
    sentry: {...base, fighting: fight(sentry, 'sentry', Number(sentry[0]), `the Sentry, a Guard ${sentry[0]}`)},
    banzai: {...base, shuriken: 'vf', guards: ['4a'], fighting: fight('4a', 'guard', 4, 'a Guard 4 with an alarm')},
    between: {...base, shuriken: 'vfs', guards: ['4a', '2n'], beaten: 2},
    second: {...base, shuriken: 'vfs', guards: ['4a', '2n', '5n'], beaten: 2,
      fighting: fight('5n', 'guard', 5, 'a Guard 5')},
    elite: {...base, shuriken: 'vfsj*', guards: ['4a', '2n', '5n'], beaten: 3, elite: 'd24',
      fighting: fight('d24', 'elite', 2, 'the first of the Elite pair 2 then 4', {person: 1, then: 4})},
    lost: {...base, shuriken: 'vf', guards: ['4a', '2n'], beaten: 1},
  };
  const out = {};
  for (const [name, raid] of Object.entries(raids)) {
    const board = ninjato.render(makeCtx({gameId: 'ninjato', view: {...view, raid}, seat: 0, seats, toAct: [0]}));
    host.append(board);
    const top = board.getBoundingClientRect().top;
    const at = (sel) => {
      const el = board.querySelector(sel);
      if (!el) return null;
      const box = el.getBoundingClientRect();
      return [Math.round(box.top - top), Math.round(box.bottom - top)];
    };
    out[name] = {facts: at('.ninjato-facts'), raid: at('.raid'), houses: at('.houses'), others: at('.others'),
      text: raid ? board.querySelector('.raid').innerText : ''};
    board.remove();
  }
  return out;
}"""

#: The raid's place on the screen at the decision, and what covers the screen's top and bottom (the prompt stuck
#: on a phone, the docked hand and panel).
ON_SCREEN = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const box = (sel) => { const el = document.querySelector(sel); if (!el) return null;
    const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const docked = [...document.querySelectorAll('.board .card-row.hand.docked, .board .seat-panel.mine.docked')]
    .map((el) => el.getBoundingClientRect().top);
  const prompt = box('.prompt-dock');
  const stuck = prompt && getComputedStyle(document.querySelector('.prompt-dock')).position === 'sticky';
  done({place: box('.board .raid-place'), raid: box('.board .raid'), choices: box('section.actions'),
    floor: Math.min(window.innerHeight, ...docked),
    ceiling: stuck && prompt.top <= 1 ? prompt.bottom : 0});
})))"""


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_raid_box_is_at_the_top_of_the_board_and_the_houses_keep_still(browser: Any, web_server: WebServer,
                                                                           screen: str) -> None:
    viewport, extra = SCREENS[screen]
    table_id, tokens = raid_position(web_server)
    context, page, errors = new_page(browser, viewport, **extra)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        # At Ann's fight, the raid's box is on the screen, clear of the docked hand and of a stuck prompt.
        where = page.evaluate(ON_SCREEN)
        raid = where["raid"]
        assert raid is not None, where
        assert raid["top"] >= where["ceiling"] - 1, (screen, where)
        if screen == "phone":
            # A phone lists the choices first: the board, the raid first, comes right after them and the board's
            # facts (on the first screen when the choices are few, a short scroll away when they are many).
            assert raid["top"] - where["choices"]["bottom"] <= 100, (screen, where)
        else:
            assert raid["bottom"] <= where["floor"] + 1, (screen, where)
        state = server_state(web_server, table_id, tokens["0"])
        boards = page.evaluate(RAIDS, [state["view"], state["seats"]])
        none = boards["none"]
        for name, board in boards.items():
            # Right under the facts, above the houses.
            assert board["raid"][0] - board["facts"][1] <= 16, (screen, name, board)
            assert board["raid"][1] <= board["houses"][0], (screen, name, board)
            # The houses start where they start between raids: at most a few pixels lower (the long words of an
            # Elite pair's fight, a line or two more).
            most = {"phone": 130}.get(screen, 60) if name == "elite" else 12
            assert 0 <= board["houses"][0] - none["houses"][0] <= most, (screen, name, board, none)
            # (the other seats below move no more than the raided house grows; an Elite pair's words make it tall)
            assert name == "elite" or board["others"][0] - none["others"][0] < 200, (screen, name, board, none)
        assert "a Guard 4 with an alarm: play lower than 4" in boards["banzai"]["text"], boards["banzai"]
        assert "✓ Guard 4 (alarm)" in boards["second"]["text"], boards["second"]
        assert "✗ Guard 2 won the fight" in boards["lost"]["text"], boards["lost"]
        assert not errors, errors
    finally:
        context.close()

"""Found by a new player walking the browser (s53): the lobby's "Who goes first" lost the seat picked when the
players were lowered for a moment (P3 picked, 3 players then 4 again: P0), where the seats' own choices come back;
and a friend at a table waiting for its players was told twice, in two boxes one under the other, whom it waits
for ("P2 Player 2 has not come yet", then "The table waits for P2 Player 2 (invited, not here yet).")."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, DESKTOP, PHONE, ann_against_bots, new_page, server_state, take_first_choice
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

FIRST = "() => document.querySelector('#opt-first_seat').value"


def test_who_goes_first_comes_back_when_the_players_come_back(browser: Any, web_server: WebServer) -> None:
    """Of Knights and Ninjas for four, P3 to go first. Ann tries three players (P3 is no seat: P0 goes first),
    then four again: P3 goes first again, as the seats keep their bots; the preset of default rules still sets
    P0, and that pick is kept in turn."""
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        page.select_option("#new-game", "knights-and-ninjas")
        page.select_option("#new-players", "4")
        page.select_option("#opt-first_seat", "3")
        page.select_option("#new-players", "3")
        assert page.evaluate(FIRST) == "0"
        page.select_option("#new-players", "4")
        assert page.evaluate(FIRST) == "3"
        page.select_option("#new-players", "2")
        page.select_option("#new-players", "6")
        assert page.evaluate(FIRST) == "3"
        page.get_by_role("button", name="Default rules").click()
        assert page.evaluate(FIRST) == "0"
        page.select_option("#new-players", "3")
        page.select_option("#new-players", "5")
        assert page.evaluate(FIRST) == "0"
        assert not errors, errors
    finally:
        context.close()


#: The words of the side panel's prompt and of the box under it (the actions), as a player reads them.
SIDE = """(sel) => ['.prompt', '.actions'].map((s) => document.querySelector(s))
  .filter(Boolean).map((el) => el.innerText).join('\\n')"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_friend_waiting_is_told_once_whom_the_table_waits_for(browser: Any, web_server: WebServer,
                                                                viewport: Any) -> None:
    """Of Knights and Ninjas for four: Ann, Bea and Cy invited, a bot. Bea comes by her link first: her page
    names Cy once, in what the table waits for (not also as "has not come yet" just above)."""
    table_id, tokens = web_server.create({
        "game": "knights-and-ninjas", "players": 4, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human"}, {"type": "human"},
                  {"type": "bot", "level": "easy"}]})
    joined = web_server.http.post(f"/api/tables/{table_id}/join", json={"name": "Ann", "seat": 0},
                                  headers={"X-Seat-Token": tokens["0"]})
    assert joined.status_code == 200, joined.text
    context, page, errors = new_page(browser, viewport)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/1/{tokens['1']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.status === 'waiting'")
        page.locator(".actions .awaited").wait_for()
        said = " ".join(page.evaluate(SIDE).split())
        # (An unnamed seat is "P2", as everywhere else at the table, never the server's "P2 Player 2".)
        assert "The table waits for P2 (invited, not here yet)." in said, said
        assert "Player 2" not in said, said
        assert "has not come yet" not in said, said
        assert not errors, errors
    finally:
        context.close()


def test_the_rules_of_knights_do_not_speak_of_expansions_nobody_picked(browser: Any, web_server: WebServer) -> None:
    """Of Knights and Ninjas has no expansion to pick (its Jester, Traitor and Highwayman are simply left out of the
    2-player game), yet its rules at a table of three listed "The cards of this game, with the expansions: 20
    different cards". They are the cards of this game; with two players, three fewer."""
    for players, count in ((3, 20), (2, 17)):
        table_id, tokens = ann_against_bots(web_server, "knights-and-ninjas", players)
        context, page, errors = new_page(browser, DESKTOP)
        try:
            page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
            page.get_by_role("button", name="Rules").click()
            heading = page.locator(".rules-dialog .rules-cards h3")
            heading.wait_for()
            assert heading.inner_text() == f"The cards of this game: {count} different cards"
            assert not errors, errors
        finally:
            context.close()


#: Whether this page's own ninja is out (its panel's tag), and the prompt's words.
OUT = """() => ({out: Boolean(document.querySelector('.board .seat-panel.mine .tag-out')),
  prompt: document.querySelector('.prompt').innerText})"""
#: Whether this seat may act, the game is over or this seat's ninja is out.
ACT_OVER_OR_OUT = """(sel) => { const d = document.querySelector(sel).dataset;
  return d.canAct === 'yes' || d.status === 'finished'
    || Boolean(document.querySelector('.seat-panel.mine .tag-out')); }"""
OUT_WORDS = "✖ Your ninja took 3 hits and is out of the game: the others play on to the end."


def play_until_out(page: Any) -> bool:
    """Take the list's first choice until this seat's ninja is out (True) or the game is over (False)."""
    while True:
        page.wait_for_function(ACT_OVER_OR_OUT, arg=APP, timeout=60_000)
        if page.evaluate(OUT)["out"]:
            return True
        data = page.evaluate("(sel) => Object.assign({}, document.querySelector(sel).dataset)", APP)
        if data.get("status") == "finished":
            return False
        take_first_choice(page)


def test_a_ninja_out_of_ninja_trap_is_told_so_while_the_others_play_on(browser: Any, web_server: WebServer) -> None:
    """Ninja Trap for four: Ann against three easy bots that wait a second before each move, Ann taking the list's
    first choice until her ninja takes its third hit. While the bots play on, her prompt said only "Waiting for P1
    (easy bot), P2 (easy bot), P3 (easy bot) (at the same time)…", as if her turn would come: it says her ninja is
    out and the others play on to the end; her seat's chip says "✖ out"."""
    # The bots wait a moment before each move, so that the page is seen with Ann out and the others playing on.
    # Deals 1 and 2 end as Ann's ninja goes out (about a minute of play each): the search starts at 3.
    settings = {**QUICK, "move_delay": 0.5}
    for seed in range(3, 40):
        table_id, tokens = ann_against_bots(web_server, "ninja-trap", 4, seed=seed, settings=settings)
        context, page, errors = new_page(browser, DESKTOP)
        try:
            page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
            if not play_until_out(page) or page.evaluate("(sel) => document.querySelector(sel).dataset.status",
                                                         APP) == "finished":
                continue  # Ann lasted to the end of this deal: another one
            said = " ".join(page.evaluate(OUT)["prompt"].split())
            assert said.startswith(OUT_WORDS), said
            # An out ninja is in no room: the house shows only the living, and its panel names none either.
            line = page.locator(".board .seat-panel.mine .seat-line").first.inner_text()
            assert "out of the game" in line and "in the " not in line, line
            # Her chip says so too (in words), and no chip of a seat still playing does.
            chips = page.eval_on_selector_all(".seat-chip", "els => els.map(e => e.innerText)")
            state = server_state(web_server, table_id, tokens["0"])  # (later than the page's: the bots play on)
            assert "✖ out" in chips[0] and 0 in state["out_seats"], (chips, state["out_seats"])
            assert all(seat in state["out_seats"] for seat, chip in enumerate(chips) if "✖ out" in chip), chips
            assert not errors, errors
            return
        finally:
            context.close()
    pytest.fail("Ann's ninja was never out before the end of the game")

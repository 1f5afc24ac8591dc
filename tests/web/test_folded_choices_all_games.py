"""A long list of choices folds in every game that has long lists, not in Ninja Camp alone (a new user's QA):
Of Knights and Ninjas at 4 players offers 16 attacks and discards on a turn, Ninjato up to 18 places for a
shuriken, Ninjitsu! 13 and more plays and steals. Each game groups them (an attack by the rival attacked, a card
by its name, a shuriken by the place it goes), and a list that would fold into one group alone is not folded:
a closed group with nothing beside it is a click for nothing."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import ann_against_bots, listed_actions, new_page, server_state, wait_turn_or_end
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: Each game's group() called on actions of its own, in the page (the catalogue loaded by the lobby).
GROUPS = """async () => {
  const ctx = {seat: 0, player: (seat) => `P${seat}`, view: {seats: []}};
  const knights = await import('./js/games/knights.js');
  const ninjitsu = await import('./js/games/ninjitsu.js');
  const ninjato = await import('./js/games/ninjato.js');
  const of = (mod, actions) => actions.map((action) => mod.group(action, ctx));
  return {
    knights: of(knights, ['a1:so', 'a2:pe2', 'x:kn', 'r:so', 'me3', 'he', 'take']),
    ninjitsu: of(ninjitsu, ['d', 'a:9m', 's:9m', 't:9m', 'x2.0', 'side:1']),
    ninjato: of(ninjato, ['dojo', 'sen:t1@1=1', 'h3-', 'rum:g:jf', 'env:t4:jf', 'deck']),
  };
}"""

#: picker.js actionList on 14 actions: folded in two groups, and in one group alone (then not folded).
ONE_GROUP = """async () => {
  const {actionList} = await import('./js/picker.js');
  const legal = Array.from({length: 14}, (_, i) => `x${i}`);
  const draw = (groupOf) => {
    const list = actionList(legal, (a) => a, () => {}, true, {groupOf});
    return {grouped: list.classList.contains('grouped'), groups: list.querySelectorAll('details').length,
      buttons: list.querySelectorAll('button.action').length};
  };
  return {two: draw((a) => [Number(a.slice(1)) < 7 ? 'A' : 'B']), one: draw(() => ['Steal a secret']),
    oneThenTwo: draw((a) => ['Steal', Number(a.slice(1)) < 7 ? 'from P1' : 'from P2'])};
}"""


def test_each_game_says_how_its_long_lists_fold(browser: Any, web_server: WebServer) -> None:
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        found = page.evaluate(GROUPS)
        assert found["knights"] == [["Attack P1"], ["Attack P2"], ["Discard a card"], ["Respond with a card"],
                                    ["Play a Merchant"], None, None]
        assert found["ninjitsu"] == [None, ["Play Healing"], ["Play Healing"], ["Play Healing"],
                                     ["Steal a secret"], None]
        assert found["ninjato"] == [None, ["Learn a tile at the Sensei"], ["Raid a clan house"],
                                    ["Buy a Rumor at the Pavilion"], ["Buy an Envoy at the Palace"], None]
        lists = page.evaluate(ONE_GROUP)
        assert lists["two"] == {"grouped": True, "groups": 2, "buttons": 14}
        # One group alone: the list as it is, every choice a button in view.
        assert lists["one"] == {"grouped": False, "groups": 0, "buttons": 14}
        # One group alone, of two subgroups: the subgroups are the list's groups.
        assert lists["oneThenTwo"] == {"grouped": True, "groups": 2, "buttons": 14}
        assert not errors
    finally:
        context.close()


def test_a_knights_turn_of_16_choices_comes_folded_by_rival(browser: Any, web_server: WebServer) -> None:
    # A 4-player table whose first turn (Ann's) offers 13 choices or more.
    for seed in range(1, 40):
        table_id, tokens = ann_against_bots(web_server, "knights-and-ninjas", 4, seed=seed)
        state = server_state(web_server, table_id, tokens["0"])
        if len(state["legal"]) >= 13 and any(action.startswith("a1:") for action in state["legal"]):
            break
    else:
        pytest.skip("no seed gave Ann a first turn of 13 choices")
    context, page, errors = new_page(browser, {"width": 1366, "height": 768})
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 60) == "act"
        page.locator(".action-list.grouped").wait_for()
        summaries = page.eval_on_selector_all(".action-list .action-group > summary .group-name",
                                              "els => els.map((e) => e.textContent)")
        assert "Attack P1 (easy bot)" in summaries
        listed = listed_actions(page)
        assert sorted(listed) == sorted(state["legal"])
        # The first group opens with the keyboard, and Tab goes on to its first choice.
        summary = page.locator(".action-list .action-group > summary").first
        summary.focus()
        page.keyboard.press("Enter")
        assert summary.evaluate("(el) => el.parentElement.open")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.matches('.action-group[open] button.action')")
        assert not errors
    finally:
        context.close()

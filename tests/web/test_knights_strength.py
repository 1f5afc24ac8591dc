"""Of Knights and Ninjas says "strength", as its rulebook does ("An ATTACK card's strength is shown on the upper
right corner"): a card's corner circle, its title, its help and its popover said "value 2"; a card without
strength (a Castle, a Princess) said "value none". The other games keep their values. The attack on the table
says the strength the engine says ("P1 attacks P0 with a Dragon (strength 2)"), and a Ladder, which has none,
says none (it said "strength 0")."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import create_in_lobby, new_page, server_state, wait_turn_or_end
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: Cards drawn on the board (appended to it, then taken away): each one's corner, title and, pointed at, its
#: popover and the help panel's text; and a card of a game that speaks of values.
CARDS = """async (codes) => {
  const {makeCtx} = await import(`${location.origin}/js/board.js`);
  const {drawCard} = await import(`${location.origin}/js/cards.js`);
  const board = document.querySelector('.board');
  const ctx = makeCtx({gameId: 'knights-and-ninjas', view: {}, seat: 0});
  const read = (card) => {
    const corner = card.querySelector('.card-value');
    return {corner: corner.textContent, label: corner.getAttribute('aria-label'),
      hidden: corner.getAttribute('aria-hidden'), title: card.title};
  };
  const out = {};
  for (const code of codes) {
    const card = ctx.card(code, {small: true});
    board.append(card);
    out[code] = read(card);
    card.dispatchEvent(new PointerEvent('pointerover', {bubbles: true, pointerType: 'mouse'}));
    card.dispatchEvent(new PointerEvent('pointerenter', {pointerType: 'mouse'}));
    out[code].pop = document.querySelector('#card-pop').innerText;
    out[code].help = document.querySelector('.card-help').innerText;
    card.remove();
  }
  const kind = {cls: 'trap', label: 'TRAP', emblem: 'trap'};
  out.valued = read(drawCard({code: 'zz', name: 'Snare', short: '', text: 'A trap.', value: 3, kind}));
  out.unvalued = read(drawCard({code: 'zy', name: 'Smoke', short: '', text: 'A trap.', value: null, kind}));
  return out;
}"""

#: The attack line of the table drawn from a view with each attack on it.
ATTACKS = """async ([view, seats, attacks]) => {
  const {makeCtx} = await import(`${location.origin}/js/board.js`);
  const knights = await import(`${location.origin}/js/games/knights.js`);
  return attacks.map(([attack, cards]) => {
    const shown = {...view, current: 1, table: {...view.table, attack, cards, shown: [], gems_in_play: null}};
    const board = knights.render(makeCtx({gameId: 'knights-and-ninjas', view: shown, seat: 0, seats}));
    return board.querySelector('.attack-line').textContent.trim();
  });
}"""


def test_a_knights_card_says_strength_and_a_card_without_one_says_nothing(browser: Any,
                                                                          web_server: WebServer) -> None:
    context, page, errors = new_page(browser, {"width": 1366, "height": 768})
    try:
        table_id = create_in_lobby(page, web_server.base, "knights-and-ninjas", players=3)
        assert wait_turn_or_end(page, 30) == "act"
        cards = page.evaluate(CARDS, ["dr", "kn", "pe", "ca", "pr", "la"])
        for code, strength in (("dr", 2), ("kn", 3), ("pe", 1)):
            card = cards[code]
            assert card["corner"] == str(strength), card
            assert card["label"] == f"strength {strength}", card
            assert f", strength {strength}," in card["title"], card
            for said in ("pop", "help"):
                assert f"strength {strength}" in card[said].lower(), (code, said, card[said])
            assert all("value" not in card[key].lower() for key in ("title", "pop", "help")), card
        # The Dragon "steals two gems" (the rulebook): its text and its strength agree.
        dragon = cards["dr"]["pop"]
        assert "· strength 2" in dragon and "Unique attack: steals 2 gems" in dragon, cards["dr"]
        # A common card's text follows, as the catalogue says it, and its strength is not said twice over.
        assert "Common attack, strength 3: attack one rival" in cards["kn"]["pop"], cards["kn"]
        assert cards["kn"]["pop"].lower().count("strength 3") == 2, cards["kn"]  # the number, then the text
        for code in ("ca", "pr", "la"):
            card = cards[code]
            assert card["label"] is None and card["hidden"] == "true", card
            assert all(word not in card[key].lower() for key in ("title", "pop", "help")
                       for word in ("value", "strength")), card
        # The other games keep their values.
        assert cards["valued"]["label"] == "value 3" and ", value 3," in cards["valued"]["title"], cards["valued"]
        assert cards["unvalued"]["label"] == "value none", cards["unvalued"]

        token = page.evaluate("(id) => JSON.parse(localStorage.getItem('dojo.seats'))[id].token", table_id)
        state = server_state(web_server, table_id, token)
        lines = page.evaluate(ATTACKS, [state["view"], state["seats"], [
            [{"by": 1, "against": 0, "role": "dr", "strength": 2}, ["dr"]],
            [{"by": 1, "against": 0, "role": "kn", "strength": 3}, ["je"]],
            [{"by": 1, "against": 0, "role": "la", "strength": 0}, ["la"]],
            [{"by": 1, "against": 0, "role": "cp", "strength": 0}, ["cp"]],
            [{"by": 0, "against": 1, "role": "so", "strength": 2}, ["so"]],
        ]])
        assert lines[0].endswith("attacks Ann (you) with a Dragon (strength 2)"), lines
        assert lines[1].endswith("with a Jester as a Knight (strength 3)"), lines
        assert lines[2].endswith("sets a Ladder against the Castle of Ann (you)"), lines
        assert lines[3].endswith("aims a Catapult at the Castle of Ann (you)"), lines
        assert lines[4] == "Your Traitor turns the Soldier (strength 2) back against P1 (easy bot)", lines
        assert not any("strength 0" in line for line in lines), lines
        assert not errors, errors
    finally:
        context.close()

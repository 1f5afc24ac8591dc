"""Found walking the browser client as a new player (Of Knights and Ninjas' 2-player draft against a hard bot,
Ninja Camp at 4, Ninjitsu! with all five expansions at 3; desktop 1280x800 and phone 390x844): on a phone the
first tap on a Ninja Camp square titled it "A4: Ambush (5 points)" while the grid, the choices and the log all
call that square a4; and a card whose text plays several cards of one way in a row (Flight's "Play 3
treasures", Smoke Bomb's "Play 2 cards as secrets") asked the same question each time, never saying which of
the plays it was or how many were left."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, DESKTOP, PHONE, click_choice, new_page, server_state, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow


def test_a_first_tap_on_a_camp_square_names_it_as_the_grid_does(browser: Any, web_server: WebServer) -> None:
    """Ninja Camp on a phone, at the set-up: the first tap on a free square shows what it is, under its name as
    the grid and the choices write it (a4, not A4), then what a second tap does."""
    table_id, tokens = web_server.create({
        "game": "ninja-camp", "players": 2, "settings": QUICK,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
    context, page, errors = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        square = page.locator(".board .sq.actionable").first
        name = str(square.get_attribute("data-square"))
        square.scroll_into_view_if_needed()
        square.tap()
        pop = page.locator("#card-pop")
        pop.wait_for(state="visible")
        title = pop.locator("strong").inner_text()
        assert title.startswith(f"{name}: "), (title, name)
        said = " ".join(pop.inner_text().split())
        assert f"Tap again to do it: Place a ninja on {name} (" in said, said
        assert not errors, errors
    finally:
        context.close()


def smoke_bomb_table(server: WebServer) -> tuple[str, dict[str, str]]:
    """A 2-player Ninjitsu! table (base game) of Ann against an easy bot whose deal (a seed: kept as it is at a
    table of one player against bots) gives Ann, who begins, a Smoke Bomb; its id and tokens."""
    for seed in range(1, 60):
        table_id, tokens = server.create({
            "game": "ninjitsu", "players": 2, "seed": seed, "settings": QUICK,
            "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
        hand = server_state(server, table_id, tokens["0"])["view"]["seats"][0]["hand"]
        if any(card.startswith("9") for card in hand):
            return table_id, tokens
    raise AssertionError("no deal of seeds 1-59 gives seat 0 a Smoke Bomb")


def test_smoke_bombs_two_secrets_are_counted_in_the_prompt(browser: Any, web_server: WebServer) -> None:
    """Smoke Bomb played for its action asks for two secrets, one after the other: the prompt says which of the
    two it is asking for (1 of 2, then 2 of 2)."""
    table_id, tokens = smoke_bomb_table(web_server)
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        prompt = page.locator(".prompt").first
        for step, button in enumerate(("Play Smoke Bomb for its action", None, None)):
            before = page.evaluate("(sel) => document.querySelector(sel).dataset.index", APP)
            choices = page.locator(".action-list button.action")
            if button is None:
                # Any secret will do: the first card of the list.
                said = " ".join(prompt.inner_text().split())
                assert f"Smoke Bomb: play a card from your hand as a secret (secret {step} of 2)." in said, said
                click_choice(choices.first)
            else:
                click_choice(choices.filter(has_text=button).first)
            page.wait_for_function("([sel, before]) => document.querySelector(sel).dataset.index !== before",
                                   arg=[APP, before])
        assert not errors, errors
    finally:
        context.close()


#: The words of the table's texts with the seats' names put in (board.js makeCtx), for seats 0 (Ann, a person),
#: 1 (an easy bot) and 2 (a medium bot).
NAMED = """async (text) => {
  const {makeCtx} = await import(`${location.origin}/js/board.js`);
  const seats = [{seat: 0, type: 'human', name: 'Ann'}, {seat: 1, type: 'bot', bot: 'easy'},
    {seat: 2, type: 'bot', bot: 'medium'}];
  return makeCtx({gameId: 'ninjitsu', view: {}, seat: 0, seats}).words(text);
}"""


def test_a_bots_name_and_the_words_in_brackets_after_it_share_one_pair(browser: Any, web_server: WebServer) -> None:
    """Ninjitsu!'s win with rivals at the target too lists them with their points in brackets ("P2 (22 points)"):
    a bot's name, itself in brackets, takes the points into its own ("P2 (medium bot, 22 points)", not "P2 (medium
    bot) (22 points)"); a person's name, its possessive and a bot's possessive read as before."""
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        said = page.evaluate(NAMED, "P1 starts their turn with 22 points (target 21) and wins. P2 (22 points) and "
                                    "P0 (25 points) also reach the target, and P1's turn began before any of theirs")
        assert said == ("P1 (easy bot) starts their turn with 22 points (target 21) and wins. P2 (medium bot, 22 "
                        "points) and Ann (25 points) also reach the target, and P1's turn began before any of "
                        "theirs"), said
        assert page.evaluate(NAMED, "P0's secret #1, P2 (3 cards)") == "Ann's secret #1, P2 (medium bot, 3 cards)"
        assert not errors, errors
    finally:
        context.close()

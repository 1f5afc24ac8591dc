"""A Ninjato raid in the browser, as a new player met it: the fight's choices come by card (each card's
plain play first, the cards strongest first), clicking a card offers all its plays, and the board shows the
foe fought now (the Sentry, or the Guard or Elite a Banzai turned up) on the raided house and in the raid's
box, not only in the prompt and the log; the raid's box is at the top of the board, on the screen."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from web.driving import (
    APP,
    app_data,
    board_screenshot,
    click_choice,
    listed_actions,
    new_page,
    server_state,
    wait_turn_or_end,
)
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: A fight play's text: its card (a Dojo card or a Crane), a 3's +1/-1, the tiles on it.
PLAY = re.compile(r"^(\d|c[12])([+-]?)((?:\.[st]\d)*)$")


def card_of(action: str) -> str | None:
    """The card a fight play is made with ("4" of "4+.t6"), or None for another action."""
    match = PLAY.match(action)
    return match.group(1) if match else None


def grouped_by_card(legal: list[str]) -> bool:
    """Whether each card's plays are together in ``legal``, its plain play (if offered) first."""
    seen: list[str] = []
    for action in legal:
        card = card_of(action)
        if card is None:
            continue
        if seen and seen[-1] == card:
            continue
        if card in seen:
            return False
        if card in legal and action != card:
            return False
        seen.append(card)
    return True


def choose(state: dict[str, Any]) -> str:
    """A raider's choice: raid a house it can beat (else the Dojo), fight with the first play offered, call
    Banzai whenever it may; the first choice elsewhere."""
    legal, labels = state["legal"], state["labels"]
    if "banzai" in legal:
        return "banzai"
    raids = [action for action in legal if re.match(r"^h\d[+-]$", action) and "nothing you hold" not in labels[action]]
    if raids:
        return raids[0]
    if "dojo" in legal:
        return "dojo"
    return str(legal[0])


def test_a_raid_shows_its_foe_on_the_board_and_offers_the_fight_by_card(browser: Any, web_server: WebServer,
                                                                        screenshots: Any) -> None:
    table_id, tokens = web_server.create({"game": "ninjato", "players": 2, "seed": 7, "settings": QUICK,
                                          "seats": [{"type": "human", "name": "Ann"},
                                                    {"type": "bot", "level": "easy"}]})
    token = tokens["0"]
    context, page, errors = new_page(browser)
    seen = {"sentry": 0, "banzai": 0, "grouped": 0, "chooser": 0}
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{token}")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (seen["banzai"] < 2 or not seen["chooser"]):
            if wait_turn_or_end(page, deadline - time.monotonic()) == "over":
                break
            state = server_state(web_server, table_id, token)
            if str(state["index"]) != app_data(page)["index"]:
                continue  # the page is not at the server's position yet
            raid = state["view"]["raid"]
            fighting = raid and raid["fighting"]
            if fighting:
                check_foe_shown(page, raid, fighting)
                seen["sentry" if fighting["kind"] == "sentry" else "banzai"] += 1
                if fighting["kind"] != "sentry" and seen["banzai"] == 1:
                    board_screenshot(page, screenshots / "ninjato-banzai-fight.png")
                legal = state["legal"]
                shown = listed_actions(page)
                assert shown == legal
                assert grouped_by_card(legal), legal
                seen["grouped"] += 1
                cards = [card for card in dict.fromkeys(map(card_of, legal)) if card and card.isdigit()]
                several = [card for card in cards if sum(card_of(action) == card for action in legal) > 1]
                if several and not seen["chooser"]:
                    check_chooser(page, legal, several[0])
                    seen["chooser"] += 1
            before = app_data(page)["index"]
            # (a long list comes folded by place: click_choice opens the group the choice is in)
            click_choice(page.locator(f".action-list button.action[data-action='{choose(state)}']"))
            page.wait_for_function("([sel, before]) => { const d = document.querySelector(sel).dataset;"
                                   " return d.index !== before || d.status === 'finished'; }",
                                   arg=[APP, before], timeout=30_000)
        assert seen["sentry"] and seen["banzai"], f"no Banzai fight met: {seen}"
        assert seen["chooser"], f"no card with several plays met: {seen}"
        assert not errors, errors
    finally:
        context.close()


def check_foe_shown(page: Any, raid: dict[str, Any], fighting: dict[str, Any]) -> None:
    """The raided house shows the foe fought now, marked "fighting", with what beats it; so does the raid's
    box; the Guards a Banzai turned up before it are marked beaten."""
    tile = page.locator(f".house-tile.raided[data-house='{raid['house']}']")
    assert tile.count() == 1 and page.locator(".house-tile.raided").count() == 1
    foe = tile.locator(".card.fighting")
    assert foe.count() == 1 and foe.get_attribute("data-code") == fighting["card"]
    way = "higher" if raid["side"] == "Strength" else "lower"
    assert f"play {way} than {fighting['beat']}" in foe.inner_text()
    if fighting["kind"] != "sentry":
        assert "Banzai" in tile.inner_text()
        assert "Sentry ✓ beaten" in tile.inner_text()
    box = page.locator(".raid .raid-foe")
    assert box.locator(".card.fighting").get_attribute("data-code") == fighting["card"]
    assert fighting["foe"] in box.inner_text()
    # The guards a Banzai turned up before the one fought now, each marked beaten, in words.
    chips = page.locator(".raid .raid-guards .foe-chip").all_inner_texts()
    assert len(chips) == raid["beaten"] and all(chip.startswith("✓ ") for chip in chips), chips
    # The raid's box is at the top of the board, on the screen while the fight is chosen (it was far below).
    where = page.evaluate("""() => { const r = document.querySelector('.board .raid').getBoundingClientRect();
      const docked = [...document.querySelectorAll('.board .card-row.hand.docked, .board .seat-panel.mine.docked')]
        .map((el) => el.getBoundingClientRect().top);
      return {top: r.top, bottom: r.bottom, floor: Math.min(window.innerHeight, ...docked)}; }""")
    assert where["top"] >= 0 and where["bottom"] <= where["floor"] + 1, where


def check_chooser(page: Any, legal: list[str], card: str) -> None:
    """Clicking the card in the hand lists every play made with it (stacked tiles too), its plain play first
    when it is offered, in the order of the list; then the chooser is closed."""
    page.locator(f".hand [data-keys~='card:{card}']").first.click()
    chooser = page.locator(".chooser")
    chooser.wait_for()
    offered = chooser.locator("button.choice").evaluate_all("els => els.map(e => e.dataset.action)")
    assert offered == [action for action in legal if card_of(action) == card]
    chooser.locator("button.cancel").click()
    chooser.wait_for(state="detached")

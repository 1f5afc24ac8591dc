"""A seat nobody named is P<n> in the browser, not the server's "Player <n>" beside the badge's P<n>.

The browser probe of stop 54: a player who left the name field empty saw "P0 Player 0 (you)" on their panel and
"Player 0 attacks house 1" in the log, which read as an engine's index next to the badge.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from web.driving import APP, PlayStats, act_once, first_choice_then_leave, new_page, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow


def test_an_unnamed_seat_is_its_badge_alone_and_p_n_in_the_log(browser: Any, web_server: WebServer) -> None:
    table_id, tokens = web_server.create({"game": "ninjato", "players": 2, "settings": QUICK, "seed": 3,
                                          "seats": [{"type": "human"}, {"type": "bot", "level": "easy"}]})
    assert web_server.http.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == "Player 0"
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
        rng, stats = random.Random("unnamed"), PlayStats()
        for _ in range(4):
            if wait_turn_or_end(page, 30) == "over":
                break
            act_once(page, rng, stats, board_share=0.0)
        page.locator(".log-box li").first.wait_for()
        panel = page.locator(".board [data-seat-panel='0'] .seat-badge").first.inner_text()
        assert "Player 0" not in panel and "P0" in panel, panel
        assert page.locator(".board [data-seat-panel='0']").first.get_attribute("aria-label") in (
            "seat 0", "seat 0, to act")
        text = page.locator("body").inner_text()
        assert "Player 0" not in text, [line for line in text.splitlines() if "Player 0" in line][:5]
        log = page.locator(".log-box").inner_text()
        assert "P0 " in log, log[:400]  # the seat's moves, by its label
        assert not errors, errors
    finally:
        context.close()


def test_the_replay_names_an_unnamed_seat_by_its_label(browser: Any, web_server: WebServer) -> None:
    # Its player makes a first choice, then leaves the seat to a bot: the replay's list of seats says who played
    # it, in turn, without the server's "Player 0".
    table_id, tokens = web_server.create({"game": "ninja-trap", "players": 2, "seed": 5, "settings": QUICK,
                                          "seats": [{"type": "human"}, {"type": "bot", "level": "easy"}]})
    first_choice_then_leave(web_server, table_id, tokens["0"])
    steps = len(web_server.http.get(f"/api/tables/{table_id}/record").json()["actions"])
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/replay/{table_id}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.step === '{steps}'")
        assert page.locator("#replay-seat option[value='0']").inner_text() == "P0 a player, then (easy bot)"
        assert "Player 0" not in page.locator("body").inner_text()
        page.locator("#replay-seek").fill("1")
        assert "Player 0" not in page.locator("body").inner_text()
        assert not errors, errors
    finally:
        context.close()


def test_the_lobby_names_an_unnamed_seat_by_its_label(browser: Any, web_server: WebServer) -> None:
    # The lobby's lists said "won by P0 Player 0", and "P0 Player 0" among the seats, as the table no longer does.
    table_id, _ = web_server.create({"game": "ninja-trap", "players": 2, "settings": QUICK, "seed": 4,
                                     "seats": [{"type": "human"}, {"type": "human"}]})
    web_server.play_out(table_id)
    winners = web_server.http.get(f"/api/tables/{table_id}").json()["result"]["winners"]
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/")
        item = page.locator(f"#finished-tables .table-item[data-table='{table_id}']")
        item.wait_for()
        text = item.inner_text()
        assert "Player" not in text, text
        assert f"won by {', '.join(f'P{seat}' for seat in winners)}" in text, text
        assert item.locator(".seat-mini").all_inner_texts() == ["P0", "P1"]
        assert not errors, errors
    finally:
        context.close()

"""The replay of a game in which a player left and a bot took the seat over names, at each step, whoever
played the seat then (the record's ``seat_history``), not the bot for the whole game."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, first_choice_then_leave, new_page
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow


def test_the_replay_credits_each_step_to_whoever_played_the_seat_then(browser: Any, web_server: WebServer) -> None:
    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]
    table_id, tokens = web_server.create({"game": "ninja-trap", "players": 2, "seed": 5, "settings": QUICK,
                                          "seats": seats})
    # Ann makes her first choice (the bot across the table makes its own), then leaves to a bot.
    first_choice_then_leave(web_server, table_id, tokens["0"])
    record = web_server.http.get(f"/api/tables/{table_id}/record").json()
    (change,) = record["seat_history"]
    assert change["seat"] == 0 and change["name"] == "Ann"
    ann_step = next(index for index, (seat, _) in enumerate(record["actions"]) if seat == 0) + 1
    bot_step = next(index for index, (seat, _) in enumerate(record["actions"]) if seat == 0
                    and index >= change["until"]) + 1
    assert ann_step <= change["until"] < bot_step
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/replay/{table_id}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.step === '{len(record['actions'])}'")
        # Whose view: the seat with everyone who played it, in turn.
        assert page.locator("#replay-seat option[value='0']").inner_text() == "P0 Ann, then (easy bot)"
        for step, name in ((ann_step, "· Ann chose"), (bot_step, "· P0 (easy bot) chose")):
            page.locator("#replay-seek").fill(str(step))
            page.wait_for_function(f"() => document.querySelector('{APP}').dataset.step === '{step}'")
            assert name in page.locator(".replay-where").inner_text()
        # The review of seat 0 says who played each decision: Ann's are not the bot's.
        reviews = web_server.app.state.reviews
        before = reviews.iterations
        reviews.iterations = 8  # (a review in seconds: what it finds is not what is checked here)
        try:
            page.locator("#open-review").click()
            page.locator("dialog.review-dialog").wait_for(state="visible")
            page.select_option("#review-seat", "0")
            page.locator("#review-start").click()
            page.wait_for_function("() => document.querySelector('dialog.review-dialog').dataset.review === 'done'",
                                   timeout=120_000)
        finally:
            reviews.iterations = before
        assert "Ann, then P0 (easy bot):" in page.locator(".review-summary").inner_text()
        rows = page.locator(".review-move")
        by = [rows.nth(i).locator(".review-by").inner_text() for i in range(rows.count())]
        plies = web_server.http.get(f"/api/tables/{table_id}/review", params={"seat": 0}).json()["review"]["moves"]
        assert by == ["Ann" if move["ply"] < change["until"] else "P0 (easy bot)" for move in plies]
        assert "Ann" in by and "P0 (easy bot)" in by
        assert not errors, errors
    finally:
        context.close()

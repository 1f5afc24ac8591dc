"""What the table shows must never run ahead of what everyone has been shown: clocks are never built
from time charged for a hidden choice (nor set back by a seat changing hands), and during the hold
after a game's last action the table is still playing for everyone, in listings and to an action.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from engine.toygame import BLOCK, ToyState
from server.helpers import Listener, ServerThread


def test_a_seat_renaming_itself_is_never_shown_the_clock_charged_for_anothers_hidden_choice(
        server: ServerThread) -> None:
    """Ninja Trap: every stage is a simultaneous hidden choice. With a per-game clock, Ann chooses; Bo then
    renames himself. The clocks he is shown must not tell that Ann chose (her clock charged), nor start
    again from the full time."""
    table_id, tokens = server.create({
        "game": "ninja-trap", "players": 2,
        "settings": {"move_delay": 0, "window_time": 0, "clock": "game", "clock_seconds": 600},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    live = server.dojo.tables[table_id]

    async def scenario() -> dict[str, Any]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            mine = await ann.state_where(lambda s: s["status"] == "playing" and s["legal"])
            start = await bo.state_where(lambda s: s["status"] == "playing" and s["legal"])
            assert [seat["running"] for seat in start["clock"]["seats"]] == [True, True]

            async def thought_for_a_while() -> None:
                async with live.lock:
                    live.released_at[0] -= 4.0  # Ann took 4 s to choose
                    live.clocks._public_at -= 30.0  # and everyone's clocks have run for 30 s

            server.run(thought_for_a_while())
            await ann.send({"type": "act", "action": mine["legal"][0], "index": mine["index"]})
            await ann.next("ack")
            renamed = await asyncio.to_thread(server.http.post, f"/api/tables/{table_id}/join",
                                              json={"name": "Bob"}, headers={"X-Seat-Token": tokens["1"]})
            assert renamed.status_code == 200
            return await bo.state_where(lambda s: s["seats"][1]["name"] == "Bob")

    shown = asyncio.run(scenario())
    assert live.game.record.actions and live.game.record.actions[0][0] == 0  # Ann did choose, in secret
    ann_clock, bo_clock = shown["clock"]["seats"]
    # Both clocks have run alike since the stage began: nothing tells that Ann has chosen.
    assert ann_clock["running"] and bo_clock["running"]
    assert ann_clock["remaining"] == bo_clock["remaining"]
    # And they went on running through the rename (30 s of them), not back to the full 600.
    assert bo_clock["remaining"] <= 570.1


def hold_after_the_last_action(server: ServerThread, hold: float) -> tuple[str, dict[str, str]]:
    """A toy game (it can open concealed windows, so actions are held) between Ann and Bo, played to one
    action before its end; then its last action, after which the table holds the end for ``hold`` s."""
    table_id, tokens = server.create({"game": "toy", "players": 2, "settings": {"move_delay": 0, "window_time": 0},
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    live = server.dojo.tables[table_id]

    async def play() -> None:
        for seat in range(2):
            async with live.lock:
                live.seats[seat].status = "taken"
        while True:
            async with live.lock:
                seat = live.game.to_act()[0]
                action = live.game.legal_actions(seat)[0]
                trial = live.game.clone()
                trial.apply(seat, action)
                if trial.is_terminal:
                    live.settings = type(live.settings)(**{**live.settings.to_json(), "window_time": hold})
                await live._commit_action(seat, action, None)
                live.publish()
                if live.game.is_terminal:
                    return

    server.run(play())
    return table_id, tokens


def test_during_the_hold_after_the_last_action_the_table_is_still_playing_for_everyone(
        server: ServerThread, toy: Any) -> None:
    table_id, tokens = hold_after_the_last_action(server, hold=30.0)
    live = server.dojo.tables[table_id]
    assert live.game.is_terminal and time.monotonic() < live.hold_until
    # Listings, the summary and a player's tables all still show the game in play, not its end.
    assert [table["id"] for table in server.http.get("/api/tables?status=playing").json()["tables"]] == [table_id]
    assert server.http.get("/api/tables?status=finished").json()["tables"] == []
    summary = server.http.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "playing" and summary["result"] is None
    mine = server.http.post("/api/my/tables", json={"tokens": [tokens["0"]]}).json()["tables"]
    assert [entry["table"]["status"] for entry in mine] == ["playing"]

    # An action on the last position a seat was shown is stale, as during any hold: not "the game is over"
    # (any action but a repeat of the seat's last one, which is acknowledged as a duplicate).
    async def act() -> dict[str, Any]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann:
            await ann.next("welcome")
            await ann.send({"type": "act", "action": "p9", "index": live.released[0], "id": "late"})
            return await ann.next("error")

    refused = asyncio.run(act())
    assert refused["code"] == "stale"
    # A seat left during the hold may be joined as any free seat: not "the game is over" either.
    left = server.http.post(f"/api/tables/{table_id}/leave", json={}, headers={"X-Seat-Token": tokens["1"]})
    assert left.status_code == 200
    joined = server.http.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
    assert joined.status_code == 200 and joined.json()["table"]["status"] == "playing"

    # Once the hold is over, the end shows everywhere.
    async def end_hold() -> None:
        async with live.lock:
            live.hold_until = time.monotonic()
            live.publish()

    server.run(end_hold())
    assert server.http.get("/api/tables?status=playing").json()["tables"] == []
    assert [table["id"] for table in server.http.get("/api/tables?status=finished").json()["tables"]] == [table_id]
    assert server.http.get(f"/api/tables/{table_id}").json()["status"] == "finished"


def window_deal() -> tuple[int, list[int]]:
    """A 3-player toy deal where Ann (seat 0) acts first with an odd card to play, which opens a concealed
    window asking seat 1 alone (the one holding a Block): the seed, and Ann's odd cards."""
    for seed in range(2000):
        game = ToyState.new(3, {}, seed)
        odd = [card for card in game.hands[0] if card % 2 == 1]
        if game.to_act() == (0,) and odd and [seat for seat in (1, 2) if BLOCK in game.hands[seat]] == [1]:
            return seed, odd
    raise AssertionError("no such deal in 2000 seeds")


def window_table(server: ServerThread, seat_1: dict[str, str]) -> tuple[str, dict[str, str], list[int]]:
    """A table of that deal (a 1 s hold, no move delay): Ann, ``seat_1``, an easy bot; its id, tokens and
    Ann's odd cards."""
    seed, odd = window_deal()
    table_id, tokens = server.create({
        "game": "toy", "players": 3, "seed": seed, "settings": {"move_delay": 0, "window_time": 1.0},
        "seats": [{"type": "human", "name": "Ann"}, seat_1, {"type": "bot", "level": "easy"}]})
    assert server.dojo.tables[table_id].seed == seed  # one human against bots: the deal asked for
    return table_id, tokens, odd


def when_asked_in_a_window(server: ServerThread, live: Any, monkeypatch: pytest.MonkeyPatch,
                           first: Callable[[Any], Awaitable[None]]) -> None:
    """Have the server's bots run ``first(bot)`` before they choose, when a concealed window asks them."""
    thinking = server.dojo.pool.choose

    async def choose(bot: Any, view: Any) -> Any:
        if live.asked():
            await first(bot)
        return await thinking(bot, view)

    monkeypatch.setattr(server.dojo.pool, "choose", choose)


def play_the_windows_card(server: ServerThread, table_id: str, tokens: dict[str, str], odd: list[int]) -> Any:
    """Ann plays the card that opens the window (see :func:`window_table`); the state a spectator is sent next."""

    async def scenario() -> dict[str, Any]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, Listener(server.ws_url(table_id)) as watcher:
            first = await ann.state_where(lambda s: s["status"] == "playing" and s["legal"])
            await watcher.state_where(lambda s: s["status"] == "playing")
            await ann.send({"type": "act", "action": f"p{odd[0]}", "index": first["index"]})
            return await watcher.state_where(lambda s: s["index"] > first["index"], timeout=20)

    return asyncio.run(scenario())


@pytest.mark.slow
def test_a_bot_asked_in_a_concealed_window_answers_within_the_hold_however_long_it_thinks(
        server: ServerThread, toy: type[ToyState], monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 1, a bot, holds a Block: Ann's card opens a window asking it. It thinks for a minute; the
    others must get the position when the hold is over all the same (later would tell a bot was asked)."""
    table_id, tokens, odd = window_table(server, {"type": "bot", "level": "easy"})
    live = server.dojo.tables[table_id]
    slow: list[float] = []

    async def think_a_minute(bot: Any) -> None:
        slow.append(time.monotonic())
        await asyncio.sleep(60)

    when_asked_in_a_window(server, live, monkeypatch, think_a_minute)
    moved_on = play_the_windows_card(server, table_id, tokens, odd)
    assert slow, "the bot was asked in a window"
    # The window was answered (by the bot's quick answer) and the others moved on, while it still thought.
    assert [seat for seat, _ in live.game.record.actions[:2]] == [0, 1]
    assert moved_on["index"] >= 1


def test_a_seat_handed_to_a_bot_does_not_set_the_others_clocks_back(server: ServerThread) -> None:
    table_id, tokens = server.create({
        "game": "ninja-trap", "players": 3,
        "settings": {"move_delay": 0, "window_time": 0, "clock": "move", "clock_seconds": 60},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "human", "name": "Cy"}]})
    live = server.dojo.tables[table_id]

    async def scenario() -> dict[str, Any]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]), Listener(server.ws_url(table_id), tokens["2"]):
            await ann.state_where(lambda s: s["status"] == "playing" and s["legal"])

            async def half_a_minute_later() -> None:
                async with live.lock:
                    for viewer in live.released_at:
                        live.released_at[viewer] -= 30.0
                    live.clocks._public_at -= 30.0

            server.run(half_a_minute_later())
            left = await asyncio.to_thread(server.http.post, f"/api/tables/{table_id}/leave",
                                           json={"replace_with": "easy"}, headers={"X-Seat-Token": tokens["2"]})
            assert left.status_code == 200
            return await ann.state_where(lambda s: s["seats"][2]["type"] == "bot")

    shown = asyncio.run(scenario())
    ann_clock, bo_clock, bot_clock = shown["clock"]["seats"]
    # Ann and Bo have had half their minute; the bot's seat has no clock any more.
    assert ann_clock["running"] and bo_clock["running"] and not bot_clock["running"]
    assert ann_clock["remaining"] <= 30.1 and bo_clock["remaining"] <= 30.1
    assert shown["clock"]["you"]["remaining"] <= 30.1


def test_a_searching_bot_asked_in_a_window_searches_within_what_the_hold_leaves(
        server: ServerThread, toy: type[ToyState], monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot whose search has a time limit (``ismcts:seconds=2``, as the experts) answers a concealed window
    with a search of its own cut to most of what the hold leaves, rather than running past the hold into
    the quick answer; its own limit stays for its later decisions."""
    table_id, tokens, odd = window_table(server, {"type": "bot", "bot": "ismcts:seconds=2"})
    live = server.dojo.tables[table_id]
    budgets: list[float] = []

    async def note_its_budget(bot: Any) -> None:
        budgets.append(bot.seconds)

    when_asked_in_a_window(server, live, monkeypatch, note_its_budget)
    play_the_windows_card(server, table_id, tokens, odd)
    assert budgets, "the bot was asked in a window"
    assert 0 < budgets[0] < 1.0, budgets  # within the hold, not its own 2 s
    assert [seat for seat, _ in live.game.record.actions[:2]] == [0, 1]
    assert live.bots.held[1][1].seconds == 2.0  # type: ignore[attr-defined]

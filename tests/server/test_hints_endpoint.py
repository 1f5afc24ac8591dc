"""Hints during play (``POST /api/tables/{table}/hint``): a table setting, off by default and shown to
everyone (the summary's settings and every state's ``hints``); when on, a seated player may ask for the
search's advice on their own decision, on the position they were last sent; refused clearly otherwise."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from ninjadojo.server.errors import ApiError
from ninjadojo.server.tokens import hash_token
from server.helpers import QUICK, ServerThread

TINY = 6


@pytest.fixture
def hinting(sqlite_url: str) -> Iterator[ServerThread]:
    """A server whose hints search a few iterations."""
    with ServerThread(sqlite_url, hint_iterations=TINY) as running:
        yield running


def two_people(server: ServerThread, hints: bool | None) -> tuple[str, dict[str, str]]:
    """A Ninja Camp table of two people, both seated (so it is playing); its id and tokens."""
    settings: dict[str, Any] = dict(QUICK)
    if hints is not None:
        settings["hints"] = hints
    table_id, tokens = server.create({"game": "ninja-camp", "players": 2, "settings": settings,
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    for seat, token in tokens.items():
        joined = server.http.post(f"/api/tables/{table_id}/join", json={"name": f"P{seat}"},
                                  headers={"X-Seat-Token": token})
        assert joined.status_code == 200, joined.text
    return table_id, tokens


def view(server: ServerThread, table_id: str, token: str) -> dict[str, Any]:
    response = server.http.get(f"/api/tables/{table_id}/view", headers={"X-Seat-Token": token})
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def test_hints_are_off_unless_the_table_allows_them_and_everyone_is_told(hinting: ServerThread) -> None:
    table_id, tokens = two_people(hinting, None)
    assert hinting.http.get(f"/api/tables/{table_id}").json()["settings"]["hints"] is False
    state = view(hinting, table_id, tokens["0"])
    assert state["hints"] == {"enabled": False}
    mover = next(seat for seat, token in tokens.items() if view(hinting, table_id, token)["legal"])
    refused = hinting.http.post(f"/api/tables/{table_id}/hint", json={}, headers={"X-Seat-Token": tokens[mover]})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "hints_off"

    table_id, tokens = two_people(hinting, True)
    assert hinting.http.get(f"/api/tables/{table_id}").json()["settings"]["hints"] is True
    assert view(hinting, table_id, tokens["1"])["hints"] == {"enabled": True}
    spectator = hinting.http.get(f"/api/tables/{table_id}/view").json()
    assert spectator["hints"] == {"enabled": True}

    bad = hinting.http.post("/api/tables", json={"game": "ninja-camp", "settings": {"hints": "yes"}})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_setting"


def test_a_hint_is_a_legal_move_of_the_seat_in_words_with_its_chance(hinting: ServerThread) -> None:
    table_id, tokens = two_people(hinting, True)
    states = {seat: view(hinting, table_id, token) for seat, token in tokens.items()}
    mover = next(seat for seat, state in states.items() if state["legal"])
    idle = next(seat for seat in tokens if seat != mover)
    state = states[mover]
    headers = {"X-Seat-Token": tokens[mover]}
    answer = hinting.http.post(f"/api/tables/{table_id}/hint", json={"index": state["index"]}, headers=headers)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["seat"] == int(mover) and data["index"] == state["index"]
    hint = data["hint"]
    assert hint["action"] in state["legal"]
    assert hint["label"] == state["labels"][hint["action"]]
    assert 0.0 <= hint["chance"] <= 1.0 and hint["iterations"] == TINY
    for other in hint["alternatives"]:
        assert other["action"] in state["legal"] and other["action"] != hint["action"]
    # Asked again on the same position: the same answer, kept.
    assert hinting.http.post(f"/api/tables/{table_id}/hint", json={}, headers=headers).json() == data

    # Not the seat's decision, an old position, no token, someone else's token: refused, saying why.
    other_seat = hinting.http.post(f"/api/tables/{table_id}/hint", json={}, headers={"X-Seat-Token": tokens[idle]})
    assert other_seat.status_code == 409 and other_seat.json()["error"]["code"] == "not_your_turn"
    stale = hinting.http.post(f"/api/tables/{table_id}/hint", json={"index": state["index"] + 7}, headers=headers)
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale"
    missing = hinting.http.post(f"/api/tables/{table_id}/hint", json={})
    assert missing.status_code == 401 and missing.json()["error"]["code"] == "missing_token"
    wrong = hinting.http.post(f"/api/tables/{table_id}/hint", json={}, headers={"X-Seat-Token": "z" * 32})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_token"

    hinting.play_out(table_id)
    over = hinting.http.post(f"/api/tables/{table_id}/hint", json={}, headers=headers)
    assert over.status_code == 409 and over.json()["error"]["code"] == "game_over"


def test_a_table_waiting_for_players_gives_no_hint(hinting: ServerThread) -> None:
    table_id, tokens = hinting.create({"game": "ninja-camp", "players": 2, "settings": {**QUICK, "hints": True},
                                       "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "open": True}]})
    refused = hinting.http.post(f"/api/tables/{table_id}/hint", json={}, headers={"X-Seat-Token": tokens["0"]})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "waiting"


def test_a_seat_that_acts_while_its_hint_is_thought_is_refused_it_and_the_bots_go_on(hinting: ServerThread) -> None:
    # A hint's search takes the table's turn at the workers, as a bot's decision does. Once its seat has acted,
    # the hint is moot: holding the turn on made the bot that answers next wait for a search nobody will read
    # (in a concealed window, past its hold, so that it gave the quick answer).
    table_id, tokens = hinting.create({"game": "ninja-camp", "players": 2, "settings": {**QUICK, "hints": True},
                                       "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "easy"}]})
    joined = hinting.http.post(f"/api/tables/{table_id}/join", json={"name": "Ann"},
                               headers={"X-Seat-Token": tokens["0"]})
    assert joined.status_code == 200, joined.text
    live = hinting.dojo.tables[table_id]
    owner = hash_token(tokens["0"])

    async def scenario() -> None:
        while live.game.to_act() != (0,) or live.released[0] != live.index[0]:
            await asyncio.sleep(0.02)
        thought = asyncio.Event()
        searches: list[int] = []

        async def slow(game: Any, seat: int, seed: int) -> dict[str, Any]:
            searches.append(seat)
            await thought.wait()
            return {"action": game.legal_actions(seat)[0]}

        hint = asyncio.ensure_future(live.hint(0, owner, None, slow))
        while not searches:
            await asyncio.sleep(0.01)
        ply = live.game.ply
        await live.act(0, live.game.legal_actions(0)[0], live.index[0])
        with pytest.raises(ApiError) as refused:
            await asyncio.wait_for(hint, 10)
        assert refused.value.code == "stale" and "you acted" in refused.value.message
        # The bot moves while the search left behind is still thinking.
        for _ in range(500):
            if live.game.ply > ply + 1:
                break
            await asyncio.sleep(0.02)
        assert live.game.ply > ply + 1, "the bot did not move while an abandoned hint was thought"
        assert not thought.is_set()
        # The table's next hint waits for the search left behind: one search of a table's at a time.
        while live.game.to_act() != (0,) or live.released[0] != live.index[0]:
            await asyncio.sleep(0.02)
        second = asyncio.ensure_future(live.hint(0, owner, None, slow))
        await asyncio.sleep(0.2)
        assert searches == [0] and not second.done()
        thought.set()
        answer = await asyncio.wait_for(second, 10)
        assert searches == [0, 0] and answer["index"] == live.index[0]
        assert answer["hint"]["action"] in live.game.legal_actions(0)

    hinting.run(scenario())

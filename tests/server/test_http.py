"""The HTTP API: the catalogue, creating tables (and every kind of bad request refused with a clear
error that changes nothing), seats and tokens, listings, records, rematches and rate limits."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from ninjadojo.api import game_class
from ninjadojo.server.tokens import hash_token
from server.helpers import QUICK, ServerThread


def test_the_catalogue_gives_every_game_with_options_cards_and_levels(server: ServerThread) -> None:
    games = server.http.get("/api/games")
    assert games.status_code == 200
    assert games.headers["X-Dojo-Protocol"] == "1"
    by_id = {entry["id"]: entry for entry in games.json()}
    ninjitsu = by_id["ninjitsu"]
    cls = game_class("ninjitsu")
    assert [option["name"] for option in ninjitsu["options"]] == [option.name for option in cls.option_specs()]
    assert {card["code"] for card in ninjitsu["cards"]} == {card.code for card in cls.card_catalog()}
    assert ninjitsu["levels"] == ["easy", "medium", "hard", "expert"]
    # Each level in words, for the lobby; Ninja Trap's medium forgets its traps rather than erring at random.
    assert set(ninjitsu["level_words"]) == set(ninjitsu["levels"])
    assert "random" in ninjitsu["level_words"]["easy"]
    assert "traps" in by_id["ninja-trap"]["level_words"]["medium"]
    assert "traps" not in ninjitsu["level_words"]["medium"]
    target = next(option for option in ninjitsu["options"] if option["name"] == "target")
    assert target["type"] == "int" and target["default"] == 21
    assert server.http.get("/api/games/ninjitsu").json() == ninjitsu
    missing = server.http.get("/api/games/chess")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_game"


def test_a_new_table_shows_each_invited_seat_its_token_once_and_stores_only_hashes(server: ServerThread) -> None:
    response = server.http.post("/api/tables", json={
        "game": "ninjitsu", "players": 3,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "open": True}, {"type": "bot", "level": "easy"}]})
    assert response.status_code == 201
    data = response.json()
    table = data["table"]
    assert set(data["tokens"]) == {"0"}  # the open seat gets its token when someone joins it
    assert [seat["status"] for seat in table["seats"]] == ["invited", "free", "bot"]
    assert table["status"] == "waiting"
    live = server.dojo.tables[table["id"]]
    token = data["tokens"]["0"]
    assert live.seats[0].token_hash == hash_token(token) and token not in str(live.seats[0])
    # The token is never shown again: not in the summary, the listing or the view.
    for path in (f"/api/tables/{table['id']}", "/api/tables", f"/api/tables/{table['id']}/view"):
        assert token not in server.http.get(path).text
    # The seed is secret while the game goes on.
    assert "seed" not in table and str(live.seed) not in server.http.get(f"/api/tables/{table['id']}/view").text


BAD_CREATES: list[tuple[dict[str, Any], int, str, str]] = [
    ({"game": "chess"}, 400, "bad_game", "unknown game 'chess'"),
    ({"game": 7}, 400, "bad_request", "game"),
    ({"game": "ninjitsu", "players": 9}, 400, "bad_players", "2 to 5 players"),
    ({"game": "ninjitsu", "players": "3"}, 400, "bad_request", "players"),
    ({"game": "ninjitsu", "options": {"target": 999}}, 400, "bad_option", "at most"),
    ({"game": "ninjitsu", "options": {"colour": "red"}}, 400, "bad_option", "colour"),
    ({"game": "knights-and-ninjas", "players": 3, "options": {"first_seat": 3}}, 400, "bad_option", "seats 0 to 2"),
    ({"game": "ninjitsu", "players": 2, "seats": [{"type": "human"}]}, 400, "bad_seats", "one per seat"),
    ({"game": "ninjitsu", "players": 2, "seats": [{"type": "human"}, {"type": "robot"}]}, 400, "bad_seats", "robot"),
    ({"game": "ninjitsu", "players": 2, "seats": [{"type": "human"}, {"type": "bot", "level": "godlike"}]}, 400,
     "bad_bot", "godlike"),
    ({"game": "ninjitsu", "players": 2, "seats": [{"type": "human"}, {"type": "bot", "bot": "nobot"}]}, 400,
     "bad_bot", "nobot"),
    ({"game": "ninjitsu", "players": 2, "seats": [{"type": "human", "name": "\u0007"}, {"type": "bot"}]}, 400,
     "bad_request", "printable"),
    ({"game": "ninjitsu", "settings": {"clock": "hourglass"}}, 400, "bad_setting", "hourglass"),
    ({"game": "ninjitsu", "settings": {"move_delay": -1}}, 400, "bad_setting", "move_delay"),
    ({"game": "ninjitsu", "settings": {"undo": "yes"}}, 400, "bad_setting", "undo"),
    ({"game": "ninjitsu", "settings": {"speed": 3}}, 400, "bad_setting", "speed"),
    ({"game": "ninjitsu", "seed": -5}, 400, "bad_request", "seed"),
    ({"game": "ninjitsu", "colour": "red"}, 400, "bad_request", "colour"),
]


@pytest.mark.parametrize(("body", "status", "code", "words"), BAD_CREATES)
def test_a_bad_create_request_is_refused_saying_what_is_wrong_and_creates_nothing(
        server: ServerThread, body: dict[str, Any], status: int, code: str, words: str) -> None:
    response = server.http.post("/api/tables", json=body)
    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] == code
    assert words in error["message"]
    assert server.dojo.tables == {}


def test_malformed_json_and_huge_bodies_are_refused(server: ServerThread) -> None:
    broken = server.http.post("/api/tables", content=b'{"game": ', headers={"Content-Type": "application/json"})
    assert broken.status_code == 400 and "not valid JSON" in broken.json()["error"]["message"]
    huge = server.http.post("/api/tables", content=b" " * 70_000, headers={"Content-Type": "application/json"})
    assert huge.status_code == 413 and huge.json()["error"]["code"] == "too_large"
    unknown = server.http.get("/api/tables/nosuchtable1")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_table"
    assert server.dojo.tables == {}


def test_joining_leaving_and_handing_a_seat_to_a_bot(server: ServerThread) -> None:
    table_id, tokens = server.create({"game": "ninjitsu", "players": 3, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "open": True}, {"type": "human", "open": True}]})
    listed = server.http.get("/api/tables").json()["tables"]
    assert [table["id"] for table in listed] == [table_id]
    joined = server.http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    bo = joined.json()["token"]
    taken = server.http.post(f"/api/tables/{table_id}/join", json={"name": "Cy", "seat": 1})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "seat_taken"
    # Handing a free seat to a bot needs the token of someone at the table.
    anonymous = server.http.post(f"/api/tables/{table_id}/seats/2/bot", json={"bot": "easy"})
    assert anonymous.status_code == 401 and anonymous.json()["error"]["code"] == "missing_token"
    wrong = server.http.post(f"/api/tables/{table_id}/seats/2/bot", json={"bot": "easy"},
                             headers={"X-Seat-Token": "x" * 32})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_token"
    handed = server.http.post(f"/api/tables/{table_id}/seats/2/bot", json={"bot": "easy"},
                              headers={"X-Seat-Token": bo})
    assert handed.status_code == 200 and handed.json()["seats"][2]["type"] == "bot"
    assert server.http.get("/api/tables").json()["tables"] == []  # no free seat: not open any more
    # Bo leaves: the token stops working and the seat is free again.
    left = server.http.post(f"/api/tables/{table_id}/leave", json={}, headers={"X-Seat-Token": bo})
    assert left.status_code == 200 and left.json()["seats"][1]["status"] == "free"
    again = server.http.post(f"/api/tables/{table_id}/leave", json={}, headers={"X-Seat-Token": bo})
    assert again.status_code == 401
    # Ann leaves and a bot plays for her.
    ann = server.http.post(f"/api/tables/{table_id}/leave", json={"replace_with": "medium"},
                           headers={"X-Seat-Token": tokens["0"]})
    assert ann.json()["seats"][0] == {"seat": 0, "type": "bot", "name": "medium", "status": "bot",
                                      "connected": True, "bot": "medium"}
    notes = server.http.get(f"/api/tables/{table_id}/view").json()["notes"]
    assert any("Bo sits at seat 1" in note for note in notes)
    assert "Ann left seat 0; a medium bot plays it now" in notes  # (it read "the bot medium plays it")


def test_a_player_finds_their_tables_by_their_tokens(server: ServerThread) -> None:
    first, first_tokens = server.create({"game": "ninjitsu", "players": 2})
    second, second_tokens = server.create({"game": "ninja-trap", "players": 2})
    found = server.http.post("/api/my/tables", json={"tokens": [first_tokens["0"], second_tokens["0"], "nope",
                                                                 "y" * 32]}).json()["tables"]
    assert sorted((entry["table"]["id"], entry["seat"]) for entry in found) == sorted([(first, 0), (second, 0)])
    too_many = server.http.post("/api/my/tables", json={"tokens": ["a"] * 101})
    assert too_many.status_code == 400


def test_the_record_is_shown_once_the_game_is_over_and_replays(server: ServerThread) -> None:
    table_id, _ = server.create({"game": "ninjitsu", "players": 2, "settings": {"move_delay": 0.02, "window_time": 0},
                                 "seats": [{"type": "bot", "level": "easy"}, {"type": "bot", "level": "easy"}]})
    live = server.dojo.tables[table_id]
    early = server.http.get(f"/api/tables/{table_id}/record")
    assert early.status_code == 403 and early.json()["error"]["code"] == "not_allowed"
    deadline = time.monotonic() + 60
    while server.http.get(f"/api/tables/{table_id}").json()["status"] != "finished" and time.monotonic() < deadline:
        time.sleep(0.05)
    record = server.http.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200
    from ninjadojo.api import load_game

    replayed = load_game(record.json())
    assert replayed.is_terminal and replayed.to_notation() == live.game.to_notation()
    assert [seat["type"] for seat in record.json()["seats"]] == ["bot", "bot"]
    finished = server.http.get("/api/tables?status=finished").json()["tables"]
    assert [table["id"] for table in finished] == [table_id]
    # Each replayed step names its action in the words its player was offered, as the table's choices did.
    from ninjadojo.api import new_game

    game = new_game("ninjitsu", 2, dict(live.game.options), live.game.record.seed)
    actions = live.game.record.actions
    for step in (1, len(actions) // 2, len(actions)):
        seat, action = actions[step - 1]
        game = type(game).replay(type(game.record)(game.record.game, 2, dict(game.record.options), game.record.seed,
                                                   game.record.start, actions[:step - 1]))
        frame = server.http.get(f"/api/tables/{table_id}/replay", params={"step": step}).json()
        assert frame["action"] == [seat, action] and frame["label"] == game.label(seat, action), step
        # ... and told of that player to the others, as the viewer's caption quotes it: never "you".
        assert frame["told"] and not re.search(r"\byou(r)?\b", frame["told"], re.IGNORECASE), frame
    assert server.http.get(f"/api/tables/{table_id}/replay", params={"step": 0}).json()["label"] is None


def test_only_a_player_still_seated_may_ask_for_a_rematch(server: ServerThread) -> None:
    table_id, tokens = server.create({"game": "ninjitsu", "players": 2, "settings": QUICK,
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
    early = server.http.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": tokens["0"]})
    assert early.status_code == 409 and early.json()["error"]["code"] == "game_not_over"
    live = server.dojo.tables[table_id]
    # Ann resigns by leaving to a bot, so that the game plays out.
    server.http.post(f"/api/tables/{table_id}/leave", json={"replace_with": "easy"},
                     headers={"X-Seat-Token": tokens["0"]})
    deadline = time.monotonic() + 30
    while server.http.get(f"/api/tables/{table_id}").json()["status"] != "finished" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert live.game.is_terminal
    # Her old token no longer holds the seat: only a seated player may ask for a rematch.
    refused = server.http.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": tokens["0"]})
    assert refused.status_code == 401


def test_a_rematch_after_a_finished_game(server: ServerThread) -> None:
    table_id, tokens = server.create({"game": "ninjitsu", "players": 2, "settings": QUICK,
                                      "options": {"max_length": 20},
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    live = server.dojo.tables[table_id]
    server.play_out(table_id)
    first = server.http.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": tokens["0"]})
    assert first.status_code == 200
    new_table = first.json()["table"]
    assert new_table["rematch_of"] == table_id and first.json()["seat"] == 0
    second = server.http.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": tokens["1"]})
    assert second.json()["table"]["id"] == new_table["id"] and second.json()["seat"] == 1
    assert server.http.get(f"/api/tables/{table_id}").json()["rematch"] == new_table["id"]
    new_live = server.dojo.tables[new_table["id"]]
    assert new_live.seat_of_token(first.json()["token"]) == 0 and new_live.seat_of_token(second.json()["token"]) == 1
    assert new_live.seed != live.seed


def test_a_knights_rematch_begins_with_the_last_winner(server: ServerThread) -> None:
    # "The player who most recently won a game goes first" (Of Knights and Ninjas, 3-6 players).
    table_id, tokens = server.create({"game": "knights-and-ninjas", "players": 3, "settings": QUICK,
                                      "seats": [{"type": "human", "name": name} for name in ("Ann", "Bo", "Cy")]})
    live = server.dojo.tables[table_id]
    server.play_out(table_id)
    assert live.game.result is not None and len(live.game.result.winners) == 1
    winner = live.game.result.winners[0]
    again = server.http.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": tokens["0"]})
    assert again.status_code == 200
    new_live = server.dojo.tables[again.json()["table"]["id"]]
    assert new_live.game.options["first_seat"] == winner
    assert new_live.game.to_act() == (winner,)


def test_a_table_waiting_for_its_players_is_not_listed_as_in_play(server: ServerThread) -> None:
    # Nothing to watch yet: a table waiting for an invited friend is no table "in play" (to spectate).
    table_id, _ = server.create({"game": "ninjitsu", "players": 2,
                                 "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    assert server.http.get(f"/api/tables/{table_id}").json()["status"] == "waiting"
    playing = server.http.get("/api/tables?status=playing").json()["tables"]
    assert table_id not in [table["id"] for table in playing]


def test_http_requests_are_rate_limited_per_client(sqlite_url: str) -> None:
    with ServerThread(sqlite_url, http_rate=1.0, http_burst=5.0) as limited:
        statuses = [limited.http.get("/api/games").status_code for _ in range(12)]
    assert statuses[:5] == [200] * 5
    assert 429 in statuses[5:]


def test_a_replayed_step_chosen_in_secret_is_said_to_be_so_to_those_who_did_not_see_it(server: ServerThread) -> None:
    """Ninja Trap's choices are made at once (a trap is laid face down, moves are revealed together): a replay as
    a spectator (or the other seat) saw the game says that such a step was chosen in secret; as its own player
    saw it, it was not."""
    table_id, _ = server.create({"game": "ninja-trap", "players": 2, "settings": {"move_delay": 0.02},
                                 "seats": [{"type": "bot", "level": "easy"}, {"type": "bot", "level": "easy"}]})
    live = server.dojo.tables[table_id]
    deadline = time.monotonic() + 60
    while server.http.get(f"/api/tables/{table_id}").json()["status"] != "finished" and time.monotonic() < deadline:
        time.sleep(0.05)
    actions = live.game.record.actions
    game = type(live.game).replay(type(live.game.record)(live.game.record.game, 2, dict(live.game.record.options),
                                                         live.game.record.seed, live.game.record.start, []))
    seen = {True: 0, False: 0}
    for step, (actor, action) in enumerate(actions[:12], start=1):
        frame = game.frames[-1]
        hidden = frame.simultaneous or frame.concealed
        for viewer in (None, 0, 1):
            params: dict[str, int] = {"step": step} if viewer is None else {"step": step, "seat": viewer}
            said = server.http.get(f"/api/tables/{table_id}/replay", params=params).json()
            assert said["action"] == [actor, action]
            assert said["secret"] is (hidden and viewer != actor), (step, viewer, actor, action)
        seen[hidden] += 1
        game.apply(actor, action)
    assert seen[True], "steps chosen in secret were met"
    assert server.http.get(f"/api/tables/{table_id}/replay", params={"step": 0}).json()["secret"] is False

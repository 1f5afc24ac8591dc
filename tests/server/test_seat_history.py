"""A finished game's record credits each action to whoever played the seat then: a player who left in the
middle of the game, a player who sat down in a seat, a bot that took a seat over."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from sqlalchemy import inspect

from ninjadojo.server import storage as store
from ninjadojo.server.storage import Storage
from server.helpers import QUICK, ServerThread


def _act(server: ServerThread, table_id: str, count: int) -> None:
    """``count`` actions, each the first legal action of the seat to act, made as its player's client would."""
    live = server.dojo.tables[table_id]

    async def play() -> None:
        for _ in range(count):
            seat = live.game.to_act()[0]
            async with live.lock:
                await live._commit_action(seat, live.game.legal_actions(seat)[0], None)
                live.publish()

    server.run(play())


def _finished(server: ServerThread, table_id: str) -> None:
    deadline = time.monotonic() + 60
    while server.http.get(f"/api/tables/{table_id}").json()["status"] != "finished" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.http.get(f"/api/tables/{table_id}").json()["status"] == "finished"


@pytest.mark.slow
def test_the_record_credits_each_action_to_whoever_played_the_seat_then(db_url: str) -> None:
    # On both databases: the history is written in the seat change's own commit.
    with ServerThread(db_url) as server:
        _the_record_credits(server)


def _the_record_credits(server: ServerThread) -> None:
    table_id, tokens = server.create({"game": "ninjitsu", "players": 2, "settings": QUICK,
                                      "options": {"max_length": 60},
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    live = server.dojo.tables[table_id]
    _act(server, table_id, 5)
    ann_until = len(live.game.record.actions)
    # Ann leaves and a medium bot plays her seat from here on.
    left = server.http.post(f"/api/tables/{table_id}/leave", json={"replace_with": "medium"},
                            headers={"X-Seat-Token": tokens["0"]})
    assert left.status_code == 200
    # Bo leaves when his turn comes (so that nobody acts while his seat is free), Cy sits down, renames
    # herself and hands the seat to a bot at once.
    deadline = time.monotonic() + 30
    while live.game.to_act() != (1,) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert live.game.to_act() == (1,)
    bo_until = len(live.game.record.actions)
    assert server.http.post(f"/api/tables/{table_id}/leave", json={},
                            headers={"X-Seat-Token": tokens["1"]}).status_code == 200
    cy = server.http.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Cy"})
    assert cy.status_code == 200, cy.text
    token = cy.json()["token"]
    renamed = server.http.post(f"/api/tables/{table_id}/join", json={"name": "Cyril"},
                               headers={"X-Seat-Token": token})
    assert renamed.status_code == 200, renamed.text
    assert server.http.post(f"/api/tables/{table_id}/leave", json={"replace_with": "easy"},
                            headers={"X-Seat-Token": token}).status_code == 200
    _finished(server, table_id)
    record = server.http.get(f"/api/tables/{table_id}/record").json()
    assert record["seats"] == [{"seat": 0, "type": "bot", "name": "medium"}, {"seat": 1, "type": "bot", "name": "easy"}]
    # In the order of the changes: who played the seat, and until how many actions of the record. Bo's free
    # seat ("Player 1") and Cy held it for no action; her rename is no change of hands.
    assert record["seat_history"] == [
        {"seat": 0, "until": ann_until, "type": "human", "name": "Ann", "bot": None},
        {"seat": 1, "until": bo_until, "type": "human", "name": "Bo", "bot": None},
        {"seat": 1, "until": bo_until, "type": "human", "name": "Player 1", "bot": None},
        {"seat": 1, "until": bo_until, "type": "human", "name": "Cyril", "bot": None},
    ]
    assert any(seat == 0 for seat, _ in record["actions"][:ann_until])
    assert any(seat == 0 for seat, _ in record["actions"][ann_until:])


def test_a_change_of_seats_before_the_first_action_is_no_history(server: ServerThread) -> None:
    table_id, tokens = server.create({"game": "ninja-trap", "players": 2, "settings": QUICK,
                                      "options": {"max_length": 30},
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "open": True}]})
    # While the table waits for Bo, Ann hands her seat to a bot; then Bo sits down and the game begins.
    server.http.post(f"/api/tables/{table_id}/leave", json={"replace_with": "easy"},
                     headers={"X-Seat-Token": tokens["0"]})
    joined = server.http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"})
    assert joined.status_code == 200
    server.http.post(f"/api/tables/{table_id}/leave", json={"replace_with": "easy"},
                     headers={"X-Seat-Token": joined.json()["token"]})
    _finished(server, table_id)
    record = server.http.get(f"/api/tables/{table_id}/record").json()
    # Only Bo played a seat that changed hands during the game (for none, one or more actions of the record,
    # as the bot across the table was quick): nobody before the first action.
    assert [(entry["seat"], entry["name"]) for entry in record["seat_history"]] in ([], [(1, "Bo")])


def test_a_database_of_the_last_schema_gains_an_empty_history(tmp_path: Path) -> None:
    # A game played before the history was kept credits its actions as before: to who plays the seat now.
    from alembic import command
    from alembic.config import Config

    storage = Storage(f"sqlite:///{tmp_path / 'dojo.sqlite3'}")
    try:
        config = Config()
        config.set_main_option("script_location", str(Path(store.__file__).with_name("migrations")))
        with storage.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0003")  # a database made before the seat history
        assert "dojo_seat_history" not in inspect(storage.engine).get_table_names()
        storage.start()  # the server's start upgrades it
        assert "dojo_seat_history" in inspect(storage.engine).get_table_names()
        assert storage.seat_history("any") == []
    finally:
        storage.close()

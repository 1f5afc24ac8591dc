"""Edges of the server: a database that refuses writes (a full disk), lengths the database keeps, who may
read the database's files, names of nothing visible, and the seed of a deal a creator chooses."""

from __future__ import annotations

import asyncio
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from ninjadojo.server.storage import Storage, database_url
from server.helpers import QUICK, Listener, ServerThread

# ---------------------------------------------------------------------- a full disk


def disk_full(server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every write of the server's storage fails as SQLite does on a full disk."""

    async def refuse(ops: Any) -> None:
        raise OperationalError("INSERT INTO dojo_notes ...", {}, sqlite3.OperationalError("database or disk is full"))

    monkeypatch.setattr(server.dojo.storage, "write", refuse)


def assert_storage_error(response: Any) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"] == "application/json"
    error = response.json()["error"]
    assert error["code"] == "storage_failed" and "database or disk is full" in error["message"]
    assert "INSERT" not in error["message"]  # the driver's reason, never the statement


def test_a_full_disk_is_answered_with_the_json_error_and_changes_nothing(
        server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, tokens = server.create({"game": "ninjitsu", "players": 3, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "human", "open": True}]})
    live = server.dojo.tables[table_id]
    before = server.http.get(f"/api/tables/{table_id}").json()
    disk_full(server, monkeypatch)
    ann = {"X-Seat-Token": tokens["0"]}
    assert_storage_error(server.http.post("/api/tables", json={"game": "ninjitsu"}))
    assert list(server.dojo.tables) == [table_id]
    assert_storage_error(server.http.post(f"/api/tables/{table_id}/join", json={"name": "Annie"}, headers=ann))
    assert_storage_error(server.http.post(f"/api/tables/{table_id}/leave", json={}, headers=ann))
    assert_storage_error(server.http.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}))
    assert_storage_error(server.http.post(f"/api/tables/{table_id}/seats/2/bot", json={"bot": "easy"}, headers=ann))
    # Nothing changed, and Ann's token still holds her seat.
    assert server.http.get(f"/api/tables/{table_id}").json() == before
    assert live.seat_of_token(tokens["0"]) == 0

    # A connection whose seat cannot be marked taken is refused, and not kept.
    async def hello() -> Listener:
        bo = Listener(server.ws_url(table_id), tokens["1"])
        async with bo:
            assert await bo.closed_with() == 1011
        return bo

    bo = asyncio.run(hello())
    assert [message["type"] for message in bo.messages] == ["error"]
    assert bo.messages[0]["code"] == "storage_failed"
    assert live.connections == set() and live.seats[1].status == "invited"


def test_a_request_that_fails_unexpectedly_is_the_json_error(
        server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    async def failing(*args: Any) -> None:
        raise RuntimeError("detail of the failure")

    monkeypatch.setattr(server.dojo, "listing", failing)
    response = server.http.get("/api/tables")
    assert response.status_code == 500 and response.headers["content-type"] == "application/json"
    assert response.json()["error"]["code"] == "internal" and "detail of the failure" not in response.text


def test_a_read_the_database_refuses_is_the_json_error(server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> None:
        raise OperationalError("SELECT ...", {}, sqlite3.OperationalError("disk I/O error"))

    monkeypatch.setattr(server.dojo.storage, "list_tables", broken)
    response = server.http.get("/api/tables")
    assert response.status_code == 503 and response.json()["error"]["code"] == "storage_failed"
    assert "disk I/O error" in response.json()["error"]["message"]


# ---------------------------------------------------------------------- lengths the database keeps

#: A valid bot spec one character longer than a seat's name may be (64: ``dojo_seats.name``).
LONG_SPEC = "heuristic:depth=" + "0" * 49


def test_a_bot_spec_longer_than_a_seat_name_is_refused_at_the_edge_on_every_database(db_url: str) -> None:
    from ninjadojo.bots import make_bot
    from ninjadojo.server import schema

    assert len(LONG_SPEC) == schema.seats.c.name.type.length + 1  # type: ignore[attr-defined]
    make_bot(LONG_SPEC, "ninjitsu", 0)  # the registry takes it: only its length is wrong
    with ServerThread(db_url) as server:
        for body in ({"game": "ninjitsu", "seats": [{"type": "human"}, {"type": "bot", "bot": LONG_SPEC}]},
                     {"game": "ninjitsu", "settings": {"timeout_bot": LONG_SPEC}}):
            refused = server.http.post("/api/tables", json=body)
            assert refused.status_code == 400, refused.text
            assert refused.json()["error"]["code"] == "bad_bot" and "at most 64 characters" in refused.json()[
                "error"]["message"]
        table_id, tokens = server.create({"game": "ninjitsu", "players": 3, "settings": QUICK, "seats": [
            {"type": "human", "name": "Ann"}, {"type": "human", "open": True}, {"type": "bot", "bot": LONG_SPEC[:-1]}]})
        ann = {"X-Seat-Token": tokens["0"]}
        for path, body in ((f"/api/tables/{table_id}/seats/1/bot", {"bot": LONG_SPEC}),
                           (f"/api/tables/{table_id}/leave", {"replace_with": LONG_SPEC})):
            refused = server.http.post(path, json=body, headers=ann)
            assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_bot", refused.text
        # The longest spec is stored and comes back whole.
        assert server.http.get(f"/api/tables/{table_id}").json()["seats"][2]["bot"] == LONG_SPEC[:-1]
        assert server.dojo.storage.load_table(table_id).seats[2].name == LONG_SPEC[:-1]


# ---------------------------------------------------------------------- who may read the files


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.skipif(not hasattr(__import__("os"), "getuid"), reason="POSIX file modes")
def test_the_database_and_its_folder_are_readable_by_their_owner_only(
        data_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The default database, in a data folder the server creates: 0700, the files 0600 (-wal and -shm too).
    home = data_home / "fresh" / "dojo"
    monkeypatch.setenv("NINJADOJO_HOME", str(home))
    storage = Storage(database_url(None))
    try:
        storage.start()
        storage.write_now([])
        assert mode(home) == 0o700
        for name in ("server.sqlite3", "server.sqlite3-wal", "server.sqlite3-shm"):
            assert mode(home / name) == 0o600, name
    finally:
        storage.close()
    # A data folder and a database made readable to all before (by an older server) are made private.
    home.chmod(0o755)
    (home / "server.sqlite3").chmod(0o644)
    Storage(database_url(None)).engine.dispose()
    assert mode(home) == 0o700 and mode(home / "server.sqlite3") == 0o600
    # A database given by path: its file is private; a folder that exists is the user's and left as it is.
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    Storage(f"sqlite:///{shared / 'games.sqlite3'}").engine.dispose()
    assert mode(shared / "games.sqlite3") == 0o600 and mode(shared) == 0o755
    Storage(f"sqlite:///{tmp_path / 'new' / 'games.sqlite3'}").engine.dispose()
    assert mode(tmp_path / "new") == 0o700


# ---------------------------------------------------------------------- names


@pytest.mark.parametrize("name", ["\u3164", " \u3164 \u3164 ", "\u2800", "\u115f\u1160", "\uffa0", "\u034f",
                                  "\u200b", "\u00a0", "\u2028", "\u0301\u0301"])
def test_a_name_of_only_invisible_characters_is_refused(server: ServerThread, name: str) -> None:
    table_id, tokens = server.create({"game": "ninjitsu", "players": 2, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "open": True}]})
    for response in (server.http.post(f"/api/tables/{table_id}/join", json={"name": name}),
                     server.http.post(f"/api/tables/{table_id}/join", json={"name": name},
                                      headers={"X-Seat-Token": tokens["0"]}),
                     server.http.post("/api/tables", json={"game": "ninjitsu", "seats": [
                         {"type": "human", "name": name}, {"type": "bot"}]})):
        assert response.status_code == 400, (name, response.text)
        assert response.json()["error"]["code"] == "bad_request"
        assert "name" in response.json()["error"]["message"]
    seats = server.http.get(f"/api/tables/{table_id}").json()["seats"]
    assert [seat["name"] for seat in seats] == ["Ann", "Player 1"] and seats[1]["status"] == "free"


@pytest.mark.parametrize("name", ["Cy", "\u3164Bo", "\u00e9", "\u5f71", "\U0001f977", "\u2606"])
def test_a_name_with_something_to_see_is_taken(server: ServerThread, name: str) -> None:
    table_id, _ = server.create({"game": "ninjitsu", "players": 2, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "open": True}]})
    joined = server.http.post(f"/api/tables/{table_id}/join", json={"name": name})
    assert joined.status_code == 200 and joined.json()["table"]["seats"][1]["name"] == name


# ---------------------------------------------------------------------- a chosen seed


def test_a_seed_given_for_a_table_of_several_people_is_mixed_with_the_servers_randomness(
        server: ServerThread) -> None:
    """Whoever chooses the seed knows every hidden card: at a table of two humans nobody may choose it."""
    body = {"game": "ninjitsu", "players": 3, "seed": 7, "settings": QUICK,
            "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "open": True}, {"type": "bot"}]}
    first, second = (server.http.post("/api/tables", json=body).json()["table"] for _ in range(2))
    lives = [server.dojo.tables[table["id"]] for table in (first, second)]
    assert lives[0].seed != 7 and lives[1].seed != 7 and lives[0].seed != lives[1].seed
    from ninjadojo.api import game_class

    dealt = game_class("ninjitsu").new(3, {}, 7).observe(0)["seats"][0]["hand"]  # type: ignore[index]
    assert [live.game.observe(0)["seats"][0]["hand"] for live in lives] != [dealt, dealt]  # type: ignore[index]
    # Everyone is told, before playing: in the summary (the lobby shows it) and in every seat's notes.
    assert first["deal"] == "mixed"
    listed = server.http.get("/api/tables").json()["tables"]
    assert {table["id"]: table["deal"] for table in listed}[first["id"]] == "mixed"
    view = server.http.get(f"/api/tables/{first['id']}/view").json()
    assert view["deal"] == "mixed" and any("mixed with the server's own randomness" in note for note in view["notes"])


def test_a_seed_given_for_one_human_against_bots_is_kept_and_every_seat_is_told(server: ServerThread) -> None:
    """A repeatable solo game: the one human (or whoever joins the open seat) plays only bots."""
    for seats in ([{"type": "human", "name": "Ann"}, {"type": "bot"}],
                  [{"type": "human", "open": True}, {"type": "bot"}]):
        created = server.http.post("/api/tables", json={"game": "ninjitsu", "seed": 7, "settings": QUICK,
                                                        "seats": seats}).json()
        live = server.dojo.tables[created["table"]["id"]]
        assert live.seed == 7 and created["table"]["deal"] == "chosen"
        view = server.http.get(f"/api/tables/{live.id}/view").json()
        assert view["deal"] == "chosen" and any("creator chose the seed" in note for note in view["notes"])
    listed = server.http.get("/api/tables").json()["tables"]  # the open seat's table: a joiner sees it first
    assert [table["deal"] for table in listed] == ["chosen"]
    unseeded = server.http.post("/api/tables", json={"game": "ninjitsu", "settings": QUICK}).json()["table"]
    assert unseeded["deal"] == "random"
    assert server.http.get(f"/api/tables/{unseeded['id']}/view").json()["notes"] == []


def test_a_trusted_server_takes_every_seed_as_it_is_and_says_so(sqlite_url: str) -> None:
    with ServerThread(sqlite_url, exact_seeds=True) as server:
        table_id, _ = server.create({"game": "ninjitsu", "players": 2, "seed": 7, "settings": QUICK,
                                     "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
        assert server.dojo.tables[table_id].seed == 7
        assert server.http.get(f"/api/tables/{table_id}").json()["deal"] == "chosen"
    with ServerThread(sqlite_url) as again:  # and after a restart, from what is stored
        assert again.http.get(f"/api/tables/{table_id}").json()["deal"] == "chosen"
        assert any("creator chose the seed" in note
                   for note in again.http.get(f"/api/tables/{table_id}/view").json()["notes"])


@pytest.mark.parametrize(("name", "code"), [("Ann", "name_taken"), ("  ann ", "name_taken"),
                                            ("Ann\u3164", "name_taken"), ("\uff21\uff4e\uff4e", "name_taken"),
                                            ("\u0410nn", "name_taken"),
                                            ("spectator", "bad_name"),
                                            ("P0", "bad_name"), ("Player 0", "bad_name"), ("easy bot", "bad_name")])
def test_a_name_another_seat_has_or_the_tables_own_words_for_a_seat_is_refused(server: ServerThread, name: str,
                                                                                 code: str) -> None:
    """(found by an adversarial probe: a seat could call itself "Ann" like seat 0, then chat "I resign" as her)"""
    table_id, _ = server.create({"game": "ninjitsu", "players": 3, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "open": True}, {"type": "bot", "level": "easy"}]})
    refused = server.http.post(f"/api/tables/{table_id}/join", json={"name": name})
    assert refused.status_code == (409 if code == "name_taken" else 400), refused.text
    assert refused.json()["error"]["code"] == code
    assert server.http.get(f"/api/tables/{table_id}").json()["seats"][1]["status"] == "free"  # nothing changed
    joined = server.http.post(f"/api/tables/{table_id}/join", json={"name": "P1"})  # its own label: no one else's
    assert joined.status_code == 200, joined.text
    renamed = server.http.post(f"/api/tables/{table_id}/join", json={"name": "ANN"},
                               headers={"X-Seat-Token": joined.json()["token"]})
    assert renamed.status_code == 409 and renamed.json()["error"]["code"] == "name_taken"
    created = server.http.post("/api/tables", json={"game": "ninjitsu", "players": 2, "seats": [
        {"type": "human", "name": "Bo"}, {"type": "human", "name": "bo"}]})
    assert created.status_code == 409 and created.json()["error"]["code"] == "name_taken"

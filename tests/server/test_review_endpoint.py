"""The review of a finished table's game (``POST/GET /api/tables/{table}/review``): only once the game is over,
for whoever may see the table (a private one's watch key or a seat's token), run off the event loop in the
bots' workers with its progress to poll, one at a time per table, at most ``max_reviews`` at once on the
server and ``reviews_per_hour`` started per address, kept once done. A tiny search budget keeps it quick."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ninjadojo.api import game_class
from server.helpers import QUICK, ServerThread

#: The search's iterations a decision in these tests (the server's default is the library's).
TINY = 6

TWO_HUMANS = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]


@pytest.fixture
def reviewing(sqlite_url: str) -> Iterator[ServerThread]:
    """A server whose reviews and hints search a few iterations a decision."""
    with ServerThread(sqlite_url, review_iterations=TINY, hint_iterations=TINY) as running:
        yield running


def finished_table(server: ServerThread, *, private: bool = False,
                   game: str = "ninja-camp") -> tuple[str, dict[str, Any]]:
    """A table of two people played to its end (each seat's first legal action); its id and create answer."""
    response = server.http.post("/api/tables", json={"game": game, "players": 2, "seats": TWO_HUMANS, "seed": 3,
                                                     "settings": {**QUICK, "private": private}})
    assert response.status_code == 201, response.text
    created = response.json()
    table_id = created["table"]["id"]
    server.play_out(table_id)
    return table_id, created


def wait_done(server: ServerThread, table_id: str, seat: int, headers: dict[str, str] | None = None,
              timeout: float = 120.0) -> dict[str, Any]:
    """Poll a review until it is no longer running; its last answer."""
    deadline = time.monotonic() + timeout
    while True:
        answer = server.http.get(f"/api/tables/{table_id}/review", params={"seat": seat}, headers=headers or {})
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        assert 0 <= data["done"] <= max(data["total"], data["done"])
        if data["status"] != "running":
            return data
        assert time.monotonic() < deadline, f"the review did not end within {timeout} s: {data}"
        time.sleep(0.1)


def hold_workers(server: ServerThread) -> threading.Event:
    """Occupy the server's one bot worker until the returned event is set (a review then waits its turn)."""
    release = threading.Event()
    server.dojo.pool._pool().submit(release.wait, 60)
    return release


def test_a_finished_game_is_reviewed_decision_by_decision_in_words(reviewing: ServerThread) -> None:
    table_id, created = finished_table(reviewing)
    token = created["tokens"]["0"]
    started = reviewing.http.post(f"/api/tables/{table_id}/review", json={}, headers={"X-Seat-Token": token})
    assert started.status_code in (200, 202), started.text
    assert started.json()["seat"] == 0  # the token's seat, when none is given
    data = wait_done(reviewing, table_id, 0)
    assert data["status"] == "done" and data["error"] is None
    review = data["review"]
    assert review["seat"] == 0 and review["game"] == "ninja-camp" and review["iterations"] == TINY
    record = reviewing.http.get(f"/api/tables/{table_id}/record").json()
    actions = record["actions"]
    # Every decision of seat 0 that had a choice, and only those, in order, each the move the record holds.
    game = game_class("ninja-camp").new(2, record["options"], record["seed"])
    expected = []
    for ply, (seat, action) in enumerate(actions):
        if seat == 0 and len(game.legal_actions(0)) >= 2:
            expected.append(ply)
        game.apply(seat, action)
    assert [move["ply"] for move in review["moves"]] == expected
    assert data["done"] == data["total"] == len(expected)
    for move in review["moves"]:
        estimate = move["estimate"]
        assert estimate["played"]["action"] == actions[move["ply"]][1]
        assert move["prompt"] and estimate["played"]["label"] and estimate["best"]["label"]
        for chance in (estimate["before"], estimate["after"], estimate["best"]["chance"]):
            assert 0.0 <= chance <= 1.0
        assert move["mark"] in (None, "inaccuracy", "mistake", "blunder")
    assert set(review["marks"]) == {"blunder", "mistake", "inaccuracy"}
    # Asked again: the same review, kept (not started again).
    again = reviewing.http.post(f"/api/tables/{table_id}/review", json={"seat": 0})
    assert again.status_code == 200 and again.json()["review"] == review


def test_a_review_waits_for_the_end_of_the_game(reviewing: ServerThread) -> None:
    response = reviewing.http.post("/api/tables", json={"game": "ninja-camp", "players": 2, "seats": TWO_HUMANS,
                                                        "settings": QUICK})
    table_id = response.json()["table"]["id"]
    refused = reviewing.http.post(f"/api/tables/{table_id}/review", json={"seat": 0})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_not_over"
    asked = reviewing.http.get(f"/api/tables/{table_id}/review", params={"seat": 0})
    assert asked.status_code == 409 and asked.json()["error"]["code"] == "game_not_over"
    missing = reviewing.http.post("/api/tables/nosuchtable/review", json={"seat": 0})
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_table"


def test_who_may_review_which_seat(reviewing: ServerThread) -> None:
    public_id, _ = finished_table(reviewing)
    # After the end anyone who may see the table may review any seat (the replay shows every seat's view).
    hold = hold_workers(reviewing)
    try:
        anyone = reviewing.http.post(f"/api/tables/{public_id}/review", json={"seat": 1})
        assert anyone.status_code == 202 and anyone.json()["status"] == "running"
        nobody = reviewing.http.post(f"/api/tables/{public_id}/review", json={})
        assert nobody.status_code == 400 and nobody.json()["error"]["code"] == "bad_request"
        bad_seat = reviewing.http.post(f"/api/tables/{public_id}/review", json={"seat": 5})
        assert bad_seat.status_code == 400 and bad_seat.json()["error"]["code"] == "bad_seats"
        not_yet = reviewing.http.get(f"/api/tables/{public_id}/review", params={"seat": 0})
        assert not_yet.status_code == 404 and not_yet.json()["error"]["code"] == "not_found"
        unknown = reviewing.http.post(f"/api/tables/{public_id}/review", json={"seat": 0, "depth": 3})
        assert unknown.status_code == 400
    finally:
        hold.set()
    wait_done(reviewing, public_id, 1)

    private_id, created = finished_table(reviewing, private=True)
    refused = reviewing.http.post(f"/api/tables/{private_id}/review", json={"seat": 0})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "private"
    refused = reviewing.http.get(f"/api/tables/{private_id}/review", params={"seat": 0})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "private"
    wrong = reviewing.http.post(f"/api/tables/{private_id}/review", json={"seat": 0}, headers={"X-Watch-Key": "x" * 32})
    assert wrong.status_code == 403
    by_key = reviewing.http.post(f"/api/tables/{private_id}/review", json={"seat": 0},
                                 headers={"X-Watch-Key": created["watch_key"]})
    assert by_key.status_code in (200, 202), by_key.text
    by_token = {"X-Seat-Token": created["tokens"]["1"]}
    assert wait_done(reviewing, private_id, 0, by_token)["status"] == "done"


def test_one_review_at_a_time_per_table_with_its_progress(reviewing: ServerThread) -> None:
    table_id, _ = finished_table(reviewing)
    hold = hold_workers(reviewing)
    try:
        first = reviewing.http.post(f"/api/tables/{table_id}/review", json={"seat": 0})
        assert first.status_code == 202
        waiting = first.json()
        # The total is the review's own count of the decisions with a choice, not yet made: 0 until then (the
        # seat's actions, counted before, included its only choices: "0 of 10" became "0 of 9").
        assert waiting["status"] == "running" and waiting["done"] == 0 and waiting["total"] == 0
        assert waiting["review"] is None and waiting["moves"] == []
        # The same seat again: the same job, not a second one; another seat of this table: busy.
        same = reviewing.http.post(f"/api/tables/{table_id}/review", json={"seat": 0})
        assert same.status_code == 202 and same.json()["status"] == "running"
        other = reviewing.http.post(f"/api/tables/{table_id}/review", json={"seat": 1})
        assert other.status_code == 429 and other.json()["error"]["code"] == "busy"
        assert "seat 0" in other.json()["error"]["message"]
    finally:
        hold.set()
    assert wait_done(reviewing, table_id, 0)["status"] == "done"
    then = reviewing.http.post(f"/api/tables/{table_id}/review", json={"seat": 1})
    assert then.status_code in (200, 202)
    assert wait_done(reviewing, table_id, 1)["status"] == "done"


def test_the_server_refuses_too_many_reviews(sqlite_url: str) -> None:
    with ServerThread(sqlite_url, review_iterations=TINY, max_reviews=1, reviews_per_hour=2) as server:
        first_id, _ = finished_table(server)
        second_id, _ = finished_table(server)
        third_id, _ = finished_table(server)
        assert server.http.post(f"/api/tables/{first_id}/review", json={"seat": 0}).status_code in (200, 202)
        wait_done(server, first_id, 0)
        assert server.http.post(f"/api/tables/{second_id}/review", json={"seat": 0}).status_code in (200, 202)
        wait_done(server, second_id, 0)
        limited = server.http.post(f"/api/tables/{third_id}/review", json={"seat": 0})
        assert limited.status_code == 429 and limited.json()["error"]["code"] == "rate_limited"
        # A review already made is shown at once, whatever the address's count.
        kept = server.http.post(f"/api/tables/{first_id}/review", json={"seat": 0})
        assert kept.status_code == 200 and kept.json()["status"] == "done"


def test_a_review_beyond_the_servers_slots_waits_its_turn_and_a_full_queue_is_refused(sqlite_url: str) -> None:
    """With one review at a time on the server, a second waits (``queued``, with how many are ahead of it),
    then runs by itself when the first is done; beyond the queue's room, a review is refused (nothing kept)."""
    with ServerThread(sqlite_url, review_iterations=TINY, max_reviews=1, reviews_queued=1) as server:
        first_id, _ = finished_table(server)
        second_id, _ = finished_table(server)
        third_id, _ = finished_table(server)
        hold = hold_workers(server)
        try:
            first = server.http.post(f"/api/tables/{first_id}/review", json={"seat": 0})
            assert first.status_code == 202 and first.json()["status"] == "running"
            second = server.http.post(f"/api/tables/{second_id}/review", json={"seat": 0})
            assert second.status_code == 202, second.text
            assert second.json()["status"] == "queued" and second.json()["ahead"] == 1
            asked = server.http.get(f"/api/tables/{second_id}/review", params={"seat": 0}).json()
            assert asked["status"] == "queued" and asked["ahead"] == 1 and asked["done"] == 0
            # Another seat of the queued review's table: one review at a time per table, queued ones too.
            same_table = server.http.post(f"/api/tables/{second_id}/review", json={"seat": 1})
            assert same_table.status_code == 429 and "queued" in same_table.json()["error"]["message"]
            full = server.http.post(f"/api/tables/{third_id}/review", json={"seat": 0})
            assert full.status_code == 429 and full.json()["error"]["code"] == "busy"
            assert "at most 1 review at once and 1 more are waiting" in full.json()["error"]["message"]
            assert server.http.get(f"/api/tables/{third_id}/review", params={"seat": 0}).status_code == 404
        finally:
            hold.set()
        assert wait_done(server, first_id, 0)["status"] == "done"
        assert wait_queue_done(server, second_id, 0)["status"] == "done"
        # The queue has room again.
        assert server.http.post(f"/api/tables/{third_id}/review", json={"seat": 0}).status_code in (200, 202)
        assert wait_queue_done(server, third_id, 0)["status"] == "done"


def wait_queue_done(server: ServerThread, table_id: str, seat: int, timeout: float = 120.0) -> dict[str, Any]:
    """Poll a review, queued or running, until it ends; its last answer."""
    deadline = time.monotonic() + timeout
    while True:
        data: dict[str, Any] = server.http.get(f"/api/tables/{table_id}/review", params={"seat": seat}).json()
        if data["status"] not in ("queued", "running"):
            return data
        assert time.monotonic() < deadline, f"the review did not end within {timeout} s: {data}"
        time.sleep(0.1)


@pytest.mark.slow
def test_a_review_in_a_process_worker_reports_its_progress(sqlite_url: str) -> None:
    """In the default pool of processes (``dojo serve``'s) a review's progress comes from the worker's file:
    polled while it runs, it goes up decision by decision to the total."""
    with ServerThread(sqlite_url, bot_pool="process", bot_workers=1, review_iterations=150) as server:
        table_id, _ = finished_table(server)
        assert server.http.post(f"/api/tables/{table_id}/review", json={"seat": 0}).status_code == 202
        seen = []
        partial: list[list[dict[str, object]]] = []
        deadline = time.monotonic() + 300
        while True:
            data = server.http.get(f"/api/tables/{table_id}/review", params={"seat": 0}).json()
            seen.append(data["done"])
            if data["status"] != "running":
                break
            # The decisions reviewed so far come with the progress, in the game's order, as many as are done.
            assert len(data["moves"]) == data["done"]
            assert [move["number"] for move in data["moves"]] == list(range(1, data["done"] + 1))
            partial.append(data["moves"])
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert data["status"] == "done", data
        assert seen == sorted(seen) and seen[-1] == data["total"] == len(data["review"]["moves"])
        assert any(0 < done < data["total"] for done in seen), f"no progress seen between 0 and the end: {seen}"
        # Each row shown early is the row of the finished review; once done, only ``review`` carries them.
        for moves in partial:
            assert moves == data["review"]["moves"][:len(moves)]
        assert data["moves"] == []
        assert not list(Path(server.app.state.reviews._progress_folder()).iterdir())  # its file is gone


def test_a_review_with_hindsight_searches_each_decision_on_the_true_position_too(reviewing: ServerThread) -> None:
    table_id, _ = finished_table(reviewing)
    started = reviewing.http.post(f"/api/tables/{table_id}/review", json={"seat": 0, "hindsight": True})
    assert started.status_code in (200, 202) and started.json()["hindsight"] is True
    deadline = time.monotonic() + 120
    while True:
        data = reviewing.http.get(f"/api/tables/{table_id}/review", params={"seat": 0, "hindsight": "true"}).json()
        if data["status"] != "running":
            break
        assert time.monotonic() < deadline
        time.sleep(0.1)
    review = data["review"]
    assert data["status"] == "done" and review["hindsight"] is True and review["moves"]
    for move in review["moves"]:
        truth = move["hindsight"]
        assert truth is not None and truth["played"]["action"] == move["estimate"]["played"]["action"]
        assert 0.0 <= truth["best"]["chance"] <= 1.0
    # The review without hindsight is another one (not started yet), and a bad flag is refused.
    assert reviewing.http.get(f"/api/tables/{table_id}/review", params={"seat": 0}).status_code == 404
    bad = reviewing.http.post(f"/api/tables/{table_id}/review", json={"seat": 0, "hindsight": "yes"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_request"


def test_a_running_reviews_rows_are_read_from_its_file_as_they_come(tmp_path: Path) -> None:
    """A process worker appends the total, then one line of JSON a decision: each question reads what is new,
    leaves a line still being written for the next one, and answers the rows in the game's order."""
    from ninjadojo.server.reviews import ReviewJob

    progress = tmp_path / "progress"
    job = ReviewJob("t", 0, progress_file=str(progress))
    assert job.to_json()["moves"] == [] and job.to_json()["done"] == 0  # nothing written yet
    progress.write_text('{"total":3}\n{"number":2,"mark":null}\n{"number":1,"mark":"bl', encoding="utf-8")
    answer = job.to_json()
    assert (answer["done"], answer["total"]) == (1, 3)
    assert answer["moves"] == [{"number": 2, "mark": None}]
    with progress.open("a", encoding="utf-8") as handle:
        handle.write('under"}\n')
    answer = job.to_json()
    assert (answer["done"], answer["total"]) == (2, 3)
    assert [move["number"] for move in answer["moves"]] == [1, 2]
    assert answer["moves"][0]["mark"] == "blunder"

"""What the server limits (issue 28): request bodies as streamed, bot specs, forwarded addresses, security
headers, slow clients, replays, tables; see docs/server.md, "What the server limits, and why"."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import socket
import time
from typing import Any

from ninjadojo.bots import parse_bot_spec
from ninjadojo.bots.levels import LEVEL_SPECS
from ninjadojo.server.tokens import hash_token
from server.helpers import ServerThread


def raw_request(server: ServerThread, head: bytes, parts: list[bytes], timeout: float = 10.0) -> bytes:
    """Send a request's head and body parts on a raw socket (no end of the body is sent after them), then
    read what the server answers until it closes the connection or ``timeout``."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as sock:
        sock.sendall(head)
        for part in parts:
            try:
                sock.sendall(part)
            except OSError:
                break  # the server answered and closed early
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
                if b"\r\n\r\n" in answer and answer.rstrip().endswith(b"}"):
                    break
        except (TimeoutError, OSError):
            pass
        return answer


def test_a_chunked_body_over_the_limit_is_refused_as_it_streams(server: ServerThread) -> None:
    """The 64 KiB limit counts what is received, not only the Content-Length a client chooses to send."""
    head = (b"POST /api/tables HTTP/1.1\r\nHost: dojo\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
    chunk = b" " * 16_384
    parts = [b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(6)]  # 96 KiB, and the body never ends
    answer = raw_request(server, head, parts)
    status, _, rest = answer.partition(b"\r\n")
    assert status.startswith(b"HTTP/1.1 413"), answer[:200]
    body = json.loads(rest.partition(b"\r\n\r\n")[2])
    assert body["error"]["code"] == "too_large" and "65536 bytes" in body["error"]["message"]
    assert server.dojo.tables == {}


def test_a_chunked_body_within_the_limit_is_read(server: ServerThread) -> None:
    body = json.dumps({"game": "ninja-trap", "players": 2}).encode()
    answer = server.http.post("/api/tables", content=iter([body[:10], body[10:]]),
                              headers={"Content-Type": "application/json"})
    assert answer.status_code == 201, answer.text


BAD_BOT = "ismcts:seconds=3600"


def test_a_bot_spec_that_thinks_too_long_is_refused_wherever_a_bot_is_named(server: ServerThread) -> None:
    """Levels, and bot specs within the budgets the game's levels use, are allowed; an hour a decision is not
    (in a seat, as the timeout bot, replacing a leaving player, or handed a free seat)."""
    def refused(response: Any, where: str) -> None:
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["code"] == "bad_bot" and where in error["message"]
        assert "seconds at most 2" in error["message"] and "easy, medium, hard, expert" in error["message"]

    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": BAD_BOT}]
    refused(server.http.post("/api/tables", json={"game": "ninjitsu", "players": 2, "seats": seats}), "seat 1")
    refused(server.http.post("/api/tables", json={"game": "ninjitsu", "players": 2,
                                                  "settings": {"timeout_bot": BAD_BOT}}), "timeout_bot")
    deep = server.http.post("/api/tables", json={"game": "ninjitsu", "players": 2, "seats": [
        {"type": "human"}, {"type": "bot", "bot": "ismcts:iterations=1000000"}]})
    # The cap is the largest budget Ninjitsu!'s own levels give the search.
    cap = max(int(parse_bot_spec(spec)[1].get("iterations", "0")) for spec in LEVEL_SPECS["ninjitsu"].values())
    assert deep.status_code == 400 and f"iterations at most {cap}," in deep.json()["error"]["message"]
    assert server.dojo.tables == {}
    table_id, tokens = server.create({"game": "ninjitsu", "players": 3, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "open": True}, {"type": "bot", "bot": "ismcts:seconds=1"}]})
    mine = {"X-Seat-Token": tokens["0"]}
    refused(server.http.post(f"/api/tables/{table_id}/seats/1/bot", json={"bot": BAD_BOT}, headers=mine), "'bot'")
    refused(server.http.post(f"/api/tables/{table_id}/leave", json={"replace_with": BAD_BOT}, headers=mine),
            "replace_with")
    live = server.dojo.tables[table_id]
    assert [seat.type for seat in live.seats] == ["human", "human", "bot"] and live.seats[0].status == "invited"


def test_a_table_has_one_bot_decision_in_the_workers_at_a_time(server: ServerThread) -> None:
    """Every table gets its share of the bots' workers: however many of its bots are asked at once (Ninja
    Trap's simultaneous choices), they think one after another."""
    table_id, tokens = server.create({"game": "ninja-trap", "players": 4, "seed": 2,
                                 "settings": {"move_delay": 0, "window_time": 0},
                                 "seats": [{"type": "human", "name": "Ann"}] + [{"type": "bot", "level": "easy"}] * 3})
    live = server.dojo.tables[table_id]
    real = live.pool
    busy: list[int] = []
    most = [0]

    class Counting:
        async def choose(self, bot: Any, view: Any) -> Any:
            busy.append(1)
            most[0] = max(most[0], len(busy))
            try:
                await asyncio.sleep(0.1)
                return await real.choose(bot, view)
            finally:
                busy.pop()

    live.pool = Counting()  # type: ignore[assignment]

    async def scenario() -> None:
        await live.rename(0, "Ann", hash_token(tokens["0"]))  # the table plays: the three bots are asked at once
        deadline = time.monotonic() + 15
        while len(live.game.record.actions) < 3 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    server.run(scenario())
    assert len(live.game.record.actions) >= 3
    assert most[0] == 1


def test_every_response_says_what_the_page_may_load_and_docs_are_off_by_default(server: ServerThread) -> None:
    """CSP, X-Frame-Options, nosniff and a referrer policy on every response (API, errors, the client's
    files); no ``/docs`` page loading swagger-ui from a CDN unless the server is asked for it."""
    for path in ("/api/health", "/api/tables/nosuchtable1", "/", "/js/app.js"):
        response = server.http.get(path)
        headers = response.headers
        assert headers["X-Frame-Options"] == "DENY", path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["Referrer-Policy"] == "no-referrer", path
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self';" in policy and "style-src 'self';" in policy and "unsafe" not in policy
        assert "frame-ancestors 'none'" in policy and f"ws://127.0.0.1:{server.port}" in policy
    assert server.http.get("/docs").status_code == 404
    assert server.http.get("/redoc").status_code == 404


def test_the_client_page_needs_nothing_the_policy_refuses() -> None:
    """No inline script, style or event handler in the page, and styles set through the CSSOM (a style
    attribute is refused by ``style-src 'self'``)."""
    from ninjadojo.web import static_dir

    page = (static_dir() / "index.html").read_text(encoding="utf-8")
    assert "<style" not in page and " style=" not in page and not re.search(r"\son[a-z]+=", page)
    assert all('src="' in tag for tag in re.findall(r"<script[^>]*>", page))
    dom = (static_dir() / "js" / "dom.js").read_text(encoding="utf-8")
    assert "el.style.cssText" in dom
    for module in (static_dir() / "js").rglob("*.js"):
        text = module.read_text(encoding="utf-8")
        assert "setAttribute('style'" not in text and "innerHTML" not in text, module.name


def test_forwarded_addresses_are_trusted_only_from_configured_proxies(sqlite_url: str) -> None:
    """By default a client cannot choose the address its requests are counted under (X-Forwarded-For from
    loopback was trusted): rotating it does not get past the rate limit."""
    with ServerThread(sqlite_url, http_rate=0.01, http_burst=3) as server:
        answers = [server.http.get("/api/health", headers={"X-Forwarded-For": f"198.51.100.{n}"}).status_code
                   for n in range(8)]
        assert answers[:3] == [200] * 3 and set(answers[3:]) == {429}


def test_a_configured_proxy_s_forwarded_address_is_the_client(tmp_path: Any) -> None:
    with ServerThread(f"sqlite:///{tmp_path / 'p.sqlite3'}", serve_options={"forwarded_allow_ips": "127.0.0.1"},
                      http_rate=0.01, http_burst=2) as server:
        one = [server.http.get("/api/health", headers={"X-Forwarded-For": "198.51.100.1"}).status_code
               for _ in range(3)]
        other = server.http.get("/api/health", headers={"X-Forwarded-For": "198.51.100.2"}).status_code
        assert one == [200, 200, 429] and other == 200


def test_a_request_head_that_trickles_in_is_cut_off(sqlite_url: str) -> None:
    """Slowloris: a connection that never finishes its request's head is closed after the header time-out
    (it was held for ever)."""
    with ServerThread(sqlite_url, serve_options={"header_timeout": 1.0}) as server, \
            socket.create_connection(("127.0.0.1", server.port), timeout=15) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: dojo\r\n")
        try:
            closed = sock.recv(1024) == b""
        except TimeoutError:
            closed = False
        assert closed, "the half-sent request was never cut off"
        # A whole request on a kept-alive connection is answered, and the idle connection closed later.
        assert server.http.get("/api/health").status_code == 200


def test_one_address_holds_few_connections_and_health_answers_others(sqlite_url: str) -> None:
    """Connections beyond the cap per address are closed at once; another client is still served."""
    with ServerThread(sqlite_url, serve_options={"connections_per_address": 8}) as server:
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(40)]
        try:
            closed = 0
            for sock in held:
                sock.settimeout(0.5)
                try:
                    closed += sock.recv(16) == b""
                except (TimeoutError, ConnectionResetError):
                    closed += 0
            print(f"\n{closed} of 40 idle connections from one address closed at once (cap 8)")
            assert closed >= 30
            # Another address (the whole 127.0.0.0/8 is loopback) is served meanwhile.
            with socket.create_connection(("127.0.0.1", server.port), timeout=10,
                                          source_address=("127.0.0.2", 0)) as other:
                other.sendall(b"GET /api/health HTTP/1.1\r\nHost: dojo\r\nConnection: close\r\n\r\n")
                assert other.recv(4096).startswith(b"HTTP/1.1 200")
        finally:
            for sock in held:
                sock.close()


def test_repetitive_log_lines_are_rate_limited() -> None:
    from ninjadojo.server.run import RepeatFilter

    now = [0.0]
    limiter = RepeatFilter(lines=5, window=10.0, clock=lambda: now[0])

    def record(text: str) -> logging.LogRecord:
        return logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, text, None, None)

    passed = sum(limiter.filter(record("Invalid HTTP request received.")) for _ in range(90_000))
    assert passed == 5
    assert limiter.filter(record("another kind of line"))
    now[0] = 11.0
    late = record("Invalid HTTP request received.")
    assert limiter.filter(late) and "89995 more like this were not logged" in late.getMessage()


def test_replays_keep_a_bounded_number_of_positions_and_games() -> None:
    """The replay cache kept every position of a game (memory in the square of its length) for every game
    ever replayed; now a few checkpoints per game, of a few games, and each step is still the position."""
    from ninjadojo.api import game_class
    from ninjadojo.server.replays import ReplayCache

    games = []
    for seed in range(3):
        game = game_class("ninja-trap").new(2, {}, seed)
        while not game.is_terminal:
            seat = game.to_act()[0]
            game.apply(seat, game.legal_actions(seat)[-1])
        games.append(game)
    cache = ReplayCache(games=2, checkpoints=4)

    async def scenario() -> None:
        for number, game in enumerate(games):
            expected = list(game.replay_states())
            for step in range(len(expected)):
                position = await cache.position(f"t{number}", game, step)
                assert position.to_notation() == expected[step].to_notation()
            every, kept = cache._kept[f"t{number}"]
            assert len(kept) <= 5 and every == cache.spacing(len(game.record.actions))
        assert len(cache) == 2 and list(cache._kept) == ["t1", "t2"]

    asyncio.run(scenario())


def test_game_length_tables_of_bots_and_tables_per_address_are_capped(sqlite_url: str) -> None:
    """A game may not be made to run for millions of actions, tables of bots only (which play on by
    themselves) are few at a time, and one address creates a bounded number of tables."""
    with ServerThread(sqlite_url, max_bot_tables=1, tables_per_hour=5) as server:
        long = server.http.post("/api/tables", json={"game": "ninja-trap", "players": 2,
                                                     "options": {"max_length": 10_000_000}})
        assert long.status_code == 400
        assert long.json()["error"]["code"] == "bad_option" and "at most 5000" in long.json()["error"]["message"]
        assert server.dojo.tables == {}
        slow_bots = {"game": "ninja-trap", "players": 2, "settings": {"move_delay": 10, "window_time": 0},
                     "seats": [{"type": "bot", "level": "easy"}] * 2}
        server.create(slow_bots)
        busy = server.http.post("/api/tables", json=slow_bots)
        assert busy.status_code == 429 and busy.json()["error"]["code"] == "busy"
        assert "at most 1 tables of bots only" in busy.json()["error"]["message"]
        table_id, tokens = server.create({"game": "ninja-trap", "players": 2, "settings": {"move_delay": 10},
                                          "seats": [{"type": "human", "name": "Ann"}, {"type": "bot"}]})
        left = server.http.post(f"/api/tables/{table_id}/leave", json={"replace_with": "easy"},
                                headers={"X-Seat-Token": tokens["0"]})
        assert left.status_code == 429 and left.json()["error"]["code"] == "busy"
        assert server.dojo.tables[table_id].seats[0].type == "human"
        server.create({"game": "ninja-trap", "players": 2})  # the fifth request to create this hour
        sixth = server.http.post("/api/tables", json={"game": "ninja-trap", "players": 2})
        assert sixth.status_code == 429 and "at most 5 tables an hour" in sixth.json()["error"]["message"]


def test_the_server_s_loggers_are_rate_limited_when_it_serves() -> None:
    from ninjadojo.server.run import LIMITED_LOGGERS, RepeatFilter, limit_logs

    limiter = limit_logs()
    try:
        for name in LIMITED_LOGGERS:
            filters = [each for each in logging.getLogger(name).filters if isinstance(each, RepeatFilter)]
            assert filters == [limiter]
    finally:
        for name in LIMITED_LOGGERS:
            logging.getLogger(name).removeFilter(limiter)

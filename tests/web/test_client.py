"""The browser client against the real server: every game played to its end by clicking against
bots, hidden cards that never reach another seat's page, a reload that keeps the seat, a spectator,
the replay viewer, a phone-sized screen and the keyboard. Screenshots of each board are saved (see
the ``screenshots`` fixture)."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest
from playwright.sync_api import ViewportSize

from ninjadojo.games import game_class
from web.driving import (
    APP,
    DESKTOP,
    PHONE,
    PlayStats,
    act_once,
    app_data,
    board_screenshot,
    client_errors,
    create_in_lobby,
    listed_actions,
    new_page,
    open_seats,
    play_by_clicking,
    seat_token,
    server_state,
    tab_until,
    wait_turn_or_end,
)
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: Each game as the full-game test plays it: players, options (set in the lobby's form), and the
#: action of ours before which the board is photographed (mid-game, with something on the board).
GAMES = {
    "ninjitsu": (2, {"expansions": ["promo", "magic", "sabotage", "elements", "weather"]}, 4),
    "knights-and-ninjas": (3, {}, 4),
    "ninja-trap": (2, {}, 7),
    "ninja-camp": (2, {}, 8),
    "ninjato": (2, {}, 14),
}

#: The deal of a game whose test needs a long enough game: a Ninja Camp game ends when both seats have passed,
#: and random clicks pass early now and then (about one random game of 25 ends after four or five actions,
#: none a move of two clicks). This deal, with the test's clicks, lasts 23 actions, nine of them moves of two clicks.
SEEDS = {"ninja-camp": 2}


def shown_free_actions(page: Any) -> list[str]:
    """The actions of the page's list of free choices ("At any time, for free"), in order."""
    return list(page.eval_on_selector_all(".free-choices button.action-free", "els => els.map(e => e.dataset.action)"))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_is_played_by_clicking(browser: Any, web_server: WebServer, screenshots: Any, game: str) -> None:
    """A table made in the lobby (seat 0 us, bots at the cheapest level, no delays), played to the end
    by clicking things on the board first; the list always offers exactly the legal actions; the
    end screen shows the server's result."""
    players, options, shot_at = GAMES[game]
    context, page, errors = new_page(browser)
    try:
        table_id = create_in_lobby(page, web_server.base, game, players=players, options=options,
                                   seed=SEEDS.get(game))
        token = seat_token(page, table_id)
        compared = []
        shot: list[int] = []

        def check(stats: PlayStats) -> None:
            # Only legal actions are offered: the list is the server's legal actions for this seat.
            if stats.actions % 5 == 0:
                state = server_state(web_server, table_id, token)
                if str(state["index"]) == app_data(page)["index"]:
                    # (as a set: a long list is folded by card, then by ninja, in Ninja Camp, out of the engine's order)
                    assert sorted(listed_actions(page)) == sorted(state["legal"])
                    # Free actions (Shape Shifting's swaps) are offered apart, exactly the server's.
                    assert shown_free_actions(page) == list(state.get("free") or {})
                    compared.append(stats.actions)
            if stats.actions >= shot_at and not shot:
                board_screenshot(page, screenshots / f"{game}.png")
                shot.append(stats.actions)

        stats = play_by_clicking(page, random.Random(f"{game}-1"), seconds=100, on_action=check)
        assert compared, "the list of choices was never compared with the server's legal actions"
        assert stats.board_actions > 0, f"no action was chosen on the board: {stats}"
        if game == "ninja-camp":
            assert stats.multi_click_actions > 0, f"no move was made by clicking a ninja, then a square: {stats}"
        summary = web_server.http.get(f"/api/tables/{table_id}").json()
        assert summary["status"] == "finished"
        result = summary["result"]
        end = page.locator(".end-screen")
        end.wait_for()
        rows = end.locator("tbody tr")
        assert rows.count() == players
        # Each seat's score, under the name of what it counts; a game only won or lost (Ninja Trap) has none.
        scored = bool(game_class(game).SPEC.score_name)
        shown = {}
        for i in range(players):
            label = rows.nth(i).locator(".seat-label").inner_text()
            score = rows.nth(i).locator(".score")
            shown[int(label[1:])] = float(score.inner_text()) if scored else score.count()
        assert shown == {seat: float(score) if scored else 0 for seat, score in enumerate(result["scores"])}
        for winner in result["winners"]:
            assert end.locator("tr.winner .seat-label", has_text=f"P{winner}").count() == 1
        if not shot:  # a short game: photograph its end
            board_screenshot(page, screenshots / f"{game}.png")
        assert (screenshots / f"{game}.png").stat().st_size > 10_000
        if game == "ninja-camp":
            # A rematch: the next table, same seat, a fresh token kept by the browser.
            end.locator("button", has_text="Rematch").click()
            page.wait_for_function("(id) => location.hash.startsWith('#/table/') && !location.hash.endsWith(id)",
                                   arg=table_id)
            page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
            new_id = page.evaluate("() => location.hash.split('/')[2]")
            assert web_server.http.get(f"/api/tables/{new_id}").json()["rematch_of"] == table_id
        assert not errors, errors
        assert not client_errors(page), client_errors(page)
    finally:
        context.close()


def test_the_lobby_lists_open_tables_to_join_and_my_tables(browser: Any, web_server: WebServer) -> None:
    """A table with an open seat is listed in the lobby; joining it from another browser takes the seat
    (the page then plays as it), and both browsers list the table under "My tables"."""
    context_a, page_a, errors_a = new_page(browser)
    context_b, page_b, errors_b = new_page(browser)
    try:
        page_a.goto(f"{web_server.base}/#/")
        page_a.wait_for_selector("#create-table")
        page_a.fill("#my-name", "Ann")
        page_a.select_option("#new-game", "ninja-camp")
        page_a.select_option("#seat-type-1", "open")
        page_a.click("#create-table")
        page_a.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
        table_id = page_a.evaluate("() => location.hash.split('/')[2]")
        page_a.wait_for_function(f"() => document.querySelector('{APP}').dataset.status === 'waiting'")

        page_b.goto(f"{web_server.base}/#/")
        page_b.fill("#my-name", "Bo")
        item = page_b.locator(f'#open-tables [data-table="{table_id}"]')
        item.wait_for()
        item.locator("button", has_text="Join").click()
        page_b.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '1'")
        for page in (page_a, page_b):
            page.wait_for_function(f"() => document.querySelector('{APP}').dataset.status === 'playing'")
        assert web_server.http.get(f"/api/tables/{table_id}").json()["seats"][1]["name"] == "Bo"
        for page in (page_a, page_b):
            page.goto(f"{web_server.base}/#/")
            page.locator(f'#my-tables [data-table="{table_id}"]').wait_for()
        assert not errors_a and not errors_b, errors_a + errors_b
    finally:
        context_a.close()
        context_b.close()


# ---------------------------------------------------------------------- hidden cards


def as_word(code: str) -> re.Pattern[str]:
    """A card id as a whole word (not inside a table id, a token or another word)."""
    return re.compile(rf"(?<![A-Za-z0-9_-]){re.escape(code)}(?![A-Za-z0-9_-])")


def hidden_from(viewer_view: dict[str, Any], holder_view: dict[str, Any], holder: int) -> list[str]:
    """The cards in the holder's hand and secrets that the viewer's view does not mention anywhere
    (its log included: a card the log names to the viewer is not hidden from it)."""
    own = holder_view["seats"][holder]
    visible = json.dumps(viewer_view)
    return [code for code in own["hand"] + own["secrets"] if not as_word(code).search(visible)]


def assert_not_in_page(page: Any, codes: list[str], viewer_view: dict[str, Any], names: dict[str, str]) -> int:
    """No hidden card's id (as a whole word) is in the page; nor its name, unless the viewer's view
    mentions a card of that name (its own Katana when the hidden one is another Katana). Returns how
    many checks were made."""
    content = page.content()
    visible = json.dumps(viewer_view)
    seen_names = {names[code] for code in names if as_word(code).search(visible)}
    checks = 0
    for code in codes:
        found = as_word(code).search(content)
        assert not found, (f"the hidden card {code} is in the other seat's page: "
                           f"...{content[max(0, found.start() - 200):found.end() + 100]}...")
        checks += 1
        if names[code] not in seen_names and names[code] not in visible:
            assert names[code] not in content, f"the hidden card {code} ({names[code]}) is named in the other's page"
            checks += 1
    return checks


def test_a_hidden_card_never_reaches_the_other_players_page(browser: Any, web_server: WebServer) -> None:
    """Two browser contexts, two players of Ninjitsu!: after every action, the cards in one player's hand
    and secrets that the other may not know (by the server's views) are nowhere in the other's page,
    neither their ids nor their names. The second player joins by the invitation link."""
    names = {card["code"]: card["name"] for card in web_server.http.get("/api/games/ninjitsu").json()["cards"]}
    context_a, page_a, errors_a = new_page(browser)
    context_b, page_b, errors_b = new_page(browser)
    try:
        table_id = create_in_lobby(page_a, web_server.base, "ninjitsu", players=2, friends=(1,), name="Ann")
        link = page_a.locator(".invites .link-field").first.input_value()
        assert re.search(rf"#/table/{table_id}/1/[A-Za-z0-9_-]{{32}}$", link)
        token_a = seat_token(page_a, table_id)
        page_a.click("#go-to-table")
        page_b.goto(link)
        page_b.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '1'")
        # The token is kept, then taken out of the address bar (and of the history entry).
        assert "/1/" not in page_b.evaluate("() => location.hash")
        token_b = seat_token(page_b, table_id)
        rng = random.Random("hidden")
        checks = 0
        stats = PlayStats()
        for _ in range(14):
            deadline = time.monotonic() + 20
            while True:
                data = [app_data(page_a), app_data(page_b)]
                if any(d.get("status") == "finished" for d in data) or any(d.get("canAct") == "yes" for d in data):
                    break
                assert time.monotonic() < deadline, "neither player was asked to act"
                time.sleep(0.05)
            if any(d.get("status") == "finished" for d in data):
                break
            # Both pages have drawn the latest state before they are searched.
            for page, token in ((page_a, token_a), (page_b, token_b)):
                page.wait_for_function(f"(i) => document.querySelector('{APP}').dataset.index === i",
                                       arg=str(server_state(web_server, table_id, token)["index"]))
            view_a = server_state(web_server, table_id, token_a)["view"]
            view_b = server_state(web_server, table_id, token_b)["view"]
            checks += assert_not_in_page(page_a, hidden_from(view_a, view_b, 1), view_a, names)
            checks += assert_not_in_page(page_b, hidden_from(view_b, view_a, 0), view_b, names)
            acting = page_a if data[0].get("canAct") == "yes" else page_b
            act_once(acting, rng, stats)
        assert checks >= 20, f"too few hidden cards were checked ({checks})"
        assert not errors_a and not errors_b, errors_a + errors_b
    finally:
        context_a.close()
        context_b.close()


def test_a_simultaneous_choice_waits_for_the_others(browser: Any, web_server: WebServer) -> None:
    """Ninja Trap, two players: the first to lay a trap (one click on a card of the hand) is told it
    waits for the others and is offered nothing more; the other still chooses; when both have chosen
    both go on to the next stage."""
    table_id, tokens = web_server.create({"game": "ninja-trap", "players": 2, "settings": QUICK,
                                          "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    pages: list[Any] = []
    contexts: list[Any] = []
    try:
        open_seats(browser, web_server, table_id, tokens, contexts, pages)
        for page in pages:
            assert wait_turn_or_end(page, 20) == "act"
        first, second = pages
        first.locator(".hand .card.actionable").first.click()
        first.locator(".waiting-others").wait_for()
        assert "waiting for the others" in first.locator(".prompt").inner_text()
        assert app_data(first)["canAct"] == "no"
        assert first.locator(".board [data-keys].actionable").count() == 0
        assert app_data(second)["canAct"] == "yes"
        assert second.locator(".waiting-others").count() == 0
        second.locator(".hand .card.actionable").first.click()
        for page in pages:
            page.locator(".trap-facts", has_text="Stage: move").wait_for()
            assert wait_turn_or_end(page, 20) == "act"
    finally:
        for context in contexts:
            context.close()


# ---------------------------------------------------------------------- reconnect, spectators


def test_a_reload_restores_the_seat_and_a_spectator_sees_the_spectator_view(browser: Any,
                                                                            web_server: WebServer) -> None:
    """After a reload the page is the same seat (its token kept in localStorage, not in the URL) with
    its hand, and plays on; a spectator's page shows the spectator view (no hand, no choices) and
    follows the game."""
    context, page, errors = new_page(browser)
    watcher_context, watcher, watcher_errors = new_page(browser)
    try:
        table_id = create_in_lobby(page, web_server.base, "ninjitsu", players=2)
        token = seat_token(page, table_id)
        rng = random.Random("reload")
        stats = PlayStats()
        assert wait_turn_or_end(page, 20) == "act"
        act_once(page, rng, stats, board_share=0.0)
        page.reload()
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
        assert page.evaluate("() => location.hash") == f"#/table/{table_id}"
        state = server_state(web_server, table_id, token)
        page.wait_for_function(f"(i) => document.querySelector('{APP}').dataset.index === i", arg=str(state["index"]))
        hand = state["view"]["seats"][0]["hand"]
        assert page.locator(".hand .card").count() == len(hand)
        for code in hand:
            assert page.locator(f'.hand .card[data-code="{code}"]').count() == 1
        if wait_turn_or_end(page, 20) == "act":
            act_once(page, rng, stats)

        watcher.goto(f"{web_server.base}/#/watch/{table_id}")
        watcher.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === 'spectator'")
        spectated = server_state(web_server, table_id, None)
        watcher.wait_for_function(f"(i) => document.querySelector('{APP}').dataset.index === i",
                                  arg=str(spectated["index"]))
        assert "You are watching" in watcher.locator(".who").inner_text()
        assert watcher.locator(".hand").count() == 0
        assert watcher.locator(".action-list button").count() == 0
        assert watcher.locator(".board [data-keys].actionable").count() == 0
        seat0 = server_state(web_server, table_id, token)["view"]["seats"][0]
        public = json.dumps(spectated["view"])
        for code in seat0["hand"] + seat0["secrets"]:
            if f'"{code}"' not in public:
                assert watcher.locator(f'.card[data-code="{code}"]').count() == 0, code
        # Each seat's secrets show as backs, as many as the spectator view counts.
        for seat in spectated["view"]["seats"]:
            assert watcher.locator(f'[data-keys^="secret:{seat["seat"]}."]').count() == seat["secret_count"]
        # The spectator follows the game: the player's next action reaches it.
        if wait_turn_or_end(page, 20) == "act":
            before = app_data(watcher)["index"]
            act_once(page, rng, stats)
            watcher.wait_for_function(f"(i) => document.querySelector('{APP}').dataset.index !== i", arg=before)
        assert not errors and not watcher_errors, errors + watcher_errors
    finally:
        context.close()
        watcher_context.close()


# ---------------------------------------------------------------------- replay


def finished_bot_game(server: WebServer, game: str, players: int) -> str:
    """A table of bots only, played to its end by the server; its id."""
    table_id, _ = server.create({"game": game, "players": players, "seed": 11, "settings": QUICK,
                                 "seats": [{"type": "bot", "level": "easy"} for _ in range(players)]})
    deadline = time.monotonic() + 60
    while server.http.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return table_id


def test_the_replay_viewer_steps_plays_and_seeks_from_any_seat(browser: Any, web_server: WebServer) -> None:
    """A finished game's replay: it opens at the end with the result, goes to the start, steps with the
    buttons and the arrow keys, seeks with the slider, plays, and shows any seat's view (that seat's
    hand as the server replays it)."""
    table_id = finished_bot_game(web_server, "ninja-trap", 2)
    record = web_server.http.get(f"/api/tables/{table_id}/record").json()
    steps = len(record["actions"])
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/replay/{table_id}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.step === '{steps}'")
        assert page.locator(".end-screen").count() == 1
        # The log names the players as the live table did ("P1 (easy bot)"), not as the engine's bare P1.
        assert "bot)" in page.locator(".log").inner_text()
        page.click("button[aria-label='to the start']")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.step === '0'")
        assert "the deal" in page.locator(".replay-where").inner_text()
        page.click("button[aria-label='one step forward (→)']")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.step === '1'")
        seat, action = record["actions"][0]
        assert f"P{seat}" in page.locator(".replay-where").inner_text()
        assert page.locator(".replay-where").get_attribute("data-action") == action
        # A trap laid face down, at once with the other seat: the spectators saw only that a choice was made.
        caption = page.locator(".replay-where").inner_text()
        assert "chose in secret" in caption and "Set a trap" not in caption, caption
        # As its own player saw it: the choice in the engine's words, told of its player (the server's ``told``).
        page.select_option("#replay-seat", str(seat))
        label = web_server.http.get(f"/api/tables/{table_id}/replay", params={"step": 1, "seat": seat}).json()["told"]
        page.wait_for_function("() => document.querySelector('.replay-where').textContent.includes('chose “')")
        caption = page.locator(".replay-where").inner_text().replace(" (easy bot)", "")  # (a seat named in it)
        assert label and f"chose “{label}”" in caption, caption
        page.locator("body").press("ArrowRight")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.step === '2'")
        # Seat 1's view at step 2: its hand, as the server replays it.
        page.select_option("#replay-seat", "1")
        expected = web_server.http.get(f"/api/tables/{table_id}/replay", params={"step": 2, "seat": 1}).json()
        hand = expected["view"]["hand"]
        # Wait for seat 1's cards, not merely as many cards: the other seat's hand can be as long.
        page.wait_for_function(
            "(want) => JSON.stringify([...document.querySelectorAll('.hand .card')].map(e => e.dataset.code).sort())"
            " === JSON.stringify(want)", arg=sorted(hand))
        assert sorted(page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.code)")) == sorted(hand)
        middle = steps // 2
        page.locator("#replay-seek").fill(str(middle))
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.step === '{middle}'")
        page.select_option("#replay-speed", "0.5")
        page.click("#replay-play")
        page.wait_for_function(f"() => Number(document.querySelector('{APP}').dataset.step) >= {middle + 2}")
        page.click("#replay-play")  # pause
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize(("game", "hidden"), [("ninja-camp", False), ("ninja-trap", True)])
def test_the_review_offers_hindsight_only_where_something_is_hidden(browser: Any, web_server: WebServer, game: str,
                                                                    hidden: bool) -> None:
    """Ninja Camp hides nothing (its catalogue entry says so): a search "with every hidden card shown" would be
    the same search, so its review does not offer it; Ninja Trap's does. Ninja Trap hides your own traps from you,
    and the search remembers where you laid them, as a careful player does: its review says so."""
    table_id = finished_bot_game(web_server, game, 2)
    games = web_server.http.get("/api/games").json()
    games = games["games"] if isinstance(games, dict) else games
    assert next(entry for entry in games if entry["id"] == game)["hidden"] is hidden
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/watch/{table_id}")
        page.locator(".end-screen #open-review").click()
        page.locator("dialog.review-dialog").wait_for(state="visible")
        assert (page.locator("#review-hindsight").count() == 1) is hidden
        intro = page.locator(".review-intro").inner_text()
        assert ("never the hidden cards" in intro) is hidden
        remembers = next(entry for entry in games if entry["id"] == game)["remembers"]
        assert remembers is (game == "ninja-trap")
        assert ("remembered of its own moves (where it laid its face-down traps)" in intro) is remembers, intro
        assert not errors, errors
    finally:
        context.close()


def test_a_replay_of_a_game_in_progress_is_refused(browser: Any, web_server: WebServer) -> None:
    """The record and the replay tell every card: both are refused while the game is on, and the
    viewer says so instead of drawing anything."""
    table_id, _ = web_server.create({"game": "ninjitsu", "players": 2, "seats": [{"type": "human"},
                                                                                 {"type": "bot"}]})
    assert web_server.http.get(f"/api/tables/{table_id}/replay").status_code == 403
    context, page, _ = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/replay/{table_id}")
        page.locator("[role=alert]").wait_for()
        assert "No replay" in page.locator("[role=alert]").inner_text()
    finally:
        context.close()


# ---------------------------------------------------------------------- phone, keyboard


def open_seat(browser: Any, server: WebServer, game: str, players: int,
              viewport: ViewportSize) -> tuple[Any, Any, str]:
    """A new table of ``game`` (seat 0 human, bots elsewhere), opened by seat 0's invitation link."""
    table_id, tokens = server.create({"game": game, "players": players, "settings": QUICK, "seed": 5,
                                      "seats": [{"type": "human", "name": "Ann"}]
                                      + [{"type": "bot", "level": "easy"}] * (players - 1)})
    context, page, _ = new_page(browser, viewport)
    page.goto(f"{server.base}/#/table/{table_id}/0/{tokens['0']}")
    page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
    page.locator(".board > div").wait_for()
    return context, page, table_id


@pytest.mark.parametrize("game", list(GAMES))
def test_every_board_fits_a_phone(browser: Any, web_server: WebServer, screenshots: Any, game: str) -> None:
    """On a phone-sized screen (390 px) no board is wider than the screen (nothing to scroll sideways)
    and the list of choices is on the page."""
    context, page, _ = open_seat(browser, web_server, game, GAMES[game][0], PHONE)
    try:
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{game}: the page is {width} px wide on a {PHONE['width']} px screen"
        # No card's short text runs out of its card (Knights' "attack/respond" did, on the hand laid out).
        spilled = page.eval_on_selector_all(".card-short", "els => els.filter(e => e.offsetParent && "
                                            "e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
        assert not spilled, f"{game}: {spilled}"
        assert page.locator(".actions").is_visible()
        if game == "ninja-camp":
            # The squares show letters alone here: a key under the board names them.
            key = page.locator(".camp-key")
            assert key.is_visible() and "S\u00a0Stealth" in key.inner_text()
        board_screenshot(page, screenshots / f"phone-{game}.png", width=PHONE["width"])
        assert (screenshots / f"phone-{game}.png").stat().st_size > 10_000
    finally:
        context.close()


def test_the_keyboard_alone_plays(browser: Any, web_server: WebServer) -> None:
    """Tab reaches the highlighted cards; Enter picks one, the chooser's buttons follow by Tab, Enter
    sends; the list's buttons work with Space; Escape cancels a selection."""
    context, page, table_id = open_seat(browser, web_server, "ninjitsu", 2, DESKTOP)
    try:
        assert wait_turn_or_end(page, 20) == "act"
        before = app_data(page)["index"]
        # Tab until a card of the hand has the focus (the page's order: board first).
        tab_until(page, ".hand .card.actionable", 80)
        page.keyboard.press("Enter")
        assert page.locator(".hand .card.selected").count() == 1
        page.keyboard.press("Escape")
        assert page.locator(".hand .card.selected").count() == 0
        page.keyboard.press("Enter")
        page.locator(".chooser").wait_for()
        tab_until(page, ".chooser button.choice", 80)
        page.keyboard.press("Enter")
        page.wait_for_function(f"(i) => document.querySelector('{APP}').dataset.index !== i", arg=before)
        if wait_turn_or_end(page, 20) == "act":
            before = app_data(page)["index"]
            page.locator(".action-list button.action").first.focus()
            page.keyboard.press(" ")
            page.wait_for_function(f"(i) => document.querySelector('{APP}').dataset.index !== i", arg=before)
        assert table_id
    finally:
        context.close()


def test_a_chooser_opened_on_one_copy_of_a_card_names_no_copy_number(browser: Any, web_server: WebServer) -> None:
    """Two copies of a card read alike, and the engine numbers them ("(copy 2)"): the list shows each such choice
    once, without the number (nothing tells the copies apart for the seat); clicking one copy in the hand opens
    a chooser of that copy's choices, which need no number either (the engine's words for game 17: seat 0 holds
    two Masters of Planning and plays first)."""
    from ninjadojo.api import new_game

    game = new_game("ninjitsu", 2, {}, 17)
    numbered = [text for text in game.labels(0).values() if "(copy" in text]
    assert numbered, "the seed no longer deals two alike cards to seat 0: choose another"
    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]
    table_id, tokens = web_server.create({"game": "ninjitsu", "players": 2, "settings": QUICK, "seed": 17,
                                          "seats": seats})
    context, page, _ = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 20) == "act"
        listed = page.locator(".action-list .action-words").all_text_contents()
        assert not any("copy" in text for text in listed), listed
        assert len(listed) == len(set(listed)), listed  # each choice once
        # ("(copy 2)", or inside the words' own bracket: "(it would do nothing now, copy 2)")
        copies = [text for text in game.labels(0).values() if text.endswith("copy 2)")]
        assert copies and all(text.replace(" (copy 2)", "").replace(", copy 2)", ")") in listed
                              for text in copies), (copies, listed)
        assert len(listed) == len(game.labels(0)) - len(copies)
        # The list still stands for every legal action: a button names the copies it stands for (data-copies).
        assert sorted(listed_actions(page)) == sorted(game.labels(0))
        page.locator(".hand .card.actionable", has_text="Master of Planning").first.click()
        page.locator(".chooser").wait_for()
        offered = page.locator(".chooser button.choice").all_inner_texts()
        assert offered and all("Master of Planning" in text for text in offered), offered
        assert not any("(copy" in text for text in offered), offered
        assert len(set(offered)) == len(offered), offered
    finally:
        context.close()


def test_house_rules_are_folded_in_the_lobby_and_reach_the_table(browser: Any, web_server: WebServer) -> None:
    """The options that switch a ruling sit under "House rules" (closed at first); one set there is the
    table's option, and the game's other options stay in the main form."""
    catalogue = {game["id"]: game for game in web_server.http.get("/api/games").json()}
    options = catalogue["knights-and-ninjas"]["options"]
    house = [option["name"] for option in options if option["ruling"] is not None]
    plain = [option["name"] for option in options if option["ruling"] is None and option["name"] != "max_length"]
    assert "pre_attacks" in house
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        page.select_option("#new-game", "knights-and-ninjas")
        details = page.locator("details.house-rules")
        assert details.is_visible() and details.get_attribute("open") is None
        for name in house:
            assert page.locator(f"details.house-rules #opt-{name}").count() == 1, name
        for name in plain:
            assert page.locator(f"fieldset.options #opt-{name}").count() == 1, name
        details.locator("summary").click()
        page.select_option("#opt-pre_attacks", "any-time")
        page.click("#create-table")
        page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
        table_id = page.evaluate("() => location.hash.split('/')[2]")
        table = web_server.http.get(f"/api/tables/{table_id}").json()
        assert table["options"].get("pre_attacks") == "any-time", table["options"]
        defaults = {option["name"]: option["default"] for option in options}
        assert {name: value for name, value in table["options"].items() if name != "pre_attacks"} == {
            name: value for name, value in defaults.items() if name != "pre_attacks"}, "only pre_attacks was changed"
        assert not errors, errors
    finally:
        context.close()


def test_a_card_s_short_text_stays_on_the_card_on_a_phone(browser: Any, web_server: WebServer) -> None:
    """Of Knights and Ninjas' Peasant, "strength 1 each: attack/respond, revolt", ran past the right border of
    its card in a phone's hand laid out on the board (the word "attack/respond" has no place to break)."""
    before = web_server.dojo.exact_seeds
    web_server.dojo.exact_seeds = True  # seed 1 deals seat 0 two Peasants
    try:
        table_id, tokens = web_server.create({"game": "knights-and-ninjas", "players": 4, "settings": QUICK,
                                              "seed": 1, "seats": [{"type": "human", "name": "Ann"}]
                                              + [{"type": "bot", "level": "easy"}] * 3})
    finally:
        web_server.dojo.exact_seeds = before
    context, page, errors = new_page(browser, PHONE)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.locator(".hand .card[data-code='pe'] .card-short").first.wait_for(state="attached")
        # The hand in its place on the board (docked at the screen's foot, its short texts are not shown).
        page.evaluate("() => { const at = document.querySelector('.hand-slot') || document.querySelector("
                      "'.card-row.hand'); window.scrollTo(0, at.getBoundingClientRect().top + window.scrollY - 200); }")
        page.wait_for_function("(sel) => [...document.querySelectorAll(sel)].some(e => e.offsetParent)",
                               arg=".hand .card[data-code='pe'] .card-short")
        spilled = page.eval_on_selector_all(".card-short", "els => els.filter(e => e.offsetParent && "
                                            "e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
        assert not spilled, spilled
        assert not errors, errors
    finally:
        context.close()

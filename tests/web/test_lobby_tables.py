"""The lobby in plain words (issue 24): presets in the new-table form ("Base game", "All expansions",
"Default rules"), tables listed with what they are (the game, the players, whose turn in names, how long
since the last move), and "My tables" hiding finished tables or forgetting one."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from web.driving import PHONE, TALL, new_page, quick_settings, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: How long ago the last move was, as the lobby words it.
AGO = re.compile(r"^(just now|\d+ min ago|\d+ h ago|1 day ago|\d+ days ago)$")


def catalogue(server: WebServer) -> dict[str, dict[str, Any]]:
    """The server's catalogue by game id."""
    return {game["id"]: game for game in server.http.get("/api/games").json()}


def summary(server: WebServer, table_id: str) -> dict[str, Any]:
    """A table's summary as the server gives it."""
    return dict(server.http.get(f"/api/tables/{table_id}").json())


def create_from_form(page: Any) -> str:
    """Create the table the form describes (2 players, the other a bot, no waiting); its id."""
    page.select_option("#new-players", "2")
    page.select_option("#seat-level-1", "easy")
    quick_settings(page)
    page.click("#create-table")
    page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
    return str(page.evaluate("() => location.hash.split('/')[2]"))


def open_new_table_form(page: Any, base: str, game: str) -> None:
    page.goto(f"{base}/#/")
    page.wait_for_selector("#create-table")
    page.select_option("#new-game", game)


def test_all_expansions_and_base_game_presets_make_the_table_they_say(browser: Any, web_server: WebServer) -> None:
    expansions = next(option for option in catalogue(web_server)["ninjitsu"]["options"]
                      if option["name"] == "expansions")
    context, page, errors = new_page(browser, TALL)
    try:
        open_new_table_form(page, web_server.base, "ninjitsu")
        page.click(".presets .preset[data-preset='all-expansions']")
        for choice in expansions["choices"]:
            assert page.is_checked(f"#opt-expansions-{choice}"), choice
        table_id = create_from_form(page)
        played = summary(web_server, table_id)
        assert played["options"]["expansions"].split(",") == ["promo", "magic", "sabotage", "elements", "weather"]
        assert set(played["sets"]) >= {"promo", "magic", "sabotage", "elements", "weather"}

        # "Base game" takes every expansion out again (some chosen by hand first).
        open_new_table_form(page, web_server.base, "ninjitsu")
        page.check("#opt-expansions-magic")
        page.check("#opt-expansions-weather")
        page.click(".presets .preset[data-preset='base']")
        for choice in expansions["choices"]:
            assert not page.is_checked(f"#opt-expansions-{choice}"), choice
        table_id = create_from_form(page)
        played = summary(web_server, table_id)
        assert played["options"].get("expansions", "") == ""
        assert played["sets"] == []
        assert not errors, errors
    finally:
        context.close()


def test_default_rules_resets_every_option_house_rules_too(browser: Any, web_server: WebServer) -> None:
    games = catalogue(web_server)
    context, page, errors = new_page(browser, TALL)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        for game_id, game in games.items():
            page.select_option("#new-game", game_id)
            presets = page.eval_on_selector_all(".presets .preset", "els => els.map((el) => el.textContent)")
            has_sets = any(option["group"] == "Expansions" and option["type"] == "set" and not option["requires"]
                           for option in game["options"])
            wanted = ["Base game", "All expansions", "Default rules"] if has_sets else ["Default rules"]
            assert presets == wanted, (game_id, presets)
            # Every checkbox option turned away from its default, house rules (folded away) included.
            house = page.locator("details.house-rules")
            if house.is_visible() and house.get_attribute("open") is None:
                house.locator("summary").click()
            changed = []
            for option in game["options"]:
                field = page.locator(f"#opt-{option['name']}")
                if option["type"] == "bool" and field.is_visible():
                    field.set_checked(not option["default"])
                    changed.append(option["name"])
            assert changed, game_id
            page.click(".presets .preset[data-preset='default']")
            for option in game["options"]:
                if option["type"] == "bool":
                    assert page.is_checked(f"#opt-{option['name']}") == option["default"], (game_id, option["name"])
        # At a table, "Default rules" sends no option at all: every option is the game's default.
        open_new_table_form(page, web_server.base, "ninjitsu")
        page.check("#opt-expansions-elements")
        page.fill("#opt-target", "30")
        page.click(".presets .preset[data-preset='default']")
        table_id = create_from_form(page)
        defaults = {option["name"]: option["default"] for option in games["ninjitsu"]["options"]}
        for name, value in summary(web_server, table_id)["options"].items():
            assert value == defaults[name], name
        assert not errors, errors
    finally:
        context.close()


def seated(page: Any, base: str, seats: dict[str, tuple[int, str, str]]) -> None:
    """Open the lobby in a browser holding these seats ({table: (seat, token, game)})."""
    page.goto(f"{base}/#/")
    held = {table: {"seat": seat, "token": token, "game": game, "added": 1} for table, (seat, token, game)
            in seats.items()}
    page.evaluate("(held) => localStorage.setItem('dojo.seats', held)", json.dumps(held))
    page.reload()
    page.wait_for_selector("#my-tables .table-item")


def two_humans(server: WebServer, game: str) -> tuple[str, dict[str, str]]:
    """A table of Ann and an open seat, then Bo takes it: playing, both names known."""
    table_id, tokens = server.create({"game": game, "players": 2, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "open": True}]})
    joined = server.http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    return table_id, {**tokens, "1": joined.json()["token"]}


def test_each_listing_says_the_game_players_whose_turn_and_since_when(browser: Any, web_server: WebServer,
                                                                     screenshots: Path) -> None:
    open_id, _ = web_server.create({"game": "ninja-trap", "players": 3, "settings": QUICK, "seats": [
        {"type": "human", "name": "Cy"}, {"type": "human", "open": True}, {"type": "bot", "level": "easy"}]})
    playing_id, tokens = two_humans(web_server, "ninjitsu")
    finished_id, finished_tokens = two_humans(web_server, "ninja-trap")
    web_server.play_out(finished_id)
    context, page, errors = new_page(browser, TALL)
    try:
        seated(page, web_server.base, {playing_id: (0, tokens["0"], "ninjitsu"),
                                       finished_id: (0, finished_tokens["0"], "ninja-trap")})
        # Ann's seat is taken once her browser comes to the table: the game is then played.
        page.goto(f"{web_server.base}/#/table/{playing_id}")
        page.wait_for_function("() => document.querySelector('#app').dataset.status === 'playing'")
        assert summary(web_server, playing_id)["status"] == "playing"
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector(f"#my-tables .table-item[data-table='{playing_id}']")
        for list_id, table_id in (("open-tables", open_id), ("playing-tables", playing_id),
                                  ("finished-tables", finished_id), ("my-tables", playing_id),
                                  ("my-tables", finished_id)):
            table = summary(web_server, table_id)
            item = page.locator(f"#{list_id} .table-item[data-table='{table_id}']")
            item.wait_for()
            line = item.locator(".table-line").inner_text()
            assert table["title"] in line and f"{table['players']} players" in line, (list_id, line)
            when = item.locator(".table-ago time")
            assert when.get_attribute("datetime") == table["updated"], (list_id, table["updated"])
            assert AGO.match(when.inner_text()), when.inner_text()
            if table["status"] != "playing":
                assert not item.locator(".table-turn").count(), list_id
                continue
            # Whose turn, by the seat's name (never "P1"); at my table, mine is "▶ your turn".
            waiting = table["waiting_for"]
            assert len(waiting) == 1
            name = table["seats"][waiting[0]]["name"]
            if list_id == "my-tables" and waiting == [0]:
                assert "your turn" in item.locator(".tag-turn").inner_text()
            else:
                assert item.locator(".table-turn").inner_text().strip() == f"· {name}'s turn", list_id
        assert not errors, errors
        page.screenshot(path=str(screenshots / "lobby-tables.png"), full_page=True)
        phone, phone_page, phone_errors = new_page(browser, PHONE)
        try:
            seated(phone_page, web_server.base, {playing_id: (0, tokens["0"], "ninjitsu"),
                                                 finished_id: (0, finished_tokens["0"], "ninja-trap")})
            phone_page.locator("#my-tables").scroll_into_view_if_needed()
            phone_page.screenshot(path=str(screenshots / "lobby-tables-phone.png"), full_page=True)
            width = phone_page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= PHONE["width"], width
            assert not phone_errors, phone_errors
        finally:
            phone.close()
    finally:
        context.close()


def test_my_tables_hides_finished_and_abandoned_tables_and_forgets_one(browser: Any,
                                                                       web_server: WebServer) -> None:
    playing_id, tokens = two_humans(web_server, "ninja-trap")
    finished_id, finished_tokens = two_humans(web_server, "ninja-trap")
    web_server.play_out(finished_id)
    assert summary(web_server, finished_id)["status"] == "finished"
    # Abandoned: not finished, no move for 7 days (white box: its last change put back 8 days).
    abandoned_id, abandoned_tokens = two_humans(web_server, "ninja-trap")
    web_server.dojo.tables[abandoned_id].updated = time.time() - 8 * 86400
    context, page, errors = new_page(browser, TALL)
    try:
        seated(page, web_server.base, {playing_id: (0, tokens["0"], "ninja-trap"),
                                       finished_id: (0, finished_tokens["0"], "ninja-trap"),
                                       abandoned_id: (0, abandoned_tokens["0"], "ninja-trap")})
        mine = page.locator("#my-tables")
        finished = mine.locator(f".table-item[data-table='{finished_id}']")
        abandoned = mine.locator(f".table-item[data-table='{abandoned_id}']")
        finished.wait_for()
        abandoned.wait_for()
        assert abandoned.locator(".tag.abandoned").inner_text() == "abandoned"
        assert not mine.locator(f".table-item[data-table='{playing_id}'] .tag.abandoned").count()
        assert not page.is_checked("#hide-finished")
        page.check("#hide-finished")
        finished.wait_for(state="detached")
        assert not abandoned.count()
        assert mine.locator(f".table-item[data-table='{playing_id}']").count() == 1
        assert mine.locator(".hidden-count").inner_text() == "2 finished or abandoned tables hidden."
        # The toggle is remembered in this browser.
        page.reload()
        page.wait_for_selector(f"#my-tables .table-item[data-table='{playing_id}']")
        assert page.is_checked("#hide-finished")
        assert not finished.count()
        page.uncheck("#hide-finished")
        finished.wait_for()
        # A game in play has no Remove; a finished one does, and it leaves My tables (and this browser).
        assert not mine.locator(f".table-item[data-table='{playing_id}'] .remove-table").count()
        finished.locator(".remove-table").click()
        finished.wait_for(state="detached")
        abandoned.locator(".remove-table").click()
        abandoned.wait_for(state="detached")
        held = json.loads(page.evaluate("() => localStorage.getItem('dojo.seats')"))
        assert finished_id not in held and abandoned_id not in held and playing_id in held
        # The game itself stays on the server: still in the finished games, to replay.
        page.locator(f"#finished-tables .table-item[data-table='{finished_id}']").wait_for()
        assert not errors, errors
    finally:
        context.close()


def test_a_link_with_a_wrong_seat_token_is_refused_and_keeps_the_seat_held_before(
        browser: Any, web_server: WebServer) -> None:
    """Opening a table's link with a wrong seat token says so once, in words, and leaves this browser in the
    seat it held there (and the table in "My tables"); without a seat before, it watches."""
    context, page, errors = new_page(browser, TALL)
    try:
        open_new_table_form(page, web_server.base, "ninja-camp")
        table_id = create_from_form(page)
        wait_turn_or_end(page, 20)
        token = page.evaluate("(id) => JSON.parse(localStorage.getItem('dojo.seats'))[id].token", table_id)
        toasts: list[str] = []
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{'B' * 32}")
        toast = page.wait_for_selector(".toast-error", timeout=10000)
        toasts.append(toast.inner_text())
        assert "holds no seat at this table" in toasts[0] and "back in your own seat" in toasts[0]
        page.wait_for_function("(token) => JSON.parse(localStorage.getItem('dojo.seats'))[location.hash"
                               ".split('/')[2]].token === token", arg=token, timeout=10000)
        page.wait_for_selector("text=You are P0", timeout=10000)
        assert page.locator(".toast-error").count() == 1, "one message, not two that disagree"
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector(f"#my-tables [data-table='{table_id}']", timeout=10000)

        # A browser that held no seat there watches, and is told why.
        other, stranger, _ = new_page(browser, TALL)
        try:
            stranger.goto(f"{web_server.base}/#/table/{table_id}/1/{'C' * 32}")
            toast = stranger.wait_for_selector(".toast-error", timeout=10000)
            assert "holds no seat at this table" in toast.inner_text() and "you are watching" in toast.inner_text()
            stranger.wait_for_selector("text=You are watching", timeout=10000)
            assert "dojo.seats" not in stranger.evaluate("() => Object.keys(localStorage)") or table_id not in \
                json.loads(stranger.evaluate("() => localStorage.getItem('dojo.seats')"))
        finally:
            other.close()
        assert not errors, errors
    finally:
        context.close()


def test_a_bots_turn_in_the_lobby_names_which_bot(browser: Any, web_server: WebServer) -> None:
    """A table of three medium bots: the lobby said "the medium bot's turn", which did not say which of the
    three; it names the seat as the table does ("P2 (medium bot) to act")."""
    table_id, _ = web_server.create({"game": "ninjato", "players": 3, "settings": {**QUICK, "move_delay": 10},
                                     "seats": [{"type": "bot", "level": "medium"}] * 3})
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/")
        item = page.locator(f"#playing-tables .table-item[data-table='{table_id}']")
        item.wait_for()
        waiting = summary(web_server, table_id)["waiting_for"]
        assert len(waiting) == 1
        assert item.locator(".table-turn").inner_text().strip() == f"· P{waiting[0]} (medium bot) to act"
        assert not errors, errors
    finally:
        context.close()

"""The lobby shows each game's options in words: grouped by section, each with its label and help,
choice lists (a select, or checkboxes for a set) in words, no option identifier or ruling number, and an
option whose requirement is unmet hidden until the option it needs has the value it needs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from web.driving import TALL, new_page
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: What a player must never read in the lobby: an option's typing name (snake_case), the rules file, a
#: ruling's number.
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|RULINGS\.md|\bruling \d+", re.IGNORECASE)
ADVANCED = {"max_length"}


def catalogue(server: WebServer) -> dict[str, dict[str, Any]]:
    """The server's catalogue by game id."""
    return {game["id"]: game for game in server.http.get("/api/games").json()}


def test_the_lobby_shows_each_option_by_its_label_in_its_section(browser: Any, web_server: WebServer,
                                                                  screenshots: Path) -> None:
    games = catalogue(web_server)
    context, page, errors = new_page(browser, TALL)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        for game_id, game in games.items():
            page.select_option("#new-game", game_id)
            # At the most players every option applies (some mean nothing with fewer: the next tests).
            page.select_option("#new-players", str(game["max_players"]))
            house = page.locator("details.house-rules")
            if house.is_visible() and house.get_attribute("open") is None:
                house.locator("summary").click()
            for option in game["options"]:
                if option["name"] in ADVANCED:
                    continue
                row = page.locator(f".option-row[data-option='{option['name']}']")
                if option["requires"] is not None:
                    continue  # shown or not by its requirement (the next test)
                assert row.is_visible(), (game_id, option["name"])
                assert option["label"] in row.inner_text(), (game_id, option["name"])
                if option["group"] == "House rules":
                    assert page.locator(f"details.house-rules .option-row[data-option='{option['name']}']").count()
                else:
                    legend = page.locator(f"fieldset.option-group:has(.option-row[data-option='{option['name']}'])"
                                          " > legend")
                    assert legend.inner_text() == option["group"], (game_id, option["name"])
                if option["type"] == "text" and option["choices"]:
                    shown = page.eval_on_selector(f"#opt-{option['name']}",
                                                  "el => [...el.options].map((o) => o.textContent)")
                    assert el_tag(page, f"#opt-{option['name']}") == "SELECT"
                    assert shown == option["choice_labels"], (game_id, option["name"])
                if option["type"] == "set":
                    for choice, label in zip(option["choices"], option["choice_labels"], strict=True):
                        assert page.locator(f"label[for='opt-{option['name']}-{choice}']").inner_text().strip() \
                            == label
            # The words a player reads, help aside (help texts are the games' own; see issue 23).
            words = page.evaluate("""() => {
              const box = document.querySelector('.create-form');
              const copy = box.cloneNode(true);
              copy.querySelectorAll('.option-help, .more-settings').forEach((el) => el.remove());
              return copy.textContent;
            }""")
            assert not IDENTIFIER.search(words), (game_id, IDENTIFIER.search(words))
            page.locator(".panel.create").screenshot(path=str(screenshots / f"lobby-{game_id}.png"))
        assert not errors, errors
    finally:
        context.close()


def create_and_read_options(page: Any, server: WebServer) -> dict[str, Any]:
    """Create the table the form describes; the options the server says it has."""
    page.click("#create-table")
    page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
    table_id = page.evaluate("() => location.hash.split('/')[2]")
    return dict(server.http.get(f"/api/tables/{table_id}").json()["options"])


def open_lobby(page: Any, server: WebServer, game: str, players: int | None = None) -> None:
    """The lobby, with ``game`` chosen (and ``players``, when given)."""
    page.goto(f"{server.base}/#/")
    page.wait_for_selector("#create-table")
    page.select_option("#new-game", game)
    if players is not None:
        page.select_option("#new-players", str(players))


def el_tag(page: Any, selector: str) -> str:
    """The tag name of the element ``selector`` finds."""
    return str(page.eval_on_selector(selector, "el => el.tagName"))


def test_an_option_needing_another_is_hidden_until_it_applies_and_a_chosen_choice_reaches_the_table(
        browser: Any, web_server: WebServer, screenshots: Path) -> None:
    """Ninjitsu!'s Elements options need The Elements among the expansions. The catalogue is given that
    requirement here when the game does not state it yet, so that the lobby's handling is what is
    tested."""
    elements = ("element_seats", "element_order", "element_sides")

    def with_requirements(route: Any) -> None:
        response = route.fetch()
        body = response.json()
        for game in body:
            for option in game["options"]:
                if game["id"] == "ninjitsu" and option["name"] in elements and option["requires"] is None:
                    option["requires"] = {"option": "expansions", "value": "elements"}
        route.fulfill(response=response, json=body)

    context, page, errors = new_page(browser, TALL)
    try:
        page.route(re.compile(r".*/api/games$"), with_requirements)
        open_lobby(page, web_server, "ninjitsu")
        rows = {name: page.locator(f".option-row[data-option='{name}']") for name in elements}
        page.click("details.house-rules summary")
        assert not any(row.is_visible() for row in rows.values()), "hidden without The Elements"
        page.check("#opt-expansions-elements")
        assert all(row.is_visible() for row in rows.values()), "shown with The Elements"
        page.locator(".panel.create").screenshot(path=str(screenshots / "lobby-ninjitsu-elements.png"))
        page.uncheck("#opt-expansions-elements")
        assert not any(row.is_visible() for row in rows.values()), "hidden again once The Elements is unticked"
        page.check("#opt-expansions-elements")
        page.select_option("#opt-element_order", "in-turn")
        page.click("details.more-settings summary")
        page.fill("#set-move-delay", "0")
        options = create_and_read_options(page, web_server)
        assert options["element_order"] == "in-turn" and "elements" in options["expansions"].split(","), options
        assert not errors, errors
    finally:
        context.close()


def test_options_that_mean_nothing_at_this_many_players_are_hidden_and_not_sent(
        browser: Any, web_server: WebServer) -> None:
    """Of Knights and Ninjas at 2 players has no Traitor, Jester or Highwayman: its options about them are
    offered from 3 players only (the catalogue's ``min_players``)."""
    game = catalogue(web_server)["knights-and-ninjas"]
    only_more = [option["name"] for option in game["options"] if option["min_players"] > 2]
    assert {"traitor_needs_gems", "jester_in_revolt", "win_check"} <= set(only_more)
    context, page, errors = new_page(browser, TALL)
    try:
        open_lobby(page, web_server, "knights-and-ninjas", 3)
        page.click("details.house-rules summary")
        rows = [page.locator(f".option-row[data-option='{name}']") for name in only_more]
        assert all(row.is_visible() for row in rows), "offered at 3 players"
        page.uncheck("#opt-jester_in_revolt")  # a change from its default, which a 2-player table must not send
        page.select_option("#new-players", "2")
        assert not any(row.is_visible() for row in rows), "hidden at 2 players"
        page.click("details.more-settings summary")
        page.fill("#set-move-delay", "0")
        options = create_and_read_options(page, web_server)
        assert options["jester_in_revolt"] is True, options
        assert not errors, errors
    finally:
        context.close()


def test_an_option_whose_requirement_is_unmet_is_not_sent(browser: Any, web_server: WebServer) -> None:
    """A hidden option keeps the game's default even when its field was changed before it was hidden."""

    def with_requirement(route: Any) -> None:
        response = route.fetch()
        body = response.json()
        for game in body:
            for option in game["options"]:
                if game["id"] == "ninjitsu" and option["name"] == "element_order":
                    option["requires"] = {"option": "expansions", "value": "elements"}
        route.fulfill(response=response, json=body)

    context, page, errors = new_page(browser, TALL)
    try:
        page.route(re.compile(r".*/api/games$"), with_requirement)
        open_lobby(page, web_server, "ninjitsu")
        page.click("details.house-rules summary")
        page.check("#opt-expansions-elements")
        page.select_option("#opt-element_order", "in-turn")
        page.uncheck("#opt-expansions-elements")
        options = create_and_read_options(page, web_server)
        assert options["element_order"] == "together", options
        assert not errors, errors
    finally:
        context.close()


def test_elements_kept_from_the_last_game_are_chosen_per_player_in_words(browser: Any, web_server: WebServer,
                                                                        screenshots: Path) -> None:
    """Ninjitsu!'s ``element_sides`` is offered as one list of Elements and sides per player (no text to
    type): the players beyond the table's count are not offered, the same Element twice is refused in
    words before anything is sent, and the chosen ones reach the table."""
    context, page, errors = new_page(browser, TALL)
    try:
        open_lobby(page, web_server, "ninjitsu", 3)
        page.check("#opt-expansions-elements")
        row = page.locator(".option-row[data-option='element_sides']")
        assert row.is_visible() and row.locator("input[type=text]").count() == 0
        assert not page.locator("#opt-element_sides-0").is_visible(), "the lists wait for the box"
        page.check("#opt-element_sides")
        assert [page.locator(f"#opt-element_sides-{seat}").is_visible() for seat in range(5)] == \
            [True, True, True, False, False]
        shown = page.eval_on_selector("#opt-element_sides-0", "el => [...el.options].map((o) => o.textContent)")
        assert shown[0] == "No Element" and "Fire, side 2 (turn end: trade a card with a foe's)" in shown
        assert not IDENTIFIER.search(row.inner_text()) and "fire2" not in row.inner_text()
        page.select_option("#opt-element_sides-0", "fire2")
        page.select_option("#opt-element_sides-1", "fire1")
        page.click("details.more-settings summary")
        page.fill("#set-move-delay", "0")
        page.click("#create-table")
        toast = page.wait_for_selector(".toast")
        assert "Fire is given to P0 and P1; there is one of each" in toast.inner_text()
        assert page.evaluate("() => location.hash") in ("", "#/")
        page.select_option("#opt-element_sides-1", "wind1")
        row.screenshot(path=str(screenshots / "lobby-ninjitsu-elements-kept.png"))
        options = create_and_read_options(page, web_server)
        assert options["element_sides"] == "fire2/wind1/-", options
        assert page.locator(".toast-error").count() == 0, "the refusal's message does not follow onto the table"
        assert not errors, errors
    finally:
        context.close()



def created_settings(page: Any) -> dict[str, Any]:
    """Create the table the form describes; the settings the lobby sent for it."""
    with page.expect_request(lambda request: request.url.endswith("/api/tables") and request.method == "POST") \
            as sent:
        page.click("#create-table")
    page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
    return dict(sent.value.post_data_json["settings"])


def test_the_pause_for_any_time_cards_is_offered_only_where_such_a_card_can_answer(
        browser: Any, web_server: WebServer) -> None:
    """The table setting ``window_time`` (the pause after a move an "any time" card could answer) matters
    only for a game whose options bring such cards (the catalogue's ``conceals`` and ``conceals_when``:
    Ninjitsu! with the Promo Pack or Sabotage!); elsewhere it is neither offered nor sent."""
    context, page, errors = new_page(browser, TALL)
    try:
        open_lobby(page, web_server, "ninjato")
        page.click("details.more-settings summary")
        pause = page.locator("#set-window-time")
        assert page.locator("#set-move-delay").is_visible()
        assert not pause.is_visible(), "Ninjato has no any-time card"
        page.select_option("#new-game", "ninjitsu")
        assert not pause.is_visible(), "nor the base Ninjitsu!"
        page.check("#opt-expansions-magic")
        assert not pause.is_visible(), "nor Masters of Magic"
        page.check("#opt-expansions-promo")
        assert pause.is_visible(), "the Promo Pack's cards answer any time"
        page.uncheck("#opt-expansions-promo")
        assert not pause.is_visible()
        page.check("#opt-expansions-sabotage")
        assert pause.is_visible(), "and so do Sabotage!'s"
        page.fill("#set-move-delay", "0")
        page.fill("#set-window-time", "0.3")
        page.select_option("#new-game", "ninja-camp")
        assert not pause.is_visible()
        assert "window_time" not in created_settings(page), "a pause that does not apply is not sent"
        open_lobby(page, web_server, "ninjitsu")
        page.check("#opt-expansions-sabotage")
        page.click("details.more-settings summary")
        page.fill("#set-move-delay", "0")
        page.fill("#set-window-time", "0.3")
        assert created_settings(page)["window_time"] == 0.3
        table_id = page.evaluate("() => location.hash.split('/')[2]")
        assert web_server.http.get(f"/api/tables/{table_id}").json()["settings"]["window_time"] == 0.3
        assert not errors, errors
    finally:
        context.close()


def test_the_clocks_seconds_are_asked_only_with_a_clock_and_say_what_they_time(
        browser: Any, web_server: WebServer) -> None:
    """With no clock there is no time to set: the seconds field is hidden; with a clock it says whether the
    seconds are each decision's or each seat's whole game's."""
    context, page, errors = new_page(browser, TALL)
    try:
        open_lobby(page, web_server, "ninja-trap")
        page.click("details.more-settings summary")
        seconds = page.locator("#set-clock-seconds")
        assert page.locator("#set-clock").input_value() == "none"
        assert not seconds.is_visible(), "no clock: no seconds to set"
        page.select_option("#set-clock", "move")
        assert seconds.is_visible()
        assert page.locator("label[for='set-clock-seconds']").inner_text().strip() == "seconds for each decision"
        page.select_option("#set-clock", "game")
        assert "whole game" in page.locator("label[for='set-clock-seconds']").inner_text()
        page.select_option("#set-clock", "none")
        assert not seconds.is_visible()
        assert not errors, errors
    finally:
        context.close()


def test_every_options_help_reads_as_a_sentence(browser: Any, web_server: WebServer) -> None:
    """The games write some help texts as phrases ("the points you need...", "on: you may..."): under each
    option's label in the lobby every one starts as a sentence."""
    context, page, errors = new_page(browser, TALL)
    try:
        for game in ("ninjitsu", "ninjato"):
            open_lobby(page, web_server, game)
            texts = page.evaluate("() => [...document.querySelectorAll('.option-help')].map((el) => el.textContent)")
            assert texts, "the options have help"
            assert [text for text in texts if not text[:1].isupper()] == [], game
        assert not errors, errors
    finally:
        context.close()


def test_a_house_rule_about_a_card_two_expansions_bring_shows_only_with_both(browser: Any,
                                                                          web_server: WebServer) -> None:
    """Drought is the Promo Pack's Weather, played with Heavy Weather: its house rule means nothing with
    Heavy Weather alone, so the lobby shows it only with both (it used to show with Heavy Weather alone)."""
    context, page, errors = new_page(browser, TALL)
    try:
        open_lobby(page, web_server, "ninjitsu")
        page.click("details.house-rules summary")
        row = page.locator(".option-row[data-option='drought_draw']")
        page.check("#opt-expansions-weather")
        assert not row.is_visible(), "hidden with Heavy Weather alone"
        page.check("#opt-expansions-promo")
        assert row.is_visible(), "shown with Heavy Weather and the Promo Pack"
        page.uncheck("#opt-expansions-weather")
        assert not row.is_visible(), "hidden with the Promo Pack alone"
        assert not errors, errors
    finally:
        context.close()

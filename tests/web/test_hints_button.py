"""Hints in the browser: the lobby's *Allow hints* setting (off by default) makes a table whose page tells
everyone, spectators too, that hints are allowed; a seated player's *Hint* button on their turn shows the
move the search suggests for their own decision, in words, with its estimated win chance (and outlines what
it acts on on the board); a table without hints shows neither the note nor the button."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from web.driving import (
    APP,
    PHONE,
    answers_rewritten,
    click_choice,
    client_errors,
    new_page,
    quick_settings,
    seat_token,
    server_state,
    wait_turn_or_end,
)
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow


@pytest.fixture
def tiny_hints(web_server: WebServer) -> Iterator[None]:
    """The shared server's hints search a few iterations (the server's setting) during these tests."""
    reviews = web_server.app.state.reviews
    before = reviews.hint_iterations
    reviews.hint_iterations = 12
    try:
        yield
    finally:
        reviews.hint_iterations = before


def create(page: Any, base: str, hints: bool | None) -> str:
    """A Ninja Camp table against an easy bot made in the lobby, with *Allow hints* as given (None: left
    as the form has it); its id (the page is then at the table)."""
    page.goto(f"{base}/#/")
    page.wait_for_selector("#create-table")
    page.fill("#my-name", "Ann")
    page.select_option("#new-game", "ninja-camp")
    page.select_option("#new-players", "2")
    page.select_option("#seat-level-1", "easy")
    quick_settings(page)
    assert page.is_checked("#set-hints") is False  # off by default
    if hints is not None:
        page.set_checked("#set-hints", hints)
    page.click("#create-table")
    page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
    return str(page.evaluate("() => location.hash.split('/')[2]"))


#: Whether the hinted choice is whole on the screen and inside the box its list scrolls in (if any).
IN_VIEW = """() => {
  const button = document.querySelector('.action-list button.action.hinted');
  const b = button.getBoundingClientRect();
  let box = button.parentElement;
  while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
  const c = box ? box.getBoundingClientRect() : {top: 0, bottom: innerHeight};
  return b.top >= Math.max(0, c.top) - 1 && b.bottom <= Math.min(innerHeight, c.bottom) + 1;
}"""


def test_a_hint_shows_the_suggested_move_in_words_with_its_chance(browser: Any, web_server: WebServer,
                                                                  tiny_hints: None, tmp_path: Any) -> None:
    context, page, errors = new_page(browser)
    watcher = context.new_page()
    try:
        table_id = create(page, web_server.base, True)
        assert web_server.http.get(f"/api/tables/{table_id}").json()["settings"]["hints"] is True
        note = page.locator(".hints-note")
        note.wait_for(state="visible")
        assert "Hints allowed at this table" in note.inner_text()
        watcher.goto(f"{web_server.base}/#/watch/{table_id}")
        watcher.locator(".hints-note").wait_for(state="visible")  # spectators are told too
        assert watcher.locator("#hint-button").count() == 0

        assert wait_turn_or_end(page, 30) == "act"
        index = page.evaluate(f"() => document.querySelector('{APP}').dataset.index")
        page.click("#hint-button")
        answer = page.locator(".hint-answer")
        answer.wait_for(timeout=60_000)
        token = seat_token(page, table_id)
        state = server_state(web_server, table_id, token)
        assert str(state["index"]) == index  # still the position the hint was asked on
        action = answer.get_attribute("data-action")
        assert action is not None and action in state["legal"]
        text = answer.inner_text()
        # The suggested move in the words the list of choices uses, and its estimated chance.
        # (its text, folded or not: a long list is folded in groups, whose closed buttons have no inner text)
        listed = (page.locator(f".action-list button.action[data-action='{action}']").text_content() or "").strip()
        assert listed and listed in text
        assert "The expert’s best move" in text and "estimated win chance" in text and "%" in text
        assert action not in text.replace(listed, "")  # no typing code beside the words
        # The move advised is the best rated: no choice "also considered" rates higher (as a review's best found).
        chosen = int(re.search(r"estimated win chance (\d+)%", text).group(1))  # type: ignore[union-attr]
        others = [int(each) for each in re.findall(r"\((\d+)%\)", text)]
        assert all(other <= chosen for other in others), text
        assert page.is_disabled("#hint-button")  # asked once for this decision
        # What the move acts on is outlined on the board (a Ninja Camp placement: its square).
        assert page.locator(".board .hinted").count() >= 1
        # And in the list of choices: outlined, its group opened, in view in the list's own scrolling box.
        hinted = page.locator(".action-list button.action.hinted")
        assert hinted.count() == 1 and hinted.get_attribute("data-action") == action
        assert hinted.is_visible()
        assert page.evaluate(IN_VIEW), "the hinted choice is out of sight"
        try:
            from web.test_accessibility import serious

            found = serious(page)
        except ImportError:
            found = []  # axe-playwright-python (the dev extra) missing: the rest still holds
        assert found == [], found
        page.screenshot(path=str(tmp_path / "hint.png"))
        # Playing on clears it: the next decision has its own.
        click_choice(page.locator(".action-list button.action").first)
        page.wait_for_function("([sel, before]) => document.querySelector(sel).dataset.index !== before",
                               arg=[APP, index])
        assert page.locator(".hint-answer").count() == 0
        assert client_errors(page) == [] and errors == []
    finally:
        context.close()


def test_without_hints_there_is_no_note_and_no_button(browser: Any, web_server: WebServer) -> None:
    context, page, _ = new_page(browser)
    try:
        table_id = create(page, web_server.base, None)
        assert web_server.http.get(f"/api/tables/{table_id}").json()["settings"]["hints"] is False
        assert wait_turn_or_end(page, 30) == "act"
        assert page.locator(".hints-note").is_hidden()
        assert page.locator("#hint-button").count() == 0
    finally:
        context.close()


def test_a_hint_for_a_copy_of_a_card_alike_outlines_the_button_that_stands_for_it(
        browser: Any, web_server: WebServer, tiny_hints: None) -> None:
    """Seat 0 of Ninjitsu! game 17 holds two Masters of Planning, whose choices the list shows once (the first
    copy's button names the second in data-copies); a hint that advises the second copy's move outlines that
    one button (the search's answer rewritten in the page to advise a second copy: which copy it picks is its
    own)."""
    from ninjadojo.api import new_game

    game = new_game("ninjitsu", 2, {}, 17)
    seconds = [action for action, text in game.labels(0).items() if "(copy 2)" in text]
    assert seconds, "the seed no longer deals two alike cards to seat 0: choose another"
    table_id, tokens = web_server.create({"game": "ninjitsu", "players": 2, "seed": 17,
                                          "settings": {**QUICK, "hints": True},
                                          "seats": [{"type": "human", "name": "Ann"},
                                                    {"type": "bot", "level": "easy"}]})
    context, page, errors = new_page(browser)
    try:
        labels = game.labels(0)
        first = next(action for action, text in labels.items()
                     if text == labels[seconds[0]].replace("(copy 2)", "(copy 1)"))
        other = next(action for action, text in labels.items() if "(copy" not in text)

        def rewrite(answer: dict[str, Any]) -> dict[str, Any]:
            # Also considered: the best move's other copy (the same move to a player), and another move.
            answer["hint"].update(action=seconds[0], label=labels[seconds[0]],
                                  alternatives=[{"action": first, "label": labels[first], "chance": 0.3},
                                                {"action": other, "label": labels[other], "chance": 0.2}])
            return answer

        answers_rewritten(page, "**/api/tables/*/hint", rewrite)
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        page.click("#hint-button")
        page.locator(".hint-answer").wait_for(timeout=60_000)
        said = page.locator(".hint-answer").inner_text()
        assert "(copy" not in said
        best = labels[seconds[0]].replace(" (copy 2)", "")
        # The best move is said once: its other copy is not "also considered"; the other move is.
        assert said.count(best) == 1, said
        assert f"Also considered: {labels[other]} (20%)" in said, said
        hinted = page.locator(".action-list button.action.hinted")
        assert hinted.count() == 1
        assert seconds[0] in (hinted.get_attribute("data-copies") or "").split(), hinted.evaluate("(b) => b.outerHTML")
        assert not client_errors(page) and not errors, errors
    finally:
        context.close()


def test_on_a_phone_the_advised_move_is_scrolled_above_the_docked_hand(
        browser: Any, web_server: WebServer, tiny_hints: None) -> None:
    """Ninjitsu! on a phone, hints on: the hand docks at the bottom of the screen, over the end of the list of
    choices; a hint that advises the list's last choice brings that choice above the hand, whole (the search's
    answer rewritten in the page to advise the last choice: which move it picks is its own)."""
    table_id, tokens = web_server.create({"game": "ninjitsu", "players": 3, "seed": 5,
                                          "settings": {**QUICK, "hints": True},
                                          "seats": [{"type": "human", "name": "Ann"},
                                                    *[{"type": "bot", "level": "easy"}] * 2]})
    context, page, errors = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        last = page.locator(".action-list button.action").last.get_attribute("data-action")
        labels = server_state(web_server, table_id, tokens["0"])["labels"]

        def rewrite(answer: dict[str, Any]) -> dict[str, Any]:
            answer["hint"].update(action=last, label=labels[last], alternatives=[])
            return answer

        answers_rewritten(page, "**/api/tables/*/hint", rewrite)
        page.locator("#hint-button").scroll_into_view_if_needed()
        page.locator("#hint-button").tap()
        page.locator(".hint-answer").wait_for(timeout=60_000)
        hinted = page.locator(".action-list button.action.hinted")
        hinted.wait_for()
        page.wait_for_timeout(300)  # (the scroll done)
        box = hinted.bounding_box()
        hand = page.locator(".card-row.hand.docked")
        assert box is not None and hand.count() == 1, "the hand is not docked: the test shows nothing"
        top = hand.bounding_box()["y"]  # type: ignore[index]
        assert box["y"] + box["height"] <= top + 1, (box, top)
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize(("chance", "verdict"), [(0.0, "Every move looks lost from here"),
                                                 (1.0, "Every move looks won from here")])
def test_a_hint_where_every_move_has_the_same_sure_chance_says_so_in_words(
        browser: Any, web_server: WebServer, chance: float, verdict: str) -> None:
    """A probe read "estimated win chance 0%" beside every move of a lost Ninja Trap: the hint says in words that
    every move looks lost (or won), which the percentages alone do not. (The server's answer is replaced here by
    one whose every move has that chance: such positions come late in a game.)"""
    import json

    context, page, errors = new_page(browser)
    try:
        table_id = create(page, web_server.base, True)
        assert wait_turn_or_end(page, 30) == "act"
        state = server_state(web_server, table_id, seat_token(page, table_id))
        moves = [{"action": action, "label": state["labels"][action], "chance": chance}
                 for action in state["legal"][:3]]
        answer = {"hint": {**moves[0], "alternatives": moves[1:]}}
        page.route(f"**/api/tables/{table_id}/hint",
                   lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(answer)))
        page.click("#hint-button")
        page.locator(".hint-answer").wait_for()
        assert page.locator(".hint-verdict").inner_text().startswith(verdict)
        assert not errors, errors
    finally:
        context.close()

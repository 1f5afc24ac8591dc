"""A touch screen reads before it acts, on every piece of the board: the first tap on an opponent's
face-down secret (or any piece a tap would act on) says what it is and what a second tap does; only the
second tap acts, as the hand's cards already did."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import ViewportSize

from web.driving import APP, DESKTOP, PHONE, app_data, hide_or_draw, new_page, play_on_server, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow


def steal_position(server: WebServer) -> tuple[str, dict[str, str]]:
    """A Ninjitsu! table of Ann (seat 0) and Bob (seat 1), played on the server's side until Bob has a
    secret and it is Ann's turn with its steal among her choices; its id and tokens."""
    table_id, tokens = server.create({"game": "ninjitsu", "players": 2, "settings": QUICK,
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]})
    play_on_server(server, table_id, lambda game: game.to_act() == (0,) and "x1.0" in game.legal_actions(0),
                   hide_or_draw(hider=1))
    return table_id, tokens


@contextmanager
def at_anns_decision(browser: Any, server: WebServer, viewport: ViewportSize | None = None,
                     **context_args: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page of Ann's at her decision in :func:`steal_position` (a fresh table), and its errors list; the
    page's context is closed after."""
    table_id, tokens = steal_position(server)
    context, page, errors = new_page(browser, viewport or DESKTOP, **context_args)
    try:
        page.goto(f"{server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        yield page, errors
    finally:
        context.close()


def test_on_a_phone_a_first_tap_on_a_secret_says_what_it_is_and_only_a_second_steals(
        browser: Any, web_server: WebServer) -> None:
    with at_anns_decision(browser, web_server, PHONE, has_touch=True, is_mobile=True) as (page, errors):
        before = app_data(page)["index"]
        secret = page.locator(".board [data-keys='secret:1.0'].actionable")
        secret.scroll_into_view_if_needed()
        secret.tap()
        pop = page.locator("#card-pop")
        pop.wait_for(state="visible")
        said = " ".join(pop.inner_text().split())
        # What it is, and what a second tap does, in the words of the list of choices.
        assert said.startswith("Face-down secret #1 of Bob"), said
        assert "Tap again to do it: Steal Bob's secret #1." in said, said
        page.wait_for_timeout(300)
        assert app_data(page)["index"] == before, "a first tap must not steal"
        assert page.locator(".board .selected").count() == 0
        page.locator(".board [data-keys='secret:1.0']").tap()
        page.wait_for_function("([sel, before]) => document.querySelector(sel).dataset.index !== before",
                               arg=[APP, before])
        assert pop.is_hidden()
        assert not errors, errors


def test_on_a_phone_a_first_tap_on_a_hand_card_lists_the_ways_it_may_be_played(
        browser: Any, web_server: WebServer) -> None:
    with at_anns_decision(browser, web_server, PHONE, has_touch=True, is_mobile=True) as (page, errors):
        card = page.locator(".board .hand .card[data-code].actionable").first
        code = card.get_attribute("data-code")
        ways = page.locator(f".action-list button.action[data-action$=':{code}']").all_inner_texts()
        card.tap()
        pop = page.locator("#card-pop")
        pop.wait_for(state="visible")
        said = pop.inner_text()
        assert all(way.strip() in said for way in ways[:4]), (said, ways)
        assert page.locator(".board .selected").count() == 0
        assert not errors, errors


def test_with_a_mouse_a_click_on_a_secret_steals_at_once(browser: Any, web_server: WebServer) -> None:
    """A mouse points before it clicks: one click acts, as before."""
    with at_anns_decision(browser, web_server) as (page, errors):
        before = app_data(page)["index"]
        page.locator(".board [data-keys='secret:1.0'].actionable").click()
        page.wait_for_function("([sel, before]) => document.querySelector(sel).dataset.index !== before",
                               arg=[APP, before])
        assert not errors, errors


def test_with_a_mouse_pointing_at_a_piece_says_what_a_click_does(browser: Any, web_server: WebServer) -> None:
    """One click acts (a card whose only use is a discard is discarded at once): the text a mouse brings up
    says first what that click would do, in the words of the list of choices."""
    with at_anns_decision(browser, web_server) as (page, errors):
        before = app_data(page)["index"]
        pop = page.locator("#card-pop")
        card = page.locator(".board .hand .card[data-code].actionable").first
        ways = page.locator(f".action-list button.action[data-action$=':{card.get_attribute('data-code')}']")
        card.hover()
        page.wait_for_function("() => /Click to/.test(document.querySelector('#card-pop').textContent)")
        said = " ".join(pop.inner_text().split())
        texts = [" ".join(way.split()) for way in ways.all_inner_texts()]
        if len(texts) == 1:  # (a Tripwire: a secret only) the click plays it at once
            assert f"Click to do it: {texts[0]}" in said, said
        else:
            assert f"Click to choose it, then pick one of {len(texts)} ways:" in said, said
            assert all(text in said for text in texts[:4]), said
        assert app_data(page)["index"] == before, "pointing acts on nothing"
        assert not errors, errors


#: Where the "more below" sign is and what of the prompt's box it covers: for each scroll of the box, the
#: sign's box (null when it is not shown) and the controls of the box it overlaps.
COVERED = """async () => {
  const area = document.querySelector('.prompt-area');
  const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const out = [];
  for (let top = 0; top <= area.scrollHeight; top += 15) {
    area.scrollTop = top;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const sign = document.querySelector('.more-sign');
    const shown = sign && !sign.hidden && sign.offsetParent !== null ? sign.getBoundingClientRect() : null;
    const box = area.getBoundingClientRect();
    const hits = shown ? [...area.querySelectorAll('button, a, input, select')].filter((el) => {
      const r = el.getBoundingClientRect();
      // Only the part of it the box shows (the rest is scrolled out of view, under the box's edge).
      const seen = {left: Math.max(r.left, box.left), right: Math.min(r.right, box.right),
        top: Math.max(r.top, box.top), bottom: Math.min(r.bottom, box.bottom)};
      return r.height > 0 && seen.top < seen.bottom && overlap(seen, shown);
    }).map((el) => el.textContent.trim()) : [];
    out.push({more: area.dataset.more, shown: Boolean(shown), onBox: Boolean(shown) && overlap(shown, box), hits});
  }
  return out;
}"""


def test_on_a_phone_the_more_below_sign_never_covers_the_prompts_buttons(browser: Any, web_server: WebServer) -> None:
    """A chooser of three ways in the prompt's box at the top of a phone's screen, longer than the box:
    while more is below, a sign says so, under the box, over none of its buttons (it once covered the
    chooser's Cancel); scrolled to the end, no sign."""
    # Short enough that a chooser of two ways (the fewest a card with a chooser has) is longer than the box.
    short_phone: ViewportSize = {"width": 390, "height": 520}
    with at_anns_decision(browser, web_server, short_phone, has_touch=True, is_mobile=True) as (page, errors):
        # A card of the hand that may be played the most ways (a trap that can only be a secret opens no
        # chooser; the deal is random, and its hand may hold no card of three ways).
        cards = page.locator(".board .hand .card[data-code].actionable")
        ways = [page.locator(f".action-list button.action[data-action$=':{code}']").count()
                for code in cards.evaluate_all("(cards) => cards.map((card) => card.dataset.code)")]
        assert max(ways) >= 2, ways
        card = cards.nth(ways.index(max(ways)))
        card.tap()
        page.locator("#card-pop").wait_for(state="visible")
        card.tap()
        page.locator(".chooser button.cancel").wait_for()
        assert page.locator(".chooser button.choice").count() >= 2
        steps = page.evaluate(COVERED)
        assert any(step["more"] == "yes" for step in steps), "the prompt fits its box: nothing to test"
        for step in steps:
            assert step["shown"] == (step["more"] == "yes"), steps
            assert not step["onBox"] and not step["hits"], steps
        assert steps[-1]["more"] == "no"
        assert not errors, errors


TITLE = """async ([lines, seat, acted]) => {
  const {digestTitle} = await import(`${location.origin}/js/recent.js`);
  return digestTitle(lines, seat, acted);
}"""


def test_the_digest_in_the_middle_of_your_turn_says_since_your_last_choice(browser: Any,
                                                                          web_server: WebServer) -> None:
    """In the middle of your own turn (you played Katana for its action; now its "play a card") the digest
    shows what your last choice led to: titled "Since your last choice", not "Since your last turn" (no
    other seat has had a turn since). Once another seat has moved, "Since your last turn"; before your
    first choice, "So far"."""
    context, page, errors = new_page(browser)
    try:
        page.goto(web_server.base)
        katana = ["P0 plays Katana for its action", "  Shape Shifting is discarded from P2's treasures"]
        assert page.evaluate(TITLE, [katana, 0, True]) == "Since your last choice"
        # Another seat's answer nested under your move is no turn of theirs.
        answered = ["P0 steals P1's secret #2", "  P1 plays Andrea at once"]
        assert page.evaluate(TITLE, [answered, 0, True]) == "Since your last choice"
        assert page.evaluate(TITLE, [["P1 steals P0's secret #1", "  P0 draws 1 card"], 0, True]) \
            == "Since your last turn"
        assert page.evaluate(TITLE, [["Event: Blizzard resolves", "P2 draws 2 cards"], 0, True]) \
            == "Since your last turn"
        assert page.evaluate(TITLE, [["P0 is dealt the Element Wind"], 0, False]) == "So far"
        assert not errors, errors
    finally:
        context.close()


def test_on_a_touch_screen_enter_on_a_focused_piece_acts_at_once(browser: Any, web_server: WebServer) -> None:
    """The two taps are for fingers: a keyboard's Enter (or a screen reader's activation) on a focused piece
    of a touch screen acts at once, as anywhere else."""
    with at_anns_decision(browser, web_server, PHONE, has_touch=True, is_mobile=True) as (page, errors):
        before = app_data(page)["index"]
        hand = page.locator(".board .hand .card[data-code]").first
        hand.scroll_into_view_if_needed()
        hand.tap()  # a finger was here: the page knows it is a touch screen
        page.locator("#card-pop").wait_for(state="visible")
        secret = page.locator(".board [data-keys='secret:1.0'].actionable")
        secret.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("([sel, before]) => document.querySelector(sel).dataset.index !== before",
                               arg=[APP, before], timeout=5000)
        assert not errors, errors

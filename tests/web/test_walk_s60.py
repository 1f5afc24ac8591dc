"""Found walking every game in the browser (s60): the lobby's "Base game: the options are set." followed onto the
new table and covered a card of the hand; the review said "Play Smoke Bomb as a treasure (copy 2)", the engine's
number of a copy that tells two buttons of the list apart and means nothing one move to a row; the lobby's help of
an option written as a phrase (Ninjitsu!'s Expansions) ended with no full stop."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, DESKTOP, TALL, new_page, quick_settings, review_rewritten
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow


def test_a_lobby_message_does_not_follow_onto_the_new_table(browser: Any, web_server: WebServer) -> None:
    """Ann picks the preset "Base game" (a message says the options are set) and creates the table at once: the
    table opens with no message of the lobby over its hand. Back in the lobby, a preset's message goes too when
    she follows a wrong invitation link, whose own error, about the table, still shows there."""
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        page.select_option("#new-game", "ninjitsu")
        page.select_option("#new-players", "2")
        page.select_option("#seat-level-1", "easy")
        quick_settings(page)
        page.click("button.preset[data-preset='base']")
        page.locator("#toasts .toast", has_text="the options are set").wait_for()
        page.click("#create-table")
        page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
        table_id = str(page.evaluate("() => location.hash.split('/')[2]"))
        page.locator(".board .card-row.hand .card").first.wait_for()
        assert page.locator("#toasts .toast").count() == 0, page.locator("#toasts").inner_text()

        page.click(".tools a[href='#/']")
        page.wait_for_selector("#create-table")
        page.click("button.preset[data-preset='base']")
        page.locator("#toasts .toast", has_text="the options are set").wait_for()
        page.evaluate("(id) => { location.hash = `#/table/${id}/0/not-a-token`; }", table_id)
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat !== undefined")
        page.locator("#toasts .toast-error", has_text="holds no seat at this table").wait_for(timeout=10_000)
        assert page.locator("#toasts .toast", has_text="the options are set").count() == 0
        assert [e for e in errors if "401" not in e and "403" not in e] == [], errors
    finally:
        context.close()


#: What the review's rows say in place of the server's (page.route): moves with the engine's copy numbers.
COPIES = """(data, seats) => {
  const moves = (data.review || {}).moves || [];
  if (moves.length < 3) return data;
  const [first, second, third] = moves;
  first.estimate.played.label = 'Play Smoke Bomb as a treasure (copy 2)';
  // A better move, clearly: the better move's column names it (with its detail, without its number).
  Object.assign(second.estimate, {before: 0.9, after: 0.2, clear: true});
  second.followed = null;
  second.estimate.played.label = 'Pass Tripwire to P1 \\u2014 copy 2';
  second.estimate.best = {action: 'zz:1', label: 'Play Katana as a secret (P1 knows you have it, copy 2)',
    chance: 0.9};
  // Two copies of one card played alike, the other copy "better": one move to a player.
  Object.assign(third.estimate, {before: 0.9, after: 0.5, clear: true});
  third.followed = null;
  third.estimate.played = {action: 'zz:2', label: 'Play Katana as a treasure (copy 1)', chance: 0.5};
  third.estimate.best = {action: 'zz:3', label: 'Play Katana as a treasure (copy 2)', chance: 0.9};
  return data;
}"""


def test_the_review_names_a_move_without_the_engines_copy_number(browser: Any, web_server: WebServer) -> None:
    """The review's Played and Better move columns say "Play Smoke Bomb as a treasure", "Play Katana as a secret
    (Bo knows you have it)": no "(copy 2)", nor ", copy 2" inside a bracket, nor "— copy 2" after a seat. Two
    copies of a card played alike are one move: the other copy is not offered as a better one."""
    reviews = web_server.app.state.reviews
    before = reviews.iterations
    reviews.iterations = 12
    table_id, tokens = web_server.create({"game": "ninja-camp", "players": 2, "settings": QUICK, "seed": 20,
                                          "seats": [{"type": "human", "name": "Ann"},
                                                    {"type": "human", "name": "Bo"}]})
    web_server.play_out(table_id)
    context, page, errors = new_page(browser, TALL)
    try:
        review_rewritten(page, web_server, table_id, tokens["0"], COPIES)
        rows = page.locator(".review-table tbody tr")
        assert rows.count() >= 3
        played = [rows.nth(i).locator(".review-played").inner_text() for i in range(3)]
        better = [rows.nth(i).locator(".review-better").inner_text() for i in range(3)]
        assert played[0] == "Play Smoke Bomb as a treasure", played
        assert played[1] == "Pass Tripwire to Bo", played
        assert better[1].startswith("Play Katana as a secret (Bo knows you have it) ("), better
        assert played[2] == "Play Katana as a treasure", played
        assert "your move was the best found" in better[2], better
        texts = page.locator(".review-table").inner_text()
        assert "copy" not in texts, texts
        assert errors == [], errors
    finally:
        reviews.iterations = before
        context.close()


def test_every_options_help_ends_as_a_sentence(browser: Any, web_server: WebServer) -> None:
    """Every option's help under its label ends with a full stop (Ninjitsu!'s Expansions, a phrase, had none), as
    it starts with a capital letter; one written as a sentence keeps its own stop (not two)."""
    games = [game["id"] for game in web_server.http.get("/api/games").json()]
    context, page, errors = new_page(browser, TALL)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        for game in games:
            page.select_option("#new-game", game)
            texts = page.evaluate("() => [...document.querySelectorAll('.option-help')].map((el) => el.textContent)")
            assert texts, game
            assert [text for text in texts if not text.rstrip().endswith((".", "!", "?"))] == [], game
            assert [text for text in texts if text.rstrip().endswith("..")] == [], game
        page.select_option("#new-game", "ninjitsu")
        expansions = page.locator(".option-row[data-option='expansions'] .option-help").inner_text()
        assert expansions.startswith("Expansion sets to play with: "), expansions
        assert expansions.endswith("adds Events."), expansions
        assert errors == [], errors
    finally:
        context.close()


#: Where the outline of a thing that may be clicked (or is picked) in a docked hand or panel leaves the box that
#: shows it (the dock, a row scrolling sideways) or the screen, with 1px to spare: [what, its edge, the box's].
CUT_OUTLINES = """() => {
  const out = [];
  for (const dock of document.querySelectorAll('.board .card-row.hand.docked, .board .seat-panel.mine.docked')) {
    const box = dock.getBoundingClientRect();
    const style = getComputedStyle(dock);
    const boxes = [{top: box.top + parseFloat(style.borderTopWidth), left: box.left + parseFloat(style.borderLeftWidth),
      bottom: Math.min(innerHeight, box.bottom - parseFloat(style.borderBottomWidth)),
      right: box.right - parseFloat(style.borderRightWidth)}];
    if (dock.scrollHeight > dock.clientHeight + 1) out.push([dock.className, 'scrolls its cards']);
    for (const el of dock.querySelectorAll('[data-keys].actionable, [data-keys].selected')) {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      const reach = s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset);
      const clips = [...boxes];
      for (let p = el.parentElement; p && p !== dock; p = p.parentElement) {
        const ps = getComputedStyle(p);
        if (ps.overflowX !== 'visible' || ps.overflowY !== 'visible') clips.push(p.getBoundingClientRect());
      }
      for (const c of clips) {
        if (r.top - reach < c.top - 1 || r.bottom + reach > c.bottom - 1 || r.left - reach < c.left - 1) {
          out.push([el.textContent.slice(0, 24), Math.round(r.top - reach), Math.round(r.bottom + reach),
            Math.round(c.top), Math.round(c.bottom)]);
        }
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["laptop", "phone"])
def test_a_docked_hand_shows_its_cards_whole(browser: Any, web_server: WebServer, viewport: Any) -> None:
    """Ninjitsu! at 1280x800 (and on a phone): the hand docked at the bottom of the screen holds Bow and Arrows and
    Climbing Hook, names on two lines. Every card of it is whole on the screen with its outline (a card that may
    be clicked, then the one picked), none cut by the screen's bottom edge or the dock's."""
    exact = web_server.dojo.exact_seeds
    web_server.dojo.exact_seeds = True  # the deal as given: a hand with two-line names
    try:
        table_id, tokens = web_server.create({"game": "ninjitsu", "players": 2, "settings": QUICK, "seed": 1,
                                              "seats": [{"type": "human", "name": "Ann"},
                                                        {"type": "bot", "level": "easy"}]})
    finally:
        web_server.dojo.exact_seeds = exact
    context, page, errors = new_page(browser, viewport)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.canAct === 'yes'")
        hand = page.locator(".board .card-row.hand.docked")
        hand.wait_for()
        page.wait_for_timeout(300)
        assert "Climbing Hook" in hand.inner_text()
        assert page.evaluate(CUT_OUTLINES) == []
        hand.locator("[data-keys].actionable", has_text="Climbing Hook").click()
        page.locator(".board .card-row.hand.docked [data-keys].selected").wait_for()
        assert page.evaluate(CUT_OUTLINES) == []
        assert errors == [], errors
    finally:
        context.close()

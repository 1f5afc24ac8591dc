"""The review of a finished game in the browser: the end dialog's Review button starts the review of the
viewer's own seat (a spectator chooses a seat, and may ask for hindsight), shows its progress, then one
row per decision in words (what was asked, what was played, the win chance before and after, the better
move and its chance, the mark as a word), with a summary line; no typing code, no serious accessibility
violation. Screenshots go to the ``screenshots`` folder (``NINJADOJO_SCREENSHOTS=docs/screenshots``
refreshes ``review-*.png``)."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

from web.driving import APP, PHONE, TALL, client_errors, new_page, review_rewritten
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: The terminal's typing notation, which the page never shows (as in test_game_end.py).
TYPING_CODES = [re.compile(r"\b[a-z]{1,3}:[A-Za-z0-9]"), re.compile(r"<[a-z]+>"), re.compile(r"\([a-z]{1,2}\)"),
                re.compile(r"@[a-h][1-8]\b")]
MARK_WORDS = {"blunder": "Blunder", "mistake": "Mistake", "inaccuracy": "Inaccuracy"}


@pytest.fixture
def tiny_reviews(web_server: WebServer) -> Iterator[None]:
    """The shared server's reviews search a few iterations a decision during these tests (the server's
    setting), so that a review takes seconds; 300 when the screenshots are refreshed for the docs
    (``NINJADOJO_SCREENSHOTS``), so that they show what a real budget finds."""
    reviews = web_server.app.state.reviews
    before = reviews.iterations, web_server.dojo.exact_seeds
    reviews.iterations = 300 if os.environ.get("NINJADOJO_SCREENSHOTS") else 12
    # The deals as given (two people's seed is mixed otherwise), so that a screenshot shows the same game.
    web_server.dojo.exact_seeds = True
    try:
        yield
    finally:
        reviews.iterations, web_server.dojo.exact_seeds = before


def finished(server: WebServer, seed: int, game: str = "ninja-camp") -> tuple[str, dict[str, str]]:
    """A table of Ann and Bo (Ninja Camp by default) played to its end (each seat's first legal action)."""
    table_id, tokens = server.create({"game": game, "players": 2, "settings": QUICK, "seed": seed,
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    server.play_out(table_id)
    return table_id, tokens


def server_review(server: WebServer, table_id: str, seat: int, hindsight: bool = False) -> dict[str, Any]:
    answer = server.http.get(f"/api/tables/{table_id}/review", params={"seat": seat, "hindsight": hindsight})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    assert data["status"] == "done"
    review: dict[str, Any] = data["review"]
    return review


def open_review_as_spectator(page: Any, server: WebServer, table_id: str) -> None:
    """Watch a finished table and open its review dialog from the end dialog (no review starts yet)."""
    page.goto(f"{server.base}/#/watch/{table_id}")
    page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === 'spectator'")
    page.locator(".end-screen #open-review").click()
    page.locator("dialog.review-dialog").wait_for(state="visible")


def review_own_game(page: Any, server: WebServer, table_id: str, seat: int, tokens: dict[str, str]) -> Any:
    """At the end of a finished table, as ``seat``: click Review and wait for the review; the dialog."""
    page.goto(f"{server.base}/#/table/{table_id}/{seat}/{tokens[str(seat)]}")
    page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '{seat}'")
    page.locator(".end-screen #open-review").click()
    dialog = page.locator("dialog.review-dialog")
    dialog.wait_for(state="visible")
    # The progress shows while the review runs (or the review is already done: a quick server).
    page.wait_for_function("() => ['running', 'done'].includes(document.querySelector('dialog.review-dialog')"
                           ".dataset.review)")
    page.wait_for_function("() => document.querySelector('dialog.review-dialog').dataset.review === 'done'",
                           timeout=120_000)
    return dialog


def check_panel(page: Any, review: dict[str, Any], who: str) -> None:
    """The panel's rows against the server's review: one per decision, in words, the mark as a word."""
    rows = page.locator(".review-table tbody tr")
    assert rows.count() == len(review["moves"])
    for number, move in enumerate(review["moves"]):
        row = rows.nth(number)
        estimate = move["estimate"]
        assert row.locator(".review-played").inner_text().strip() == estimate["played"]["label"].replace("P1", "Bo")\
            .replace("P0", "Ann")
        chance = row.locator(".review-chance").inner_text()
        assert f"{round(estimate['before'] * 100)}%" in chance and f"{round(estimate['after'] * 100)}%" in chance
        better = row.locator(".review-better").inner_text()
        if estimate["best"]["action"] != estimate["played"]["action"]:
            assert f"({round(estimate['best']['chance'] * 100)}%)" in better
            # A best move is called better only when the chance shown falls (before -> after, each rounded as
            # the page rounds: JavaScript's Math.round) and its lead is clear of the search's own error.
            def shown(chance: float) -> int:
                return math.floor(chance * 100 + 0.5)
            lost = shown(estimate["before"]) - shown(estimate["after"])
            called_better = lost > 0 and estimate.get("clear") is not False
            assert all(words not in better for words in ("as good as the best", "as well as the best",
                                                          "not clearly worse")) == called_better, (better, estimate)
            if lost < 0:
                assert "your move rated at least as well as the best found" in better, better
            if lost > 0 and not called_better:
                # A gap the search cannot tell from its noise: not called a loss, nor "as good" (it may be 16 points).
                assert "not clearly worse than the best found" in better and "within the search" in better, better
                assert "as good as" not in better, better
        elif estimate["compared"] is False:
            # Nothing else searched enough to trust: the move is not called the best, the page says why.
            assert "no other move was searched enough to compare" in better and "best" not in better, better
        else:
            assert "best found" in better, better
        mark = row.locator(".review-mark").inner_text()
        assert (MARK_WORDS[move["mark"]] in mark) if move["mark"] else mark.strip() == "—"
    summary = page.locator(".review-summary").inner_text()
    assert who in summary and f"{len(review['moves'])} decisions" in summary
    uncompared = sum(move["estimate"]["compared"] is False
                     and move["estimate"]["best"]["action"] == move["estimate"]["played"]["action"]
                     for move in review["moves"])
    assert (f"For {uncompared} of them no other move was searched enough" in summary) == (uncompared > 0), summary
    for mark, (one, many) in {"blunder": ("blunder", "blunders"), "mistake": ("mistake", "mistakes"),
                              "inaccuracy": ("inaccuracy", "inaccuracies")}.items():
        count = review["marks"][mark]
        assert f"{count} {one if count == 1 else many}" in summary
    # The chart's dashed line is a fair share of the game's players, and its caption says so.
    players = review["players"]
    caption = page.locator(".review-figure figcaption").inner_text()
    assert f"fair share: {round(100 / players)}% with {players} players" in caption, caption
    assert "a ring marks a blunder, a mistake or an inaccuracy" in caption, caption
    # The budget in a player's words: what was searched, not the search's "iterations".
    budget = page.locator(".review-budget").inner_text()
    assert "iterations" not in budget and ("lines of play" in budget or "samples" in budget), budget
    # No hidden cards dealt anew in a game that hides nothing (Ninja Camp), and no bare "points" a decision.
    hides = review["game"] != "ninja-camp"
    assert ("hidden cards dealt anew" in budget or "samples" in budget) == hides, budget
    assert ("nothing in this game is hidden" in budget) == (not hides), budget
    assert "percentage points of win chance given away per decision" in summary, summary
    # What the chances assume: good play from everyone, not the play the table saw.
    assert "The chances assume every player goes on to play well" in budget, budget
    check_legend(page)
    text = page.locator("dialog.review-dialog").inner_text()
    leaks = [code.pattern for code in TYPING_CODES if code.search(text)]
    assert not leaks, f"typing codes in the review panel: {leaks}"


def check_legend(page: Any) -> None:
    """The chart has a key of its rings: each mark's word, as the rows write it, beside a ring of the colour the
    chart draws that mark in (three colours, each told apart by its word), as a list named by its visible title."""
    legend = page.locator(".review-figure .review-legend")
    assert legend.is_visible(), "the chart has no key of its rings"
    items = legend.locator("li")
    assert [" ".join(text.split()) for text in items.all_inner_texts()] == ["?? Blunder", "? Mistake", "?! Inaccuracy"]
    name = legend.locator("ul").evaluate(
        "(list) => document.getElementById(list.getAttribute('aria-labelledby')).textContent")
    assert name.strip() == "Rings:"
    colours = {}
    for mark, word in MARK_WORDS.items():
        ring = legend.locator(f"li[data-mark='{mark}'] circle")
        assert word in legend.locator(f"li[data-mark='{mark}']").inner_text()
        colours[mark] = ring.evaluate("(ring) => getComputedStyle(ring).stroke")
        drawn = page.locator(f".review-chart circle.mark-{mark}")
        for number in range(drawn.count()):  # the chart's rings of that mark: the key's colour
            assert drawn.nth(number).evaluate("(ring) => getComputedStyle(ring).stroke") == colours[mark]
    assert len(set(colours.values())) == 3, colours


def test_a_player_reviews_their_game_from_the_end_dialog(browser: Any, web_server: WebServer, tiny_reviews: None,
                                                         screenshots: Any) -> None:
    from web.test_accessibility import serious

    table_id, tokens = finished(web_server, 20)  # a game whose review at 300 iterations has marks
    context, page, errors = new_page(browser)
    try:
        dialog = review_own_game(page, web_server, table_id, 0, tokens)
        review = server_review(web_server, table_id, 0)
        assert review["seat"] == 0
        check_panel(page, review, "Ann")
        try:
            found = serious(page)
        except ImportError:
            found = []  # axe-playwright-python (the dev extra) missing: the rest still holds
        assert found == [], found
        page.set_viewport_size({"width": 1280, "height": 2100})  # the dialog grows to show every row
        page.wait_for_timeout(200)
        dialog.screenshot(path=str(screenshots / "review-desktop.png"))
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(200)
        width = page.evaluate("() => document.querySelector('dialog.review-dialog').getBoundingClientRect().width")
        assert width <= PHONE["width"], f"the review is wider than a phone: {width}"
        page.screenshot(path=str(screenshots / "review-phone.png"))
        # The review took the result's place (no dialog left open under it): closed, the result it was
        # opened from comes back (with its Replay), the focus on the button that opened the review.
        assert page.locator(".end-screen").count() == 0
        page.keyboard.press("Escape")
        dialog.wait_for(state="hidden")
        page.locator(".end-screen").wait_for(state="visible")
        page.wait_for_function("() => document.activeElement && document.activeElement.id === 'open-review'")
        assert client_errors(page) == [] and errors == []
    finally:
        context.close()


def test_a_ninja_trap_review_is_the_lookaheads_and_says_so(browser: Any, web_server: WebServer,
                                                            tiny_reviews: None) -> None:
    """Where the game's expert is the lookahead (Ninja Trap), the review is its ratings, and the panel says
    what the budget counts: samples of what could be known, each trying the moves worth trying and the one
    played (not iterations)."""
    table_id, tokens = finished(web_server, 7, game="ninja-trap")
    context, page, errors = new_page(browser)
    try:
        review_own_game(page, web_server, table_id, 1, tokens)
        review = server_review(web_server, table_id, 1)
        assert review["bot"].startswith("lookahead:") and review["unit"] == "samples"
        check_panel(page, review, "Bo")
        budget = page.locator(".review-budget").inner_text()
        assert f"the one played, on {review['iterations']} samples" in budget and "iterations" not in budget
        assert client_errors(page) == [] and errors == []
    finally:
        context.close()


def test_a_spectator_chooses_whose_game_to_review(browser: Any, web_server: WebServer, tiny_reviews: None) -> None:
    table_id, _ = finished(web_server, 22, "ninja-trap")  # a game with hidden cards: hindsight is offered
    context, page, _ = new_page(browser)
    try:
        open_review_as_spectator(page, web_server, table_id)
        # Nothing starts before the spectator chooses (a review costs the server a minute).
        assert page.locator(".review-table").count() == 0
        assert web_server.http.get(f"/api/tables/{table_id}/review", params={"seat": 1}).status_code == 404
        page.select_option("#review-seat", "1")
        page.check("#review-hindsight")  # and what the search finds with every card shown
        page.click("#review-start")
        page.wait_for_function("() => document.querySelector('dialog.review-dialog').dataset.review === 'done'",
                               timeout=120_000)
        review = server_review(web_server, table_id, 1, hindsight=True)
        check_panel(page, review, "Bo")
        truths = page.locator(".review-table tbody tr .review-truth")
        assert truths.count() == len(review["moves"])
        for number, move in enumerate(review["moves"]):
            assert f"{round(move['hindsight']['best']['chance'] * 100)}%" in truths.nth(number).inner_text()
        # The replay page offers the review too: the one made is shown at once.
        page.goto(f"{web_server.base}/#/replay/{table_id}")
        page.click("#open-review")
        page.locator("dialog.review-dialog").wait_for(state="visible")
        page.select_option("#review-seat", "1")
        page.check("#review-hindsight")
        page.click("#review-start")
        page.wait_for_function("() => document.querySelector('dialog.review-dialog').dataset.review === 'done'")
        check_panel(page, review, "Bo")
        assert client_errors(page) == []
    finally:
        context.close()


def test_a_running_review_says_about_how_long_is_left(browser: Any, web_server: WebServer) -> None:
    """A long review (a few minutes at the expert's budget) says how long is left, from the pace the page
    has seen since it first saw the review running; nothing before a decision is done since then."""
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/")
        said = page.evaluate("""async () => {
            const {ReviewDialog} = await import('./js/review.js');
            const panel = {seat: 0, hindsight: false, pace: null};
            const at = (seconds, done, total) => {
                Date.now = () => seconds * 1000;
                return ReviewDialog.prototype.timeLeft.call(panel, {done, total});
            };
            return [at(0, 2, 10), at(60, 4, 10), at(70, 9, 10), at(80, 10, 10)];
        }""")
        assert not errors and not client_errors(page)
    finally:
        context.close()
    # 2 decisions in a minute, 6 left: about 3 minutes; then 7 in 70 s, 1 left; then none left.
    assert said == ["", " About 3 minutes left.", " Less than a minute left.", ""]


def test_a_running_review_shows_its_rows_as_they_come(browser: Any, web_server: WebServer) -> None:
    """While a review runs, the decisions reviewed so far show as rows under the progress (in the game's
    order, in words), and the finished review keeps them, with its summary above."""
    reviews = web_server.app.state.reviews
    before = reviews.iterations
    reviews.iterations = 800  # slow enough that the page sees the review half done
    table_id, tokens = finished(web_server, 21)
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
        page.locator(".end-screen #open-review").click()
        page.wait_for_function("""() => {
            const dialog = document.querySelector('dialog.review-dialog');
            return dialog && dialog.dataset.review === 'running'
              && dialog.querySelectorAll('.review-table[data-partial="yes"] tbody tr').length > 0;
        }""", timeout=60_000)
        partial = page.evaluate("""() => {
            const dialog = document.querySelector('dialog.review-dialog');
            return {
              numbers: [...dialog.querySelectorAll('.review-table tbody tr')].map((row) => row.dataset.number),
              played: [...dialog.querySelectorAll('.review-played')].map((cell) => cell.innerText.trim()),
              status: dialog.querySelector('.review-status').innerText,
            };
        }""")
        assert "done" in partial["status"] and "Reviewing Ann's decisions" in partial["status"], partial
        page.wait_for_function("() => document.querySelector('dialog.review-dialog').dataset.review === 'done'",
                               timeout=180_000)
        review = server_review(web_server, table_id, 0)
        assert 0 < len(partial["numbers"]) < len(review["moves"]), partial
        assert partial["numbers"] == [str(number) for number in range(1, len(partial["numbers"]) + 1)]
        words = [move["estimate"]["played"]["label"].replace("P1", "Bo").replace("P0", "Ann")
                 for move in review["moves"]]
        assert partial["played"] == words[:len(partial["played"])]
        assert page.locator('.review-table[data-partial="no"] tbody tr').count() == len(review["moves"])
        assert page.locator(".review-summary").count() == 1
        assert client_errors(page) == [] and errors == []
    finally:
        reviews.iterations = before
        context.close()


def test_a_review_waits_its_turn_when_the_server_is_busy_and_then_runs(browser: Any, web_server: WebServer) -> None:
    """With every review slot of the server taken, the Review button's review waits in the server's queue: the
    dialog says so and how many reviews are ahead, then shows the review when its turn has come and gone."""
    reviews = web_server.app.state.reviews
    before = reviews.iterations, reviews.max_running
    reviews.iterations, reviews.max_running = 800, 1  # the first review holds the one slot for a while
    busy_id, _ = finished(web_server, 22)
    table_id, tokens = finished(web_server, 23)
    context, page, errors = new_page(browser)
    try:
        assert web_server.http.post(f"/api/tables/{busy_id}/review", json={"seat": 1}).status_code == 202
        reviews.iterations = 12  # what runs next (the waiting review) is quick
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
        page.locator(".end-screen #open-review").click()
        page.wait_for_function("() => document.querySelector('dialog.review-dialog')?.dataset.review === 'queued'",
                               timeout=30_000)
        status = page.locator("dialog.review-dialog .review-status").inner_text()
        assert "waiting its turn" in status and "1 review ahead" in status, status
        page.wait_for_function("() => document.querySelector('dialog.review-dialog').dataset.review === 'done'",
                               timeout=240_000)
        assert page.locator('.review-table tbody tr').count() == len(server_review(web_server, table_id, 0)["moves"])
        assert client_errors(page) == [] and errors == []
    finally:
        reviews.iterations, reviews.max_running = before
        context.close()


def test_the_review_of_a_table_with_hints_says_a_hint_was_a_search_of_its_own(browser: Any,
                                                                              web_server: WebServer) -> None:
    # A player who asked for hints reads two figures for one decision (a hint's 62%, the review's 55%): the
    # review says why, where hints were allowed, and only there.
    said = {}
    for hints in (True, False):
        table_id, _ = web_server.create({"game": "ninja-camp", "players": 2, "settings": {**QUICK, "hints": hints},
                                         "seed": 23, "seats": [{"type": "human", "name": "Ann"},
                                                               {"type": "human", "name": "Bo"}]})
        assert web_server.http.get(f"/api/tables/{table_id}").json()["settings"]["hints"] is hints
        web_server.play_out(table_id)
        context, page, _ = new_page(browser)
        try:
            open_review_as_spectator(page, web_server, table_id)
            said[hints] = page.locator("dialog.review-dialog .review-intro").inner_text()
            assert client_errors(page) == []
        finally:
            context.close()
    assert "A hint during the game was a search of its own" in said[True], said[True]
    assert "hint" not in said[False], said[False]


#: The last three reviewed moves shown at 0% before and after (a game lost for good by then).
LAST_THREE_SETTLED = """(data) => {
  const moves = (data.review || {}).moves || [];
  moves.forEach((move, index) => {
    const settled = index >= moves.length - 3;
    Object.assign(move.estimate, settled ? {before: 0, after: 0, loss: 0} : {before: 0.4, after: 0.4, loss: 0});
    move.followed = null;
  });
  // (as the review library says it of such moves: GameReview.decided_from)
  if (moves.length) data.review.decided_from = {number: moves[moves.length - 3].number, percent: 0};
  return data;
}"""


def test_a_review_says_from_which_decision_the_game_was_decided(browser: Any, web_server: WebServer,
                                                               tiny_reviews: None) -> None:
    """Where the last decisions all stood at 0% before and after, the summary says from which one the game was
    decided (each row's "0% → 0% ✓" said nothing of why)."""
    table_id, tokens = finished(web_server, 20)
    context, page, errors = new_page(browser, TALL)
    try:
        review_rewritten(page, web_server, table_id, tokens["0"], LAST_THREE_SETTLED)
        numbers = page.eval_on_selector_all(".review-table tbody tr", "rows => rows.map((r) => r.dataset.number)")
        assert len(numbers) >= 4, numbers
        summary = page.locator(".review-summary").inner_text()
        assert (f"From decision {numbers[-3]} on the game was decided as far as the search could see (0% before "
                "and after every move)") in summary, summary
        assert errors == [], errors
    finally:
        context.close()


#: The first reviewed move's estimate shown changed (page.route): ``before`` and ``after`` with ``clear``; the best
#: found is another move, at ``before``.
FIRST_MOVE_RATED = """([data, before, after, clear]) => {
  const moves = (data.review || {}).moves || [];
  if (!moves.length) return data;
  const estimate = moves[0].estimate;
  Object.assign(estimate, {before, after, loss: Math.max(0, before - after), clear});
  estimate.played = {...estimate.played, chance: after};
  estimate.best = {action: 'zz:1', label: 'Place a ninja on b2 (a Leap)', chance: before};
  moves[0].followed = null;
  moves[0].mark = null;
  return data;
}"""


@pytest.mark.parametrize(("before", "after", "clear", "said"), [
    # A 16-point gap the search cannot tell from its noise: not called worse, nor "about as good as the best" (a
    # reader sees 16 points go).
    (0.59, 0.43, False, "≈ not clearly worse than the best found (the gap is within the search’s error): "
                        "Place a ninja on b2 (a Leap) (59%)"),
    # The move played rated above the move the search settled on: not "as good as" a move shown lower.
    (0.25, 0.26, True, "✓ your move rated at least as well as the best found: Place a ninja on b2 (a Leap) (25%)"),
], ids=["a gap within the search's error", "rated above the best found"])
def test_the_better_move_column_says_how_the_move_played_compares(browser: Any, web_server: WebServer,
                                                                  tiny_reviews: None, before: float, after: float,
                                                                  clear: bool, said: str) -> None:
    """The better move's column where the figures could mislead: it names the best found, with its chance, and says
    how the move played compares in words that match the figures beside it."""
    table_id, tokens = finished(web_server, 20)
    context, page, errors = new_page(browser, TALL)
    try:
        script = f"(data) => ({FIRST_MOVE_RATED})([data, {before}, {after}, {str(clear).lower()}])"
        review_rewritten(page, web_server, table_id, tokens["0"], script)
        row = page.locator(".review-table tbody tr").first
        assert f"{round(before * 100)}% → {round(after * 100)}%" in row.locator(".review-chance").inner_text()
        better = row.locator(".review-better").inner_text()
        assert better == said, better
        assert "as good as" not in better, better
        assert errors == [], errors
    finally:
        context.close()

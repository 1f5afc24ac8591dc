"""Found by a browser probe (s62): the review's chart had no scale (a line in a box, its height read as nothing);
a decision rated from the seat's next decision read "38% → 32% (43% at your next decision, right after) (−5)", two
figures after the arrow and a loss from neither; and the log numbered each nested line as an entry of its own
("12. claims Shadow (+3) from c1" under "11. P0 plays Evade")."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, TALL, new_page, review_rewritten
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: The review as the server gives it, its first decision rated higher by the seat's next one (``followed``).
FOLLOWED = """(data) => {
  const moves = (data.review || {}).moves || [];
  if (!moves.length) return data;
  Object.assign(moves[0].estimate, {before: 0.48, after: 0.38});
  moves[0].followed = 0.43;
  return data;
}"""

#: Each line of the log: nested or not, its number, whether a number is drawn, its text.
LOG = """() => [...document.querySelectorAll('.log-lines li')].map((li) => ({sub: li.classList.contains('log-sub'),
  value: li.value, marker: getComputedStyle(li).listStyleType, text: li.textContent}))"""


def _finished_camp(server: WebServer) -> tuple[str, dict[str, str]]:
    table_id, tokens = server.create({"game": "ninja-camp", "players": 2, "settings": QUICK, "seed": 21,
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    server.play_out(table_id)
    return table_id, tokens


def test_the_chart_has_a_scale_and_a_row_gives_the_figure_its_loss_counts_from(browser: Any,
                                                                                web_server: WebServer) -> None:
    """The chart shows 0%, 50% and 100% beside its line; a row rated from the next decision shows that figure
    after the arrow (48% → 43%, −5) and the decision's own figure (38%) in words beside it."""
    reviews = web_server.app.state.reviews
    before = reviews.iterations
    reviews.iterations = 12
    table_id, tokens = _finished_camp(web_server)
    context, page, errors = new_page(browser, TALL)
    try:
        review_rewritten(page, web_server, table_id, tokens["0"], FOLLOWED)
        scale = page.locator(".review-chart text.review-chart-scale").all_text_contents()
        assert scale == ["0%", "50%", "100%"], scale
        # The figures stand in order from the bottom up, left of the line's first point.
        heights = page.evaluate("() => [...document.querySelectorAll('.review-chart-scale')]"
                                ".map((t) => t.getBoundingClientRect().top)")
        assert heights == sorted(heights, reverse=True), heights
        first = page.locator(".review-table tbody tr").first.locator(".review-chance").inner_text()
        assert first.startswith("48% → 43%"), first
        assert first.startswith("48% → 43% (−5)"), first
        said = "as rated at your next decision, right after (38% by this decision’s own search)"
        assert said in first.replace("'", "’"), first
        # The note wraps under the figures: the column stays narrow (on one line it squashed every other column).
        widths = page.evaluate("() => [...document.querySelectorAll('.review-table thead th')].map((th) => "
                               "th.getBoundingClientRect().width)")
        assert widths[3] < 0.25 * sum(widths), widths
        assert "43% at your next decision" not in first, first
        assert errors == [], errors
    finally:
        reviews.iterations = before
        context.close()


def test_the_log_numbers_only_its_entries_not_the_lines_nested_under_them(browser: Any,
                                                                          web_server: WebServer) -> None:
    """Ninja Camp's log nests "claims Sprint (+2) from b1" under the move that claimed it: the move is numbered,
    the nested line is not, and the numbers run 1, 2, 3... over the entries alone."""
    table_id, tokens = _finished_camp(web_server)
    log = web_server.http.get(f"/api/tables/{table_id}/view", headers={"X-Seat-Token": tokens["0"]}).json()
    context, page, errors = new_page(browser, TALL)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
        page.locator(".log-lines li").first.wait_for()
        lines = page.evaluate(LOG)
        nested = [line for line in lines if line["sub"]]
        entries = [line for line in lines if not line["sub"]]
        assert nested and entries, lines
        assert [line["value"] for line in entries] == list(range(1, len(entries) + 1))
        assert {line["marker"] for line in nested} == {"none"}
        assert {line["marker"] for line in entries} == {"decimal"}
        # Nested exactly where the server's log indents a line.
        served = [line for line in log["view"]["log"] if line.strip()]
        assert [line.startswith(" ") for line in served] == [line["sub"] for line in lines], (served[:5], lines[:5])
        assert errors == [], errors
    finally:
        context.close()

"""The box a board keeps for the last raid or attack (``games/common.js``'s ``lastFromLog``): its first line,
the last lines of what came of it, and the lines left out between them counted, on a line of their own without
a bullet (a bare "…" bullet read as a line of the game lost)."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import DESKTOP, new_page
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: The box's lines for each log given, each line as [its class, its text].
LAST = """async (logs) => {
  const {lastFromLog} = await import(`${location.origin}/js/games/common.js`);
  return logs.map((log) => [...lastFromLog({view: {log}, words: (text) => text}, /attacks/).querySelectorAll('li')]
    .map((li) => [li.className, li.textContent]));
}"""

LOG = ["P0 draws 2 cards", "P0 attacks P1 with a Knight (strength 3)", "  P1 responds with a Soldier",
       "  P0 plays a Peasant", "  P1 takes the attack", "  P1 gives 1 gem to P0", "P1 draws 2 cards"]


def test_the_last_attack_counts_the_lines_it_leaves_out(browser: Any, web_server: WebServer) -> None:
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/")
        long, short = page.evaluate(LAST, [LOG, LOG[:3]])
        assert long == [["", LOG[1]], ["elided", "… 2 more lines in the log"], ["", "P1 takes the attack"],
                        ["", "P1 gives 1 gem to P0"]]
        assert short == [["", LOG[1]], ["", "P1 responds with a Soldier"]]  # nothing left out, nothing said
        assert not errors, errors
    finally:
        context.close()

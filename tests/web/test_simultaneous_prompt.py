"""A decision everyone makes at once says so once: the game's prompt where it says it ("The others choose at
the same time", Ninjitsu!'s Element), else the table's own line (Ninja Trap's traps)."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import APP, new_page
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(("game", "options"), [("ninjitsu", {"expansions": "elements"}), ("ninja-trap", {})])
def test_a_choice_made_at_the_same_time_is_said_once(browser: Any, web_server: WebServer, game: str,
                                                     options: dict[str, Any]) -> None:
    table_id, tokens = web_server.create({"game": game, "players": 2, "options": options, "settings": QUICK,
                                          "seed": 3, "seats": [{"type": "human", "name": "Ann"},
                                                               {"type": "human", "name": "Bo"}]})
    context, page, errors = new_page(browser)
    other, page_bo, _ = new_page(browser)
    try:
        # Both players at the table (until then it waits for them).
        page_bo.goto(f"{web_server.base}/#/table/{table_id}/1/{tokens['1']}")
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.canAct === 'yes'")
        prompt = page.locator("section.prompt").inner_text()
        assert "Your move" in prompt, prompt
        assert prompt.count("at the same time") == 1, prompt
        assert not errors, errors
    finally:
        context.close()
        other.close()

"""Free actions in the browser: Ninjitsu!'s "You may look at or rearrange your secrets at any time".

Ann keeps two secrets; on Bob's turn her page offers the swap under "At any time, for free"; she takes
it, Bob's decision stays his, and both logs say that Ann rearranged her secrets (never the cards)."""

from __future__ import annotations

import os
from typing import Any

import pytest

from web.driving import APP, app_data, click_choice, client_errors
from web.serving import WebServer
from web.test_table_help import turn_of, two_friends

pytestmark = pytest.mark.slow


def _click_action(page: Any, prefix: str) -> None:
    """Click the first of the page's listed choices whose action starts with ``prefix``; wait for it to go."""
    before = app_data(page)["index"]
    # (a list of 13 choices or more comes folded: click_choice opens the group the choice is in)
    click_choice(page.locator(f".action-list button.action[data-action^='{prefix}']").first)
    page.wait_for_function("([sel, before]) => document.querySelector(sel).dataset.index !== before",
                           arg=[APP, before])


def test_a_player_rearranges_her_secrets_on_the_other_players_turn(browser: Any, web_server: WebServer) -> None:
    context_a, page_a, context_b, page_b, table_id = two_friends(browser, web_server, "ninjitsu")
    try:
        pages = [page_a, page_b]
        live = web_server.dojo.tables[table_id]
        while len(live.game.secrets[0]) < 2:
            if turn_of(pages) == 0:
                assert page_a.locator(".free-choices").count() == 0 or live.game.secrets[0]
                _click_action(page_a, "s:")
            else:
                _click_action(page_b, "d")
        assert turn_of(pages) == 1
        order = list(live.game.secrets[0])
        page_a.wait_for_selector(".free-choices summary")
        assert page_a.locator(".free-choices summary").inner_text() == "At any time, for free (1)"
        page_a.click(".free-choices summary")
        button = page_a.locator(".free-choices button[data-action='w0.1']")
        assert button.inner_text() == "Swap your secrets #1 and #2 (free)"
        if os.environ.get("NINJADOJO_SCREENSHOTS"):
            page_a.screenshot(path=f"{os.environ['NINJADOJO_SCREENSHOTS']}/free-choices-desktop.png", full_page=True)
        assert app_data(page_a)["canAct"] == "no"  # not her turn: only the free choice is hers
        # The list above says the free moves are what there is (not "Nothing to choose now." over them).
        listed = page_a.locator("section.actions").inner_text()
        assert "Nothing to choose now but the free moves below." in listed, listed
        button.click()
        for page in pages:
            page.wait_for_function("() => [...document.querySelectorAll('.log li')]"
                                   ".some((li) => li.textContent.includes('Ann rearranges their secrets'))")
        assert live.game.secrets[0] == order[::-1]
        assert turn_of(pages) == 1 and live.game.to_act() == (1,)
        # The folded list stays open across the new state, and the swap is still there (as often as she likes).
        assert page_a.locator(".free-choices").get_attribute("open") is not None
        assert page_a.locator(".free-choices button[data-action='w0.1']").is_enabled()
        assert not client_errors(page_a) and not client_errors(page_b)
    finally:
        context_a.close()
        context_b.close()

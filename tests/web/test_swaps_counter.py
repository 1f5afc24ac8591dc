"""Ninjitsu!'s "Free secret swaps" counter (the swaps of two of your own secrets a turn lists, free) shows on
your turn only when there is something to swap, two secrets of yours or more (it showed with none)."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import DESKTOP, hide_or_draw, new_page, play_on_server, wait_turn_or_end
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

TABLE = {"game": "ninjitsu", "players": 2, "settings": QUICK,
         "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]}


def _table_with_secrets(server: WebServer, secrets: int) -> tuple[str, dict[str, str]]:
    """A table at Ann's turn once she holds ``secrets`` secrets (she hides a card a turn; Bob draws)."""
    table_id, tokens = server.create(TABLE)
    play_on_server(server, table_id, lambda game: game.to_act() == (0,) and len(game.secrets[0]) >= secrets,
                   hide_or_draw(hider=0), most=40)
    return table_id, tokens


@pytest.mark.parametrize("secrets", [0, 2])
def test_the_swaps_counter_shows_only_with_two_secrets_to_swap(browser: Any, web_server: WebServer,
                                                                secrets: int) -> None:
    table_id, tokens = _table_with_secrets(web_server, secrets)
    context, page, errors = new_page(browser, DESKTOP)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        assert wait_turn_or_end(page, 30) == "act"
        page.locator(".board").wait_for()
        shown = page.locator(".board").get_by_text("Free secret swaps").count()
        assert shown == (1 if secrets >= 2 else 0), (secrets, shown)
        assert not errors, errors
    finally:
        context.close()

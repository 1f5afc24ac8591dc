"""A table that is not there (a mistyped link, a removed table) gets a page of its own, as a missing replay does:
it showed the whole frame of a table (its rules button, an empty log, a chat box one could type into) beside
"There is no such table."."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import new_page
from web.serving import WebServer

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("route", ["table", "watch"])
def test_a_missing_table_is_a_page_of_its_own(browser: Any, web_server: WebServer, route: str) -> None:
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/{route}/NOPE123")
        alert = page.get_by_role("alert")
        alert.wait_for()
        assert "There is no table ‘NOPE123’ here" in alert.inner_text()
        assert page.get_by_role("link", name="Back to the lobby").get_attribute("href") == "#/"
        for frame in (".log", ".chat", "input", "textarea", ".board"):
            assert page.locator(frame).count() == 0, f"{frame} of a table drawn for a table that is not there"
        # The socket's refusal is the server's answer, not a client error; nothing else went wrong.
        assert not [error for error in errors if "NOPE123" not in error], errors
    finally:
        context.close()

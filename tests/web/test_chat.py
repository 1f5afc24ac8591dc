"""Chat at a table in the browser (issue 24, "Friends at a table"): a line and a quick emote go between
two browser contexts (and reach a spectator's); ``<script>`` in a line or in a seat's name stays text and
never runs; a player mutes the chat (kept in this browser over a reload); the lines come back on a reload."""

from __future__ import annotations

from typing import Any

import pytest

from web.driving import PHONE, client_errors, new_page
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: Markup that would run (or set a flag) if a chat line or a name were put in the page as HTML.
LINE = '<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"> hello & bye'
NAME = "<script>f()</script>Bo"  # (a name is at most 24 characters)


def open_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    """A fresh context (its own localStorage) at ``url``, watching for errors."""
    context, page, errors = new_page(browser)
    try:
        page.goto(url)
    except Exception:
        context.close()
        raise
    page.wait_for_function("() => document.querySelector('#app').dataset.connection === 'connected'")
    return context, page, errors


def chat_texts(page: Any) -> list[str]:
    """The chat lines the page shows: name and text, as text."""
    return [" ".join(text.split()[1:]) for text in page.locator(".chat-lines .chat-line").all_inner_texts()]


def test_chat_goes_between_two_browsers_as_text_and_can_be_muted(browser: Any, web_server: WebServer) -> None:
    table_id, tokens = web_server.create({"game": "ninjitsu", "players": 2, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "name": NAME}]})
    contexts: list[Any] = []
    try:
        opened = []
        for url in (f"#/table/{table_id}/0/{tokens['0']}", f"#/table/{table_id}/1/{tokens['1']}",
                    f"#/watch/{table_id}"):
            context, page, errors = open_page(browser, f"{web_server.base}/{url}")
            contexts.append(context)
            opened.append((page, errors))
        (ann, ann_errors), (bo, bo_errors), (watcher, watch_errors_) = opened

        ann.fill(".chat-input", LINE)
        ann.press(".chat-input", "Enter")
        for page in (ann, bo, watcher):
            page.locator(".chat-lines .chat-line").first.wait_for()
            assert chat_texts(page) == [f"Ann: {LINE}"]
            assert page.locator(".chat script, .chat img").count() == 0
        assert ann.input_value(".chat-input") == ""

        # An emote is its word, with its symbol where this browser can draw it (a bare Linux has no
        # emoji font: the symbol would be an empty box).
        drawn = ann.evaluate("async () => (await import(`${location.origin}/js/chat.js`)).emojiShown()")
        good_game = "🤝 Good game" if drawn else "Good game"
        assert bo.inner_text(".chat-emote[data-emote='good_game']") == good_game
        bo.click(".chat-emote[data-emote='good_game']")
        ann.locator(".chat-lines .chat-line-emote").wait_for()
        assert chat_texts(ann)[-1] == f"{NAME}: {good_game}"  # the name shown as typed, as text
        assert ann.locator(".chat b.chat-name").nth(1).inner_text() == NAME

        # Ann mutes the chat: Bo's next line is not shown, only counted; it stays muted over a reload.
        ann.click(".chat-mute")
        assert ann.locator(".chat-body").is_hidden()
        bo.fill(".chat-input", "are you there?")
        bo.click(".chat-send")
        watcher.locator(".chat-lines .chat-line", has_text="are you there?").wait_for()
        ann.locator(".chat-status", has_text="1 new").wait_for()
        ann.reload()
        ann.wait_for_function("() => document.querySelector('#app').dataset.connection === 'connected'")
        assert ann.locator(".chat-body").is_hidden()
        assert ann.get_attribute(".chat-mute", "aria-pressed") == "true"
        ann.click(".chat-mute")  # unmuted: the table's lines, from the state, as they were
        ann.locator(".chat-lines .chat-line", has_text="are you there?").wait_for()
        assert chat_texts(ann) == [f"Ann: {LINE}", f"{NAME}: {good_game}", f"{NAME}: are you there?"]

        # Too long a line cannot be typed (the input stops at the server's limit).
        bo.fill(".chat-input", "x" * 400)
        assert len(bo.input_value(".chat-input")) == 300

        for page in (ann, bo, watcher):
            assert page.evaluate("() => window.__pwned") is None
            assert client_errors(page) == []
        assert ann_errors == [] and bo_errors == [] and watch_errors_ == []
    finally:
        for context in contexts:
            context.close()


def test_on_a_phone_the_chat_scrolls_above_the_docked_hand(browser: Any, web_server: WebServer) -> None:
    """The chat is the page's last thing on a phone; with the hand docked at the bottom of the screen the
    page has room to scroll it above the hand (else the line to type would stay under it)."""
    table_id, tokens = web_server.create({"game": "ninjitsu", "players": 2, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    context, page, _ = new_page(browser, PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.locator(".board .card-row.hand").wait_for()
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_function("() => document.querySelector('#app').dataset.handDocked === 'yes'")
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        hand = page.locator(".board .card-row.hand.docked").bounding_box()
        chat = page.locator(".chat-form").bounding_box()
        assert hand is not None and chat is not None
        assert chat["y"] + chat["height"] <= hand["y"] + 1, (chat, hand)
    finally:
        context.close()


def test_emote_symbols_are_shown_only_where_a_font_draws_them(browser: Any, web_server: WebServer) -> None:
    """The emotes' symbols are shown when the browser draws them in colour, and left out (the word alone)
    when it cannot: told apart on a canvas, here checked against a canvas that draws in grey only."""
    context, page, errors = new_page(browser)
    try:
        page.goto(web_server.base)
        module = "`${location.origin}/js/chat.js`"
        shown = page.evaluate(f"async () => (await import({module})).emojiShown()")
        words = page.evaluate(f"async () => (await import({module})).emoteText('hello')")
        assert words == ("👋 Hello" if shown else "Hello")
        # A canvas that never colours a pixel (no colour emoji font) gives the words alone; one that draws
        # the symbol in colour (a red pixel in it), symbol and word.
        for pixel, expected in (("image.data[i + 1] = image.data[i]; image.data[i + 2] = image.data[i];", "Hello"),
                                ("if (i === 0) { image.data.set([200, 30, 30, 255], 0); }", "👋 Hello")):
            other_context = browser.new_context()
            try:
                other = other_context.new_page()
                other.add_init_script("""
                  const real = CanvasRenderingContext2D.prototype.getImageData;
                  CanvasRenderingContext2D.prototype.getImageData = function (...args) {
                    const image = real.apply(this, args);
                    for (let i = 0; i < image.data.length; i += 4) { PIXEL }
                    return image;
                  };""".replace("PIXEL", pixel))
                other.goto(web_server.base)
                assert other.evaluate(f"async () => (await import({module})).emoteText('hello')") == expected
            finally:
                other_context.close()
        assert errors == [], errors
    finally:
        context.close()

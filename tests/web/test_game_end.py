"""The end of a game in the browser (issues 23 and 24): every game played to its end by clicking, then
the end panel is checked where the player looks (inside the viewport, on a desktop and on a phone),
with who won and why, each seat's score counted line by line (its last line the server's score),
every hidden card the server's end view reveals drawn on the board, no typing code anywhere in the
page, nothing left of the decisions once the game is over, and a panel that closes and opens again.
Screenshots of each end panel go to the ``screenshots`` folder and to /tmp/end-<game>-<size>.png."""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import ViewportSize

from web.driving import APP, DESKTOP, PHONE, board_screenshot, new_page, play_by_clicking, server_state
from web.serving import QUICK, WebServer

pytestmark = pytest.mark.slow

#: The typing notation of the terminal, which a browser page must never show a player: "a:", "x1.0"-
#: style tokens ("a:Ka", "side:1", "rum:w1"), angle-bracket placeholders ("<card>"), codes in brackets
#: ("(pe)", "(d)").
TYPING_CODES = [re.compile(r"\b[a-z]{1,3}:[A-Za-z0-9]"), re.compile(r"<[a-z]+>"), re.compile(r"\([a-z]{1,2}\)")]
#: "you" with a verb of the third person ("you drafts"): the boards name this page's seat "Ann (you)".
YOU_THIRD_PERSON = re.compile(r"\byou (?:drafts|attacks|has|is|wins|draws|plays|takes|moves)\b", re.IGNORECASE)


def _hand(seat: dict[str, Any]) -> list[str]:
    return [str(card) for card in seat.get("hand") or []]


#: Per game: players, options, and the hidden cards of a seat that its end view reveals (what the
#: board must draw face up then): hands, Ninja Trap's traps, Ninjitsu!'s secrets (when the view has them).
HIDDEN: dict[str, tuple[int, dict[str, Any], Callable[[dict[str, Any]], list[str]]]] = {
    "ninjitsu": (2, {"target": 12, "expansions": ["promo", "magic", "sabotage", "elements", "weather"]},
                 lambda seat: _hand(seat) + [str(card) for card in seat.get("secrets") or []]),
    "knights-and-ninjas": (2, {}, _hand),
    "ninja-trap": (2, {}, lambda seat: list(seat.get("hand") or "")
                   + [trap["room"] for trap in seat.get("revealed_traps") or []]),
    "ninja-camp": (2, {}, lambda seat: list(seat.get("hand") or "")),
    "ninjato": (2, {}, _hand),
}

#: Every piece of text a player can read (text nodes, button words; not inputs, URLs or scripts).
READABLE_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, input, textarea, [hidden]')) continue;
    const text = node.textContent.trim();
    if (text) out.push(text);
  }
  return out;
}"""

#: Whether an element is wholly inside the viewport.
IN_VIEWPORT = """(el) => { const r = el.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: window.innerHeight,
          width: window.innerWidth}; }"""


def _assert_in_viewport(page: Any, selector: str, where: str) -> None:
    box = page.eval_on_selector(selector, IN_VIEWPORT)
    assert box["top"] >= 0 and box["bottom"] <= box["height"], f"{where}: the end panel is not in the viewport: {box}"
    assert box["left"] >= 0 and box["right"] <= box["width"], f"{where}: the end panel is wider than the screen: {box}"


def _last_number(line: str) -> float:
    numbers = re.findall(r"-?\d+(?:\.\d+)?", line)
    assert numbers, f"the total line {line!r} has no number"
    return float(numbers[-1])


@pytest.mark.parametrize("game", list(HIDDEN))
def test_the_end_panel_explains_the_game_where_the_player_looks(browser: Any, web_server: WebServer,
                                                                 screenshots: Any, game: str) -> None:
    players, options, hidden = HIDDEN[game]
    table_id, tokens = web_server.create({"game": game, "players": players, "options": options, "settings": QUICK,
                                          "seed": 11, "seats": [{"type": "human", "name": "Ann"}]
                                          + [{"type": "bot", "level": "easy"}] * (players - 1)})
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/table/{table_id}/0/{tokens['0']}")
        page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
        seen_leaks: list[str] = []

        def no_codes_midgame(stats: Any) -> None:
            # The board, the prompt and the choices during the game are words too.
            if stats.actions % 4 == 0:
                seen_leaks.extend(text for text in page.evaluate(READABLE_TEXT)
                                  if any(code.search(text) for code in TYPING_CODES)
                                  or YOU_THIRD_PERSON.search(text))

        play_by_clicking(page, random.Random(f"end-{game}"), seconds=240, max_actions=800, board_share=0.5,
                         on_action=no_codes_midgame)
        assert not seen_leaks, f"{game}: typing codes in the page during the game: {sorted(set(seen_leaks))[:10]}"
        end = page.locator(".end-screen")
        end.wait_for()
        state = server_state(web_server, table_id, tokens["0"])
        view, result = state["view"], state["view"]["result"]
        assert result is not None

        # Where the player looks: the panel is in the viewport whatever the scroll, and has the focus.
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        _assert_in_viewport(page, ".end-screen", f"{game} on a desktop, scrolled down")
        assert page.evaluate("() => Boolean(document.activeElement.closest('.end-screen'))")

        # The list of choices says why there is none: the game is over (not "Nothing to choose now").
        assert "The game is over" in page.locator("section.actions").inner_text()

        # Who won and why, with the table's names (no bare P<n> of the engine's words for a named seat).
        reason = end.locator(".reason").inner_text()
        assert reason.strip(), "the end panel gives no reason"
        assert "P0" not in reason, f"seat 0 is Ann, not P0: {reason!r}"
        # A winner is named by the title or by the reason that says why they won, not by both.
        title = end.locator(".end-title").inner_text()
        for winner in result["winners"]:
            name = rf"\b{'Ann' if winner == 0 else f'P{winner}'}\b"
            assert bool(re.search(name, title)) != bool(re.search(name, reason)), (game, title, reason)
            if re.search(name, reason):
                # The sentence in bold, the result's headline, is the one that names the winner.
                lead = end.locator(".reason strong").inner_text()
                assert re.search(name, lead), (game, lead, reason)
        for winner in result["winners"]:
            assert end.locator(f"tr.winner[data-seat='{winner}']").count() == 1

        # Each seat's score as the rulebook counts it: the engine's lines, the last one the total, under
        # the name of what it counts; a game only won or lost (Ninja Trap) shows no number, only how it ended.
        score_name = view["score_name"]
        headers = end.locator("thead th").all_inner_texts()
        assert (score_name in headers) if score_name else (headers[1:] == ["How it ended"]), (game, headers)
        # A count of one line that only says the score again (Of Knights and Ninjas' "Gems held: 7") is no
        # column of its own.
        repeats = score_name and all(len(seat_lines) <= 1 and all(_last_number(line) == float(score)
                                                                   for line in seat_lines)
                                     for seat_lines, score in zip(view["score_lines"], result["scores"],
                                                                  strict=True))
        assert ("How it is counted" in headers) == (bool(score_name) and not repeats), (game, headers)
        for seat, score in enumerate(result["scores"]):
            row = end.locator(f"tbody tr[data-seat='{seat}']")
            lines = row.locator(".score-lines li").all_inner_texts()
            expected = [] if repeats else view["score_lines"][seat]
            assert len(lines) == len(expected), (seat, lines, expected)
            if repeats:
                assert float(row.locator(".score").inner_text()) == float(score)
                continue
            if not score_name:
                assert row.locator(".score").count() == 0 and lines and not lines[-1].startswith("Total"), lines
                continue
            assert float(row.locator(".score").inner_text()) == float(score)
            assert _last_number(lines[-1]) == float(score), (seat, lines, score)

        # Every hidden card the end view reveals is drawn face up, seat by seat.
        for seat, data in enumerate(view["seats"]):
            drawn = page.eval_on_selector_all(f".board [data-reveal='{seat}'] .card[data-code]",
                                              "els => els.map((el) => el.dataset.code)")
            assert sorted(drawn) == sorted(hidden(data)), f"{game}: seat {seat}: drawn {drawn}, revealed {data}"

        # No typing code anywhere a player reads.
        texts = page.evaluate(READABLE_TEXT)
        leaks = [text for text in texts if any(code.search(text) for code in [*TYPING_CODES, YOU_THIRD_PERSON])]
        assert not leaks, f"{game}: typing codes in the page: {leaks[:10]}"

        # Nothing is left of the decisions: no chooser, no attack, no action to click.
        assert page.locator(".chooser button.choice").count() == 0
        assert page.locator(".attack-line").count() == 0
        assert page.locator(".board [data-keys].actionable").count() == 0

        # The board dimmed behind the dialog still takes the pointer and the keyboard, but a card's text
        # over it would cover the result (it did, over the dialog's title): none shows while it is open.
        for card in page.locator(".board .card[data-code]").all()[:6]:
            for event in ("pointermove", "pointerover"):  # (a pointer moved onto the card: as a mouse's)
                card.dispatch_event(event, {"pointerType": "mouse", "bubbles": True})
            assert page.locator("#card-pop").is_hidden(), f"{game}: a card's text shows over the result"
        end.locator(".end-title").focus()

        desktop = f"/tmp/end-{game}-desktop.png"
        page.screenshot(path=desktop)
        shutil.copy(desktop, screenshots / f"end-{game}-desktop.png")

        # A phone: still in the viewport, scrolling inside itself when long.
        page.set_viewport_size(PHONE)
        _assert_in_viewport(page, ".end-screen", f"{game} on a phone")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{game}: the page is {width} px wide on a phone"
        phone = f"/tmp/end-{game}-phone.png"
        page.screenshot(path=phone)
        shutil.copy(phone, screenshots / f"end-{game}-phone.png")

        # Closable (and Escape closes it too); the board stays, with a way back to the result.
        end.locator("button", has_text="Close").click()
        assert page.locator(".end-screen").count() == 0
        page.locator(".end-bar button", has_text="Show the result").click()
        end.wait_for()
        page.keyboard.press("Escape")
        assert page.locator(".end-screen").count() == 0
        assert page.locator(".end-bar").is_visible()
        # Closed, the board's cards tell their texts again.
        page.locator(".board .card[data-code]").first.hover()
        assert page.locator("#card-pop").is_visible(), f"{game}: no card text once the result is closed"
        page.set_viewport_size(DESKTOP)
        board_screenshot(page, f"/tmp/end-{game}-board.png")
        assert not errors, errors
    finally:
        context.close()


#: Every card of every game drawn large and small; the names whose longest word does not fit the
#: card (with wrapping inside words turned off, so that a word cut or broken mid-word shows).
CUT_NAMES = """async () => {
  const {loadCatalogue, gameInfo} = await import(`${location.origin}/js/catalogue.js`);
  const {boardOf} = await import(`${location.origin}/js/games/index.js`);
  const {drawCard} = await import(`${location.origin}/js/cards.js`);
  const list = await loadCatalogue();
  const shelf = document.createElement('div');
  shelf.className = 'card-row';
  document.body.append(shelf);
  for (const game of list) {
    const mod = boardOf(game.id);
    if (!mod) continue;
    for (const card of gameInfo(game.id).cards) {
      for (const small of [false, true]) shelf.append(drawCard(mod.cardInfo(card.code), {small}));
    }
  }
  const cut = [];
  for (const name of shelf.querySelectorAll('.card-name')) {
    name.style.overflowWrap = 'normal';
    if (name.scrollWidth > name.clientWidth + 1) {
      cut.push(`${name.textContent} (${name.scrollWidth} > ${name.clientWidth})`);
    }
  }
  shelf.remove();
  return {cut, drawn: shelf.querySelectorAll('.card-name').length};
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_card_name_is_cut(browser: Any, web_server: WebServer, viewport: ViewportSize) -> None:
    """Issue 23: "Highwayman", "Dishonorable" were cut by the card's edge; every card name of every
    game, on a large and a small card, fits its card whole (the name shrinks with its longest word)."""
    context, page, _ = new_page(browser, viewport)
    try:
        page.goto(f"{web_server.base}/#/")
        page.wait_for_selector("#create-table")
        found = page.evaluate(CUT_NAMES)
        assert found["drawn"] > 100, found
        assert not found["cut"], f"names cut on a {viewport['width']} px screen: {found['cut'][:12]}"
    finally:
        context.close()


def test_a_game_stopped_at_its_length_limit_says_so_once_in_words(browser: Any, web_server: WebServer) -> None:
    """The end read "the game was stopped at its maximum length of 3 actions (option max_length); nobody wins
    (stopped at the maximum length)": the option's typing name, and the same thing said twice."""
    table_id, _ = web_server.create({"game": "ninja-trap", "players": 2, "options": {"max_length": 3},
                                     "settings": QUICK, "seed": 4,
                                     "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    web_server.play_out(table_id)
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{web_server.base}/#/watch/{table_id}")
        reason = page.locator(".end-screen .reason")
        reason.wait_for()
        text = reason.inner_text()
        # (A limit of 3 falls on the first seat's hidden trap: the game stops after the second's, the 4th action.)
        assert text == ("The game was stopped at its maximum length of 3 actions, after 4: it stops only after an "
                        "action everyone sees; nobody wins."), text
        # The panel of choices says it the same way (it showed the engine's reason as it was).
        prompt = page.locator("section.prompt .prompt-main").inner_text()
        assert prompt == f"■ Game over: {text}", prompt
        assert not errors, errors
    finally:
        context.close()

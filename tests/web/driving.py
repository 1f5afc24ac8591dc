"""Driving the browser client like a player: Debian's chromium launched by Playwright, a table made
in the lobby, and a whole game played by clicking (the things on the board first, the list of legal
actions when nothing on the board is offered)."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, ViewportSize

if TYPE_CHECKING:
    from web.serving import WebServer

#: Debian's chromium; $NINJADOJO_CHROMIUM points elsewhere (another distribution's path).
CHROMIUM = os.environ.get("NINJADOJO_CHROMIUM", "/usr/bin/chromium")
#: Flags for a headless chromium that never reaches the network on its own.
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

#: The app's root element, whose data attributes say where the page is (see static/js/table.js).
APP = "#app"

#: The viewports the tests draw in: a desktop, a phone, and a desktop tall enough for the lobby's whole
#: form and lists.
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
TALL: ViewportSize = {"width": 1280, "height": 1800}


def launch(playwright: Playwright) -> Browser:
    """Debian's chromium (never a downloaded browser)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def watch_errors(page: Page) -> list[str]:
    """Collect the page's uncaught errors and console errors (a test asserts there are none)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    page.on("console", lambda message: errors.append(f"console: {message.text}") if message.type == "error" else None)
    return errors


def create_in_lobby(page: Page, base: str, game: str, *, players: int, bots: str = "easy", name: str = "Ann",
                    options: dict[str, Any] | None = None, friends: tuple[int, ...] = (),
                    quick: bool = True, seed: int | None = None) -> str:
    """Create a table in the lobby's form: seat 0 is us, ``friends`` are invited seats, the rest bots
    of the level ``bots``; ``quick`` sets the bots' delay and the hold to 0. ``options`` are the game's
    (a list: the choices of a set option); ``seed`` is the deal's (*More settings*: kept as it is at a
    table of one player against bots). Returns the table id (the page is then at the table, or,
    with friends, at the invitation links)."""
    page.goto(f"{base}/#/")
    page.wait_for_selector("#create-table")
    page.fill("#my-name", name)
    page.select_option("#new-game", game)
    page.select_option("#new-players", str(players))
    for option, value in (options or {}).items():
        if isinstance(value, bool):
            page.set_checked(f"#opt-{option}", value)
        elif isinstance(value, list | tuple):  # a set option: one checkbox per choice
            for choice in value:
                page.check(f"#opt-{option}-{choice}")
        else:
            page.fill(f"#opt-{option}", str(value))
    for seat in range(1, players):
        if seat in friends:
            page.select_option(f"#seat-type-{seat}", "friend")
        else:
            page.select_option(f"#seat-level-{seat}", bots)
    if quick:
        quick_settings(page)
    if seed is not None:
        page.locator("details.more-settings").evaluate("(el) => { el.open = true; }")
        page.fill("#set-seed", str(seed))
    page.click("#create-table")
    if friends:
        link = page.locator("#go-to-table")
        link.wait_for()
        return str(link.get_attribute("href")).split("/")[2]
    page.wait_for_function("() => /^#\\/table\\/[A-Za-z0-9_-]+$/.test(location.hash)")
    return str(page.evaluate("() => location.hash.split('/')[2]"))


def quick_settings(page: Page) -> None:
    """In the lobby's form, open *More settings* and set the bots' delay to 0, and the pause after a move an
    "any time" card could answer too where it is offered (only for a game and options that have such cards:
    the catalogue's ``conceals``)."""
    page.click("details.more-settings summary")
    page.fill("#set-move-delay", "0")
    if page.locator("#set-window-time").is_visible():
        page.fill("#set-window-time", "0")


def seat_token(page: Page, table_id: str) -> str:
    """The seat token this browser keeps for a table (localStorage, as the client stores it)."""
    return str(page.evaluate("(id) => JSON.parse(localStorage.getItem('dojo.seats'))[id].token", table_id))


#: Collects the client's error messages (its toasts) into window.__dojoErrors, for tests to read.
ERROR_WATCH = """
window.__dojoErrors = [];
new MutationObserver((changes) => { for (const change of changes) for (const node of change.addedNodes) {
  if (node.classList && node.classList.contains('toast-error')) window.__dojoErrors.push(node.textContent);
} }).observe(document, {childList: true, subtree: true});
"""


def new_page(browser: Browser, viewport: ViewportSize = DESKTOP, scripts: Iterable[str] = (), *,
             context: BrowserContext | None = None, **context_args: Any) -> tuple[BrowserContext, Page, list[str]]:
    """A page watching for errors (see :func:`watch_errors`), with its context and the errors list.

    The page opens in a fresh context (its own localStorage and cookies) of ``viewport``, made with
    ``context_args`` (``is_mobile``, ``has_touch``...), whose init scripts are ERROR_WATCH then ``scripts``;
    or, when ``context`` is given, in that context as it is (the same storage, so the same seats).
    """
    if context is None:
        context = browser.new_context(viewport=viewport, **context_args)
        for script in (ERROR_WATCH, *scripts):
            context.add_init_script(script)
    page = context.new_page()
    return context, page, watch_errors(page)


def open_seats(browser: Browser, server: WebServer, table_id: str, tokens: dict[str, str],
               contexts: list[BrowserContext], pages: list[Page], seats: Iterable[int] = (0, 1)) -> None:
    """Open each seat's page of a table by its invitation link, each in a fresh context; the contexts and
    pages are appended to ``contexts`` and ``pages`` as they open (so that a caller's ``finally`` closes
    those opened even if a later one fails)."""
    for seat in seats:
        context, page, _ = new_page(browser)
        contexts.append(context)
        page.goto(f"{server.base}/#/table/{table_id}/{seat}/{tokens[str(seat)]}")
        pages.append(page)


def server_state(server: WebServer, table_id: str, token: str | None) -> dict[str, Any]:
    """A seat's (or, without a token, the spectators') current state, over HTTP."""
    headers = {"X-Seat-Token": token} if token else {}
    response = server.http.get(f"/api/tables/{table_id}/view", headers=headers)
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def play_on_server(server: WebServer, table_id: str, done: Callable[[Any], bool],
                   choose: Callable[[int, list[str]], str], *, taken: Iterable[int] = (1,), most: int = 200) -> None:
    """Play a table of people on the server's side (as their clients would): the seats ``taken`` are marked
    taken, then each action is ``choose(seat, legal)`` of the seat to act, until ``done(game)`` (an
    AssertionError after ``most`` actions)."""
    live = server.dojo.tables[table_id]

    async def play() -> None:
        async with live.lock:
            for seat in taken:
                live.seats[seat].status = "taken"
        for _ in range(most):
            if done(live.game):
                return
            seat = live.game.to_act()[0]
            async with live.lock:
                await live._commit_action(seat, choose(seat, live.game.legal_actions(seat)), None)
                live.publish()
        raise AssertionError(f"the position sought was not reached in {most} actions")

    server.run(play())


def hide_or_draw(hider: int) -> Callable[[int, list[str]], str]:
    """A choice for :func:`play_on_server` (Ninjitsu!): ``hider`` hides a card as a secret when it can, the others draw
    (a hand is never empty, and nobody takes anything)."""
    def choose(seat: int, legal: list[str]) -> str:
        wanted = [a for a in legal if a.startswith("s:")] if seat == hider else [a for a in legal if a == "d"]
        return (wanted or legal)[0]
    return choose


def first_choice_then_leave(server: WebServer, table_id: str, token: str, bot: str = "easy") -> None:
    """Seat 0 makes its first choice (its first legal action), then leaves the seat to ``bot``; the bots play
    the table to its end (a record whose ``seat_history`` names two players of seat 0)."""
    live = server.dojo.tables[table_id]

    async def first_choice() -> None:
        while 0 not in live.game.to_act():
            await asyncio.sleep(0.02)
        async with live.lock:
            await live._commit_action(0, live.game.legal_actions(0)[0], None)
            live.publish()

    server.run(first_choice())
    server.http.post(f"/api/tables/{table_id}/leave", json={"replace_with": bot}, headers={"X-Seat-Token": token})
    deadline = time.monotonic() + 60
    while server.http.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)


def client_errors(page: Page) -> list[str]:
    """The error messages the client showed (needs ERROR_WATCH as an init script of the context)."""
    return list(page.evaluate("() => window.__dojoErrors || []"))


def board_screenshot(page: Page, path: Any, width: int = 1280) -> None:
    """A screenshot of the whole page, taken with a viewport as tall as the page (so the side panel,
    which sticks to the top of the viewport, stays beside the board)."""
    before = page.viewport_size
    height = int(page.evaluate("() => document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": width, "height": min(max(height, 600), 3000)})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(path))
    if before is not None:
        page.set_viewport_size(before)


def listed_actions(page: Page) -> list[str]:
    """The legal actions the page's list of choices stands for, in order: a button's action, then the copies of a
    card alike it stands for too (data-copies; the list shows such copies once)."""
    return list(page.eval_on_selector_all(
        ".action-list button.action:not(.action-free)",
        "els => els.flatMap(e => [e.dataset.action, ...(e.dataset.copies ? e.dataset.copies.split(' ') : [])])"))


def app_data(page: Page) -> dict[str, str]:
    """The app root's data attributes (seat, status, canAct, index, connection)."""
    data: dict[str, str] = page.evaluate("(sel) => Object.assign({}, document.querySelector(sel).dataset)", APP)
    return data


def tab_until(page: Page, selector: str, most: int) -> int:
    """Press Tab until the focused element matches ``selector``; the Tabs pressed (AssertionError past ``most``)."""
    for tabs in range(most + 1):
        if page.evaluate("(sel) => Boolean(document.activeElement && document.activeElement.matches(sel))",
                         selector):
            return tabs
        if tabs < most:
            page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector} in {most} presses")


@dataclass
class PlayStats:
    """What a game played by clicking took."""

    actions: int = 0
    #: Actions chosen on the board, and among them those that took two clicks or more (a ninja, then
    #: a square); the clicks on the board; the buttons of the chooser; the list's buttons.
    board_actions: int = 0
    multi_click_actions: int = 0
    board_clicks: int = 0
    choices: int = 0
    list_clicks: int = 0


def wait_turn_or_end(page: Page, timeout: float) -> str:
    """Wait until this seat may act ("act") or the game is over ("over")."""
    page.wait_for_function(
        "(sel) => { const d = document.querySelector(sel).dataset;"
        " return d.canAct === 'yes' || d.status === 'finished'; }", arg=APP, timeout=timeout * 1000)
    return "over" if app_data(page).get("status") == "finished" else "act"


def play_by_clicking(page: Page, rng: random.Random, *, max_actions: int = 400, seconds: float = 90.0,
                     board_share: float = 0.85, on_action: Any = None) -> PlayStats:
    """Play this page's seat to the end of the game (see :func:`act_once`); ``on_action(stats)`` runs
    before each action."""
    stats = PlayStats()
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"the game did not end within {seconds} s ({stats.actions} actions)"
        if wait_turn_or_end(page, left) == "over":
            return stats
        assert stats.actions < max_actions, f"the game did not end within {max_actions} actions"
        if on_action is not None:
            on_action(stats)
        act_once(page, rng, stats, board_share=board_share, timeout=max(1.0, deadline - time.monotonic()))


def act_once(page: Page, rng: random.Random, stats: PlayStats, *, board_share: float = 0.85,
             timeout: float = 30.0) -> None:
    """Take one action on a page whose seat may act, and wait for the state after it.

    With probability ``board_share`` click a highlighted thing on the board (then more highlighted
    things, or a button of the chooser, until an action is sent), else (or when the board offers
    nothing) a button of the list of legal actions.
    """
    before = app_data(page)["index"]
    clickable = page.locator(".board [data-keys].actionable")
    if clickable.count() and rng.random() < board_share:
        clicks = _click_through_board(page, rng, clickable, stats, before)
        stats.board_clicks += clicks
        stats.board_actions += 1
        if clicks >= 2:
            stats.multi_click_actions += 1
    else:
        buttons = page.locator(".action-list button.action")
        # The list is drawn anew with each state: wait for its buttons rather than meet it mid-redraw.
        buttons.first.wait_for(state="attached", timeout=timeout * 1000)
        click_choice(buttons.nth(rng.randrange(buttons.count())))
        stats.list_clicks += 1
    # The state after our action: our index grows by one (our own hidden choices count too).
    page.wait_for_function(
        "([sel, before]) => { const d = document.querySelector(sel).dataset;"
        " return d.index !== before || d.status === 'finished'; }",
        arg=[APP, before], timeout=timeout * 1000)
    stats.actions += 1


#: Opens the groups a button of the list of choices is folded in (a long list: js/picker.js actionList).
OPEN_GROUPS = ("(el) => { for (let d = el.closest('details'); d; d = d.parentElement.closest('details')) "
               "d.open = true; }")


def ann_against_bots(server: WebServer, game: str, players: int, *, seed: int | None = None,
                     settings: dict[str, Any] | None = None, level: str = "easy") -> tuple[str, dict[str, str]]:
    """A table made over the API: Ann in seat 0, bots of ``level`` in the others, the quick settings unless
    ``settings``; its id and seat tokens."""
    from web.serving import QUICK

    seats = [{"type": "human", "name": "Ann"}] + [{"type": "bot", "level": level}] * (players - 1)
    body: dict[str, Any] = {"game": game, "players": players, "settings": QUICK if settings is None else settings,
                            "seats": seats}
    if seed is not None:
        body["seed"] = seed
    return server.create(body)


def take_first_choice(page: Page) -> None:
    """Click the first choice of the list (opening its groups) and wait for the next position."""
    index = page.evaluate("(sel) => document.querySelector(sel).dataset.index", APP)
    click_choice(page.locator(".action-list button.action").first)
    page.wait_for_function("([sel, i]) => document.querySelector(sel).dataset.index !== i", arg=[APP, index])


def click_choice(button: Any) -> None:
    """Click a button of the list of choices as a player does: first open the groups it is folded in (a list of
    13 choices or more is folded by card, then by ninja, in Ninja Camp)."""
    button.evaluate(OPEN_GROUPS)
    button.click()


def _click_through_board(page: Page, rng: random.Random, clickable: Any, stats: PlayStats, before: str) -> int:
    """Click highlighted things until the picker sends an action, or pick a button of the chooser;
    returns how many things on the board were clicked."""
    clickable.nth(rng.randrange(clickable.count())).click()
    clicks = 1
    for _ in range(6):
        now = app_data(page)
        if now.get("canAct") != "yes" or now.get("index") != before:
            return clicks  # sent
        more = page.locator(".board [data-keys].actionable")
        choices = page.locator(".chooser button.choice")
        if choices.count() and (not more.count() or rng.random() < 0.5):
            choices.nth(rng.randrange(choices.count())).click()
            stats.choices += 1
            return clicks
        if more.count():
            more.nth(rng.randrange(more.count())).click()
            clicks += 1
            continue
        break
    raise AssertionError("clicking the board never settled an action")


def answers_rewritten(page: Page, pattern: str, change: Any) -> None:
    """The server's JSON answers to the page's requests matching ``pattern`` shown changed: ``change`` (a function
    of the answer's data) gives the data the page gets instead (an answer a real game would not give at once)."""

    def rewrite(route: Any) -> None:
        response = route.fetch()
        route.fulfill(response=response, json=change(response.json()))

    page.route(pattern, rewrite)


def review_rewritten(page: Page, server: Any, table_id: str, token: str, script: str) -> None:
    """As seat 0 of a finished table, open "Review my game" with the server's review answers changed in the
    page by ``script`` (a JavaScript function of the answer's data, returning the data to show: a review that a
    real game would not give at once), and wait for the review."""
    answers_rewritten(page, "**/api/tables/*/review*",
                      lambda data: page.evaluate(script, data) if isinstance(data, dict) else data)
    page.goto(f"{server.base}/#/table/{table_id}/0/{token}")
    page.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === '0'")
    page.locator(".end-screen #open-review").click()
    page.wait_for_function("() => document.querySelector('dialog.review-dialog').dataset.review === 'done'",
                           timeout=120_000)

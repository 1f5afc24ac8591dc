"""The browser client takes its states as patches (hello ``patches``: docs/web.md, docs/server-protocol.md).

Every message of the page's WebSocket is watched by an init script (it wraps ``WebSocket``): a whole
game played by clicking must bring patches, never need a ``sync``, and end drawn exactly as a fresh page
of the same seat (and of a spectator) draws it from a whole state. A patch lost on the way, or one that
does not apply, makes the page ask for the whole state (``sync``) and draw the server's state again.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from web.driving import (
    APP,
    PlayStats,
    act_once,
    app_data,
    board_screenshot,
    client_errors,
    create_in_lobby,
    new_page,
    play_by_clicking,
    seat_token,
    server_state,
    wait_turn_or_end,
)
from web.serving import WebServer

pytestmark = pytest.mark.slow

#: A short game against the cheapest bot (as the other browser tests play it).
GAME, PLAYERS = "ninja-camp", 2

#: Wraps the page's WebSocket: records what comes and goes in ``window.__dojoWire.events`` (in order,
#: ``dir`` "in" or "out") and, on demand, spoils the next patch before the client sees it: ``gap`` moves
#: its ``from`` (as if the page held another state than the one it was made from), ``fail`` adds an
#: operation on a path that does not exist after the patch's own (it fails half-applied).
WIRE_WATCH = """
(() => {
  const wire = window.__dojoWire = {events: [], fault: null, spoiled: 0};
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(...args) {
      super(...args);
      this.handler = null;
      super.addEventListener('message', (event) => {
        let text = event.data;
        let message = null;
        try { message = JSON.parse(text); } catch { message = null; }
        if (message && message.type === 'patch' && wire.fault) {
          if (wire.fault === 'gap') message.from += 1000;
          else message.ops = [...message.ops, {op: 'remove', path: '/view/no such thing/0'}];
          wire.fault = null;
          wire.spoiled += 1;
          text = JSON.stringify(message);
        }
        if (message) {
          wire.events.push({dir: 'in', type: message.type, seq: message.seq, from: message.from,
            patches: message.patches});
        }
        if (this.handler) this.handler.call(this, {data: text});
      });
    }
    get onmessage() { return this.handler; }
    set onmessage(handler) { this.handler = handler; }
    send(data) {
      let message = null;
      try { message = JSON.parse(data); } catch { message = null; }
      if (message) wire.events.push({dir: 'out', type: message.type, patches: message.patches});
      return super.send(data);
    }
  }
  window.WebSocket = Watched;
})();
"""


def events(page: Any, direction: str, *types: str) -> list[dict[str, Any]]:
    """The page's WebSocket messages so far that went ``direction`` ("in" or "out"), of ``types`` (any if none)."""
    found: list[dict[str, Any]] = page.evaluate("() => window.__dojoWire.events")
    return [event for event in found if event["dir"] == direction and (not types or event["type"] in types)]


def drawn(page: Any) -> dict[str, Any]:
    """What the table page shows that comes from the state alone: the title, status, who we are, the
    seats, the board, the prompt's main line, the list of choices, the log (without the lines the page
    adds itself for the forced choices it answered) and the end panel."""
    return dict(page.evaluate("""() => {
      const text = (sel) => { const el = document.querySelector(sel); return el ? el.innerText : null; };
      const log = [...document.querySelectorAll('.log li')].filter((li) => !li.classList.contains('auto-answer'))
        .map((li) => li.innerText);
      const app = document.querySelector('#app').dataset;
      return {index: app.index, status: app.status, seat: app.seat, canAct: app.canAct,
        title: text('.table-title'), statusText: text('.table-head .status'), who: text('.who'),
        seats: text('.seats-bar'), board: text('.board'), prompt: text('.prompt-main'),
        actions: [...document.querySelectorAll('.action-list button.action')].map((b) => b.dataset.action),
        log, end: text('.end-slot')};
    }"""))


def settled(page: Any, index: str) -> None:
    """Wait until the page shows the state of ``index``, with nothing of ours pending."""
    page.wait_for_function("([sel, i]) => { const d = document.querySelector(sel).dataset;"
                           " return d.index === i && d.connection === 'connected'; }", arg=[APP, index])


def fresh_load_matches(browser: Any, context: Any, page: Any, route: str) -> None:
    """A new page of the same context (the same seat, or a spectator) at ``route`` gets a whole state and
    draws exactly what ``page`` draws."""
    _, other, other_errors = new_page(browser, context=context)
    try:
        other.goto(route)
        settled(other, app_data(page)["index"])
        assert [event["type"] for event in events(other, "in")][:2] == ["welcome", "state"]
        assert drawn(other) == drawn(page)
        assert not other_errors, other_errors
    finally:
        other.close()


def test_a_game_played_with_patches_ends_drawn_as_a_fresh_page_draws_it(browser: Any, web_server: WebServer,
                                                                         screenshots: Any) -> None:
    """The page says hello with ``patches``, the server agrees, and after the first whole state the game
    comes as patches (and whole states where a patch would be longer), each from the state the page held
    (so no ``sync``); at the end the
    player's page and a spectator's, both kept by patches all game long, draw what a fresh page of the
    same seat draws from the whole state."""
    context, page, errors = new_page(browser, scripts=[WIRE_WATCH])
    watcher_context, watcher, watcher_errors = new_page(browser, scripts=[WIRE_WATCH])
    try:
        table_id = create_in_lobby(page, web_server.base, GAME, players=PLAYERS)
        token = seat_token(page, table_id)
        watcher.goto(f"{web_server.base}/#/watch/{table_id}")
        watcher.wait_for_function(f"() => document.querySelector('{APP}').dataset.seat === 'spectator'")
        stats = play_by_clicking(page, random.Random("patches-1"), seconds=100)
        assert stats.actions > 0
        assert web_server.http.get(f"/api/tables/{table_id}").json()["status"] == "finished"
        settled(page, str(server_state(web_server, table_id, token)["index"]))
        settled(watcher, str(server_state(web_server, table_id, None)["index"]))

        for who in (page, watcher):
            hello = events(who, "out", "hello")
            assert hello and all(event["patches"] is True for event in hello), hello
            welcome = events(who, "in", "welcome")
            assert welcome and all(event["patches"] is True for event in welcome), welcome
            received = events(who, "in", "state", "patch")
            assert received[0]["type"] == "state", "the first state is whole"
            patches = [event for event in received if event["type"] == "patch"]
            # The server sends a state whole when the patch would be longer (a new decision's legal actions and
            # labels replace the old ones), so a seat's page gets both kinds; but it gets patches.
            assert patches, f"no patch among {len(received)} states"
            assert not events(who, "out", "sync"), "the page lost track of the patches in a plain game"
            # Each patch starts from the state before it (whole or patched), as the server numbers them.
            held = None
            for event in received:
                if event["type"] == "patch":
                    assert event["from"] == held, event
                held = event["seq"]

        board_screenshot(page, screenshots / "state-patches-end.png")
        assert page.locator(".end-screen").count() == 1
        assert drawn(page)["status"] == "finished"
        assert drawn(page)["actions"] == []
        fresh_load_matches(browser, context, page, f"{web_server.base}/#/table/{table_id}")
        fresh_load_matches(browser, watcher_context, watcher, f"{web_server.base}/#/watch/{table_id}")
        assert not errors and not watcher_errors, errors + watcher_errors
        assert not client_errors(page), client_errors(page)
    finally:
        context.close()
        watcher_context.close()


@pytest.mark.parametrize("fault", ["gap", "fail"])
def test_a_patch_that_does_not_fit_brings_a_sync_and_the_whole_state(browser: Any, web_server: WebServer,
                                                                     fault: str) -> None:
    """A patch from another state than the one the page holds (``gap``), or one that fails to apply
    (``fail``): the page sends ``sync``, takes the whole state that follows, draws the server's state (as
    a fresh page does) and goes on with patches to the end of the game, drawn as a fresh page draws it."""
    context, page, errors = new_page(browser, scripts=[WIRE_WATCH])
    try:
        table_id = create_in_lobby(page, web_server.base, GAME, players=PLAYERS)
        token = seat_token(page, table_id)
        rng = random.Random(f"patches-{fault}")
        stats = PlayStats()
        page.evaluate("(fault) => { window.__dojoWire.fault = fault; }", fault)
        # Play until a state comes as a patch (early states are often whole: see the test above): it is spoiled.
        while not page.evaluate("() => window.__dojoWire.spoiled"):
            assert wait_turn_or_end(page, 30) == "act", "the game ended before any patch came"
            act_once(page, rng, stats)
        # The sync, then (the patches sent before the server read it being dropped) the whole state.
        page.wait_for_function("""() => {
          const all = window.__dojoWire.events;
          const at = all.findIndex((e) => e.dir === 'out' && e.type === 'sync');
          return at >= 0 && all.slice(at).some((e) => e.dir === 'in' && e.type === 'state');
        }""", timeout=20_000)
        assert page.evaluate("() => window.__dojoWire.spoiled") == 1
        assert len(events(page, "out", "sync")) == 1
        if wait_turn_or_end(page, 30) == "act":
            # Our turn: the page shows the server's state for this seat, as a fresh page does.
            state = server_state(web_server, table_id, token)
            settled(page, str(state["index"]))
            # (as a set: a long list is folded by card, then by ninja, in Ninja Camp, out of the engine's order)
            assert sorted(drawn(page)["actions"]) == sorted(state["legal"])
            assert len(drawn(page)["log"]) == len(state["view"]["log"])
            fresh_load_matches(browser, context, page, f"{web_server.base}/#/table/{table_id}")
            # The game plays on to its end with patches again, from the whole state on.
            before = len(events(page, "in", "patch"))
            play_by_clicking(page, rng, seconds=100)
            assert len(events(page, "in", "patch")) > before
        assert len(events(page, "out", "sync")) == 1
        settled(page, str(server_state(web_server, table_id, token)["index"]))
        fresh_load_matches(browser, context, page, f"{web_server.base}/#/table/{table_id}")
        assert not errors, errors
        assert not client_errors(page), client_errors(page)
    finally:
        context.close()

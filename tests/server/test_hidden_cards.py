"""Nothing a seat may not see is ever sent to it: every connection of a Ninjitsu! game (with its
expansions: hidden hands, secrets, concealed answer windows, simultaneous choices) is listened to
on the wire, and no card id that seat's own view does not show reaches it.

What a seat may know is what the engine's ``observe(seat)`` (and its legal actions) show it at that
moment: the server is checked against that, message by message. To know the true position at the
moment each message left, the test notes (in-process) the game as it was whenever a state was sent,
and checks that what arrived on the wire is exactly what was sent.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from ninjadojo.api import game_class
from ninjadojo.engine.state import GameState
from ninjadojo.server import live as live_module
from server.helpers import Listener, ServerThread

CARD_IDS = {card.code for card in game_class("ninjitsu").card_catalog()}
WORD = re.compile(r"[A-Za-z0-9]+")
#: A deal whose game (the clients' and the bot's choices are seeded too) opens concealed windows.
SEED = 2027


def card_ids(value: Any) -> set[str]:
    """The card ids named anywhere in a JSON value (its keys and strings)."""
    if isinstance(value, str):
        return {word for word in WORD.findall(value) if word in CARD_IDS}
    if isinstance(value, dict):
        return set().union(*(card_ids(key) | card_ids(item) for key, item in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_ids(item) for item in value)) if value else set()
    return set()


def known_to(game: GameState[Any], viewer: int | None) -> set[str]:
    """The card ids ``viewer`` may know now: what its view and its legal actions show."""
    known = card_ids(game.observe(viewer))
    if viewer is not None:
        known |= card_ids(game.legal_actions(viewer))
    return known


def in_hands_of_others(game: GameState[Any], viewer: int | None) -> set[str]:
    """Cards in the other seats' hands, as their own views show them (hidden from ``viewer``)."""
    cards: set[str] = set()
    for seat in range(game.num_players):
        if seat != viewer:
            entry = game.observe(seat)["seats"][seat]  # type: ignore[index]
            cards |= card_ids(entry["hand"])  # type: ignore[index]
    return cards


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ServerThread]:
    """A server that takes a creator's seed as it is at a table of several people too (the deal is chosen
    to open concealed windows)."""
    with ServerThread(sqlite_url, exact_seeds=True) as running:
        yield running


@pytest.mark.slow
def test_no_hidden_card_reaches_a_seat_that_may_not_know_it(server: ServerThread,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    sent: dict[int, list[tuple[str, GameState[Any]]]] = defaultdict(list)
    original = live_module.LiveTable._send_state

    def noting(self: Any, conn: Any, shared: Any, visible: list[str | None]) -> str:
        message = original(self, conn, shared, visible)
        # What was sent to this connection, with the game as it was when it left.
        sent[id(conn)].append((message, self.game.clone()))
        return message

    monkeypatch.setattr(live_module.LiveTable, "_send_state", noting)
    table_id, tokens = server.create({
        "game": "ninjitsu", "players": 3, "seed": SEED,
        "options": {"expansions": "promo,magic,sabotage,elements"},
        "settings": {"move_delay": 0, "window_time": 0.05},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "bot", "level": "easy"}]})
    live = server.dojo.tables[table_id]

    async def player(listener: Listener, rng: random.Random) -> None:
        acted_at = -1
        while True:
            state = await listener.next("state", timeout=60)
            if state["status"] == "finished":
                return
            # Once per index: a state sent again (a seat connecting) must not draw another random choice.
            if state["legal"] and state["status"] == "playing" and state["index"] != acted_at:
                acted_at = state["index"]
                await listener.send({"type": "act", "action": rng.choice(state["legal"]), "index": state["index"]})

    async def scenario() -> list[Listener]:
        ann = Listener(server.ws_url(table_id), tokens["0"])
        bo = Listener(server.ws_url(table_id), tokens["1"])
        watcher = Listener(server.ws_url(table_id))
        async with ann, bo, watcher:
            await asyncio.gather(player(ann, random.Random(1)), player(bo, random.Random(2)),
                                 watcher.state_where(lambda s: s["status"] == "finished", timeout=120))
        return [ann, bo, watcher]

    listeners = asyncio.run(scenario())
    assert live.game.is_terminal
    # The game had hidden choices: answers in concealed windows and a simultaneous choice.
    replay = game_class("ninjitsu").new(3, live.game.options, SEED)
    concealed = simultaneous = 0
    for seat, action in live.game.record.actions:
        concealed += replay.frames[-1].concealed
        simultaneous += replay.frames[-1].simultaneous
        replay.apply(seat, action)
    assert concealed > 0 and simultaneous > 0
    connections = {conn_id: moments for conn_id, moments in sent.items()}
    checked = hidden_seen = 0
    for listener, viewer in zip(listeners, (0, 1, None), strict=True):
        states_on_wire = [text for text in listener.raw if json.loads(text)["type"] == "state"]
        # This connection's notes: what it received is exactly what was sent to it, in order (states sent
        # after the client hung up at the end never arrived).
        moments = next(moments for moments in connections.values()
                       if [text for text, _ in moments][:len(states_on_wire)] == states_on_wire)
        assert len(moments) >= 10
        moment_of_message: list[GameState[Any]] = []
        position = -1
        for text in listener.raw:
            if json.loads(text)["type"] == "state":
                position += 1
            moment_of_message.append(moments[max(position, 0)][1])
        for text, game in zip(listener.raw, moment_of_message, strict=True):
            message = json.loads(text)
            if message["type"] == "state":
                assert message["seat"] == viewer and message["view"] == game.observe(viewer)
            named = card_ids(message)
            allowed = known_to(game, viewer)
            assert named <= allowed, (viewer, sorted(named - allowed), message["type"])
            checked += 1
            hidden_seen += bool(in_hands_of_others(game, viewer) - allowed)
    # The check had something to catch: other seats held cards this seat could not see.
    assert checked > 50 and hidden_seen > 50

"""States as patches: the diff between two states applies (with the ``jsonpatch`` library) to give the
new one exactly, each viewer's log kept line by line equals the engine's, and over a WebSocket a client
that takes patches holds, state by state, what a client taking whole states is sent; a gap is mended
by ``sync``."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from typing import Any

import jsonpatch
import pytest

from ninjadojo.api import new_game
from ninjadojo.engine.errors import DojoError
from ninjadojo.games import playable_games
from ninjadojo.server.bench import apply_ops
from ninjadojo.server.views import SharedView, ViewerLog, state_diff
from server.helpers import QUICK, Listener, ServerThread


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON texts (so that ``1`` and ``true`` differ, as they do in JSON)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@pytest.mark.parametrize("game_id", playable_games())
def test_diffs_apply_and_kept_logs_match_the_engines(game_id: str) -> None:
    for seed in range(3):
        game = new_game(game_id, 3, seed=seed)
        rng = random.Random(seed)
        viewers: list[int | None] = [*range(game.num_players), None]
        logs = {viewer: ViewerLog(viewer) for viewer in viewers}
        before = {viewer: game.observe(viewer) for viewer in viewers}
        steps = 0
        while not game.is_terminal and steps < 400:
            seat = game.to_act()[0]
            if steps % 7 == 6 and callable(getattr(game, "undo_check", None)) and game.undo_check(seat) is None:
                try:
                    game.undo(seat)
                except DojoError:
                    game.apply(seat, rng.choice(game.legal_actions(seat)))
            else:
                game.apply(seat, rng.choice(game.legal_actions(seat)))
            steps += 1
            for viewer in viewers:
                after = game.observe(viewer)
                kept = [line for line in logs[viewer].update(game.events) if line is not None]
                assert kept == after["log"], (game_id, seed, steps, viewer)
                # The running count of the log's characters (a lower bound of a state's text) stays exact.
                assert logs[viewer].chars == sum(len(line) for line in logs[viewer].visible)
                ops = state_diff(before[viewer], after)
                assert _same(jsonpatch.apply_patch(before[viewer], ops), after), (game_id, seed, steps, viewer, ops)
                before[viewer] = after


@pytest.mark.parametrize("game_id", playable_games())
def test_the_load_generators_applier_does_what_jsonpatch_does(game_id: str) -> None:
    """``bench.apply_ops`` (the scripted clients' own applier, quicker than ``jsonpatch``) turns each state
    into the next exactly as ``jsonpatch.apply_patch`` does, on every game's views."""
    game = new_game(game_id, 3, seed=0)
    rng = random.Random(0)
    viewers: list[int | None] = [*range(game.num_players), None]
    before = {viewer: game.observe(viewer) for viewer in viewers}
    steps = 0
    while not game.is_terminal and steps < 200:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        steps += 1
        for viewer in viewers:
            after = game.observe(viewer)
            ops = state_diff(before[viewer], after)
            held = copy.deepcopy(before[viewer])
            apply_ops(held, ops)
            assert _same(held, jsonpatch.apply_patch(before[viewer], ops)), (game_id, steps, viewer, ops)
            before[viewer] = after


def test_a_diff_tells_numbers_from_booleans_and_escapes_keys() -> None:
    before = {"a": {"x/y": 1, "t~": [1, 2, 3]}, "log": ["one"]}
    after = {"a": {"x/y": True, "t~": [1, 2]}, "log": ["one", "two"]}
    ops = state_diff(before, after)
    assert _same(jsonpatch.apply_patch(before, ops), after)
    assert {"op": "add", "path": "/log/-", "value": "two"} in ops
    assert state_diff(after, after) == []


@pytest.mark.parametrize(("before", "after"), [
    ([1, 2, 3], [1, True, 3]),                      # a scalar in a list changes type only
    ([1, 2, 3, 4, 5], [1, 9, 3, 4, 5]),              # one scalar of a list, replaced in place
    ({"a": 1, "b": [1]}, {"a": [1], "b": 1}),        # a scalar becomes a container and back
    ([{"a": 1}, 2], [{"a": 2}, 2]),                  # a container in a list is walked into
    ({"a": None, "b": "x"}, {"a": 0, "b": "x"}),     # null to a number
    ({"a": 1.5}, {"a": 1}),                          # a float to an int
    ([[1, 2], [3]], [[1, 2], 3]),
])
def test_scalars_replaced_in_their_containers_loop_give_the_same_document(before: Any, after: Any) -> None:
    """The diff replaces a changed scalar from its container's loop (no call of its own): applied, the
    operations give ``after`` exactly, a changed type included."""
    ops = state_diff({"v": before}, {"v": after})
    assert _same(jsonpatch.apply_patch({"v": before}, ops), {"v": after}), ops


def test_a_state_sent_as_a_patch_is_never_encoded_whole() -> None:
    """The whole state's text is encoded only for a connection sent it whole: a patch small enough is
    chosen from the log's characters alone, and the whole is encoded, once, when some connection needs it."""
    from ninjadojo.server.connections import Connection
    from ninjadojo.server.views import StateText

    class Sink:
        async def send_text(self, data: str) -> None:
            pass

        async def close(self, code: int = 1000, reason: str | None = None) -> None:
            pass

    payload = {"type": "state", "index": 3, "view": {"log": ["a line of the log" * 4] * 3}}
    floor = sum(len(line) for line in payload["view"]["log"])
    patch = json.dumps([{"op": "replace", "path": "/index", "value": 3}])
    patched, whole = Connection(Sink(), 0), Connection(Sink(), 0)
    patched.patches, patched.sent_seq = True, 1
    lazy = StateText(payload)
    assert patched.send_state(lazy, [], 2, patch, floor=floor).startswith('{"type":"patch"')
    assert lazy._text is None  # nobody needed it
    message = json.loads(whole.send_state(lazy, ["new"], 2, patch, floor=floor))
    assert message == {**payload, "seq": 2, "log_new": ["new"]}
    assert lazy._text is not None and lazy.get() is lazy.get()  # encoded once, then kept


@pytest.mark.parametrize("size", [0, 10, 80, 200, 260, 400, 2000])
def test_a_patch_larger_than_the_whole_state_is_sent_whole_as_before(size: int) -> None:
    """Whether a chain of patches goes, or the whole state instead, is decided as when the text was always
    encoded: with the text's length when the log's characters alone do not settle it."""
    from ninjadojo.server.connections import _State
    from ninjadojo.server.views import StateText

    payload = {"type": "state", "view": {"log": ["x" * 40, "y" * 50]}}
    text = json.dumps(payload, separators=(",", ":"))
    ops = [json.dumps([{"op": "add", "path": "/view/log/-", "value": "z" * size}])]
    eager = _State(text, ["z" * size], 2, 1, list(ops))
    lazy = _State(StateText(payload), ["z" * size], 2, 1, list(ops), floor=90)
    assert (lazy.ops is None) == (eager.ops is None) and lazy.size == eager.size
    assert lazy.message() == eager.message()


def test_a_shared_view_numbers_only_changed_states() -> None:
    shared = SharedView(0)
    first = {"view": {"log": ["a"]}, "index": 0}
    assert shared.update(first, "t1", "f1") and shared.seq == 1 and shared.patch is None
    assert not shared.update(dict(first), "t1b", "f1") and shared.seq == 1 and shared.text == "t1b"
    second = {"view": {"log": ["a", "b"]}, "index": 1}
    assert shared.update(second, "t2", "f2") and shared.seq == 2
    assert shared.patch is not None
    assert _same(jsonpatch.apply_patch(first, json.loads(shared.patch)), second)


class PatchListener(Listener):
    """A client that says hello with ``patches`` and keeps its state by applying them (``doc``)."""

    def __init__(self, url: str, token: str | None = None) -> None:
        super().__init__(url, token)
        self.doc: dict[str, Any] | None = None
        #: Every state held, by its seq (as patched or as received whole).
        self.held: dict[int, dict[str, Any]] = {}
        self.patched = 0

    async def __aenter__(self) -> PatchListener:
        from websockets.asyncio.client import connect

        self.ws = await connect(self.url, max_size=None)
        await self.ws.send(json.dumps({"type": "hello", "token": self.token, "patches": True}))
        return self

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        message = await super().recv(timeout)
        if message["type"] == "state":
            self.doc = json.loads(json.dumps(message))
        elif message["type"] == "patch":
            assert self.doc is not None and self.doc["seq"] == message["from"], "a patch from a state not held"
            self.doc = jsonpatch.apply_patch(self.doc, message["ops"])
            self.doc["seq"] = message["seq"]
            self.patched += 1
        if message["type"] in ("state", "patch"):
            assert self.doc is not None
            self.held[self.doc["seq"]] = self.doc
        return message


def _comparable(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key not in ("log_new", "clock")}


def test_a_patched_client_holds_what_a_whole_client_is_sent(server: ServerThread) -> None:
    table_id, tokens = server.create({"game": "knights-and-ninjas", "players": 3, "settings": QUICK,
                                      "seats": [{"type": "human", "name": "Ann"},
                                                {"type": "bot", "bot": "easy"}, {"type": "bot", "bot": "easy"}]})

    async def scenario() -> None:
        async with PatchListener(server.ws_url(table_id), tokens["0"]) as patched, \
                Listener(server.ws_url(table_id), tokens["0"]) as whole:
            welcome = await patched.next("welcome")
            assert welcome["patches"] is True
            wholes: dict[int, dict[str, Any]] = {}
            rng = random.Random(4)
            # One act for each index of ours: the states of the bots' moves can come faster than a client may
            # send (20 messages a second), and answering each could run into the rate limit under load.
            answered: set[int] = set()
            # And never faster than 10 a second: under a loaded CI the states of distinct indexes came
            # fast enough that answering each at once still met the limit.
            sent_at = 0.0
            while True:
                message = await whole.recv(timeout=20)
                if message["type"] == "error":
                    # An action overtaken by the bots: the state that overtook it is on its way. (Asking for
                    # it again could run into the rate limit, whose error would ask again, and so on.)
                    assert message["code"] != "rate_limited", message
                    continue
                if message["type"] != "state":
                    continue
                state = message
                wholes[state["seq"]] = state
                if state["status"] == "finished":
                    break
                if state["legal"] and state["status"] == "playing" and state["index"] not in answered:
                    answered.add(state["index"])
                    loop = asyncio.get_running_loop()
                    await asyncio.sleep(max(0.0, sent_at + 0.1 - loop.time()))
                    sent_at = loop.time()
                    await whole.send({"type": "act", "action": rng.choice(state["legal"]), "index": state["index"]})
            while patched.doc is None or patched.doc["seq"] < state["seq"]:
                await patched.recv(20)
            assert patched.patched > 0
            for seq, held in patched.held.items():
                assert _comparable(held) == _comparable(wholes[seq]), seq
            # A client that lost track asks for the whole state, and gets it with the same seq.
            await patched.send({"type": "sync"})
            again = await patched.next("state")
            assert again["seq"] == state["seq"] and _comparable(again) == _comparable(state)

    asyncio.run(scenario())


def test_a_bad_patches_option_is_refused(server: ServerThread) -> None:
    table_id, tokens = server.create({"game": "ninjitsu", "players": 2, "settings": QUICK,
                                      "seats": [{"type": "human"}, {"type": "human"}]})

    async def scenario() -> None:
        from websockets.asyncio.client import connect

        async with connect(server.ws_url(table_id)) as raw:
            await raw.send(json.dumps({"type": "hello", "token": tokens["0"], "patches": "yes"}))
            error = json.loads(await raw.recv())
            assert error["code"] == "bad_message" and "patches" in error["message"]

    asyncio.run(scenario())

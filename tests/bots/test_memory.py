"""A bot keeps or rebuilds what it may remember: after a load, a bot's memory is rebuilt from what its
seat saw (``Bot.remembers`` / ``Bot.recall``, driven by ``ninjadojo.table.recall_bots``).

The Ninja Trap memory bot remembers the rooms of its face-down traps, which its own view never shows
again. Before the hook, a table resumed from a save made fresh bots that had forgotten every trap.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ninjadojo import bots
from ninjadojo.api import new_game
from ninjadojo.bots import SeatView, make_bot
from ninjadojo.bots.base import Bot
from ninjadojo.bots.ninja_trap import MemoryBot
from ninjadojo.engine import Rng
from ninjadojo.engine.state import GameState
from ninjadojo.games.ninja_trap.cards import ROOM_INDEX
from ninjadojo.table import SavedTable, Table, derive_seed, recall_bots

GAME = "ninja-trap"
SPECS = {1: "heuristic", 2: "forgetful:forget=0.3"}


def _step(table: Table, rng: Rng) -> tuple[int, str]:
    """One action: the bot that must act plays; otherwise the human seat picks at random from ``rng``."""
    seat = table.bot_to_act()
    if seat is not None:
        return seat, table.play_bot(seat)
    human = table.human_to_act()
    assert human is not None
    actions = table.game.legal_actions(human)
    return human, table.apply(human, actions[rng.randbelow(len(actions))])


def _memory_bot(table: Table, seat: int) -> MemoryBot:
    bot = table.bots[seat]
    assert isinstance(bot, MemoryBot)
    return bot


def _state_of(bot: MemoryBot) -> tuple[dict[int, int], int, int]:
    """Everything the bot carries from one choice to the next: its notes and its random stream."""
    return dict(bot.memory), bot.turn_seen, bot.rng.state


def _played_table(steps: int, seed: int = 5) -> tuple[Table, Rng]:
    table = Table.new(GAME, 3, {}, seed, humans=[0], bot_specs=SPECS, autosave=False)
    rng = Rng(seed)
    for _ in range(steps):
        _step(table, rng)
    return table, rng


@pytest.mark.parametrize("steps", [25, 60])
def test_a_memory_bot_resumed_from_a_save_remembers_and_chooses_as_if_it_had_played_through(
        steps: int, tmp_path: Path) -> None:
    through, rng = _played_table(steps)
    assert not through.is_over
    assert _memory_bot(through, 1).memory, "the bot must have traps to remember for the test to mean anything"
    path = through.save_as(tmp_path / "game.json")

    # `dojo play --load FILE` reads the save and resumes the table with the seats it remembers.
    resumed = Table.resume(SavedTable.read(path), autosave=False)
    for seat in SPECS:
        assert _state_of(_memory_bot(resumed, seat)) == _state_of(_memory_bot(through, seat))
    # Without the rebuild, the same bot made afresh for the seat remembers nothing.
    assert not MemoryBot(seed=derive_seed(5, 1)).memory

    # From here the two tables play the same game: same human choices, same bot choices and memories.
    twin_rng = Rng.from_state(rng.state)
    played = 0
    while not through.is_over and played < 40:
        assert _step(resumed, twin_rng) == _step(through, rng)
        for seat in SPECS:
            assert _state_of(_memory_bot(resumed, seat)) == _state_of(_memory_bot(through, seat))
        played += 1
    assert played > 10


def test_a_memory_bot_taking_over_a_seat_remembers_the_traps_that_seat_placed(tmp_path: Path) -> None:
    # Seat 1 is a human here; after the load a memory bot takes the seat over.
    table = Table.new(GAME, 3, {}, 9, humans=[0, 1], bot_specs={2: "heuristic"}, autosave=False)
    rng = Rng(9)
    placed: dict[int, str] = {}  # turn -> room of each trap seat 1 placed
    for _ in range(30):
        turn = table.game.observe(1)["turn"]
        decision = table.game.decision(1)
        seat, action = _step(table, rng)
        if seat == 1 and decision is not None and decision.kind == "trap":
            assert isinstance(turn, int)
            placed[turn] = action[1]
    path = table.save_as(tmp_path / "game.json")
    resumed = Table.resume(SavedTable.read(path), humans=[0], bot_specs={1: "heuristic", 2: "heuristic"},
                           autosave=False)
    seat_view: dict[str, Any] = resumed.game.observe(1)
    face_down = seat_view["seats"][1]["traps"]  # the turns its face-down traps were placed
    expected = {turn: room for turn, room in placed.items() if turn in face_down}
    assert expected, "seat 1 must still have face-down traps for the test to mean anything"
    assert _memory_bot(resumed, 1).memory == {turn: ROOM_INDEX[room] for turn, room in expected.items()}


class SpyBot(Bot):
    """A bot with memory that writes down every past step it is shown."""

    name = "spy"
    remembers = True

    def __init__(self, seed: int = 0, **params: object) -> None:
        super().__init__(seed, **params)
        self.shown: list[tuple[int, dict[str, Any], list[str], str | None]] = []

    def recall(self, view: SeatView, action: str | None) -> None:
        self.shown.append((view.seat, view.observe(), view.legal_actions(), action))

    def choose(self, view: SeatView) -> str:
        actions = view.legal_actions()
        return actions[self.rng.randbelow(len(actions))]


def _game_under_way(steps: int, seed: int) -> GameState[Any]:
    game = new_game(GAME, 3, {}, seed)
    rng = Rng(seed)
    for _ in range(steps):
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_recall_shows_a_bot_only_its_own_seats_view_and_its_own_actions(seed: int) -> None:
    game = _game_under_way(70, seed)
    spy = SpyBot()
    recall_bots(game, {1: spy})
    before_each_step = list(game.replay_states())[:-1]
    assert len(spy.shown) == len(game.record.actions) == len(before_each_step)
    hidden_steps = 0
    for (seat, observed, legal, action), state, (actor, taken) in zip(spy.shown, before_each_step,
                                                                      game.record.actions, strict=True):
        assert seat == 1
        # Exactly what seat 1's view was then: never another seat's, never the true state.
        assert observed == state.observe(1)
        assert legal == state.legal_actions(1)
        assert action == (taken if actor == 1 else None)
        if actor != 1 and state.frames and state.frames[-1].simultaneous:
            hidden_steps += 1  # another seat's secret choice: seat 1 is not told what it was
    assert hidden_steps > 10


def test_the_table_rebuilds_memories_when_it_seats_bots_at_a_game_under_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots.GENERIC_BOTS, "spy", SpyBot)
    game = _game_under_way(40, 4)
    table = Table(game, [0], {1: "spy", 2: "spy"}, seed=4, autosave=False)
    for seat in (1, 2):
        spy = table.bots[seat]
        assert isinstance(spy, SpyBot)
        assert [shown[0] for shown in spy.shown] == [seat] * len(game.record.actions)
    # A new game has no past: nothing to recall.
    fresh = Table.new(GAME, 3, {}, 4, humans=[0], bot_specs={1: "spy", 2: "spy"}, autosave=False)
    assert all(isinstance(bot, SpyBot) and not bot.shown for bot in fresh.bots.values())


def test_a_bot_without_memory_is_not_shown_the_past() -> None:
    game = _game_under_way(40, 6)

    class Forgetful(SpyBot):
        remembers = False

    bot = Forgetful()
    recall_bots(game, {1: bot, 2: make_bot("random", GAME, 1)})
    assert bot.shown == []

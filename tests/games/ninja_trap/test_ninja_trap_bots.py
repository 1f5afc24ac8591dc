"""The Ninja Trap bots: legal play from their seat's view only, and the memory model."""

from __future__ import annotations

import pytest

from ninjadojo.bots import SeatView, available_bots, make_bot
from ninjadojo.bots.ninja_trap import MemoryBot
from ninjadojo.engine import OptionError
from ninjadojo.engine.state import GameState
from ninjadojo.games.ninja_trap import STATE
from ninjadojo.games.ninja_trap.builder import Seat, build, play
from ninjadojo.games.ninja_trap.cards import ROOM_INDEX

G, B = ROOM_INDEX["G"], ROOM_INDEX["B"]


def _play_out(game: GameState, specs: list[str], seed: int) -> GameState:
    bots = [make_bot(spec, "ninja-trap", seed=seed * 10 + seat) for seat, spec in enumerate(specs)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        action = bots[seat].choose(SeatView(game, seat))
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
        assert game.ply < 5000
    return game


def test_the_bots_on_offer() -> None:
    assert {"random", "heuristic", "forgetful"} <= set(available_bots("ninja-trap"))
    bot = make_bot("forgetful:forget=0.5", "ninja-trap", seed=1)
    assert isinstance(bot, MemoryBot) and bot.forget == 0.5
    assert make_bot("forgetful", "ninja-trap").forget == 0.3  # type: ignore[attr-defined]
    assert make_bot("heuristic", "ninja-trap").forget == 0.0  # type: ignore[attr-defined]


@pytest.mark.parametrize("bad", ["2", "-0.1", "often"])
def test_a_bad_forget_chance_is_refused(bad: str) -> None:
    with pytest.raises(OptionError, match="forget must be a chance from 0 to 1"):
        make_bot(f"forgetful:forget={bad}", "ninja-trap")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_whole_games_with_legal_actions(players: int) -> None:
    specs = ["heuristic", "forgetful", "random", "forgetful:forget=0.9"][:players]
    for seed in range(3):
        game = _play_out(STATE.new(players, seed=seed), specs, seed)
        assert game.winners()


def test_a_bot_remembers_the_trap_it_places() -> None:
    game = build(2, "trap", [Seat(hand="GGGBB"), Seat(hand="SFTNI")], turn=1)
    bot = MemoryBot(seed=1)
    action = bot.choose(SeatView(game, 0))
    assert bot.memory == {1: ROOM_INDEX[action[1]]}


def test_a_bot_flips_a_remembered_trap_under_a_rival() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D1,G3"), Seat(hand="SF", traps="S3")], moves="BG", turn=3)
    bot = MemoryBot(seed=1)
    bot.memory, bot.turn_seen = {1: ROOM_INDEX["D"], 3: G}, 3
    assert bot.choose(SeatView(game, 0)) == "f2"


def test_a_bot_does_not_flip_a_remembered_trap_into_an_empty_room() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="D3"), Seat(hand="SF", traps="S3")], moves="BG", turn=3)
    bot = MemoryBot(seed=1)
    bot.memory, bot.turn_seen = {3: ROOM_INDEX["D"]}, 3
    assert bot.choose(SeatView(game, 0)) == "pass"


def test_a_perfect_memory_keeps_its_traps_from_turn_to_turn() -> None:
    game = build(2, "trap", [Seat(hand="GGIDS", traps="B1"), Seat(hand="SFTNI")], turn=5)
    bot = MemoryBot(seed=1)
    bot.memory, bot.turn_seen = {1: B}, 2
    bot.choose(SeatView(game, 0))
    assert bot.memory[1] == B


def test_a_bot_that_always_forgets_forgets_by_the_next_turn() -> None:
    game = build(2, "trap", [Seat(hand="GGIDS", traps="B1"), Seat(hand="SFTNI")], turn=5)
    bot = MemoryBot(seed=1, forget="1")
    bot.memory, bot.turn_seen = {1: B}, 4
    bot.choose(SeatView(game, 0))
    assert 1 not in bot.memory


def test_a_buko_look_refreshes_the_memory() -> None:
    game = build(2, "activate", [Seat(hand="GI", traps="G1,D4"), Seat(hand="SF", traps="I4")],
                 moves="BS", turn=4)
    play(game, {0: "pass", 1: "pass"})
    bot = MemoryBot(seed=1, forget="1")
    bot.choose(SeatView(game, 0))
    assert bot.memory.get(1) == G and bot.memory.get(4) == ROOM_INDEX["D"]


def _win_share(specs: list[str], games: int) -> float:
    wins = 0.0
    for seed in range(games):
        order = specs if seed % 2 == 0 else specs[::-1]
        game = _play_out(STATE.new(2, seed=seed), order, seed)
        first = 0 if seed % 2 == 0 else 1
        if first in game.winners():
            wins += 1 / len(game.winners())
    return wins / games


def test_the_heuristic_bot_beats_random_play() -> None:
    assert _win_share(["heuristic", "random"], 30) >= 0.9


def test_memory_is_worth_something() -> None:
    assert _win_share(["heuristic", "forgetful:forget=1"], 80) > 0.55

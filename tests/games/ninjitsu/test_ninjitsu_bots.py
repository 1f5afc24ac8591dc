"""The Ninjitsu! heuristic bot: legal choices from its seat's view only, and clearly better than random."""

from __future__ import annotations

import pytest
from ninjitsu_helpers import play

import ninjadojo.bots.ninjitsu as ninjitsu_bots
from ninjadojo.bots import available_bots, make_bot
from ninjadojo.bots.base import SeatView
from ninjadojo.bots.ninjitsu import candidates, play_until_turn_of
from ninjadojo.engine import OptionError
from ninjadojo.engine.rng import Rng
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position


def test_heuristic_is_registered_for_ninjitsu() -> None:
    assert "heuristic" in available_bots("ninjitsu")
    assert make_bot("heuristic:samples=2", "ninjitsu", seed=1).samples == 2  # type: ignore[attr-defined]


def test_candidates_drop_swaps_and_keep_one_steal_per_opponent() -> None:
    actions = ["d", "t:6a", "x1.0", "x1.1", "x2.0", "w0.1", "f1.0", "f1.1"]
    assert candidates(actions) == ["d", "t:6a", "x1.0", "x2.0", "f1.0"]


def test_heuristic_takes_the_winning_treasure_and_punishes_a_leader() -> None:
    # Playing the 9 as a treasure reaches 21 and the opponent cannot reduce it (no cards).
    game = position(hands=["9a 2c", ""], treasures=["Tc 2b", ""])
    bot = make_bot("heuristic", "ninjitsu", seed=3)
    assert bot.choose(SeatView(game, 0)) in ("t:9a", "s:9a")
    # The opponent will win at its next turn unless its 10 goes: Katana must hit it.
    game = position(hands=["6a", ""], treasures=["", "Tc 9b 2b"])
    choice = bot.choose(SeatView(game, 0))
    assert choice == "a:6a"
    play(game, choice)
    assert bot.choose(SeatView(game, 0)) == "c:Tc"


def test_heuristic_beats_random_in_most_two_player_games() -> None:
    wins = 0
    games = 24
    for number in range(games):
        seat = number % 2
        game = NinjitsuState.new(2, seed=500 + number)
        specs = ["heuristic:samples=2" if each == seat else "random" for each in range(2)]
        bots = [make_bot(spec, "ninjitsu", seed=number) for spec in specs]
        while not game.is_terminal:
            actor = game.to_act()[0]
            action = bots[actor].choose(SeatView(game, actor))
            assert action in game.legal_actions(actor)
            game.apply(actor, action)
        wins += seat in game.winners()
    assert wins >= games * 0.7


def test_heuristic_parameters_out_of_range_are_refused_with_what_is_allowed() -> None:
    for spec, said in (("heuristic:samples=x", "samples must be a whole number from 1"),
                       ("heuristic:samples=0", "samples must be a whole number from 1"),
                       ("heuristic:depth=5", "depth must be a whole number from 0 to 1")):
        with pytest.raises(OptionError, match=said):
            make_bot(spec, "ninjitsu", seed=1)


# ---------------------------------------------------------------------- expansions


def test_heuristic_keeps_antonio_for_a_trap_and_plays_it_when_the_trap_would_cost_its_hand() -> None:
    bot = make_bot("heuristic:samples=3", "ninjitsu", seed=5)
    # Nothing at stake: Antonio is not thrown away as a 1-point treasure.
    game = position(hands=["1n 9a", ""], secrets=["", "6b"], expansions="promo")
    assert bot.choose(SeatView(game, 0)) not in ("t:1n", "s:1n")
    # Explosives would discard a hand of four good cards: ignore the trap.
    game = position(hands=["1n 9a 9b 8c Ta", ""], secrets=["", "2a"], expansions="promo")
    play(game, "x1.0")
    assert game.to_act() == (0,)
    assert bot.choose(SeatView(game, 0)) == "a:1n"


def test_heuristic_answers_a_night_vision_turn_with_the_marked_card_or_a_skip() -> None:
    # Its only choices are the marked card's plays and pass; the bot samples worlds where the mark is
    # its own (it knows it) and picks one of them.
    game = position(hands=["8m", "6a 7b"], expansions="magic")
    play(game, "a:8m")
    bot = make_bot("heuristic:samples=2", "ninjitsu", seed=5)
    choice = bot.choose(SeatView(game, 1))
    assert choice in game.legal_actions(1) and (choice == "pass" or choice[2:] == game.observe(1)["seats"][1]["mark"])


def test_heuristic_stops_a_steal_of_its_own_big_secret_with_andrea() -> None:
    bot = make_bot("heuristic:samples=3", "ninjitsu", seed=5)
    game = position(hands=["8a", "1d"], secrets=["", "5a"], expansions="promo")
    play(game, "a:8a", "x1.0")
    assert game.to_act() == (1,)
    assert bot.choose(SeatView(game, 1)) == "a:1d"


@pytest.mark.parametrize("sets", ["promo", "magic", "sabotage", "elements", "weather",
                                  "promo,magic,sabotage,elements,weather"])
@pytest.mark.parametrize("spec", ["random", "heuristic:samples=1,depth=0", "heuristic:samples=1"])
def test_bots_finish_games_with_every_expansion_playing_only_legal_actions(spec: str, sets: str) -> None:
    # (``depth=1``, the hard level's, plays the others' turns on in its samples: a turn of Heavy Weather
    # opens with a decision that others answer at once, which it once met as nobody's turn action.)
    for number in range(2):
        game = NinjitsuState.new(3, {"expansions": sets}, seed=900 + number)
        bots = [make_bot(spec, "ninjitsu", seed=number + seat) for seat in range(3)]
        while not game.is_terminal:
            actor = game.to_act()[0]
            action = bots[actor].choose(SeatView(game, actor))
            assert action in game.legal_actions(actor)
            game.apply(actor, action)
        assert game.winners() or game.result is not None


@pytest.mark.parametrize("seed", [2, 3, 5])
def test_the_lookahead_plays_on_through_a_decision_others_answer_in_a_turn(seed: int,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Heavy Weather: a Blizzard or a Hurricane asks the others to decide at once, while it is still one
    seat's turn. The heuristic's lookahead plays the others' turns on (``play_until_turn_of``): it must
    answer those decisions first, not look for a turn action of a seat that has none (a hard bot once
    failed on it at a table, and the game waited for it for good)."""
    game = NinjitsuState.new(4, {"expansions": "weather"}, seed=seed)
    rng = Rng(seed)
    while game.frames[-1].kind == "turn" or game.turn in game.to_act():
        assert game.result is None, "no such decision in this game"
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
    root = (game.turn - 1) % 4  # the seat whose turn comes last
    trial = game.clone()
    play_until_turn_of(trial, root)
    assert trial.result is not None or (trial.turn == root and root in trial.to_act())
    # And the hard bot, asked at such a moment (the seat asked first), chooses a legal action.
    asked = game.to_act()[0]
    action = make_bot("hard", "ninjitsu", seed=seed).choose(SeatView(game, asked))
    assert action in game.legal_actions(asked)
    # A play-on cut at the rollout's length while others still decide (a Blizzard's rounds of discards at
    # five players reach it) scores the position as it stands.
    monkeypatch.setattr(ninjitsu_bots, "ROLLOUT_LIMIT", 0)
    trial = game.clone()
    play_until_turn_of(trial, root)
    assert trial.to_notation() == game.to_notation()

"""Ninjato's ``lookahead`` bot (bots/ninjato.py): legal, repeatable, honest about what the seat knows."""

from __future__ import annotations

import pytest

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.engine import OptionError
from ninjadojo.games.ninjato.builder import position
from ninjadojo.games.ninjato.state import NinjatoState

#: A small budget: these tests check behaviour, not strength (strength is measured in docs/bots.md).
SMALL = "lookahead:samples=2,top=3,depth=6"


@pytest.mark.parametrize("players", [2, 3])
def test_it_plays_whole_games_legally(players: int) -> None:
    game = NinjatoState.new(players, seed=11)
    bots = [make_bot(SMALL if seat == 0 else "heuristic", "ninjato", seed=seat) for seat in range(players)]
    while not game.is_terminal:
        seat = game.to_act()[0]
        action = bots[seat].choose(SeatView(game, seat))
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
    assert game.winners()


def test_the_same_seed_and_view_give_the_same_choice_whatever_is_hidden() -> None:
    # Seat 1's hand is hidden from seat 0: two games that differ only there are one game to seat 0.
    first = position(2, round=2, hands=["1155", "24"], purses=["vj", "f"])
    twin = position(2, round=2, hands=["1155", "33"], purses=["vj", "f"])
    choices = {make_bot(SMALL, "ninjato", seed=5).choose(SeatView(game, 0)) for game in (first, twin, first)}
    assert len(choices) == 1


def test_it_wins_a_fight_it_can_win_rather_than_give_up() -> None:
    # Two samples are too few to tell a won fight from giving up (their play-outs differ by chance):
    # 16 samples over a short play-out, with any seed.
    game = position(2, hands=["45", ""], raid=(0, 1, "+"))
    for seed in range(4):
        assert make_bot("lookahead:samples=16,depth=6", "ninjato", seed=seed).choose(SeatView(game, 0)) in ("4", "5")


def test_with_confidence_it_keeps_the_heuristics_fight_over_a_noisy_give_up() -> None:
    # 40-action play-outs are noisy: the heuristic fights here, and another move needs a sure gain.
    game = position(2, hands=["45", ""], raid=(0, 1, "+"))
    for seed in range(6):
        assert make_bot("lookahead:confidence=1", "ninjato", seed=seed).choose(SeatView(game, 0)) in ("4", "5")


@pytest.mark.parametrize("spec", ["lookahead:samples=0", "lookahead:top=x", "lookahead:strategy=sleepy",
                                  "lookahead:confidence=-1", "lookahead:confidence=high"])
def test_bad_parameters_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        make_bot(spec, "ninjato")

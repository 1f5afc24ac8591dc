"""Games to review, built the same way by the review's tests: short games played by seeded bots, twin games
a seat cannot tell apart, and a Ninja Trap game with a deliberate blunder."""

from __future__ import annotations

import random
from typing import Any

from ninjadojo.api import new_game
from ninjadojo.bots import SeatView, make_bot
from ninjadojo.engine import GameState
from ninjadojo.games.ninja_trap.builder import Seat, build

#: Every game, with the cheap bot that plays the short games.
GAMES = {"ninjitsu": "heuristic:depth=0", "knights-and-ninjas": "heuristic", "ninja-camp": "heuristic",
         "ninja-trap": "heuristic", "ninjato": "heuristic"}
#: The review budget of the tests: small, so that they stay fast (the figures mean little at this budget).
ITERATIONS = 40


def played(game_id: str, players: int, seed: int, actions: int, spec: str | None = None) -> GameState[Any]:
    """A game of ``game_id`` after at most ``actions`` actions of seeded bots (``spec``: the game's cheap bot)."""
    game = new_game(game_id, players, {}, seed)
    bots = [make_bot(spec or GAMES[game_id], game_id, seed + seat) for seat in range(players)]
    for _ in range(actions):
        if game.is_terminal:
            break
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    return game


def twins(game: GameState[Any], seat: int, plies: int, seed: int = 0) -> tuple[GameState[Any], GameState[Any]]:
    """Two games ``seat`` cannot tell apart but whose hidden cards differ, played on by the same actions.

    Both start from a determinisation of ``game`` for ``seat`` (each with its own seed: other hands and
    decks differ; ``seat``'s view is the same), then take the same actions, each legal in both and keeping
    ``seat``'s view the same in both, chosen at random, while there is one (at most ``plies`` actions).
    """
    first, second = game.determinize(seat, 1), game.determinize(seat, 2)
    assert first.to_notation() != second.to_notation(), "the twins should differ in what the seat cannot see"
    chooser = random.Random(seed)
    for _ in range(plies):
        if first.is_terminal or first.to_act() != second.to_act():
            break
        actor = first.to_act()[0]
        common = sorted(set(first.legal_actions(actor)) & set(second.legal_actions(actor)))
        if not common:
            break
        chooser.shuffle(common)
        for action in common:
            trial_first, trial_second = first.clone(), second.clone()
            trial_first.apply(actor, action)
            trial_second.apply(actor, action)
            if trial_first.observe(seat) == trial_second.observe(seat):
                first, second = trial_first, trial_second
                break
        else:
            break
    return first, second


def trap_blunder(rival_hand: str = "IIDSF") -> GameState[Any]:
    """A 2-player Ninja Trap game where P0, on its last life, flips the trap it laid in its own room.

    P0 lays its turn-3 trap in the Genkan (its memory notes where), moves to the Genkan, alone (P1 moves to
    the Ima), then flips that trap: it springs on P0, its third hit, and P0 is out (P1 passes and wins).
    Passing keeps it in the game; so flipping is a clear blunder for anyone who remembers where the trap is.
    ``rival_hand`` is P1's hand (hidden from P0; it must hold an Ima and a Daidokoro).
    """
    game = build(2, "trap", [Seat(hand="GGIDS", hits=2), Seat(hand=rival_hand, hits=2)], turn=3)
    for seat, action in [(0, "tG"), (1, "tD"), (0, "mG"), (1, "mI"), (0, "f1"), (1, "pass")]:
        game.apply(seat, action)
    return game

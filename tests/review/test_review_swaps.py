"""A swap of one's own secrets (Ninjitsu!: "You may look at or rearrange your secrets at any time") is never
advice and never a decision to rate. Within a turn it is among the legal actions and leaves the same decision
open, so a search rates it as the best move after it plus the luck of a maximum: the browser probe of stop 56
asked for a hint, was told "Swap your secrets #1 and #2 (free)", swapped, asked again and was told the same
swap; its review called the move that won the game a mistake, the better move being that swap."""

from __future__ import annotations

from typing import Any

from ninjadojo.api import new_game
from ninjadojo.bots import SeatView, make_bot
from ninjadojo.engine import GameState
from ninjadojo.review import review_record
from ninjadojo.review.core import hint, rearranges


def _game(seed: int) -> tuple[GameState[Any], list[tuple[GameState[Any], int]]]:
    """A 3-player Ninjitsu! game of random players (who keep secrets, and so may swap them, more often than the
    heuristic), seat 0 swapping its first two secrets whenever it may before it plays; and the positions
    where the seat to act could swap, with that seat."""
    game = new_game("ninjitsu", 3, {}, seed)
    bots = [make_bot("random", "ninjitsu", seed + seat) for seat in range(3)]
    found: list[tuple[GameState[Any], int]] = []
    while not game.is_terminal:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        swaps = [action for action in legal if rearranges(game, seat, action)]
        if swaps and len(legal) >= len(swaps) + 2:
            found.append((game.clone(), seat))
        if swaps and seat == 0 and (not game.record.actions or game.record.actions[-1] != (0, swaps[0])):
            game.apply(0, swaps[0])
            continue
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    return game, found


def test_a_swap_within_a_turn_is_a_rearrangement_and_a_turns_card_is_not() -> None:
    game, seat = _game(2)[1][0]
    swaps = [action for action in game.legal_actions(seat) if rearranges(game, seat, action)]
    assert swaps and all(action.startswith("w") for action in swaps)
    assert not all(rearranges(game, seat, action) for action in game.legal_actions(seat))


def test_a_hint_never_advises_a_swap_of_secrets() -> None:
    positions = _game(2)[1] + _game(3)[1] + _game(8)[1]
    assert len(positions) >= 10
    for game, seat in positions:
        advice = hint(game, seat, iterations=2000)
        named = [advice.action, *(each.action for each in advice.alternatives)]
        assert not any(rearranges(game, seat, action) for action in named), (advice.label, named)


def test_a_review_neither_rates_a_swap_nor_names_one_as_the_better_move() -> None:
    game = _game(8)[0]  # seat 0 swaps twice
    swapped = [ply for ply, (seat, action) in enumerate(game.record.actions) if seat == 0 and action.startswith("w")]
    assert swapped
    review = review_record(game, 0, iterations=1500)
    assert review.moves
    for move in review.moves:
        assert move.ply not in swapped
        for estimate in (move.best, move.alternative, *move.estimate.actions):
            assert estimate is None or not estimate.action.startswith("w"), (move.number, estimate)

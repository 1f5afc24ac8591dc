"""The engine's undo policy (issue #14, "undo that tells nothing"), on every game.

Properties: an undone action leaves the position exactly as before; no action the engine calls
undoable changed what the undoing seat may know (checked here against worlds of our own, with other
seeds than the engine's check uses); an action by another seat since, a random outcome or a card seen
makes undo refused with a reason; a refusal never tells a seat about another seat's hidden choice.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ninjadojo.engine import Rng, UndoError
from ninjadojo.engine.state import GameState
from ninjadojo.engine.undo import HIDDEN_OUTCOME
from ninjadojo.games import game_class, playable_games
from ninjadojo.games.ninjitsu.builder import position

CASES = [(game_id, players) for game_id in playable_games()
         for players in (game_class(game_id).SPEC.min_players, game_class(game_id).SPEC.max_players)]


def _own_worlds_agree(before: GameState[Any], seat: int, action: str, after: GameState[Any]) -> bool:
    """Whether, in worlds the seat cannot tell from ``before`` (our own seeds), the action leaves the seat
    with the view it has in ``after``."""
    seen = after.observe(seat)
    for seed in range(900, 906):
        world = before.determinize(seat, seed)
        world.apply(seat, action)
        if world.observe(seat) != seen:
            return False
    return True


@pytest.mark.parametrize(("game_id", "players"), CASES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_an_undone_action_leaves_the_position_exactly_as_before_and_taught_nothing(game_id: str, players: int,
                                                                                     seed: int) -> None:
    game = game_class(game_id).new(players, seed=seed)
    rng = Rng(seed ^ 0xD0)
    undone = refused = 0
    for _ in range(60):
        if game.is_terminal:
            break
        to_act = game.to_act()
        seat = to_act[rng.randbelow(len(to_act))]
        actions = game.legal_actions(seat)
        action = actions[rng.randbelow(len(actions))]
        before = game.clone()
        game.apply(seat, action)
        reason = game.undo_check(seat)
        if reason is None:
            assert game.rng.state == before.rng.state, "an undoable action moved the random stream"
            assert _own_worlds_agree(before, seat, game.record.actions[-1][1], game), \
                f"{game_id}: {action!r} was called undoable but showed the seat something"
            game.undo(seat)
            assert game.to_notation() == before.to_notation()
            assert game.record.actions == before.record.actions and game.events == before.events
            for each in range(players):
                assert game.observe(each) == before.observe(each)
            undone += 1
            game.apply(seat, action)  # and go on with the game
        else:
            assert isinstance(reason, str) and reason
            with pytest.raises(UndoError, match="cannot take back"):
                game.clone().undo(seat)
            refused += 1
    assert undone + refused > 0


def test_a_free_swap_of_secrets_is_taken_back_and_a_draw_is_not() -> None:
    game = position(secrets=["6a 7b", ""], hands=["2a", "3b"])
    start = game.to_notation()
    game.apply(0, "w0.1")
    assert game.undo_check(0) is None
    game.undo(0)
    assert game.to_notation() == start
    game.apply(0, "d")
    assert game.undo_check(0) == HIDDEN_OUTCOME
    with pytest.raises(UndoError):
        game.undo(0)
    assert game.undo_check(1) == "you have no action to take back"


def test_a_played_secret_is_taken_back_until_the_next_player_acts() -> None:
    game = position(3, hands=["6a 7b", "2c", "3c"])
    before = game.to_notation()
    game.apply(0, "s:6a")
    assert game.to_act() == (1,) and game.undo_check(0) is None
    game.apply(1, "s:2c")
    assert game.undo_check(0) == "another seat has acted since your action"
    game = game_class("ninjitsu").from_notation(before)
    game.apply(0, "s:6a")
    game.undo(0)
    assert game.to_notation() == before


def test_with_any_time_cards_undo_stops_once_the_decision_leaves_the_seat() -> None:
    # A hidden "any time" answer could come after the action: a refusal must not depend on whether one did.
    game = position(3, hands=["6a 7b", "2c", "3c"], expansions="promo")
    game.apply(0, "s:6a")
    assert "moved on" in str(game.undo_check(0))
    game = position(3, secrets=["6a 7b", "", ""], hands=["2a", "2c", "3c"], expansions="promo")
    game.apply(0, "w0.1")  # a free swap: the turn is still P0's
    assert game.undo_check(0) is None


def test_a_hidden_submission_is_taken_back_after_others_submitted_and_the_refusal_tells_nothing() -> None:
    trap = game_class("ninja-trap").new(3, seed=4)
    assert trap.frames[-1].simultaneous
    first = trap.legal_actions(0)[0]
    alone = trap.clone()
    alone.apply(0, first)
    both = alone.clone()
    other = both.legal_actions(1)[0]
    both.apply(1, other)
    # Whether seat 1 has submitted is hidden from seat 0: its undo answer is the same either way.
    assert alone.undo_check(0) == both.undo_check(0) is None
    both.undo(0)
    expected = trap.clone()
    expected.apply(1, other)
    assert both.to_notation() == expected.to_notation()
    assert both.frames[-1].submitted == {1: other}

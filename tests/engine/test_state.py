"""The state protocol: illegal actions, clones, views, determinisation, action ids, the end."""

from __future__ import annotations

import json

import pytest

from engine.toygame import BLOCK, ToyState, toy_position
from ninjadojo.engine import GameOverError, IllegalActionError, NotYourTurnError, Rng
from ninjadojo.engine.playout import random_playout


def test_an_illegal_action_raises_names_the_reason_and_changes_nothing() -> None:
    game = toy_position([[1, 6], [2], [3]])
    before, events, record = game.to_notation(), list(game.events), game.record.copy()
    with pytest.raises(IllegalActionError) as error:
        game.apply(0, "p4")
    assert error.value.reason == "you hold no 4"
    assert error.value.legal == ("d", "p1", "p6", "bid")
    assert "legal now: d, p1, p6, bid" in str(error.value)
    assert game.to_notation() == before and game.events == events
    assert game.record.actions == record.actions and game.ply == 0


@pytest.mark.parametrize("bad", ["", "P1", " p1", "p1 ", "zz", None, 3])
def test_malformed_actions_raise_a_typed_error(bad: object) -> None:
    game = toy_position([[1, 6], [2], [3]])
    before = game.to_notation()
    with pytest.raises(IllegalActionError):
        game.apply(0, bad)  # type: ignore[arg-type]
    assert game.to_notation() == before


def test_a_seat_that_is_not_asked_gets_not_your_turn() -> None:
    game = toy_position([[1, 6], [2], [3]])
    with pytest.raises(NotYourTurnError, match="waiting for seat 0"):
        game.apply(1, "d")
    with pytest.raises(NotYourTurnError, match="no seat 7"):
        game.apply(7, "d")


def test_nothing_is_legal_after_the_end() -> None:
    game = toy_position([[6, 5], [2], [3]], points=[10, 0, 0])
    game.apply(0, "p6")
    assert game.is_terminal
    assert game.result is not None and game.result.winners == (0,) and game.scores() == (16.0, 0.0, 0.0)
    assert game.to_act() == () and game.legal_actions(0) == [] and game.decision(0) is None
    with pytest.raises(GameOverError):
        game.apply(0, "d")


def test_a_tied_end_shares_the_win() -> None:
    discard = [c for c in range(1, 7) for _ in range(3)]
    for card in (1, 2, 3):
        discard.remove(card)
    game = toy_position([[1], [2], [3]], deck=[], discard=discard, points=[4, 4, 1],
                        options="bid=high,blocks=false,target=15")
    game.reshuffles = 2
    game.apply(0, "d")  # the deck runs out for the third time
    assert game.result is not None and game.result.winners == (0, 1)
    assert game.result.reason == "the deck ran out for the last time"


def test_clones_are_equal_and_independent() -> None:
    game = ToyState.new(3, seed=5)
    random_playout(game, Rng(1), max_actions=6)
    copy = game.clone()
    assert copy == game and hash(copy) == hash(game) and copy is not game
    seat = copy.to_act()[0]
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert copy != game
    assert len(copy.record.actions) == len(game.record.actions) + 1
    copy.hands[0].append(9)
    assert 9 not in game.hands[0]
    assert copy.rng is not game.rng


def test_views_show_a_seat_its_own_hand_and_only_counts_of_others() -> None:
    game = toy_position([[1, 6], [0, 2], [3]])
    view = game.observe(1)
    assert view["hand"] == [0, 2] and view["hand_sizes"] == [2, 2, 1]
    assert game.observe(None)["hand"] is None
    game.apply(0, "d")
    drawn = game.hands[0]
    assert "You draw a" in game.observe(0)["log"][-1]  # type: ignore[index]
    assert all("You draw" not in line for line in game.observe(1)["log"])  # type: ignore[union-attr]
    assert drawn == sorted(drawn)
    json.dumps(game.observe(None))


def test_one_time_looks_are_in_views_only_until_the_next_action() -> None:
    game = toy_position([[1, 6], [2], [3]])
    game.log("seat 1 peeks at a 4", 1 << 1, transient=True)
    assert "Seat 1 peeks at a 4" in game.observe(1)["log"]  # type: ignore[operator]
    assert "Seat 1 peeks at a 4" not in game.observe(0)["log"]  # type: ignore[operator]
    game.apply(0, "d")
    assert "Seat 1 peeks at a 4" not in game.observe(1)["log"]  # type: ignore[operator]


def test_determinising_redeals_only_what_the_seat_cannot_know() -> None:
    game = toy_position([[1, 6], [0, 2], [3, 3]], discard=[5])
    for seed in range(10):
        other = game.determinize(0, seed)
        assert other.hands[0] == [1, 6] and other.discard == [5]
        assert [len(hand) for hand in other.hands] == [2, 2, 2]
        assert other.observe(0) == game.observe(0)
        other.check_invariants()
    redealt = {tuple(game.determinize(0, seed).hands[1]) for seed in range(30)}
    assert len(redealt) > 1, "other seats' hands must be redealt"


def test_a_determinised_concealed_window_keeps_the_asked_seat_able_to_answer() -> None:
    game = toy_position([[5, 1], [2], [0, 3]])
    game.apply(0, "p5")
    for seed in range(20):
        other = game.determinize(1, seed)
        assert BLOCK in other.hands[2]
        other.check_invariants()
        other.apply(2, "no")


def test_action_ids_are_stable_and_round_trip() -> None:
    game = ToyState.new(3, seed=2)
    space = game.action_space()
    assert space is ToyState.action_space_for(3, game.options)
    assert len(space) == len(set(space.actions))
    for action in space.actions:
        assert game.action_from_id(game.action_id(action)) == action
    assert game.legal_action_ids(0) == [space.index[a] for a in game.legal_actions(0)]
    assert ToyState.new(3, seed=99).action_space().actions == space.actions
    assert len(ToyState.new(4, seed=2).action_space()) == len(space) + 1  # one more target seat
    with pytest.raises(IllegalActionError, match="not an action of toy"):
        game.action_id("q")
    with pytest.raises(IllegalActionError, match="action ids run from 0 to"):
        game.action_from_id(len(space))


def test_same_seed_and_actions_give_the_same_game_and_another_seed_another() -> None:
    one, two = ToyState.new(4, seed=8), ToyState.new(4, seed=8)
    assert one == two
    assert ToyState.new(4, seed=9) != one
    random_playout(one, Rng(3))
    for seat, action in one.record.actions:
        two.apply(seat, action)
    assert one == two and one.result == two.result


def test_replay_states_walk_the_record_from_the_start() -> None:
    game = ToyState.new(2, seed=4)
    random_playout(game, Rng(2), max_actions=10)
    states = list(game.replay_states())
    assert len(states) == len(game.record.actions) + 1
    assert states[0] == ToyState.new(2, seed=4) and states[-1] == game
    assert [state.ply for state in states] == list(range(len(states)))

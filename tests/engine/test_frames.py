"""Decision frames: simultaneous frames, concealed response windows, choices pushed mid-effect."""

from __future__ import annotations

import itertools
import json

import pytest

from engine.toygame import ToyState, toy_position
from ninjadojo.engine import Frame, IllegalActionError, NotYourTurnError


def _bid_position() -> ToyState:
    """Three players with number cards; seat 0 calls a bid."""
    game = toy_position([[2, 5], [4, 6], [3]])
    game.apply(0, "bid")
    return game


def test_a_bid_is_a_simultaneous_frame_of_every_holder_of_a_number_card() -> None:
    game = _bid_position()
    assert game.to_act() == (0, 1, 2)
    for seat in range(3):
        decision = game.decision(seat)
        assert decision is not None and decision.simultaneous and decision.kind == "bid"
    assert game.legal_actions(1) == ["c4", "c6"]


def test_simultaneous_submissions_are_hidden_until_all_are_in() -> None:
    game = _bid_position()
    before = {seat: game.observe(seat) for seat in (None, 0, 2)}
    game.apply(1, "c6")
    # Nobody else's view changes, except the ply; seat 1 alone sees that it has submitted.
    for seat, view in before.items():
        after = game.observe(seat)
        assert {k: v for k, v in after.items() if k != "ply"} == {k: v for k, v in view.items() if k != "ply"}
    assert game.observe(1)["submitted"] is True and game.observe(2)["submitted"] is False
    assert game.observe(None)["waiting_for"] == [0, 1, 2]
    assert "c6" not in json.dumps(game.observe(0)) and "6" not in str(game.observe(0)["log"])
    assert game.to_act() == (0, 2)


def test_a_seat_submits_once_in_a_simultaneous_frame() -> None:
    game = _bid_position()
    game.apply(1, "c6")
    with pytest.raises(NotYourTurnError):
        game.apply(1, "c4")


@pytest.mark.parametrize("order", list(itertools.permutations([0, 1, 2])))
def test_the_order_of_simultaneous_submissions_changes_nothing(order: tuple[int, ...]) -> None:
    choices = {0: "c5", 1: "c6", 2: "c3"}
    reference = _bid_position()
    for seat in (0, 1, 2):
        reference.apply(seat, choices[seat])
    game = _bid_position()
    for seat in order:
        game.apply(seat, choices[seat])
    assert game.to_notation() == reference.to_notation()
    assert [event.text for event in game.events] == [event.text for event in reference.events]
    # The single highest card (seat 1's 6) scores the sum of the bid.
    assert game.points == [0, 14, 0]


def test_determinising_withdraws_other_seats_hidden_submissions() -> None:
    game = _bid_position()
    game.apply(0, "c5")
    game.apply(1, "c6")
    other = game.determinize(2, seed=4)
    assert other.to_act() == (0, 1, 2)
    assert other.observe(2) == game.observe(2)
    mine = game.determinize(0, seed=4)
    assert mine.frames[-1].submitted == {0: "c5"}


def _window_position() -> ToyState:
    """Seat 0 plays a 5; seat 2 holds a Block, seat 1 does not."""
    game = toy_position([[5, 1], [2], [0, 3]])
    game.apply(0, "p5")
    return game


def test_a_concealed_window_asks_only_the_seats_that_could_answer() -> None:
    game = _window_position()
    assert game.to_act() == (2,)
    decision = game.decision(2)
    assert decision is not None and decision.concealed and game.legal_actions(2) == ["block", "no"]
    assert game.decision(1) is None


def test_no_view_tells_who_was_asked_in_a_concealed_window() -> None:
    game = _window_position()
    for seat in (None, 0, 1):
        view = game.observe(seat)
        # Everyone else still sees the frame below (seat 0's turn in progress), not the asked seat.
        assert view["waiting_for"] == [0]
        assert "block" not in json.dumps(view["log"])
    assert game.observe(1) == game.determinize(1, seed=8).observe(1)
    assert game.observe(2)["you_act"] is True
    # A non-asked seat's refusal does not name who is asked either.
    with pytest.raises(NotYourTurnError) as error:
        game.apply(1, "no")
    assert "seat 2" not in str(error.value)


def test_when_nobody_could_block_no_window_opens() -> None:
    game = toy_position([[5, 1], [2], [3]])
    game.apply(0, "p5")
    assert game.points[0] == 5
    assert game.frames[-1].kind == "turn" and game.to_act() == (1,)


def test_a_block_discards_both_cards_and_ends_the_turn() -> None:
    game = _window_position()
    game.apply(2, "block")
    assert game.points == [0, 0, 0]
    assert game.discard == [5, 0] and game.hands[2] == [3]
    assert game.to_act() == (1,)


def test_a_choice_frame_is_pushed_in_the_middle_of_an_even_cards_effect() -> None:
    game = toy_position([[4, 1], [2, 3], [6]])
    game.apply(0, "p4")
    assert game.points[0] == 4
    assert game.frames[-1].kind == "target" and game.legal_actions(0) == ["t1", "t2"]
    game.apply(0, "t1")
    # The effect goes on with another seat's choice before the turn ends.
    assert game.to_act() == (1,) and game.legal_actions(1) == ["x2", "x3"]
    game.apply(1, "x3")
    assert game.hands[1] == [2] and game.discard[-1] == 3
    assert game.frames == [Frame("turn", [1])]


def test_frames_round_trip_through_json() -> None:
    frame = Frame("bid", [0, 2], {"caller": 1, "cards": (1, 2)}, simultaneous=True, concealed=True,
                  submitted={1: "c3"})
    assert Frame.from_json(json.loads(json.dumps(frame.to_json()))) == frame
    copy = frame.copy()
    copy.seats.append(3)
    copy.submitted[0] = "c1"
    assert frame.seats == [0, 2] and frame.submitted == {1: "c3"}


@pytest.mark.parametrize("bad", [
    ["bid"], ["bid", "0", {}, "", []], ["bid", [0], [], "", []], ["bid", [0], {}, "", [[0]]], "frame",
])
def test_malformed_frames_are_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        Frame.from_json(bad)


def test_an_illegal_action_in_a_pushed_frame_raises_and_changes_nothing() -> None:
    game = toy_position([[4, 1], [2, 3], [6]])
    game.apply(0, "p4")
    before = game.to_notation()
    with pytest.raises(IllegalActionError) as error:
        game.apply(0, "t0")
    assert error.value.legal == ("t1", "t2")
    assert game.to_notation() == before

"""Scenario tests for rearranging one's own secrets at any time, from the rulebook ("You may look at or
rearrange your secrets at any time, but not the secrets of other players") and RULINGS.md ("The owner
may rearrange their own secrets at any time; clients offer it as a free reorder that costs no action").

A rearrangement is a *free action* (:meth:`GameState.free_actions`): a swap of two of one's own secrets,
taken by any seat at any moment of a game that goes on, whoever is to act, as often as one likes; the
decision waiting stays where it is.
"""

from __future__ import annotations

import itertools
import random

import pytest
from ninjitsu_helpers import kind, play, secrets, treasures

from ninjadojo.api import load_game, new_game
from ninjadojo.engine import IllegalActionError
from ninjadojo.engine.errors import GameOverError, NotYourTurnError
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position


def _swaps(count: int) -> list[str]:
    return [f"w{i}.{j}" for i, j in itertools.combinations(range(count), 2)]


def _known(game: NinjitsuState, viewer: int, seat: int) -> object:
    seats = game.observe(viewer)["seats"]
    assert isinstance(seats, list)
    entry = seats[seat]
    assert isinstance(entry, dict)
    return entry["known_secrets"]


def test_a_seat_not_on_turn_rearranges_its_secrets_and_the_turn_stays_where_it_was() -> None:
    game = position(3, hands=["6a", "", ""], secrets=["", "5a 4a 3a", "2b 2c"], target=30)
    before = game.legal_actions(0)
    assert game.to_act() == (0,)
    assert game.legal_actions(1) == [] and game.free_actions(1) == _swaps(3)
    assert game.free_actions(2) == ["w0.1"] and game.free_actions(0) == []  # P0 holds no secret
    game.apply(1, "w0.2")
    assert secrets(game, 1) == "3a 4a 5a" and game.ply == 0  # no decision: max_length does not count it
    assert game.to_act() == (0,) and kind(game) == "turn" and game.legal_actions(0) == before
    assert game.observe(2)["log"][-1] == "P1 rearranges their secrets"  # type: ignore[index]
    assert "5a" not in str(game.observe(2)["log"])  # the cards stay hidden
    # As often as one likes: no allowance runs out off one's turn.
    for _ in range(7):
        game.apply(1, "w1.2")
    assert secrets(game, 1) == "3a 5a 4a"
    # A run of swaps reads as one line (a player swapping again and again does not flood the log).
    assert [line for line in game.observe(0)["log"] if "rearranges" in str(line)] == ["P1 rearranges their secrets"]
    assert game.free_labels(1)["w0.1"] == "Swap your secrets #1 and #2 (free)"


def test_any_order_is_reached_at_once_even_with_many_secrets() -> None:
    # Five secrets need four swaps to reverse: more than the turn's listed allowance of three.
    game = position(2, hands=["6a", ""], secrets=["", "2a 3a 4a 5a 6b"], target=40)
    for action in ("w0.4", "w1.3"):
        game.apply(1, action)
    assert secrets(game, 1) == "6b 5a 4a 3a 2a"
    # On one's own turn the same: beyond the listed swaps, the free ones go on.
    game = position(2, hands=["6a", ""], secrets=["2a 3a 4a 5a 6b", ""], target=40)
    for action in ("w0.4", "w1.3", "w0.1", "w0.1"):
        game.apply(0, action)
    assert not [a for a in game.legal_actions(0) if a.startswith("w")]  # the listed allowance is spent
    assert game.free_actions(0) == _swaps(5)
    game.apply(0, "w2.3")
    assert secrets(game, 0) == "6b 5a 3a 4a 2a" and kind(game) == "turn" and game.to_act() == (0,)


def test_a_card_resolves_on_the_secrets_as_they_lay_and_the_owner_rearranges_before_the_next_action() -> None:
    # P0's Peephole looks at both of P1's secrets, then may steal: one card's effect, so P1 may not
    # rearrange in between (a fair table: a secret once picked is not swapped away under the thief).
    game = position(3, expansions="sabotage", hands=["2s", "9a", "8a"], secrets=["", "5a 6a", ""])
    play(game, "a:2s", "k1.0", "k1.1")
    assert kind(game) == "steal" and game.to_act() == (0,)
    assert game.free_actions(1) == [] and not game.is_free(1, "w0.1")
    with pytest.raises(IllegalActionError, match="between actions"):
        game.apply(1, "w0.1")
    play(game, "pass")  # P0 does not steal now
    assert _known(game, 0, 1) == [[0, "5a"], [1, "6a"]]
    play(game, "t:9a")  # P1's turn
    assert game.to_act() == (2,)
    # Between actions, on P2's turn, P1 rearranges: P0 then knows only that P1 holds both cards.
    game.apply(1, "w0.1")
    assert _known(game, 0, 1) == [] and secrets(game, 1) == "6a 5a"
    assert game.to_act() == (2,) and kind(game) == "turn"


def test_a_declared_steal_cannot_be_dodged_by_rearranging() -> None:
    # P0 picks P1's secret #1; P1 holds Andrea, so the steal is a moment asked of P1 in secret first.
    # Only Andrea may stop it: the owner may not swap the picked secret away in that moment.
    game = position(2, expansions="promo", hands=["", "1d"], secrets=["", "4a 5a"])
    game.apply(0, "x1.0")
    assert kind(game) == "window" and game.to_act() == (1,)
    assert game.free_actions(1) == [] and "w0.1" not in game.legal_actions(1)
    with pytest.raises(IllegalActionError):
        game.apply(1, "w0.1")
    play(game, "pass")
    assert treasures(game, 0) == "4a" and secrets(game, 1) == "5a"


def test_a_free_action_is_not_offered_inside_a_concealed_window() -> None:
    # P1's Master of Fire, played out of turn, is a moment for P2's Alberti: a concealed window asks P2.
    # A swap there would show the others that someone was asked (the seats not asked are held meanwhile).
    game = position(3, expansions="promo,magic", hands=["", "Qm", "1l"], treasures=["9a 5a 5b", "", "8a 7a"],
                    secrets=["", "Kp", "2b 3b"], options={"fire_replaces": True})
    play(game, "x1.0", "a:Qm")
    assert kind(game) == "window" and game.to_act() == (2,)
    assert [game.free_actions(seat) for seat in range(3)] == [[], [], []]
    with pytest.raises(IllegalActionError):
        game.apply(2, "w0.1")
    play(game, "a:1l")
    assert kind(game) == "fire"


def test_free_actions_are_never_decisions_and_random_play_still_ends() -> None:
    rng = random.Random(5)
    for seed in range(6):
        game = new_game("ninjitsu", 3, {"expansions": "promo,sabotage,magic"}, seed=seed)
        assert isinstance(game, NinjitsuState)
        while not game.is_terminal:
            between = game.frames[-1].kind == "turn"
            for seat in range(3):
                free = game.free_actions(seat)
                legal = game.legal_actions(seat)
                assert not set(free) & set(legal)
                # Between actions every swap of the seat's secrets, as a decision or free; else none.
                swaps = sorted(free + [a for a in legal if a.startswith("w")])
                assert swaps == (sorted(_swaps(len(game.secrets[seat]))) if between else [])
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        assert all(game.free_actions(seat) == [] for seat in range(3))


def test_a_record_with_free_actions_replays_and_loads_the_same() -> None:
    game = new_game("ninjitsu", 3, seed=11)
    rng = random.Random(2)
    while len(game.record.actions) < 120 and not game.is_terminal:
        owners = [seat for seat in range(3) if game.free_actions(seat)]
        if owners and rng.random() < 0.3:
            owner = rng.choice(owners)
            game.apply(owner, rng.choice(game.free_actions(owner)))
            continue
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert any(action.startswith("w") for _, action in game.record.actions)
    again = type(game).replay(game.record)
    assert again.to_notation() == game.to_notation()
    assert load_game(game.to_save()).to_notation() == game.to_notation()


def test_a_wrong_free_action_is_refused_with_what_is_allowed_and_changes_nothing() -> None:
    game = position(2, hands=["6a", ""], secrets=["", "5a 4a"], target=30)
    before = game.to_notation()
    with pytest.raises(IllegalActionError, match="positions 0 to 1") as error:
        game.apply(1, "w0.5")
    assert "w0.1" in str(error.value)  # and what the seat may do
    with pytest.raises(NotYourTurnError, match=r"what it may do at any time: w0\.1"):
        game.apply(1, "d")
    with pytest.raises(IllegalActionError):
        game.apply(0, "w0.1")  # P0 holds no secret: not another's secrets either
    assert game.to_notation() == before
    # "w1.0" names the same swap as "w0.1": taken, recorded in one form.
    game.apply(1, "w1.0")
    assert game.record.actions[-1] == (1, "w0.1") and secrets(game, 1) == "4a 5a"


def test_nothing_is_free_once_the_game_is_over() -> None:
    game = position(2, hands=["6a", ""], secrets=["9a 9b 5a", "5b 4a"], target=21)
    assert game.is_terminal  # P0 holds 23 at the start of its turn: it has won
    assert game.free_actions(1) == [] and game.free_labels(1) == {}
    with pytest.raises(GameOverError):
        game.apply(1, "w0.1")


def test_a_review_rates_decisions_and_leaves_free_actions_out() -> None:
    from ninjadojo.review.core import review_record

    # P0 swaps beyond the listed allowance (free), then plays; P1 swaps on P0's turn (free), then draws.
    game = position(2, hands=["6a 7a", "8a 9b"], secrets=["2a 3a 4a 5b", "2b 3b"], target=40)
    for seat, action in ((0, "w0.1"), (0, "w0.1"), (0, "w0.1"), (0, "w2.3"), (1, "w0.1"), (0, "t:6a"), (1, "d")):
        game.apply(seat, action)
    review = review_record(game, 0, bot="ismcts:iterations=20")
    rated = [move.ply for move in review.moves]
    # Only the play is rated: no swap is, neither the three listed among the turn's choices nor the fourth, free
    # (a swap leaves the same decision open: tests/review/test_review_swaps.py).
    assert rated == [5]
    assert [move.ply for move in review_record(game, 1, bot="ismcts:iterations=20").moves] == [6]


def test_a_free_swap_may_be_taken_back_while_nobody_has_acted_since() -> None:
    game = position(2, hands=["6a", ""], secrets=["", "5a 4a 3a"], target=30)
    before = game.to_notation()
    game.apply(1, "w0.2")
    assert game.undo_check(1) is None
    game.undo(1)
    assert game.to_notation() == before and secrets(game, 1) == "5a 4a 3a"
    game.apply(1, "w0.1")
    play(game, "t:6a")
    assert game.undo_check(1) == "another seat has acted since your action"

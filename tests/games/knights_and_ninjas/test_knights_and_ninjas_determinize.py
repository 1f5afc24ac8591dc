"""Determinisation: a sample is a function of the seat's information only (issue #8).

A sample used to be the true unseen cards in their true order, shuffled by a permutation fixed by the
seed and the pile sizes: determinising the sample again with the same seed and inverting the mapping
gave every hidden card back. Now two states the seat cannot tell apart give the identical sample.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ninjadojo.engine import Frame, Rng
from ninjadojo.games.knights_and_ninjas import STATE, KnightsAndNinjasState
from ninjadojo.games.knights_and_ninjas.builder import play, position


def _positions(players: int, seed: int, every: int = 9) -> Iterator[KnightsAndNinjasState]:
    """Copies of the states of a random playout, one every ``every`` actions."""
    game = STATE.new(players, seed=seed)
    rng = Rng(seed + 100)
    step = 0
    while not game.is_terminal and step < 400:
        if step % every == 0:
            yield game.clone()
        seats = game.to_act()
        seat = seats[rng.randbelow(len(seats))]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
        step += 1


def _same_sample(one: KnightsAndNinjasState, other: KnightsAndNinjasState, seat: int, seed: int) -> bool:
    a, b = one.determinize(seat, seed), other.determinize(seat, seed)
    return a.to_notation() == b.to_notation() and a.events == b.events


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_chain_of_samples_gives_nothing_back(players: int) -> None:
    # The attack: sample A with seed k, then B = A's sample with seed k. B must be the very
    # sample the real state gives for k, whatever the truth was, so comparing A and B tells nothing.
    checked = 0
    for game in _positions(players, seed=players * 31, every=5):
        for seat in range(players):
            for k in (0, 5):
                first = game.determinize(seat, k)
                for again in (k, 8):
                    # A sample is a state the seat cannot tell from the real one: every later sample
                    # of it is the real state's own sample.
                    assert _same_sample(first, game, seat, again)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_sample_keeps_the_seats_view_and_its_legal_actions(players: int) -> None:
    for game in _positions(players, seed=players * 7 + 1, every=13):
        for seat in game.to_act():
            sample = game.determinize(seat, 3)
            assert sample.observe(seat) == game.observe(seat)
            assert sample.legal_actions(seat) == game.legal_actions(seat)
            assert sample.render(seat) == game.render(seat)
            sample.check_invariants()


def test_rivals_hidden_hands_swapped_and_the_deck_reordered_give_the_same_sample() -> None:
    game = position(4, hands=["knso", "pepeki", "trhwpe", "kikiex"], top="sosomime")
    twin = position(4, hands=["knso", "pepeki", "kikiex", "trhwpe"], top="mesomiso", seed=99)
    assert twin != game, "the twin differs in what seats 0 and 1 cannot see"
    for seat in (0, 1):
        for seed in range(6):
            assert _same_sample(game, twin, seat, seed)
    # Seat 2 sees its own hand: the twins differ for it, and so may its samples.
    assert game.determinize(2, 0).hands[2] != twin.determinize(2, 0).hands[2]


def test_samples_still_vary_with_the_seed() -> None:
    game = position(4, hands=["knso", "pepeki", "trhwpe", "kikiex"])
    assert len({game.determinize(0, seed).to_notation() for seed in range(6)}) > 1


def test_cards_every_seat_knows_stay_put_and_the_rest_cannot_be_told_apart() -> None:
    # Seat 1 is known (a Herald saw it) to hold a Knight, seat 2 a Queen; their other card is hidden.
    game = position(3, hands=["pe", "knso", "pequ"], known=["", "kn", "qu"])
    twin = position(3, hands=["pe", "knpe", "soqu"], known=["", "kn", "qu"], seed=3)
    for seed in range(6):
        assert _same_sample(game, twin, 0, seed)
        sample = game.determinize(0, seed)
        assert sample.hands[1][2] >= 1 and sample.hands[2][4] >= 1


def test_a_card_given_in_a_draft_is_kept_and_the_pile_beneath_is_not_read() -> None:
    # Seat 0 gave the Knight and now sees the Queen on top; the two cards beneath are hidden from it.
    game = position(2, hands=["", ""], frames=[Frame("draft", [0])], draft="pesoqukn")
    twin = position(2, hands=["", ""], frames=[Frame("draft", [0])], draft="sopequkn", seed=11)
    play(game, "0:give")
    play(twin, "0:give")
    assert twin != game
    for seed in range(6):
        assert _same_sample(game, twin, 0, seed)
        sample = game.determinize(0, seed)
        assert sample.hands[1][2] == 1 and sample.draft[-1] == 4, "the gift and the top card are known"


def test_a_rivals_hidden_highwayman_choice_changes_nothing_in_a_sample() -> None:
    # Seat 2 has (secretly) played a Highwayman in one world and passed in the other.
    game = position(4, hands=["kn", "pe", "hwso", "so"])
    twin = position(4, hands=["kn", "pe", "soso", "so"], seed=5)
    play(game, "0:a1:kn", "1:take", "2:hw")
    play(twin, "0:a1:kn", "1:take", "2:pass")
    for seat in (0, 1, 3):
        assert game.observe(seat) == twin.observe(seat)
        for seed in range(4):
            assert _same_sample(game, twin, seat, seed)

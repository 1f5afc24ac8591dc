"""The decks: four colours, 23 cards of eight rooms, and the cards removed for 2 and 3 players."""

from __future__ import annotations

import pytest

from ninjadojo.games.ninja_trap import STATE
from ninjadojo.games.ninja_trap.cards import (
    COUNTS_INFERRED,
    DECK_COLOURS,
    ROOM_INDEX,
    ROOMS,
    deck_counts,
    deck_size,
)


def test_a_full_deck_is_23_cards_of_eight_rooms_per_rulings() -> None:
    assert len(ROOMS) == 8
    assert deck_size(4) == 23
    assert dict(zip((r.code for r in ROOMS), deck_counts(4), strict=True)) == {
        "G": 3, "I": 3, "D": 3, "S": 3, "F": 3, "T": 3, "N": 3, "B": 2,
    }
    assert COUNTS_INFERRED, "RULINGS.md marks the per-room counts as inferred"


def test_four_coloured_decks() -> None:
    assert DECK_COLOURS == ("purple", "green", "red", "blue")


def test_two_players_remove_two_nursery_and_two_garden() -> None:
    counts = deck_counts(2)
    assert counts[ROOM_INDEX["N"]] == 1 and counts[ROOM_INDEX["T"]] == 1
    assert deck_size(2) == 19


def test_three_players_remove_two_nursery() -> None:
    counts = deck_counts(3)
    assert counts[ROOM_INDEX["N"]] == 1 and counts[ROOM_INDEX["T"]] == 3
    assert deck_size(3) == 21


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_uses_their_own_deck_and_draws_five(players: int) -> None:
    game = STATE.new(players, seed=players)
    for seat in range(players):
        assert sum(game.hands[seat]) == 5
        assert len(game.decks[seat]) == deck_size(players) - 5
        assert game.traps[seat] == [] and sum(game.discards[seat]) == 0
    game.check_invariants()


def test_the_shuffle_comes_from_the_seed() -> None:
    assert STATE.new(4, seed=1) == STATE.new(4, seed=1)
    assert STATE.new(4, seed=1) != STATE.new(4, seed=2)

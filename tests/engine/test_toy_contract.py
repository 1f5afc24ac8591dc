"""The generic contract tests, run on the toy game (which also proves the toy game sound)."""

from __future__ import annotations

import pytest

import test_game_contract as contract
from engine.toygame import ToyState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_toy_game_passes_the_contract(toy: type[ToyState], players: int) -> None:
    contract.test_random_playouts_end_and_keep_invariants("toy", players)
    contract.test_same_seed_and_actions_give_the_same_game("toy", players)
    contract.test_clone_notation_save_and_illegal_actions("toy", players)
    contract.test_views_are_json_and_determinisation_keeps_each_view("toy", players)
    contract.test_a_sample_depends_only_on_what_the_seat_knows("toy", players)


def test_toy_game_refuses_bad_options_and_player_counts(toy: type[ToyState]) -> None:
    contract.test_bad_options_and_player_counts_are_refused("toy")

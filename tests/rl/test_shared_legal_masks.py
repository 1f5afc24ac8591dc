"""Action masks remembered by a game's shared legal maps (``GameState.LEGAL_SHARED``, Ninja Trap).

A mask must always be exactly the seat's legal actions, a new array at every call (a caller that changes
one changes nothing another call returns), and the shared maps it is remembered by must never change.
"""

from __future__ import annotations

import copy

import numpy as np

from ninjadojo.engine.rng import Rng
from ninjadojo.games.ninja_trap import encode as trap_tables
from ninjadojo.rl.core import Table


def _legal_ids(table: Table, game: object, seat: int) -> list[int]:
    return sorted(table.space.index[action] for action in game.legal_actions(seat))  # type: ignore[attr-defined]


def test_every_mask_is_the_legal_actions_of_its_seat_through_whole_games() -> None:
    table = Table("ninja-trap", 3, None)
    rng = Rng(5)
    checked = 0
    for seed in range(12):
        game = table.new(seed)
        while game.result is None:
            for seat in range(3):
                # Every seat, asked or not: a seat with nothing to decide gets all zeros.
                mask = table.mask(game, seat)
                assert mask.dtype == np.int8
                assert np.flatnonzero(mask).tolist() == _legal_ids(table, game, seat)
                checked += 1
            seat = game.to_act()[0]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
    assert checked > 500
    assert table._masks, "Ninja Trap's masks are remembered by its shared legal maps"


def test_a_mask_changed_by_its_caller_changes_no_later_mask() -> None:
    table = Table("ninja-trap", 2, None)
    game = table.new(1)
    seat = game.to_act()[0]
    first = table.mask(game, seat)
    expected = first.copy()
    first[:] = 1  # the caller scribbles over its mask
    again = table.mask(game, seat)
    assert np.array_equal(again, expected)
    again[:] = 0
    assert np.array_equal(table.mask(game, seat), expected)


def test_playing_and_masking_never_change_the_shared_legal_maps() -> None:
    tables = (trap_tables.TRAP_BY_HAND, trap_tables.MOVE_BY_HAND, trap_tables.FLIP_BY_ROW, trap_tables.LOOK_LEGAL)
    before = copy.deepcopy(tables)
    table = Table("ninja-trap", 4, None)
    rng = Rng(9)
    for seed in range(8):
        game = table.new(seed)
        while game.result is None:
            seat = game.to_act()[0]
            table.mask(game, seat)
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
    assert tables == before
